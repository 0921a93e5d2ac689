"""A backup restored into an empty database gives the same league back."""

import pytest
from django.core.management import call_command

from games.models import Game, Hand, League
from rules import HandEntry
from tests.factories import LeagueFactory, make_game

pytestmark = pytest.mark.django_db(transaction=True)


def standings(league_name):
    """Each game's totals by player, as the engine replays them from the stored hands."""
    league = League.objects.get(name=league_name)
    result = {}
    for game in Game.objects.filter(league=league).prefetch_related("seats__player", "hands").order_by("pk"):
        names = [seat.player.name for seat in game.ordered_seats()]
        result[game.pk] = (game.status, dict(zip(names, game.state().totals, strict=True)))
    return result


def test_a_dump_restored_into_an_empty_database_keeps_every_game(tmp_path):
    league = LeagueFactory(name="Thursday house")
    finished = make_game(league, "standard", options={"target": 50})
    for number in (1, 2, 3):
        # Ann takes 10 hearts and the queen each time (23, 46, 69), Ben 2, Cat 1.
        finished.record_hand(number, HandEntry.cards([10, 2, 1, 0], 0))
    ongoing = make_game(league, "omnibus", ["Ann", "Ben", "Cat", "Dan", "Eve"])
    ongoing.record_hand(1, HandEntry.cards([3, 4, 6, 0, 0], 2, jack=3))
    before = standings("Thursday house")
    assert before[finished.pk] == ("over", {"Ann": 69, "Ben": 6, "Cat": 3, "Dan": 0})
    # Omnibus: Cat 6 + 13, Dan -10 for the J♦.
    assert before[ongoing.pk] == ("in_progress", {"Ann": 3, "Ben": 4, "Cat": 19, "Dan": -10, "Eve": 0})

    backup = tmp_path / "backup.json"
    call_command("dumpdata", "auth.user", "games", output=str(backup), verbosity=0)
    call_command("flush", interactive=False, verbosity=0)
    assert League.objects.count() == 0
    call_command("loaddata", str(backup), verbosity=0)

    assert standings("Thursday house") == before
    assert Hand.objects.count() == 4
