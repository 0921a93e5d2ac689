"""Which run keeps which test (tests/conftest.py): every test on SQLite, on PostgreSQL those it can tell apart.

A test the database can make no difference to runs once, on SQLite; every
other one on both databases.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.db import connection

from tests.conftest import runs_elsewhere, uses_database


@dataclass
class Item:
    markers: tuple[str, ...] = ()
    fixturenames: tuple[str, ...] = ()

    def get_closest_marker(self, name: str) -> pytest.Mark | None:
        return getattr(pytest.mark, name).mark if name in self.markers else None


KINDS = {
    "an engine test": Item(),
    "a test with the db fixture": Item(fixturenames=("db",)),
    "a test marked django_db": Item(markers=("django_db",)),
    "a test of a league (its fixture asks for db)": Item(fixturenames=("league", "user", "db")),
    "a browser test": Item(markers=("browser", "django_db"), fixturenames=("page", "live_server")),
    "a browser test for both databases": Item(
        markers=("browser", "both_databases", "django_db"), fixturenames=("page", "live_server")
    ),
}

# Whether the PostgreSQL run keeps each kind, worked out from the rule, not from the code.
ON_POSTGRESQL = {
    "an engine test": False,
    "a test with the db fixture": True,
    "a test marked django_db": True,
    "a test of a league (its fixture asks for db)": True,
    "a browser test": False,
    "a browser test for both databases": True,
}


@pytest.mark.parametrize("kind", KINDS)
def test_the_sqlite_run_keeps_every_kind_of_test(kind):
    assert not runs_elsewhere(KINDS[kind], on_postgresql=False)


@pytest.mark.parametrize("kind", KINDS)
def test_the_postgresql_run_keeps_the_tests_the_database_can_matter_to(kind):
    assert (not runs_elsewhere(KINDS[kind], on_postgresql=True)) == ON_POSTGRESQL[kind]


def test_a_test_counted_as_using_no_database_is_refused_any_query(request):
    """What makes running it once safe: pytest-django blocks the database for it."""
    assert not uses_database(request.node)
    with pytest.raises(RuntimeError, match="Database access not allowed"), connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def test_a_test_asking_for_a_league_is_counted_as_using_the_database(request, league):
    assert uses_database(request.node)
    assert league.pk is not None
