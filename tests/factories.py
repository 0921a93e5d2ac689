"""factory-boy factories for the app's models."""

import factory
from django.contrib.auth import get_user_model

from games.models import Game, League, LeaguePreset, Membership, Player
from rules import VARIANTS
from rules.variants import resolve_options

PASSWORD = "correct-horse-battery"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def saved(obj, create, extracted, **kwargs):
        if create:
            obj.save()


class LeagueFactory(factory.django.DjangoModelFactory):
    """A league whose owner is its organizer, as League.create_for makes it."""

    class Meta:
        model = League
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"House {n}")
    owner = factory.SubFactory(UserFactory)

    @factory.post_generation
    def organizer(obj, create, extracted, **kwargs):
        if create:
            Membership.objects.get_or_create(league=obj, user=obj.owner, defaults={"role": Membership.Role.ORGANIZER})


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    league = factory.SubFactory(LeagueFactory)
    user = factory.SubFactory(UserFactory)
    role = Membership.Role.SCORER


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    league = factory.SubFactory(LeagueFactory)
    name = factory.Sequence(lambda n: f"Player {n}")


# Standard Hearts' house rules as its form shows them: what a phone posts when nothing is changed.
STANDARD_RULES_FORM = {
    "variant": "standard",
    "options_for": "standard",
    "target": "100",
    "end": "at_least",
    "moon": "choice",
    "ties": "play_on",
    "deal": "remove",
    "kitty_to": "first_trick",
    "wraps": "",
}

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def make_game(league: League, variant: str = "standard", players: int | list[str] = 4, **kwargs) -> Game:
    """A game in league with players named Ann, Ben, ... (created if missing)."""
    names = NAMES[:players] if isinstance(players, int) else players
    seated = [Player.objects.get_or_create(league=league, name=name)[0] for name in names]
    return Game.start(league, variant, seated, **kwargs)


class LeaguePresetFactory(factory.django.DjangoModelFactory):
    """A league's own preset: Hearts to 50 with the moon adding, every other option the preset's."""

    class Meta:
        model = LeaguePreset

    league = factory.SubFactory(LeagueFactory)
    name = factory.Sequence(lambda n: f"House rules {n}")
    variant = "standard"
    options = factory.LazyAttribute(
        lambda preset: resolve_options(VARIANTS[preset.variant], {"target": 50, "moon": "add"}).as_dict()
    )
