"""A database that fails the way a real one does, for connection.execute_wrapper().

The errors are Django's own OperationalError, the class that the backends'
"connection refused" and SQLite's "database or disk is full" arrive as.
"""

from contextlib import contextmanager

from django.db import OperationalError, connection

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


def database_down(execute, sql, params, many, context):
    raise OperationalError("connection to server at 127.0.0.1, port 5432 failed: Connection refused")


def disk_full(execute, sql, params, many, context):
    if sql.lstrip().upper().startswith(WRITES):
        raise OperationalError("database or disk is full")
    return execute(sql, params, many, context)


@contextmanager
def read_only():
    """The database refusing every write as a read-only server does, in each database's own words.

    SQLite's query_only answers a write with OperationalError; PostgreSQL's
    read-only transactions (a standby's) with InternalError. Needs a
    transactional test: the setting holds for the next transactions.
    """
    on, off = {
        "sqlite": ("PRAGMA query_only = ON", "PRAGMA query_only = OFF"),
        "postgresql": (
            "SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY",
            "SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE",
        ),
    }[connection.vendor]
    with connection.cursor() as cursor:
        cursor.execute(on)
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute(off)
