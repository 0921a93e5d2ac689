"""Guessing passwords is slowed down: 10 login attempts a minute per address and per user name."""

from unittest import mock

import pytest
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

LIMIT = 10


@pytest.fixture(autouse=True)
def one_minute():
    # The limit counts in fixed windows; a test must not straddle two.
    with mock.patch("django_ratelimit.core.time.time", return_value=1_800_000_000):
        yield


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
