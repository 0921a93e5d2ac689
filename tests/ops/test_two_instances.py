"""Several instances of the app on one database, as the README's Deploy section runs them.

Two gunicorn processes serve the test database: a person logs in and records
a hand through one, and the other's next poll shows it. Nothing an instance
keeps in its own memory (its cache, its pass for the poller) may hide a
change written through the other: the version is read from the database.
"""

import html
import os
import re
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

import pytest
from django.db import connection
from django.urls import reverse

from tests.factories import PASSWORD, make_game

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
POLLER = re.compile(r'<div id="poll" hidden hx-get="([^"]+)"')


def database_environment() -> dict[str, str]:
    """Where the instances find the test database."""
    database = connection.settings_dict
    if database["ENGINE"].endswith("sqlite3"):
        return {"SQLITE_PATH": str(database["NAME"])}
    # The host may be a Unix socket's folder (CI's), which a URL carries quoted.
    where = urllib.parse.quote(database["HOST"], safe="") + (f":{database['PORT']}" if database["PORT"] else "")
    return {"DATABASE_URL": f"postgres://{database['USER']}:{database['PASSWORD']}@{where}/{database['NAME']}"}


def start_instance(tmp_path: Path, name: str) -> tuple[subprocess.Popen, str]:
    folder = tmp_path / name
    folder.mkdir()
    env = {key: value for key, value in os.environ.items() if not key.startswith(("DJANGO_", "PYTEST"))}
    env.pop("DATABASE_URL", None)
    env.update(
        database_environment(),
        DJANGO_SETTINGS_MODULE="scorekeeper.settings_test",
        # Both instances sign with one key, as replicas of one deployment do.
        DJANGO_SECRET_KEY="two-instances-one-database-" + "k3y" * 20,
        DJANGO_SECURE_COOKIES="false",
        HOST="127.0.0.1",
        PORT="0",
        WEB_CONCURRENCY="1",
        HOME=str(folder),
    )
    server = subprocess.Popen(
        [BIN / "gunicorn", "--pid", str(folder / "pid")],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    # PORT=0: the kernel picks a free port, which gunicorn logs.
    deadline = time.monotonic() + 60
    for line in server.stdout:
        found = re.search(r"Listening at: http://127\.0\.0\.1:(\d+)", line)
        if found:
            return server, f"http://127.0.0.1:{found.group(1)}"
        if time.monotonic() > deadline:
            break
    server.terminate()
    raise AssertionError(f"{name} did not start: {server.communicate(timeout=30)[0]}")


@pytest.fixture
def instances(tmp_path):
    started = [start_instance(tmp_path, name) for name in ("one", "two")]
    yield [url for _, url in started]
    for server, _ in started:
        server.terminate()
        server.communicate(timeout=30)


def test_a_hand_recorded_through_one_instance_shows_on_the_others_next_poll(instances, league, user):
    one, two = instances
    game = make_game(league)
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

    def get(url, **headers):
        with browser.open(urllib.request.Request(url, headers=headers), timeout=30) as response:
            return response.status, response.read().decode()

    def post(url, fields, **headers):
        body = urllib.parse.urlencode(fields).encode()
        with browser.open(urllib.request.Request(url, body, headers=headers), timeout=30) as response:
            return response.status, response.read().decode()

    def form_token(page):
        return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)

    # Logged in through instance one; the session is in the database, so two knows it too.
    login = one + reverse("login")
    _, page = get(login)
    post(login, {"csrfmiddlewaretoken": form_token(page), "username": user.username, "password": PASSWORD})

    # The game page from instance two, and its poller: unchanged on both.
    _, page = get(two + reverse("games:game-detail", args=[game.pk]))
    poller = html.unescape(POLLER.search(page).group(1))
    assert get(two + poller, **{"HX-Request": "true"})[0] == 204
    assert get(one + poller, **{"HX-Request": "true"})[0] == 204

    # A hand through instance one's form: Ben takes the queen.
    hand_url = one + reverse("games:hand-new", args=[game.pk])
    _, form = get(hand_url)
    fields = {"csrfmiddlewaretoken": form_token(form), "number": 1, "queen": 1}
    fields.update({f"hearts_{seat}": taken for seat, taken in enumerate([3, 0, 10, 0])})
    status, _ = post(hand_url, fields, **{"HX-Request": "true"})
    assert status == 200

    # Two's next poll shows it: the new totals (3, 13, 10, 0), and a poller at version 1.
    status, regions = get(two + poller, **{"HX-Request": "true"})
    assert status == 200
    assert re.findall(r'<span class="totals-score">(-?\d+)</span>', regions) == ["3", "13", "10", "0"]
    assert "version=1&amp;hand=2" in regions
    following = html.unescape(POLLER.search(regions).group(1))
    assert get(two + following, **{"HX-Request": "true"})[0] == 204


def test_a_hand_recorded_through_one_instance_reaches_a_stream_held_by_the_other(instances, league, user):
    """PostgreSQL carries the news between instances (LISTEN/NOTIFY); SQLite serves one instance."""
    if connection.vendor != "postgresql":
        pytest.skip("several instances share a PostgreSQL database")
    one, two = instances
    game = make_game(league)
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
    login = one + reverse("login")
    with browser.open(login, timeout=30) as response:
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', response.read().decode()).group(1)
    fields = {"csrfmiddlewaretoken": token, "username": user.username, "password": PASSWORD}
    browser.open(urllib.request.Request(login, urllib.parse.urlencode(fields).encode()), timeout=30).close()

    stream = browser.open(two + reverse("games:game-stream", args=[game.pk]) + "?version=0", timeout=10)
    assert stream.headers["Content-Type"] == "text/event-stream"
    assert stream.readline().startswith(b"retry: ")
    assert stream.readline() == b"\n"
    # A hand through instance one's form: Ben takes the queen.
    hand_url = one + reverse("games:hand-new", args=[game.pk])
    with browser.open(hand_url, timeout=30) as response:
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', response.read().decode()).group(1)
    fields = {"csrfmiddlewaretoken": token, "number": 1, "queen": 1}
    fields.update({f"hearts_{seat}": taken for seat, taken in enumerate([3, 0, 10, 0])})
    started = time.monotonic()
    hand = urllib.request.Request(hand_url, urllib.parse.urlencode(fields).encode(), headers={"HX-Request": "true"})
    assert browser.open(hand, timeout=30).status == 200
    assert [stream.readline(), stream.readline()] == [b"id: 1\n", b"data: 1\n"]
    assert time.monotonic() - started < 2
    stream.close()
