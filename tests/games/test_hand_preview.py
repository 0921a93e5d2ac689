"""The moon panel, asked for while a hand is being tapped in."""

import pytest
from django.urls import reverse

from games.models import Hand, Membership
from rules import HandEntry
from tests.conftest import HTMX
from tests.factories import MembershipFactory, make_game

pytestmark = pytest.mark.django_db

ANN, BEN, CAT, DAN = range(4)


def preview(client, game, number, hearts, queen, **extra):
    data = {"number": str(number), "queen": str(queen)}
    data.update({f"hearts_{seat}": str(count) for seat, count in enumerate(hearts)})
    data.update(extra)
    return client.post(reverse("games:hand-preview", args=[game.pk]), data, headers=HTMX)


def test_a_moon_under_choice_offers_add_and_subtract(scorer, league):
    game = make_game(league)
    response = preview(scorer, game, 1, [0, 0, 13, 0], CAT)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Cat shot the moon" in page
    assert 'data-testid="moon-add"' in page
    assert "<strong>Subtract:</strong> Cat goes to \u221226, the game goes on" in page
    assert Hand.objects.count() == 0


def test_the_ricketts_rule_says_which_resolution_applies_and_why(scorer, league, user):
    game = make_game(league, "ricketts")
    # Ben 75, then Ben 5♥ + Cat 8♥ with Dan's Q♠, then Cat 12♥ + Q♠: Ann 0, Ben 80, Cat 33, Dan 17.
    entries = [HandEntry.cards([0, 12, 0, 1], BEN)] * 3 + [
        HandEntry.cards([0, 5, 8, 0], DAN),
        HandEntry.cards([0, 0, 12, 1], CAT),
    ]
    for number, entry in enumerate(entries, start=1):
        game.record_hand(number, entry, user)
    page = preview(scorer, game, 6, [0, 0, 13, 0], CAT).content.decode()
    assert "Under the Ricketts moon rule: <strong>subtract</strong>, because adding would end the game" in page
    assert "<em>ricketts</em>" not in page
    assert "Cat goes to 7, the game goes on" in page
    assert 'name="moon"' not in page


def test_an_ordinary_or_incomplete_hand_shows_no_moon(scorer, league):
    game = make_game(league)
    assert "shot the moon" not in preview(scorer, game, 1, [3, 0, 10, 0], BEN).content.decode()
    assert "shot the moon" not in preview(scorer, game, 1, [0, 0, 12, 0], CAT).content.decode()


def test_an_edit_previews_against_the_hands_before_it(scorer, league, user):
    game = make_game(league)
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
    game.record_hand(2, HandEntry.cards([3, 0, 10, 0], BEN), user)
    # Editing hand 1 into Cat's moon: subtracting takes Cat from 0 to −26.
    page = preview(scorer, game, 1, [0, 0, 13, 0], CAT).content.decode()
    assert "Cat goes to \u221226, the game goes on" in page


def test_tampered_previews_show_nothing_and_never_fail(scorer, league):
    game = make_game(league)
    for response in (
        preview(scorer, game, 1, [0, 0, 13, 0], 9),
        preview(scorer, game, "one", [0, 0, 13, 0], CAT),
        preview(scorer, game, 7, [0, 0, 13, 0], CAT),
        preview(scorer, game, 1, ["x", 0, 13, 0], CAT),
    ):
        assert response.status_code == 200
        assert "shot the moon" not in response.content.decode()


def test_viewers_outsiders_and_anonymous_visitors_get_no_preview(client, league, outsider):
    game = make_game(league)
    assert preview(client, game, 1, [0, 0, 13, 0], CAT).status_code == 302
    client.force_login(outsider)
    assert preview(client, game, 1, [0, 0, 13, 0], CAT).status_code == 404
    client.force_login(MembershipFactory(league=league, role=Membership.Role.VIEWER).user)
    assert preview(client, game, 1, [0, 0, 13, 0], CAT).status_code == 403
