"""The login limit holds under a burst: 40 tries at once run at most 10 password checks.

The attack battery sent 40 simultaneous tries and saw 13 password checks on
one instance and 15-18 across two, against a limit of 10: the counter was
read and written back (a cache's get and set), so tries that read it together
all passed. Each try is now counted by one atomic statement before its
password is checked (games.models.attempts).
"""

import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar

import pytest
from django.contrib.auth.backends import ModelBackend
from django.test import Client
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory
from tests.ops.test_concurrent_writes import in_threads
from tests.ops.test_two_instances import start_instance

pytestmark = pytest.mark.django_db(transaction=True)

LIMIT = 10
TRIES = 40


class CountingBackend(ModelBackend):
    """Django's own backend, counting the password checks it runs (every call checks one)."""

    checks = 0
    lock = threading.Lock()

    def authenticate(self, request, username=None, password=None, **kwargs):
        with CountingBackend.lock:
            CountingBackend.checks += 1
        return super().authenticate(request, username=username, password=password, **kwargs)


@pytest.fixture
def counting(settings):
    settings.AUTHENTICATION_BACKENDS = ["tests.ops.test_login_burst.CountingBackend"]
    CountingBackend.checks = 0
    return CountingBackend


def test_forty_simultaneous_tries_at_one_name_run_at_most_ten_password_checks(counting):
    UserFactory(username="ann")

    def attempt(index):
        # Each thread its own client and its own database connection, from one address.
        response = Client().post(
            reverse("login"), {"username": "ann", "password": f"guess {index}"}, REMOTE_ADDR="203.0.113.7"
        )
        return response.status_code

    statuses = in_threads(TRIES, attempt)
    assert sorted(statuses) == [200] * LIMIT + [429] * (TRIES - LIMIT)
    assert counting.checks == LIMIT


def test_forty_simultaneous_tries_from_forty_addresses_run_at_most_ten_checks_of_one_name(counting):
    UserFactory(username="ann")

    def attempt(index):
        response = Client().post(
            reverse("login"), {"username": "ann", "password": PASSWORD}, REMOTE_ADDR=f"198.51.100.{index}"
        )
        return response.status_code

    statuses = in_threads(TRIES, attempt)
    # The right password among them: the ones checked log in (302), the others are refused.
    assert sorted(statuses) == [302] * LIMIT + [429] * (TRIES - LIMIT)
    assert counting.checks == LIMIT


FORM_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def test_forty_simultaneous_tries_across_two_instances_run_at_most_ten_password_checks(tmp_path):
    """Two gunicorn processes on one database, twenty tries through each at once.

    A server's password checks are not countable from here; its answer tells
    them apart: the form again (200) only after the wrong password was
    checked, 429 before any check."""
    UserFactory(username="ann")
    servers = [start_instance(tmp_path, name) for name in ("one", "two")]
    try:
        urls = [url for _, url in servers]
        browsers = []
        for index in range(TRIES):
            browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
            url = urls[index % 2] + reverse("login")
            with browser.open(url, timeout=30) as page:
                token = FORM_TOKEN.search(page.read().decode()).group(1)
            browsers.append((browser, url, token))

        def attempt(index):
            browser, url, token = browsers[index]
            fields = {"csrfmiddlewaretoken": token, "username": "ann", "password": f"guess {index}"}
            try:
                with browser.open(url, urllib.parse.urlencode(fields).encode(), timeout=60) as response:
                    return response.status
            except urllib.error.HTTPError as refused:
                return refused.code

        statuses = in_threads(TRIES, attempt)
    finally:
        for server, _ in servers:
            server.terminate()
            server.communicate(timeout=30)
    assert sorted(statuses) == [200] * LIMIT + [429] * (TRIES - LIMIT)
