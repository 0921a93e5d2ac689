"""A database that is down, full or read-only answers 503 with a short page, never 500, 400 or 429."""

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from games.models import Hand
from games.views import errors
from tests.conftest import HTMX
from tests.factories import PASSWORD, make_game
from tests.ops.failures import database_down, disk_full, read_only

pytestmark = pytest.mark.django_db

SAYS = "The server could not save or load anything just now"


@pytest.fixture
def phone(user):
    # As a server answers: the error handlers' page, not the exception re-raised in the test.
    phone = Client(raise_request_exception=False)
    phone.force_login(user)
    return phone


def unavailable(response):
    assert response.status_code == 503
    assert SAYS in response.content.decode()
    assert response["Retry-After"] == "60"
    return True


def test_with_the_database_down_pages_answer_503(phone, league):
    game = make_game(league)
    with connection.execute_wrapper(database_down):
        assert unavailable(phone.get(league.get_absolute_url()))
        assert unavailable(phone.get(game.get_absolute_url(), headers=HTMX))
        # The landing page needs no database: a visitor still sees it.
        assert Client(raise_request_exception=False).get(reverse("games:home")).status_code == 200


def test_with_the_disk_full_a_hand_is_refused_with_503_and_nothing_is_stored(phone, league):
    game = make_game(league)
    data = {"number": "1", "action": "cards", "queen": "1"}
    data.update({f"hearts_{seat}": count for seat, count in enumerate(["13", "0", "0", "0"])})
    with connection.execute_wrapper(disk_full):
        assert unavailable(phone.post(reverse("games:hand-new", args=[game.pk]), data))
    assert Hand.objects.count() == 0
    # Once the disk has room again, the same tap records it.
    assert phone.post(reverse("games:hand-new", args=[game.pk]), data).status_code == 302
    assert Hand.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_with_the_database_read_only_a_hand_is_refused_with_503_and_nothing_is_stored(phone, league):
    """On PostgreSQL the refused write arrives as InternalError, not OperationalError: it answered 500."""
    game = make_game(league)
    data = {"number": "1", "action": "cards", "queen": "1"}
    data.update({f"hearts_{seat}": count for seat, count in enumerate(["13", "0", "0", "0"])})
    with read_only():
        assert unavailable(phone.post(reverse("games:hand-new", args=[game.pk]), data))
        assert phone.get(reverse("games:healthz")).status_code == 503
    assert Hand.objects.count() == 0
    assert phone.post(reverse("games:hand-new", args=[game.pk]), data).status_code == 302
    assert Hand.objects.count() == 1


def test_with_the_disk_full_a_session_that_cannot_be_saved_is_503_not_400(phone, league):
    phone.post(reverse("games:player-new", args=[league.pk]), {"name": "Ann"})
    # Showing the "Ann joined" message changes the session, whose save then fails.
    with connection.execute_wrapper(disk_full):
        assert unavailable(phone.get(league.get_absolute_url()))


def test_with_the_disk_full_logging_in_is_503_not_too_many_attempts(user):
    with connection.execute_wrapper(disk_full):
        response = Client(raise_request_exception=False).post(
            reverse("login"), {"username": user.username, "password": PASSWORD}
        )
    assert unavailable(response)
    assert "Too many login attempts" not in response.content.decode()


def test_the_503_page_needs_no_database(rf):
    with connection.execute_wrapper(database_down):
        assert unavailable(errors.unavailable(rf.get("/")))


def test_other_errors_are_still_500(rf):
    try:
        raise ValueError("a bug")
    except ValueError:
        response = errors.server_error(rf.get("/"))
    assert response.status_code == 500
