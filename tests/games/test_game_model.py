"""Game's domain operations: recording, editing and deleting hands."""

import pytest

from games.models import Game, HandConflict, HandRevision
from rules import EntryError, HandEntry
from tests.factories import make_game

pytestmark = pytest.mark.django_db


def test_recording_a_hand_updates_the_cached_totals(league, user):
    game = make_game(league, "standard")
    game.record_hand(1, HandEntry.cards([3, 13 - 3 - 10, 10, 0], 1), user)
    # Ann 3 hearts; Ben 0 hearts + Q♠ 13; Cat 10 hearts; Dan nothing.
    assert [seat.total for seat in game.seats.order_by("position")] == [3, 13, 10, 0]
    assert game.hand_count == 1
    assert game.version == 1


def test_the_same_hand_twice_is_stored_once(league, user):
    game = make_game(league, "standard")
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], 1), user)
    with pytest.raises(HandConflict, match="Hand 1 was just recorded"):
        game.record_hand(1, HandEntry.cards([3, 0, 10, 0], 1), user)
    assert game.hands.count() == 1


def test_a_bad_entry_saves_nothing(league, user):
    game = make_game(league, "standard")
    with pytest.raises(EntryError, match="Hearts add up to 12; 13 are in play"):
        game.record_hand(1, HandEntry.cards([3, 0, 9, 0], 1), user)
    assert game.hands.count() == 0
    assert HandRevision.objects.count() == 0
    assert Game.objects.get(pk=game.pk).version == 0


def test_edits_and_deletes_keep_their_history(league, user):
    game = make_game(league, "standard")
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], 1), user)
    game.edit_hand(1, HandEntry.cards([4, 0, 9, 0], 1), user)
    game.delete_last_hand(1, user)
    actions = list(HandRevision.objects.order_by("pk").values_list("action", "before", "after"))
    assert [action for action, _, _ in actions] == ["added", "edited", "deleted"]
    assert actions[1][1]["hearts"] == [3, 0, 10, 0]
    assert actions[1][2]["hearts"] == [4, 0, 9, 0]
    assert actions[2][2] is None
    assert game.hands.count() == 0
