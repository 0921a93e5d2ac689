"""A hand submission that dies half-way leaves the game exactly as it was."""

import pytest

from games.models import Game, Hand, HandRevision
from rules import HandEntry
from tests.factories import make_game

pytestmark = pytest.mark.django_db(transaction=True)


class PowerCut(Exception):
    pass


def cut(*args, **kwargs):
    raise PowerCut


def snapshot(game):
    game = Game.objects.get(pk=game.pk)
    return {
        "hands": list(Hand.objects.filter(game=game).values_list("number", "entry")),
        "revisions": HandRevision.objects.filter(game=game).count(),
        "version": game.version,
        "hand_count": game.hand_count,
        "totals": [seat.total for seat in game.ordered_seats()],
    }


@pytest.fixture
def game_with_a_hand(league, user):
    game = make_game(league, "standard")
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], 1), user)
    return game


def test_a_failure_after_the_hand_is_written_stores_no_partial_hand(game_with_a_hand, user, monkeypatch):
    before = snapshot(game_with_a_hand)
    monkeypatch.setattr(HandRevision.objects, "create", cut)
    with pytest.raises(PowerCut):
        game_with_a_hand.record_hand(2, HandEntry.cards([1, 2, 3, 7], 0), user)
    assert snapshot(game_with_a_hand) == before
    assert before["hands"] == [(1, {"hearts": [3, 0, 10, 0], "queen": 1, "jack": None, "moon": None})]


def test_a_failure_while_refreshing_the_totals_stores_no_partial_hand(game_with_a_hand, user, monkeypatch):
    before = snapshot(game_with_a_hand)
    monkeypatch.setattr(Game, "write_results", cut)
    with pytest.raises(PowerCut):
        game_with_a_hand.record_hand(2, HandEntry.cards([1, 2, 3, 7], 0), user)
    assert snapshot(game_with_a_hand) == before


def test_a_failed_edit_keeps_the_old_hand(game_with_a_hand, user, monkeypatch):
    before = snapshot(game_with_a_hand)
    monkeypatch.setattr(Game, "write_results", cut)
    with pytest.raises(PowerCut):
        game_with_a_hand.edit_hand(1, HandEntry.cards([4, 0, 9, 0], 1), user)
    assert snapshot(game_with_a_hand) == before


def test_a_failed_delete_keeps_the_hand(game_with_a_hand, user, monkeypatch):
    before = snapshot(game_with_a_hand)
    monkeypatch.setattr(HandRevision.objects, "create", cut)
    with pytest.raises(PowerCut):
        game_with_a_hand.delete_last_hand(1, user)
    assert snapshot(game_with_a_hand) == before


def test_the_game_takes_the_hand_once_the_fault_is_gone(game_with_a_hand, user, monkeypatch):
    with monkeypatch.context() as patched:
        patched.setattr(Game, "write_results", cut)
        with pytest.raises(PowerCut):
            game_with_a_hand.record_hand(2, HandEntry.cards([1, 2, 3, 7], 0), user)
    game_with_a_hand.record_hand(2, HandEntry.cards([1, 2, 3, 7], 0), user)
    # Hand 1: 3, 13, 10, 0; hand 2 adds 1+13, 2, 3, 7.
    assert snapshot(game_with_a_hand)["totals"] == [17, 15, 13, 7]
