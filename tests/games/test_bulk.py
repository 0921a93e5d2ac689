"""games.bulk: rows written without model instances read back as the ORM writes them; big writes in steps."""

import gc
import json
import threading
from datetime import UTC, datetime, timedelta, timezone

import pytest
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection
from hypothesis import given
from hypothesis import strategies as st

from games import bulk
from games.models import Game, Hand, HandRevision
from tests.factories import make_game

pytestmark = pytest.mark.django_db

ENTRY = {"hearts": [3, 0, 10, 0], "queen": 1, "jack": None, "moon": None}
AT = datetime(2026, 3, 1, 20, 15, 30, 123456, tzinfo=UTC)


def test_rows_read_back_as_the_orm_writes_them(league):
    game = make_game(league)
    written = bulk.insert_rows(
        Hand,
        ["game", "number", "entry", "result", "created_at", "updated_at", "client_key"],
        [(game.pk, 1, ENTRY, None, AT, AT, ""), (game.pk, 2, ENTRY, {"points": [3, 13, 10, 0]}, AT, AT, "k2")],
    )
    assert written == 2
    first, second = Hand.objects.filter(game=game).order_by("number")
    assert (first.entry, first.result, first.created_at, first.client_key) == (ENTRY, None, AT, "")
    assert (second.result, second.updated_at, second.client_key) == ({"points": [3, 13, 10, 0]}, AT, "k2")
    # A null JSON is SQL's NULL, as the ORM stores it, not the JSON text "null".
    assert Hand.objects.filter(game=game, result__isnull=True).count() == 1


def test_batches_write_every_row(league, monkeypatch):
    game = make_game(league)
    monkeypatch.setattr(bulk, "BATCH", 2)
    rows = [(game.pk, number, "added", None, ENTRY, AT, "") for number in range(1, 6)]
    assert bulk.insert_rows(HandRevision, ["game", "number", "action", "before", "after", "at", "user_name"], rows) == 5
    assert list(HandRevision.objects.filter(game=game).order_by("number").values_list("number", flat=True)) == [
        1, 2, 3, 4, 5,
    ]  # fmt: skip


def test_a_row_short_of_a_value_is_refused_before_anything_is_sent(league):
    game = make_game(league)
    with pytest.raises(ValueError, match="a value for each"):
        bulk.insert_rows(Hand, ["game", "number", "entry"], [(game.pk, 1, ENTRY), (game.pk, 2)])
    assert not Hand.objects.filter(game=game).exists()


def test_one_object_in_many_rows_is_adapted_once_and_stored_in_each(league, monkeypatch):
    game = make_game(league)
    adapted = []
    made = bulk._json_text

    def counted(encoder):
        text = made(encoder)
        return lambda value: adapted.append(value) or text(value)

    monkeypatch.setattr(bulk, "_json_text", counted)
    rows = [(game.pk, number, "added", None, ENTRY, AT, "") for number in range(1, 4)]
    bulk.insert_rows(HandRevision, ["game", "number", "action", "before", "after", "at", "user_name"], rows)
    assert adapted == [ENTRY]
    assert list(HandRevision.objects.filter(game=game).values_list("after", flat=True)) == [ENTRY] * 3


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12,
)


@given(value=JSON.filter(lambda value: value is not None))  # None is SQL's NULL (above)
def test_a_json_value_is_the_text_json_dumps_writes(value):
    # NaN, infinities, every string (quotes, escapes, characters beyond ASCII), nesting.
    assert bulk._json_text(None)(value) == json.dumps(value)


def test_a_fields_own_json_encoder_is_kept():
    moment = datetime(2026, 3, 1, 20, 15, tzinfo=UTC)
    assert bulk._json_text(DjangoJSONEncoder)({"at": moment}) == json.dumps({"at": moment}, cls=DjangoJSONEncoder)
    assert bulk._json_text(None)(None) is None


@given(
    moment=st.datetimes(
        min_value=datetime(1900, 1, 1),
        timezones=st.sampled_from([UTC, timezone(timedelta(hours=2)), timezone(timedelta(hours=-9, minutes=-30))]),
    )
)
def test_a_date_time_is_adapted_as_djangos_adapter_does(moment):
    # UTC ones the short way on SQLite; those in another zone (turned to UTC) and everything on PostgreSQL by Django.
    assert bulk._datetime_value()(moment) == connection.ops.adapt_datetimefield_value(moment)


def test_only_a_tables_own_columns_are_written():
    with pytest.raises(ValueError, match="own columns"):
        bulk.insert_rows(Game, ["league", "hands"], [])  # hands: the other side of Hand.game


@pytest.mark.parametrize(("gap", "slept_for"), [(0.03, 0.08), (0.2, None)])
def test_two_steps_on_sqlite_are_a_pause_apart(monkeypatch, gap, slept_for):
    # The first step ends at 100.0; the second begins `gap` later: it sleeps for what is missing
    # of the pause (a waiting writer's chance at the lock), and not at all after a long enough gap.
    clock = iter([100.0, 100.0, 100.0 + gap, 100.0 + gap])
    slept = []
    monkeypatch.setattr(bulk.time, "perf_counter", lambda: next(clock))
    monkeypatch.setattr(bulk.time, "sleep", slept.append)
    monkeypatch.setattr(bulk._last_step, "ended", -1e9, raising=False)
    on_sqlite = connection.vendor == "sqlite"
    with bulk.step_write():
        pass
    with bulk.step_write():
        pass
    if on_sqlite and slept_for is not None:
        assert slept == [pytest.approx(slept_for)]
    else:
        assert slept == []


@pytest.fixture
def collector_on():
    gc.enable()
    yield
    gc.enable()


def test_the_collector_rests_during_a_pause_and_is_back_after_it(collector_on):
    with bulk.collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_the_collector_is_back_after_a_pause_that_failed(collector_on):
    with pytest.raises(RuntimeError), bulk.collector_paused():
        raise RuntimeError("the disk is full")
    assert gc.isenabled()


def test_the_collector_rests_until_the_last_of_two_overlapping_pauses_ends(collector_on):
    # Two imports in two threads of one worker: the first to end leaves the other's pause alone.
    first, second = bulk.collector_paused(), bulk.collector_paused()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)
    assert not gc.isenabled()
    second.__exit__(None, None, None)
    assert gc.isenabled()


def test_a_pause_leaves_a_collector_that_was_off_off(collector_on):
    gc.disable()
    with bulk.collector_paused():
        pass
    assert not gc.isenabled()


@pytest.mark.parametrize("vendor", ["postgresql", "sqlite"])
def test_made_ahead_makes_each_item_in_order_and_raises_an_error_at_its_item(monkeypatch, vendor):
    monkeypatch.setattr(connection, "vendor", vendor)
    assert list(bulk.made_ahead(lambda item: item * 2, [1, 2, 3])) == [2, 4, 6]
    assert list(bulk.made_ahead(lambda item: item, [])) == []

    def fails_at_two(item):
        if item == 2:
            raise RuntimeError("no rows for 2")
        return item

    made = bulk.made_ahead(fails_at_two, [1, 2, 3])
    assert next(made) == 1
    with pytest.raises(RuntimeError, match="no rows for 2"):
        next(made)


def test_on_postgresql_the_next_item_is_made_while_the_caller_holds_this_one(monkeypatch):
    """The caller waits (as for the server) until the next item is made: made in turn, it never
    would be, and the wait would time out."""
    monkeypatch.setattr(connection, "vendor", "postgresql")
    second_made = threading.Event()

    def make(item):
        if item == 2:
            second_made.set()
        return item

    made = bulk.made_ahead(make, [1, 2])
    assert next(made) == 1
    assert second_made.wait(timeout=10)
    assert list(made) == [2]


def test_on_sqlite_items_are_made_in_turn_only_when_asked_for(monkeypatch):
    monkeypatch.setattr(connection, "vendor", "sqlite")
    asked = []
    made = bulk.made_ahead(lambda item: asked.append(item) or item, [1, 2, 3])
    assert next(made) == 1
    assert asked == [1]
    made.close()
    assert asked == [1]
