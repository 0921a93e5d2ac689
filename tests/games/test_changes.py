"""A change is told to its listeners once its write commits, and never for a write rolled back."""

from __future__ import annotations

import pytest
from django.db import transaction

from games.changes import announce, committed, game_topic
from rules.entry import HandEntry
from tests.factories import make_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def heard():
    topics: list[frozenset[str]] = []

    def receiver(sender, **kwargs):
        topics.append(kwargs["topics"])

    committed.connect(receiver)
    yield topics
    committed.disconnect(receiver)


def test_a_recorded_hand_is_told_under_its_game_after_the_commit(heard, league, user):
    game = make_game(league)
    heard.clear()
    game.record_hand(1, HandEntry.cards([10, 3, 0, 0], 1), user)
    assert frozenset({game_topic(game.pk)}) in heard


def test_nothing_is_told_for_a_write_rolled_back(heard):
    def write_then_fail() -> None:
        with transaction.atomic():
            announce("game:1")
            raise RuntimeError("rolled back")

    with pytest.raises(RuntimeError):
        write_then_fail()
    assert heard == []


def test_outside_a_transaction_it_is_told_at_once(heard):
    announce("night:3", "game:4")
    assert heard == [frozenset({"night:3", "game:4"})]
