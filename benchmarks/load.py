"""Load: 40 phones on one game while hands keep coming in, next to a trivial view; or a club night.

    .venv/bin/python benchmarks/load.py [--seconds 60] [--phones 40]      # or: make load
    .venv/bin/python benchmarks/load.py --tables 300 --database-url postgres://...

With --tables N, a club night instead (see club_night below): N tables of
4 phones, each phone a keep-alive connection that polls as the game page
does, and a hand every 2 minutes per table through the form. With --tables N
--push, the night polled and then pushed through the live streams, with its
screens: Record -> the other phones' and the screen's totals (benchmarks/push.py).

Serves the app with gunicorn (production settings) on 127.0.0.1 against a
scratch SQLite database (or --database-url), then, in one run:

1. trivial: the phones fetch /healthz (one SELECT 1) as fast as they can;
2. poll:    for --seconds, the phones poll the game as its page does
            (204 while nothing changed, the changed regions when it did),
            as fast as they can, while one scorer records a hand through
            the hand-entry form every --hand-every seconds;
3. page:    the phones load the whole game page as fast as they can, with
            the same hands coming in: the worst case, a page reload storm.

The phones are wrk connections (Debian's wrk: apt-get install wrk), so the
client costs little of the two cores. Prints throughput, p50 and p99 and the
errors of each phase and of the hand submissions. Targets: no errors, and
the polls at 70% or more of the trivial view's throughput, their p99 within
3 times its p99 (an unchanged poll is one primary-key read, as the health
check is one write).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import html
import http.client
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.server import ScratchServer

# wrk runs this in each of its threads; done() prints the phase's figures as JSON.
WRK_SCRIPT = """
wrk.headers["Cookie"] = "{cookie}"
{extra_headers}
{follow_version}
done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '{{"requests": %d, "seconds": %f, "p50_ms": %f, "p99_ms": %f, "max_ms": %f, ' ..
    '"connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}}\\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000, errors.connect, errors.read, errors.write, errors.status, errors.timeout))
end
"""


# A poll answered 200 carries the next poll's address (the game's new
# version), as the page's poller does; the phones of one wrk thread share it.
FOLLOW_VERSION = """
local path = wrk.path
request = function()
  return wrk.format(nil, path)
end
response = function(status, headers, body)
  if status == 200 then
    local next_poll = string.match(body, 'hx%-get="([^"]*/poll/[^"]*)"')
    if next_poll then path = string.gsub(next_poll, "&amp;", "&") end
  end
end
"""


@dataclass
class Phase:
    name: str
    requests: int
    seconds: float
    p50_ms: float
    p99_ms: float
    max_ms: float
    errors: int

    @property
    def throughput(self) -> float:
        return self.requests / self.seconds


def run_wrk(name: str, url: str, cookie: str, seconds: int, phones: int, folder: Path, htmx: bool = False) -> Phase:
    script = folder / f"{name}.lua"
    extra = 'wrk.headers["HX-Request"] = "true"' if htmx else ""
    follow = FOLLOW_VERSION if htmx else ""
    script.write_text(WRK_SCRIPT.format(cookie=cookie, extra_headers=extra, follow_version=follow))
    output = subprocess.run(
        ["wrk", f"-t{min(2, phones)}", f"-c{phones}", f"-d{seconds}s", "--timeout", "10s", "-s", str(script), url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    figures = json.loads(output.strip().splitlines()[-1])
    errors = sum(figures[key] for key in ("connect", "read", "write", "status", "timeout"))
    return Phase(
        name, figures["requests"], figures["seconds"], figures["p50_ms"], figures["p99_ms"], figures["max_ms"], errors
    )


@dataclass
class Scorer:
    """One phone entering a hand through the real form every `every` seconds."""

    port: int
    cookie: str
    game_id: int
    every: float
    next_number: int
    latencies_ms: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        from django.urls import reverse

        form_url = reverse("games:hand-new", args=[self.game_id])
        connection.request("GET", form_url, headers={"Cookie": self.cookie})
        response = connection.getresponse()
        page = response.read().decode()
        csrf = re.search(r"csrftoken=([^;]+)", response.getheader("Set-Cookie", "")).group(1)
        cookie = f"{self.cookie}; csrftoken={csrf}"
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        while not self.stop.wait(self.every):
            started = time.perf_counter()
            body = urlencode({"csrfmiddlewaretoken": token, **hand_form(self.next_number)}, doseq=True)
            connection.request(
                "POST",
                form_url,
                body=body,
                headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true"},
            )
            response = connection.getresponse()
            response.read()
            self.latencies_ms.append((time.perf_counter() - started) * 1000)
            if response.status == 200:
                self.next_number += 1
            else:
                self.failures.append(f"hand {self.next_number}: HTTP {response.status}")
        connection.close()


def hand_form(number: int) -> dict[str, object]:
    """Hand `number`'s form: hearts 4, 3, 3, 3 and the queen going round the table."""
    hearts = [4, 3, 3, 3]
    return {
        "number": number,
        **{f"hearts_{seat}": taken for seat, taken in enumerate(hearts)},
        "queen": number % 4,
    }


def fill_database():
    from django.contrib.auth import get_user_model

    from games.models import Game, League, Player
    from rules import HandEntry

    user = get_user_model().objects.create_user("ann", password="load-test-only")
    league = League.create_for(user, "Thursday house")
    players = [Player.objects.create(league=league, name=name) for name in ("Ann", "Ben", "Cat", "Dan")]
    # A high target: the game must not end while hands keep coming in.
    game = Game.start(league, "standard", players, {"target": 10_000}, user=user)
    for number in range(1, 6):
        game.record_hand(number, HandEntry.cards([4, 3, 3, 3], number % 4), user)
    return user, game


def report(phase: Phase) -> None:
    print(
        f"{phase.name:<8} {phase.throughput:8.0f} req/s   p50 {phase.p50_ms:7.1f} ms   "
        f"p99 {phase.p99_ms:7.1f} ms   max {phase.max_ms:7.1f} ms   errors {phase.errors}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=60, help="length of the table phase (default 60)")
    parser.add_argument("--phones", type=int, default=40)
    parser.add_argument("--hand-every", type=float, default=2.0, help="seconds between two hands (default 2)")
    parser.add_argument("--workers", type=int, default=None, help="gunicorn workers (default: cores + 1)")
    parser.add_argument("--database-url", help="serve from this database instead of a scratch SQLite file")
    parser.add_argument("--tables", type=int, help="a club night of this many tables instead (no wrk needed)")
    parser.add_argument(
        "--healthz", action="store_true", help="with --tables: the phones poll /healthz instead (the baseline)"
    )
    parser.add_argument("--port", type=int, help="serve on this port of 127.0.0.1 (default: a free one)")
    parser.add_argument(
        "--push", action="store_true", help="with --tables: the night polled, then pushed (benchmarks/push.py)"
    )
    arguments = parser.parse_args()
    if arguments.tables and arguments.push:
        from benchmarks.push import push_night

        return push_night(arguments)
    if arguments.tables:
        return club_night(arguments)
    if not shutil.which("wrk"):
        print("load.py needs wrk: apt-get install wrk", file=sys.stderr)
        return 2

    from django.urls import reverse

    with ScratchServer(arguments.workers, arguments.database_url, arguments.port) as server:
        user, game = fill_database()
        cookie = server.session_cookie(user)
        server.start()
        warm_up = max(5, arguments.seconds // 6)
        workers = server.env.get("WEB_CONCURRENCY", "cores + 1")
        print(f"{arguments.phones} phones on 127.0.0.1:{server.port}, {workers} workers")
        run_wrk(
            "warm-up",
            server.url(reverse("games:game-detail", args=[game.pk])),
            cookie,
            warm_up,
            arguments.phones,
            server.folder,
        )

        trivial = run_wrk(
            "trivial",
            server.url(reverse("games:healthz")),
            cookie,
            max(10, arguments.seconds // 3),
            arguments.phones,
            server.folder,
        )
        report(trivial)

        phases, scorers = [trivial], []
        for name, seconds in (("poll", arguments.seconds), ("page", max(10, arguments.seconds // 3))):
            game.refresh_from_db()
            if name == "poll":
                url = reverse("games:game-poll", args=[game.pk]) + f"?version={game.version}&hand={game.hand_count + 1}"
            else:
                url = reverse("games:game-detail", args=[game.pk])
            scorer = Scorer(server.port, cookie, game.pk, arguments.hand_every, game.hand_count + 1)
            thread = threading.Thread(target=scorer.run)
            thread.start()
            phase = run_wrk(
                name, server.url(url), cookie, seconds, arguments.phones, server.folder, htmx=name == "poll"
            )
            scorer.stop.set()
            thread.join()
            report(phase)
            phases.append(phase)
            scorers.append(scorer)

        latencies = [latency for scorer in scorers for latency in scorer.latencies_ms]
        failures = [failure for scorer in scorers for failure in scorer.failures]
        if latencies:
            print(
                f"hands    {len(latencies)} recorded through the form, p50 {statistics.median(latencies):.1f} ms, "
                f"max {max(latencies):.1f} ms, errors {len(failures)}"
            )
        for failure in failures[:10]:
            print(f"  {failure}")

        poll, page = phases[1], phases[2]
        errors = sum(phase.errors for phase in phases) + len(failures)
        share = poll.throughput / trivial.throughput
        print(f"polls' throughput / trivial's = {share:.0%} (target >= 70%)")
        print(f"polled game page p99 / trivial p99 = {poll.p99_ms / trivial.p99_ms:.1f} (target <= 3)")
        print(f"whole game page p99 / trivial p99 = {page.p99_ms / trivial.p99_ms:.1f}")
        print(f"errors {errors} (target 0)")
        return 0 if share >= 0.7 and poll.p99_ms <= 3 * trivial.p99_ms and errors == 0 else 1


# A club night -------------------------------------------------------------------------
#
# Phones that poll at an interval are not wrk's flat-out load, and wrk's
# delay() holds a fresh connection idle before its first request, which
# gunicorn's gthread worker answers by parking a thread on it
# (benoitc/gunicorn#3518). A browser sends as soon as it connects: each phone
# here is a coroutine on its own keep-alive connection (asyncio streams) that
# loads the game page, then polls the address the page's poller holds every
# 1.5-4.5 s (the page's 3 s, jittered), following it when a poll answers 200.
# A connection the server closes between two polls (its keep-alive ran out)
# is opened again, as a browser does; one reset or cut short while a request
# is under way is an error.

POLL_EVERY = (1.5, 4.5)
HAND_EVERY = 120.0
# The phones arrive over this long; the measured window opens 10 s after the last has its page.
RAMP_SECONDS = 30.0
SETTLE_SECONDS = 10.0


class Cut(Exception):
    """The connection was reset or closed while a request was under way."""


class Phone:
    """One keep-alive HTTP/1.1 connection to 127.0.0.1, used one request at a time."""

    def __init__(self, port: int, cookie: str) -> None:
        self.port = port
        self.cookie = cookie
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None):
        """(status, headers, body); raises Cut when the server drops the connection mid-request."""
        if self.reader is None or self.reader.at_eof():
            # Never opened, or closed by the server while idle: a browser opens another.
            await self.close()
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}", f"Cookie: {self.cookie}"]
        lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
        if body:
            lines.append(f"Content-Length: {len(body)}")
        try:
            self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
            await self.writer.drain()
            head = await self.reader.readuntil(b"\r\n\r\n")
            status_line, *header_lines = head.decode("latin-1").split("\r\n")
            response_headers = {}
            for line in header_lines:
                if ":" in line:
                    name, value = line.split(":", 1)
                    response_headers[name.strip().lower()] = value.strip()
            length = int(response_headers.get("content-length", "0"))
            content = await self.reader.readexactly(length) if length else b""
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.LimitOverrunError) as error:
            await self.close()
            raise Cut(type(error).__name__) from error
        if response_headers.get("connection", "").lower() == "close":
            await self.close()
        return int(status_line.split()[1]), response_headers, content

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(ConnectionError):
                await self.writer.wait_closed()
        self.reader = self.writer = None


@dataclass
class Tally:
    """What one kind of request did in the measured window."""

    latencies_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def line(self, name: str, seconds: float) -> str:
        if not self.latencies_ms:
            return f"{name:<6} none answered, errors {len(self.errors)}"
        ordered = sorted(self.latencies_ms)
        p50 = ordered[len(ordered) // 2]
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        return (
            f"{name:<6} {len(ordered):7d} in {seconds:.0f} s = {len(ordered) / seconds:7.1f} req/s   "
            f"p50 {p50:7.1f} ms   p99 {p99:7.1f} ms   max {ordered[-1]:7.1f} ms   errors {len(self.errors)}"
        )

    def p99(self) -> float:
        ordered = sorted(self.latencies_ms) or [float("inf")]
        return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


@dataclass
class Night:
    port: int
    phones: int
    seconds: float
    measure_from: float = float("inf")
    until: float = float("inf")
    seated: int = 0
    polls: Tally = field(default_factory=Tally)
    hands: Tally = field(default_factory=Tally)
    pages: Tally = field(default_factory=Tally)

    def phone_seated(self) -> None:
        """One more phone has its page; once all have, the window is set."""
        self.seated += 1
        if self.seated == self.phones:
            self.measure_from = time.monotonic() + SETTLE_SECONDS
            self.until = self.measure_from + self.seconds

    async def sleep(self, seconds: float) -> None:
        """Sleep, but not past the end of the night."""
        await asyncio.sleep(max(0.0, min(seconds, self.until - time.monotonic())))

    def note(self, tally: Tally, started: float, error: str = "") -> None:
        if self.measure_from <= started < self.until:
            if error:
                tally.errors.append(error)
            else:
                tally.latencies_ms.append((time.monotonic() - started) * 1000)


POLLER = re.compile(r'<div id="poll" hidden hx-get="([^"]+)"')


async def phone_at_table(night: Night, cookie: str, game_id: int, rng: random.Random, healthz: bool) -> None:
    from django.urls import reverse

    phone = Phone(night.port, cookie)
    await asyncio.sleep(rng.uniform(0, RAMP_SECONDS))
    poller = None
    while poller is None and time.monotonic() < night.until:
        started = time.monotonic()
        try:
            status, _, body = await phone.request("GET", reverse("games:game-detail", args=[game_id]))
        except Cut as cut:
            night.note(night.pages, started, f"page: {cut}")
            continue
        found = POLLER.search(body.decode())
        if status != 200 or found is None:
            night.note(night.pages, started, f"page: HTTP {status}")
            await asyncio.sleep(1)
            continue
        night.note(night.pages, started)
        poller = reverse("games:healthz") if healthz else html.unescape(found.group(1))
        night.phone_seated()
    while True:
        await asyncio.sleep(rng.uniform(*POLL_EVERY))
        if time.monotonic() >= night.until:
            break
        started = time.monotonic()
        try:
            status, _, body = await phone.request("GET", poller, headers={"HX-Request": "true"})
        except Cut as cut:
            night.note(night.polls, started, f"poll: {cut}")
            continue
        if status == 200:
            found = POLLER.search(body.decode())
            poller = html.unescape(found.group(1)) if found else poller
        elif status != 204:
            night.note(night.polls, started, f"poll: HTTP {status}")
            continue
        night.note(night.polls, started)
    await phone.close()


async def scorer_at_table(night: Night, cookie: str, game_id: int, first_hand: int, rng: random.Random) -> None:
    """The table's scorer: a hand every 2 minutes through the form, the first at a random moment."""
    from django.urls import reverse

    form_url = reverse("games:hand-new", args=[game_id])
    phone = Phone(night.port, cookie)
    status, headers, page = await phone.request("GET", form_url)
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1).decode()
    phone.cookie = f"{cookie}; {headers['set-cookie'].split(';')[0]}"
    number = first_hand
    while night.measure_from == float("inf"):
        await asyncio.sleep(1)
    await night.sleep(night.measure_from - time.monotonic() + rng.uniform(0, HAND_EVERY))
    while time.monotonic() < night.until:
        body = urlencode({"csrfmiddlewaretoken": token, **hand_form(number)}, doseq=True).encode()
        started = time.monotonic()
        # A hand comes minutes after the last: a browser's idle connection is long closed.
        await phone.close()
        try:
            status, _, _ = await phone.request(
                "POST",
                form_url,
                body,
                {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true"},
            )
        except Cut as cut:
            night.note(night.hands, started, f"hand {number}: {cut}")
        else:
            if status == 200:
                number += 1
                night.note(night.hands, started)
            else:
                night.note(night.hands, started, f"hand {number}: HTTP {status}")
        await night.sleep(HAND_EVERY)
    await phone.close()


def fill_club(tables: int) -> tuple[list[str], list[int], int]:
    """A club league with `tables` games under way, 4 players each, and a session per phone."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.sessions.backends.db import SessionStore

    from games.models import Game, League, Player
    from rules import HandEntry

    user = get_user_model().objects.create_user("ann", password="load-test-only")
    league = League.create_for(user, "Club night")
    players = Player.objects.bulk_create(Player(league=league, name=f"Player {n}") for n in range(4 * tables))
    games, first_hand = [], 3
    for table in range(tables):
        game = Game.start(league, "standard", players[4 * table : 4 * table + 4], {"target": 10_000}, user=user)
        for number in range(1, first_hand):
            game.record_hand(number, HandEntry.cards([4, 3, 3, 3], number % 4), user)
        games.append(game.pk)
    cookies = []
    for _ in range(4 * tables + tables):
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        cookies.append(f"{settings.SESSION_COOKIE_NAME}={session.session_key}")
    return cookies, games, first_hand


async def club_night_load(
    port: int, cookies: list[str], games: list[int], first_hand: int, seconds: int, healthz: bool
) -> Night:
    night = Night(port, 4 * len(games), seconds)
    rng = random.Random(22)

    async def open_window_anyway() -> None:
        # A phone that cannot load its page must not hold the night back for ever.
        await asyncio.sleep(RAMP_SECONDS + 120)
        if night.measure_from == float("inf"):
            night.seated = night.phones - 1
            night.phone_seated()
            print(f"not every phone had its page {RAMP_SECONDS + 120:.0f} s in: measuring anyway")

    window = asyncio.get_running_loop().create_task(open_window_anyway())
    tasks = []
    for table, game_id in enumerate(games):
        for seat in range(4):
            cookie = cookies[4 * table + seat]
            tasks.append(phone_at_table(night, cookie, game_id, random.Random(rng.random()), healthz))
        scorer_cookie = cookies[4 * len(games) + table]
        tasks.append(scorer_at_table(night, scorer_cookie, game_id, first_hand, random.Random(rng.random())))
    await asyncio.gather(*tasks)
    window.cancel()
    return night


def club_night(arguments: argparse.Namespace) -> int:
    """--tables N: prints the polls' and hands' throughput, p50, p99 and errors."""
    seconds = arguments.seconds
    with ScratchServer(arguments.workers, arguments.database_url, arguments.port) as server:
        cookies, games, first_hand = fill_club(arguments.tables)
        server.start()
        workers = server.env.get("WEB_CONCURRENCY", "cores + 1")
        print(
            f"{arguments.tables} tables, {4 * arguments.tables} phones polling every "
            f"{POLL_EVERY[0]}-{POLL_EVERY[1]} s, "
            f"a hand every {HAND_EVERY:.0f} s a table; {workers} workers on 127.0.0.1:{server.port}; "
            f"measured for {seconds} s; load average {' '.join(f'{n:.2f}' for n in os.getloadavg())}"
        )
        night = asyncio.run(club_night_load(server.port, cookies, games, first_hand, seconds, arguments.healthz))
        print(f"(load average after: {' '.join(f'{n:.2f}' for n in os.getloadavg())})")
        polls = "healthz" if arguments.healthz else "polls"
        for name, tally in ((polls, night.polls), ("hands", night.hands), ("pages", night.pages)):
            if tally.latencies_ms or tally.errors:
                print(tally.line(name, seconds))
        errors = [error for tally in (night.polls, night.hands, night.pages) for error in tally.errors]
        for error, count in collections.Counter(errors).most_common(10):
            print(f"  {count} x {error}")
        met = not errors and night.polls.p99() <= 250 and night.hands.p99() <= 500
        verdict = "met" if met else "NOT met"
        print(f"errors {len(errors)} (target 0); poll p99 <= 250 ms, hands p99 <= 500 ms: {verdict}")
        return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
