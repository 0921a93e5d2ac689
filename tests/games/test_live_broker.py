"""The live streams' news: a committed write's topics wake the streams listening to them, in this
process (SQLite, one instance) or in every process on the database (PostgreSQL's LISTEN/NOTIFY)."""

from __future__ import annotations

import psycopg
import pytest
from django.db import connection, transaction

from games import live
from games.changes import announce, game_topic, league_topic, night_topic
from games.live import CHANNEL, HUB, LISTENER, Ear, Hub, payloads
from rules import HandEntry
from tests.factories import make_game

HAND = HandEntry.cards([4, 3, 3, 3], 1)
# How long a word may take from one connection to another on this machine, at most.
HEARD_WITHIN = 5.0


def test_an_ear_hears_only_its_topics_until_it_is_removed():
    hub = Hub()
    game, night = Ear([game_topic(1)]), Ear([night_topic(2), game_topic(1)])
    hub.add(game)
    hub.add(night)
    assert hub.publish([game_topic(1)]) == 2
    assert game.heard_here(0)
    assert night.heard_here(0)
    assert hub.publish([league_topic(1), game_topic(3)]) == 0
    assert not game.heard_here(0)
    hub.remove(game)
    assert hub.publish([game_topic(1)]) == 1
    assert len(hub) == 1


def test_a_screen_listens_to_its_nights_new_games_as_rounds_start():
    hub = Hub()
    ear = Ear([night_topic(1), game_topic(1)])
    hub.add(ear)
    hub.listen_to(ear, [night_topic(1), game_topic(5)])
    assert hub.publish([game_topic(1)]) == 0
    assert hub.publish([game_topic(5)]) == 1


def test_a_word_that_comes_while_a_stream_reads_wakes_it_once_more():
    ear = Ear(["game:1"])
    ear.wake()
    assert ear.heard_here(0)
    ear.wake()  # while the stream reads what changed
    assert ear.heard_here(0)
    assert not ear.heard_here(0)


def test_many_topics_go_in_notify_payloads_under_postgresqls_limit():
    topics = {game_topic(number) for number in range(3000)}
    chunks = payloads(topics)
    assert len(chunks) > 1
    assert all(len(chunk.encode()) <= 7000 for chunk in chunks)
    assert {topic for chunk in chunks for topic in chunk.split(",")} == topics
    assert payloads([]) == []


def rolled_back(topic: str) -> None:
    """A write that announces its topic and then fails: its transaction is rolled back."""
    with transaction.atomic():
        announce(topic)
        raise RuntimeError("rolled back")


@pytest.mark.django_db
def test_in_one_process_a_committed_hand_wakes_its_games_streams_and_a_rolled_back_one_does_not(
    league, user, django_capture_on_commit_callbacks, monkeypatch
):
    monkeypatch.setattr(live, "on_postgresql", lambda: False)
    game = make_game(league)
    ear = Ear([game_topic(game.pk)])
    HUB.add(ear)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            game.record_hand(1, HAND, user)
        assert ear.heard_here(0)
        with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError):
            rolled_back(game_topic(game.pk))
        assert not ear.heard_here(0)
    finally:
        HUB.remove(ear)


def other_instance() -> psycopg.Connection:
    """A connection of another instance of the app on the same database."""
    return psycopg.connect(**connection.get_connection_params(), autocommit=True)


@pytest.mark.django_db(transaction=True)
def test_on_postgresql_a_committed_hand_reaches_every_instances_streams_through_notify(league, user):
    if connection.vendor != "postgresql":
        pytest.skip("LISTEN/NOTIFY is PostgreSQL's")
    game = make_game(league)
    ear = Ear([game_topic(game.pk)])
    HUB.add(ear)
    try:
        live.start_listening()
        assert LISTENER.listening.wait(HEARD_WITHIN)
        ear.heard_here(0)  # the listener's first look (wake_all)
        # This instance's write, heard back through the database, not straight from the process.
        game.record_hand(1, HAND, user)
        assert ear.heard_here(HEARD_WITHIN)
        # Another instance's write: only the database carries it here.
        with other_instance() as other:
            other.execute("SELECT pg_notify(%s, %s)", [CHANNEL, f"{league_topic(1)},{game_topic(game.pk)}"])
        assert ear.heard_here(HEARD_WITHIN)
        # A rolled-back write says nothing.
        with pytest.raises(RuntimeError):
            rolled_back(game_topic(game.pk))
        assert not ear.heard_here(1.0)
    finally:
        HUB.remove(ear)


@pytest.mark.django_db(transaction=True)
def test_on_postgresql_a_dropped_listening_connection_comes_back_and_every_stream_looks_again(league):
    if connection.vendor != "postgresql":
        pytest.skip("LISTEN/NOTIFY is PostgreSQL's")
    ear = Ear([game_topic(1)])
    HUB.add(ear)
    try:
        live.start_listening()
        assert LISTENER.listening.wait(HEARD_WITHIN)
        ear.heard_here(0)
        with other_instance() as other:
            other.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = %s", [f"LISTEN {CHANNEL}"]
            )
        # Whatever was announced while it was down is read again by every stream.
        assert ear.heard_here(HEARD_WITHIN + LISTENER.RETRY_SECONDS)
        assert LISTENER.listening.wait(HEARD_WITHIN)
    finally:
        HUB.remove(ear)


@pytest.mark.django_db
def test_stopping_a_link_announces_it_so_the_streams_on_it_end_at_once(
    league, user, django_capture_on_commit_callbacks, monkeypatch
):
    from games.models import Night, Player, TableLink

    monkeypatch.setattr(live, "on_postgresql", lambda: False)
    game = make_game(league)
    players = [Player.objects.create(league=league, name=name) for name in ("Eve", "Fay", "Gus", "Hal")]
    night = Night.begin(league, players, "standard", {}, 1, league.today(), name="Friday", seed=1)
    ears = [Ear([game_topic(game.pk)]), Ear([night_topic(night.pk)])]
    for ear in ears:
        HUB.add(ear)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            TableLink.objects.get(game=game, stopped_at=None).stop()
            night.stop_link("screen", user)
        assert [ear.heard_here(0) for ear in ears] == [True, True]
    finally:
        for ear in ears:
            HUB.remove(ear)
