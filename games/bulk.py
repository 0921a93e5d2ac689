"""Big writes: rows by the many thousand without a model instance each, and writes in steps.

bulk_create builds a model instance for every row and prepares every value
through its field, which for a 5,000-game league file (some 125,000 hands and
History lines) costs far more than the INSERTs themselves. insert_rows takes
plain tuples, adapts only the values that need it (JSON, date-times) the way
the field would for this database, and sends them (in batches of an
executemany on SQLite, through COPY on PostgreSQL). No ids come back: it is for rows nothing else points to (or whose
ids are read back by a unique key). prepare_rows does the adapting alone, so
that a big write can do it before its transaction and hold the lock only for
write_rows.

A write too big for one transaction (an import) goes in steps, each a
step_write(): on SQLite, two steps are always a pause apart, so that a hand
waiting for the database's one write lock gets it between them. And it runs
collector_paused(): Python's cycle collector, woken by every few hundred new
objects, would otherwise walk the whole of a big file's millions again and again.
"""

from __future__ import annotations

import gc
import json
import json.encoder
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar, cast

from django.db import connection, models, transaction

BATCH = 2000
# Longer than the longest sleep of SQLite's busy handler (100 ms), so that a waiting writer wakes
# within the gap between two steps and takes the lock.
SQLITE_PAUSE = 0.11


# When this thread's last step_write ended (time.perf_counter()): the next waits out the rest of the pause.
_last_step = threading.local()


@dataclass
class _Pauses:
    """The collector_paused() blocks running now, in any thread, and whether the collector was on
    before the first of them."""

    lock: threading.Lock
    running: int = 0
    was_enabled: bool = True


_pauses = _Pauses(threading.Lock())


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector off while a big import builds its millions of objects.

    The collector runs each time some hundreds of objects more were made than
    freed, and now and then walks every object alive: a 5,000-game league file
    read and played is a few million of them, walked over and over, which cost
    more than a third of an import (3 s of 8). What an import makes holds no
    reference cycle to speak of (a 5,000-game import peaks at the same memory
    either way: 224 MB against 218), and reference counting frees the rest as
    ever. The collector is off for the whole process, so a thread serving
    another request meanwhile runs without it too, for those few seconds; it
    is on again once the last pause (of any thread) ends, unless it was off
    before the first.
    """
    with _pauses.lock:
        if _pauses.running == 0:
            _pauses.was_enabled = gc.isenabled()
            gc.disable()
        _pauses.running += 1
    try:
        yield
    finally:
        with _pauses.lock:
            _pauses.running -= 1
            if _pauses.running == 0 and _pauses.was_enabled:
                gc.enable()


@contextmanager
def step_write() -> Iterator[None]:
    """One step of a big write: its own transaction, on SQLite at least a pause after the last step's.

    A writer that finds SQLite's write lock taken sleeps and tries again (its
    busy handler: every 100 ms once it has waited a while). A big write taking
    the lock again at once for its next step would win every time and keep
    another league's hand waiting for the whole of it; with a gap longer than
    that sleep between two steps, the waiting hand goes first. Work done
    between two steps (preparing the next one's rows) is part of the gap, so
    the step sleeps only for what is missing of it. PostgreSQL locks rows:
    another league never waits there.
    """
    ended = getattr(_last_step, "ended", None)
    if connection.vendor == "sqlite" and ended is not None:
        since = time.perf_counter() - ended
        if 0 <= since < SQLITE_PAUSE:
            time.sleep(SQLITE_PAUSE - since)
    try:
        with transaction.atomic():
            yield
    finally:
        _last_step.ended = time.perf_counter()


Item = TypeVar("Item")
Made = TypeVar("Made")


def made_ahead(make: Callable[[Item], Made], items: Sequence[Item]) -> Generator[Made]:
    """make(item) for each of items in turn; on PostgreSQL, the next one is made in a thread of
    its own while the caller writes this one.

    PostgreSQL takes rows in a process of its own: while it parses, indexes and
    checks one step's rows, this process only waits, with Python's lock let go,
    and the next step's rows can be made on the other core. SQLite takes them in
    this process, holding Python's lock as it binds each value, so a thread
    making rows beside it only slowed both down: there they are made in turn.
    `make` must not use the database. An error in it is raised here, when its
    item comes."""
    if connection.vendor == "sqlite" or len(items) < 2:
        yield from map(make, items)
        return
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="made-ahead") as pool:
        ahead = pool.submit(make, items[0])
        for item in items[1:]:
            made = ahead.result()
            ahead = pool.submit(make, item)
            yield made
        yield ahead.result()


@dataclass(frozen=True)
class Rows:
    """Rows of one table ready to send: its name and columns (quoted), and each row's values,
    already adapted."""

    table: str
    columns: tuple[str, ...]
    values: list[tuple[Any, ...]]

    @property
    def sql(self) -> str:
        """The INSERT of one row."""
        columns = ", ".join(self.columns)
        placeholders = ", ".join(["%s"] * len(self.columns))
        return f"INSERT INTO {self.table} ({columns}) VALUES ({placeholders})"

    @property
    def copy(self) -> str:
        """PostgreSQL's COPY of the rows."""
        return f"COPY {self.table} ({', '.join(self.columns)}) FROM STDIN"


def prepare_rows(
    model: type[models.Model],
    names: Sequence[str],
    rows: Iterable[Sequence[Any]],
    memo: dict[int, tuple[Any, Any]] | None = None,
) -> Rows:
    """The INSERT of rows (values in the order of `names`, ForeignKeys by their *_id) into model's
    table, each value adapted as the model's own save would store it: JSONField as the text of
    the database's JSON adapter, DateTimeField made naive in UTC where the database wants that.

    memo: values adapted already, by id(); one object (a hand's entry, also its History line's
    after; a game's start, also each of its hands') is adapted once. It keeps each object it
    names, so an id is never another object's while it lives."""
    fields = [model._meta.get_field(name) for name in names]
    if not all(isinstance(field, models.Field) and field.column for field in fields):
        raise ValueError(f"insert_rows writes a table's own columns, not {names}")
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    columns = tuple(quote(cast(models.Field, field).column) for field in fields)
    adapters = [_adapter(field) for field in fields]
    memo = {} if memo is None else memo
    values: list[tuple[Any, ...]] = [tuple(row) for row in rows]
    if any(len(row) != len(fields) for row in values):
        raise ValueError(f"each row holds a value for each of {names}")
    if not values or not any(adapters):
        return Rows(table, columns, values)
    # Column by column: a loop per adapted column, the others as they are.
    transposed: list[Sequence[Any]] = list(zip(*values, strict=True))
    for index, adapt in enumerate(adapters):
        if adapt is not None:
            transposed[index] = _adapted(adapt, transposed[index], memo)
    return Rows(table, columns, list(zip(*transposed, strict=True)))


def _adapted(adapt: Callable[[Any], Any], values: Sequence[Any], memo: dict[int, tuple[Any, Any]]) -> list[Any]:
    column: list[Any] = []
    for value in values:
        if value is None:  # NULL for every kind of column adapted
            column.append(None)
            continue
        known = memo.get(id(value))
        if known is None or known[0] is not value:
            known = memo[id(value)] = (value, adapt(value))
        column.append(known[1])
    return column


def write_rows(rows: Rows) -> int:
    """Send prepared rows; how many were written.

    SQLite runs one prepared INSERT for each row of an executemany without
    leaving C, its fastest way, in batches. PostgreSQL takes them through
    COPY, its way of loading rows by the thousand: an INSERT of them, its
    values bound by Django's client-side cursor, would have psycopg quote each
    value into the SQL's text (about 6 of a 5,000-game import's 12 s went in
    that)."""
    values = rows.values
    if not values:
        return 0
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.copy(rows.copy) as copy:
                for row in values:
                    copy.write_row(row)
            return len(values)
        for start in range(0, len(values), BATCH):
            cursor.executemany(rows.sql, values[start : start + BATCH])
    return len(values)


def insert_rows(model: type[models.Model], names: Sequence[str], rows: Iterable[Sequence[Any]]) -> int:
    """INSERT each row (values in the order of `names`, ForeignKeys by their *_id) into model's table.

    Returns how many rows were written. Values are stored as the model's own
    save would store them (prepare_rows).
    """
    return write_rows(prepare_rows(model, names, rows))


def instance_rows(model: type[models.Model], instances: Iterable[models.Model]) -> tuple[list[str], list[tuple]]:
    """Unsaved instances as insert_rows takes them: every column but the id, and each one's values.

    For instances built in memory (their defaults filled in by the model) and
    written by the thousand, without bulk_create's preparing of each value
    through its field. Not for a model whose fields change a value on save (auto_now).
    """
    fields = [field for field in model._meta.concrete_fields if not field.primary_key]
    if any(getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False) for field in fields):
        raise ValueError(f"{model.__name__} sets a value on save: write it with bulk_create")
    names = [field.name for field in fields]
    attributes = [field.attname for field in fields]
    return names, [tuple(getattr(instance, attribute) for attribute in attributes) for instance in instances]


def _adapter(field: Any) -> Callable[[Any], Any] | None:
    """How a value of field is adapted for the database: None where it goes as it is."""
    if isinstance(field, models.JSONField):
        # The text either database's adapter writes (SQLite's, and the Jsonb psycopg would
        # send), made here once for an object in many rows: COPY takes it as text.
        return _json_text(field.encoder)
    if isinstance(field, models.DateTimeField):
        return _datetime_value()
    if isinstance(field, models.DateField):  # after DateTimeField, which is one
        return connection.ops.adapt_datefield_value
    return None


def _json_text(encoder: type[json.JSONEncoder] | None) -> Callable[[Any], Any]:
    """json.dumps(value, cls=encoder), for a value in each of some 100,000 rows.

    json.dumps builds its C encoder anew for every call, which is half of its
    time on a hand's few keys: with the standard encoder, this one is built
    once and its text is json.dumps's (where the C encoder is missing, as
    json's own fallback, json.dumps it is)."""
    make = getattr(json.encoder, "c_make_encoder", None)  # not in the stubs: _json's, None without it
    if encoder is not None or make is None:

        def dumped(value: Any) -> Any:
            return None if value is None else json.dumps(value, cls=encoder)

        return dumped
    # json.dumps's defaults: ASCII only, ": " and ", ", no sorting, no indent, NaN allowed.
    standard = json.JSONEncoder()
    encode = make(None, standard.default, json.encoder.encode_basestring_ascii, None, ": ", ", ", False, False, True)

    def text(value: Any) -> Any:
        return None if value is None else "".join(encode(value, 0))

    return text


def _datetime_value() -> Callable[[Any], Any]:
    """The database's adapting of a date-time, for some 100,000 of them.

    Django's, on SQLite, checks each value's kind and zone before it makes an
    aware one naive in the connection's zone and writes its text: a UTC
    date-time (every one an import makes) in a UTC connection is that text at
    once. Any other value is left to Django's adapter."""
    adapt = connection.ops.adapt_datetimefield_value
    if connection.vendor != "sqlite" or connection.timezone_name != "UTC":
        return adapt

    def value_text(value: Any) -> Any:
        if type(value) is datetime and value.tzinfo is UTC:
            return str(value.replace(tzinfo=None))
        return adapt(value)

    return value_text
