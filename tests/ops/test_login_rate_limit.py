"""Guessing passwords is slowed down: 10 login attempts a minute per address and per user name."""

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from games.models import Attempts
from tests.factories import PASSWORD, UserFactory
from tests.ops.failures import disk_full

pytestmark = pytest.mark.django_db

LIMIT = 10


@pytest.fixture(autouse=True)
def one_minute(db, monkeypatch):
    # A window lasts a minute from its first try; a slow test must not outlast it.
    monkeypatch.setattr("games.models.attempts.seconds_now", lambda: 1_800_000_000.0)


@pytest.fixture
def ann(db):
    return UserFactory(username="ann")


def attempt(client, username="ann", password="wrong", address="203.0.113.7", forwarded=None):
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address, headers=headers
    )


def test_ten_wrong_passwords_get_the_form_again_and_the_eleventh_gets_429(client, ann):
    statuses = [attempt(client).status_code for _ in range(LIMIT)]
    assert statuses == [200] * LIMIT
    response = attempt(client)
    assert response.status_code == 429
    assert "Too many login attempts. Wait a minute, then try again." in response.content.decode()


def test_once_limited_even_the_right_password_does_not_log_in(client, ann):
    for _ in range(LIMIT):
        attempt(client)
    response = attempt(client, password=PASSWORD)
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_the_right_password_logs_in_under_the_limit(client, ann):
    for _ in range(LIMIT - 1):
        attempt(client)
    response = attempt(client, password=PASSWORD)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(ann.pk)


def test_one_name_tried_from_many_addresses_is_limited(client, ann):
    for number in range(LIMIT):
        assert attempt(client, username="Ann", address=f"198.51.100.{number}").status_code == 200
    assert attempt(client, username="ann", address="198.51.100.200").status_code == 429


def test_many_names_tried_from_one_address_are_limited(client, ann):
    for number in range(LIMIT):
        assert attempt(client, username=f"guess{number}").status_code == 200
    assert attempt(client, username="ann", password=PASSWORD).status_code == 429


def test_other_phones_can_still_log_in_while_one_address_is_limited(client, ann):
    for number in range(LIMIT + 1):
        attempt(client, username=f"guess{number}")
    assert attempt(client, username="ann", password=PASSWORD, address="192.0.2.55").status_code == 302


def test_behind_the_proxy_each_phone_is_counted_by_the_address_the_proxy_saw(client, ann, settings):
    settings.BEHIND_TLS_PROXY = True
    proxy = "10.0.0.2"
    for number in range(LIMIT):
        # A forged first entry changes nothing: the proxy's own entry is last.
        forwarded = f"1.2.3.{number}, 203.0.113.7"
        assert attempt(client, username=f"guess{number}", address=proxy, forwarded=forwarded).status_code == 200
    limited = attempt(client, username="guess-more", address=proxy, forwarded="9.9.9.9, 203.0.113.7")
    assert limited.status_code == 429
    other_phone = attempt(client, username="ann", password=PASSWORD, address=proxy, forwarded="198.51.100.9")
    assert other_phone.status_code == 302


def test_looking_at_the_login_page_is_not_an_attempt(client, ann):
    for _ in range(LIMIT + 5):
        assert client.get(reverse("login"), REMOTE_ADDR="203.0.113.7").status_code == 200
    assert attempt(client, password=PASSWORD).status_code == 302


def test_a_name_is_counted_as_django_compares_it_so_full_width_letters_are_the_same_name(client, db):
    viewer = UserFactory(username="viewer")
    for number in range(LIMIT):
        assert attempt(client, username="Viewer", address=f"198.51.100.{number}").status_code == 200
    # Django's login reads ｖｉｅｗｅｒ as viewer (NFKC): it is the same name, already limited.
    response = attempt(client, username="ｖｉｅｗｅｒ", password=PASSWORD, address="198.51.100.99")
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session
    assert viewer.last_login is None


def test_the_admin_login_is_limited_too(client, db):
    UserFactory(username="boss", is_staff=True, is_superuser=True)
    url = "/admin/login/"
    for _ in range(LIMIT):
        response = client.post(url, {"username": "boss", "password": "wrong"}, REMOTE_ADDR="203.0.113.7")
        assert response.status_code == 200
        assert "_auth_user_id" not in client.session
    response = client.post(url, {"username": "boss", "password": PASSWORD}, REMOTE_ADDR="203.0.113.7")
    assert response.status_code == 429
    assert response.content.decode() == "Too many login attempts. Wait a minute, then try again."
    assert "_auth_user_id" not in client.session
    # The admin and the site share the counters: the name is limited on the site's login too.
    assert attempt(client, username="boss", password=PASSWORD, address="192.0.2.1").status_code == 429


def test_a_flood_of_junk_names_does_not_push_a_limited_name_out(client, ann):
    for number in range(LIMIT):
        attempt(client, address=f"198.51.100.{number}")
    # From one address, only the first ten names are even counted ...
    for number in range(50):
        attempt(client, username=f"junk{number}", address="203.0.113.66")
    # ... and from many addresses, far more names than the old 300-entry table held.
    for number in range(400):
        attempt(client, username=f"junk-{number}", address=f"10.1.{number // 200}.{number % 200}")
    rows = Attempts.objects.count()
    # ann's counter, 11 addresses + 400, and 10 + 400 names: nothing was culled.
    assert rows == 1 + (LIMIT + 1 + 400) + (LIMIT + 400)
    assert attempt(client, password=PASSWORD, address="192.0.2.200").status_code == 429


def test_counters_that_cannot_be_written_answer_503_not_too_many_attempts(ann):
    # As a server answers: the error handlers' page, not the exception re-raised in the test.
    client = Client(raise_request_exception=False)
    with connection.execute_wrapper(disk_full):
        response = attempt(client, password=PASSWORD)
    assert response.status_code == 503
    assert "could not save" in response.content.decode()
    assert "Too many login attempts" not in response.content.decode()


def test_a_minute_after_its_first_try_an_address_may_try_again(client, ann, monkeypatch):
    clock = [1_800_000_000.0]
    monkeypatch.setattr("games.models.attempts.seconds_now", lambda: clock[0])
    for _ in range(LIMIT):
        attempt(client)
    clock[0] += 59
    assert attempt(client, password=PASSWORD).status_code == 429
    # The window opened at the first try, 60 s ago now: a new one opens.
    clock[0] += 1
    assert attempt(client, password=PASSWORD).status_code == 302


def test_counters_whose_window_is_over_are_swept_away(client, ann, monkeypatch):
    clock = [1_800_000_000.0]
    monkeypatch.setattr("games.models.attempts.seconds_now", lambda: clock[0])
    attempt(client, username="old")
    clock[0] += 30
    attempt(client, username="newer", address="198.51.100.1")
    assert Attempts.objects.count() == 4  # an address and a name, twice
    clock[0] += 30
    # The first two rows' minute is over; every count sweeps now.
    monkeypatch.setattr("games.models.attempts.SWEEP_CHANCE", 1)
    attempt(client, username="newer", address="198.51.100.1")
    assert Attempts.objects.count() == 2
