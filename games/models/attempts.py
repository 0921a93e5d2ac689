"""Counting attempts (logins, imports) by key and time window, in one atomic statement each.

A counter read and then written back (a cache's get and set, as
django-ratelimit's database cache counts) lets every try that reads it at
the same moment pass: 40 simultaneous logins ran 13 password checks on one
instance and up to 18 across two, against a limit of 10. Here each try is
one INSERT ... ON CONFLICT DO UPDATE ... RETURNING on the key's row, which
both databases run one at a time per row, so the n-th try of a window gets n
back whichever process or instance sent it.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Sequence

from django.db import connection, models

# (tries, seconds): at most this many tries in a window of this many seconds.
Rate = tuple[int, int]

# How often a count also deletes the rows whose window is over (one count in 200):
# a flood of names tried once each leaves a row apiece, for a minute or a day.
SWEEP_CHANCE = 1 / 200


def seconds_now() -> float:
    """The clock the windows are counted on (the tests set it)."""
    return time.time()


class Attempts(models.Model):
    """One key's tries in its current window: the window opens at its first try and lasts the rate's seconds."""

    # "scope:" and a hash of what is counted (an address, a name as typed: any length, any characters).
    key = models.CharField(max_length=100, primary_key=True)
    window_ends = models.FloatField()
    tries = models.PositiveIntegerField()

    class Meta:
        verbose_name_plural = "attempts"

    def __str__(self) -> str:
        return f"{self.key}: {self.tries}"

    @staticmethod
    def key_for(scope: str, value: str, rate: Rate) -> str:
        """The row of `value` in `scope` for windows of `rate`'s length (an hour's and a day's are two rows)."""
        digest = hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()
        return f"{scope}/{rate[1]}:{digest}"

    @classmethod
    def count(cls, key: str, seconds: int) -> tuple[int, float]:
        """Count one try at `key`: the tries of its window so far (this one included), and the seconds left in it.

        Runs in the caller's transaction, or commits at once in autocommit (as
        a request runs), so the next try sees it whichever process sends it.
        """
        now = seconds_now()
        table = connection.ops.quote_name(cls._meta.db_table)
        ends, tries = connection.ops.quote_name("window_ends"), connection.ops.quote_name("tries")
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {table} ({connection.ops.quote_name('key')}, {ends}, {tries}) VALUES (%s, %s, 1) "
                f"ON CONFLICT ({connection.ops.quote_name('key')}) DO UPDATE SET "
                f"{tries} = CASE WHEN {table}.{ends} > %s THEN {table}.{tries} + 1 ELSE 1 END, "
                f"{ends} = CASE WHEN {table}.{ends} > %s THEN {table}.{ends} ELSE %s END "
                f"RETURNING {tries}, {ends}",
                [key, now + seconds, now, now, now + seconds],
            )
            counted, window_ends = cursor.fetchone()
            if random.random() < SWEEP_CHANCE:
                cursor.execute(f"DELETE FROM {table} WHERE {ends} <= %s", [now])
        return counted, window_ends - now

    @classmethod
    def first_over(cls, counted: Sequence[tuple[str, str, Sequence[Rate]]]) -> float | None:
        """Count a try of each (scope, value, rates) in turn; at the first over its rate, stop and return
        the seconds until that window ends. None: every one is under its rates, all counted.

        A try refused at one key is not counted at the keys after it: a flood
        of names from one address stops at the address and pushes no name's
        counter up, and an hour's refusals don't use up the day's tries.
        """
        for scope, value, rates in counted:
            for rate in rates:
                tries, left = cls.count(cls.key_for(scope, value, rate), rate[1])
                if tries > rate[0]:
                    return left
        return None
