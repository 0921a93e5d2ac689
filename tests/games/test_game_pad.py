"""The printable score pad: the next 20 hands' deals from the engine, for members only."""

import pytest
from django.urls import reverse

from rules import HandEntry
from tests.factories import make_game

pytestmark = pytest.mark.django_db


def url(game):
    return reverse("games:game-pad", args=[game.pk])


def test_the_pad_starts_at_the_next_hand_with_the_engines_deals(scorer, league):
    game = make_game(league, "standard", first_dealer=0)
    game.record_hand(1, HandEntry.cards([13, 0, 0, 0], 1))
    response = scorer.get(url(game))
    assert response.status_code == 200
    rows = response.context_data["rows"]
    assert [row["number"] for row in rows] == list(range(2, 22))
    setup = game.setup()
    for row in rows:
        deal = setup.deal(row["number"])
        assert row["dealer"] == setup.players[deal.dealer]
        assert row["pass"] == deal.pass_direction
        assert row["leader"] == deal.lead_card


def test_another_leagues_user_gets_404_and_a_visitor_the_login(client, league, outsider):
    game = make_game(league)
    assert client.get(url(game)).status_code == 302
    client.force_login(outsider)
    assert client.get(url(game)).status_code == 404


def test_a_turbo_pad_stops_at_the_games_fourth_hand_with_the_keeper_hand_last(scorer, league):
    game = make_game(league, "turbo", first_dealer=0)
    game.record_hand(1, HandEntry.cards([4, 5, 4, 0], 2, 3, ten=0))
    rows = scorer.get(url(game)).context_data["rows"]
    # RULES.md: Turbo is 4 hands, passing left, right, across, then the keeper hand.
    assert [(row["number"], row["pass"]) for row in rows] == [(2, "right"), (3, "across"), (4, "keeper")]


def test_a_team_games_pad_has_a_column_per_team(scorer, league):
    game = make_game(league, "standard", options={"teams": True})
    page = scorer.get(url(game)).content.decode()
    assert "Ann+Cat" in page
    assert "Ben+Dan" in page
