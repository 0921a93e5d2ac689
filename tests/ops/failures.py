"""A database that fails the way a real one does, for connection.execute_wrapper().

The errors are Django's own OperationalError, the class that the backends'
"connection refused" and SQLite's "database or disk is full" arrive as.
"""

from django.db import OperationalError

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


def database_down(execute, sql, params, many, context):
    raise OperationalError("connection to server at 127.0.0.1, port 5432 failed: Connection refused")


def disk_full(execute, sql, params, many, context):
    if sql.lstrip().upper().startswith(WRITES):
        raise OperationalError("database or disk is full")
    return execute(sql, params, many, context)
