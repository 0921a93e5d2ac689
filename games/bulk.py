"""Big writes: rows by the many thousand without a model instance each, and writes in steps.

bulk_create builds a model instance for every row and prepares every value
through its field, which for a 5,000-game league file (some 125,000 hands and
History lines) costs far more than the INSERTs themselves. insert_rows takes
plain tuples, adapts only the values that need it (JSON, date-times) the way
the field would for this database, and sends them with executemany in
batches. No ids come back: it is for rows nothing else points to.

A write too big for one transaction (an import) goes in steps, each a
step_write(): on SQLite, a long step is followed by a pause, so that a hand
waiting for the database's one write lock gets it between two steps.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import islice
from typing import Any, cast

from django.db import connection, models, transaction

BATCH = 2000
# Longer than the longest sleep of SQLite's busy handler (100 ms), so that a waiting writer wakes
# within it and takes the lock; and the longest write that goes without one.
SQLITE_PAUSE = 0.11


@contextmanager
def step_write() -> Iterator[None]:
    """One step of a big write: its own transaction, then on SQLite a pause if it was long.

    A writer that finds SQLite's write lock taken sleeps and tries again (its
    busy handler: every 100 ms once it has waited a while). A big write taking
    the lock again at once for its next step would win every time and keep
    another league's hand waiting for the whole of it; after the pause, that
    hand goes first. PostgreSQL locks rows: another league never waits there.
    """
    began = time.perf_counter()
    with transaction.atomic():
        yield
    if connection.vendor == "sqlite" and time.perf_counter() - began > SQLITE_PAUSE:
        time.sleep(SQLITE_PAUSE)


def insert_rows(model: type[models.Model], names: Sequence[str], rows: Iterable[Sequence[Any]]) -> int:
    """INSERT each row (values in the order of `names`, ForeignKeys by their *_id) into model's table.

    Returns how many rows were written. Values are stored as the model's own
    save would store them: JSONField through the database's JSON adapter,
    DateTimeField made naive in UTC where the database wants that.
    """
    fields = [model._meta.get_field(name) for name in names]
    if not all(isinstance(field, models.Field) and field.column for field in fields):
        raise ValueError(f"insert_rows writes a table's own columns, not {names}")
    columns = [cast(models.Field, field).column for field in fields]
    adapters = [_adapter(field) for field in fields]
    quote = connection.ops.quote_name
    sql = "INSERT INTO {} ({}) VALUES ({})".format(
        quote(model._meta.db_table),
        ", ".join(quote(column) for column in columns),
        ", ".join(["%s"] * len(fields)),
    )
    written = 0
    rows = iter(rows)
    with connection.cursor() as cursor:
        while batch := list(islice(rows, BATCH)):
            cursor.executemany(
                sql,
                [
                    tuple(value if adapt is None else adapt(value) for adapt, value in zip(adapters, row, strict=True))
                    for row in batch
                ],
            )
            written += len(batch)
    return written


def _adapter(field: Any) -> Callable[[Any], Any] | None:
    """How a value of field is adapted for the database: None where it goes as it is."""
    if isinstance(field, models.JSONField):
        encoder = field.encoder

        def json_value(value: Any) -> Any:
            return None if value is None else connection.ops.adapt_json_value(value, encoder)

        return json_value
    if isinstance(field, models.DateTimeField):
        return connection.ops.adapt_datetimefield_value
    return None
