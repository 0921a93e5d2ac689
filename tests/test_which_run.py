"""Which run keeps which test (tests/conftest.py): SQLite alone, PostgreSQL alone, or CI's pair.

A test the database can make no difference to runs once; every other one on
both databases; and no test is left out of both runs of the pair.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.db import connection

from tests.conftest import runs_elsewhere, uses_database

TESTS = Path(__file__).resolve().parent


@dataclass
class Item:
    markers: tuple[str, ...] = ()
    fixturenames: tuple[str, ...] = ()
    path: Path = field(default=TESTS / "games" / "test_x.py")

    def get_closest_marker(self, name: str) -> pytest.Mark | None:
        return getattr(pytest.mark, name).mark if name in self.markers else None


KINDS = {
    "an engine test": Item(path=TESTS / "rules" / "test_x.py"),
    "a test without a database outside the engine": Item(path=TESTS / "ops" / "test_deploy.py"),
    "a test with the db fixture": Item(fixturenames=("db",)),
    "a test marked django_db": Item(markers=("django_db",)),
    "a test of a league (its fixture asks for db)": Item(fixturenames=("league", "user", "db")),
    "a browser test": Item(markers=("browser", "django_db"), fixturenames=("page", "live_server")),
    "a browser test for both databases": Item(
        markers=("browser", "both_databases", "django_db"), fixturenames=("page", "live_server")
    ),
}

# The runs that keep each kind, worked out from the rule, not from the code:
# (SQLite alone, PostgreSQL alone, SQLite paired, PostgreSQL paired).
EXPECTED = {
    "an engine test": (True, False, False, True),
    "a test without a database outside the engine": (True, False, True, False),
    "a test with the db fixture": (True, True, True, True),
    "a test marked django_db": (True, True, True, True),
    "a test of a league (its fixture asks for db)": (True, True, True, True),
    "a browser test": (True, False, True, False),
    "a browser test for both databases": (True, True, True, True),
}


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_of_test_runs_where_the_rule_says(kind):
    item = KINDS[kind]
    runs = (False, True, False, True), (False, False, True, True)
    kept = tuple(not runs_elsewhere(item, on_postgresql, paired) for on_postgresql, paired in zip(*runs, strict=True))
    assert kept == EXPECTED[kind]


@pytest.mark.parametrize("kind", KINDS)
def test_the_pair_leaves_no_test_out_of_both_runs(kind):
    item = KINDS[kind]
    assert not (runs_elsewhere(item, False, True) and runs_elsewhere(item, True, True))


def test_a_test_counted_as_using_no_database_is_refused_any_query(request):
    """What makes running it once safe: pytest-django blocks the database for it."""
    assert not uses_database(request.node)
    with pytest.raises(RuntimeError, match="Database access not allowed"), connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def test_a_test_asking_for_a_league_is_counted_as_using_the_database(request, league):
    assert uses_database(request.node)
    assert league.pk is not None
