"""The hand-worked league (league_seed.hand_worked_league) made once for a module of tests that all read it."""

from __future__ import annotations

import copy

import pytest

from tests.factories import LeagueFactory, UserFactory
from tests.games.league_seed import hand_worked_league


@pytest.fixture(scope="module")
def worked_league_made_once(module_db) -> dict:
    """The owner, the league and its six games, played hand by hand once for the module (module_db in
    tests/conftest.py) instead of once a test. A module whose every test reads them opts in:

        pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("worked_league_made_once")]

    and takes user, league and games from worked_league (see test_history_stats.py)."""
    with module_db():
        user = UserFactory()
        league = LeagueFactory(owner=user)
        return {"user": user, "league": league, "games": hand_worked_league(league, user)}


@pytest.fixture
def worked_league(db, worked_league_made_once) -> dict:
    """This test's copy of the shared objects (their rows are rolled back to after each test)."""
    return copy.deepcopy(worked_league_made_once)
