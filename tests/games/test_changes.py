"""A change is told to its listeners once its write commits, and never for a write rolled back; a game's
change is told under the club night whose table plays it too."""

from __future__ import annotations

import pytest
from django.db import transaction

from games.changes import AT_NIGHT, announce, committed, game_topic, games_changed, league_topic, night_topic
from games.models import Night, NightTable, Player, lock_for_writing
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


def test_a_game_at_a_club_nights_table_is_told_under_its_night_too(heard, league, user):
    players = [Player.objects.create(league=league, name=name) for name in ("Ann", "Ben", "Cat", "Dan")]
    night = Night.begin(league, players, "standard", {}, 1, league.today(), user=user, seed=1)
    night.start_round(1, user)
    game = NightTable.objects.get(round__night=night).game
    heard.clear()
    game.record_hand(1, HandEntry.cards([10, 3, 0, 0], 1), user)
    assert frozenset({game_topic(game.pk), night_topic(night.pk)}) in heard
    assert frozenset({league_topic(league.pk)}) in heard


def test_a_game_read_under_the_lock_names_its_night_without_a_query(league, user, django_assert_num_queries):
    players = [Player.objects.create(league=league, name=name) for name in ("Ann", "Ben", "Cat", "Dan")]
    night = Night.begin(league, players, "standard", {}, 1, league.today(), user=user, seed=1)
    night.start_round(1, user)
    game = NightTable.objects.get(round__night=night).game
    with transaction.atomic():
        locked = lock_for_writing(league.pk, [game.pk], touch=False)[0]
        assert getattr(locked, AT_NIGHT) == night.pk
        with django_assert_num_queries(1):  # the UPDATE alone
            games_changed([locked])
        with django_assert_num_queries(2):  # by its id: the UPDATE, and its night read
            games_changed([game.pk])
    game.refresh_from_db()
    assert game.version == 2
