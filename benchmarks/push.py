"""A club night pushed, beside the same night polled: load.py --tables N --push.

    .venv/bin/python benchmarks/load.py --tables 300 --push --database-url postgres://...

Seats N tables of 4 phones in nights of 10 tables, each night on a screen (N / 10
screens), and a scorer at each table recording a hand every 2 minutes through
the form. Two phases against one database, one server each:

1. poll: today's pages on today's server (gunicorn's gthread worker): every
   phone polls its game every 1.5-4.5 s (the page's 3 s, jittered), every screen
   its night every 3 s, following the poller's address when a poll answers 200;
2. push: the pages as they are now, on gunicorn's asgi worker: each phone and
   screen holds its live stream on a connection of its own, as an EventSource
   does, polls only every 30 s as the safety net, and on an event fetches its
   regions through the poller at once.

For each phase: Record -> the totals on the table's three other phones and on
its night's screen (from the moment the POST is sent to the moment the
regions' answer is read), p50 and p99; the polls', the hands' and the pages'
errors; for push, dropped streams (closed or failed in the window), the
workers' memory per held stream, and what a graceful restart (SIGHUP: new
workers, the old ones end their streams) and a full restart do: how many
streams come back by themselves, and how soon.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import os
import random
import re
import signal
import subprocess
import time
from dataclasses import dataclass, field

from benchmarks.load import HAND_EVERY, POLL_EVERY, RAMP_SECONDS, SETTLE_SECONDS, Cut, Phone, Tally, hand_form

TABLES_A_NIGHT = 10
SAFETY_NET = 30.0
SCREEN_POLL = 3.0
POLLER = re.compile(r'<div id="poll" hidden hx-get="([^"]+)"')
SCREEN = re.compile(r'<div id="screen" class="night-screen" data-testid="night-screen" hx-get="([^"]+)"')
STREAM = re.compile(r'data-live="([^"]+)"')


@dataclass
class Run:
    port: int
    streams: bool
    clients: int
    seconds: float
    measure_from: float = float("inf")
    until: float = float("inf")
    seated: int = 0
    # game id -> when its latest hand's POST was sent
    sent: dict[int, float] = field(default_factory=dict)
    totals: Tally = field(default_factory=Tally)
    polls: Tally = field(default_factory=Tally)
    hands: Tally = field(default_factory=Tally)
    pages: Tally = field(default_factory=Tally)
    dropped: list[str] = field(default_factory=list)
    held: int = 0
    reconnects: list[float] = field(default_factory=list)
    memory: dict[str, int] = field(default_factory=dict)
    paged: int = 0
    # Set once every page is loaded (and the workers' memory read): then the streams open.
    streams_go: asyncio.Event = field(default_factory=asyncio.Event)
    restarts: list[str] = field(default_factory=list)
    stop: asyncio.Event = field(default_factory=asyncio.Event)

    def client_seated(self) -> None:
        self.seated += 1
        if self.seated == self.clients:
            self.measure_from = time.monotonic() + SETTLE_SECONDS
            self.until = self.measure_from + self.seconds

    def measuring(self, moment: float) -> bool:
        return self.measure_from <= moment < self.until

    def note(self, tally: Tally, started: float, error: str = "") -> None:
        if self.measuring(started):
            if error:
                tally.errors.append(error)
            else:
                tally.latencies_ms.append((time.monotonic() - started) * 1000)


class Stream:
    """One EventSource: its own connection, reconnecting after the server's retry with Last-Event-ID."""

    def __init__(self, port: int, cookie: str, path: str) -> None:
        self.port, self.cookie, self.path = port, cookie, path
        self.last_id = ""
        self.retry = 3.0
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.chunked = False
        self.buffer = b""

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        lines = [f"GET {self.path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}", f"Cookie: {self.cookie}"]
        lines += ["Accept: text/event-stream", "Cache-Control: no-cache"]
        if self.last_id:
            lines.append(f"Last-Event-ID: {self.last_id}")
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
        await self.writer.drain()
        head = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").lower()
        status = int(head.split()[1])
        if status != 200:
            raise Cut(f"stream HTTP {status}")
        self.chunked = "transfer-encoding: chunked" in head
        self.buffer = b""

    async def _more(self) -> bytes:
        if not self.chunked:
            data = await self.reader.read(65536)
            if not data:
                raise Cut("stream closed")
            return data
        size = int((await self.reader.readuntil(b"\r\n")).strip() or b"0", 16)
        if size == 0:
            raise Cut("stream ended")
        data = await self.reader.readexactly(size + 2)
        return data[:-2]

    async def event(self) -> str:
        """The next event's id (comments and the retry line are read past)."""
        while True:
            while b"\n\n" not in self.buffer:
                try:
                    self.buffer += await self._more()
                except (ConnectionError, asyncio.IncompleteReadError) as error:
                    raise Cut(type(error).__name__) from error
            block, self.buffer = self.buffer.split(b"\n\n", 1)
            found = ""
            for line in block.decode().split("\n"):
                if line.startswith("retry: "):
                    self.retry = int(line[7:]) / 1000
                elif line.startswith("id: "):
                    found = line[4:]
            if found:
                self.last_id = found
                return found

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(ConnectionError):
                await self.writer.wait_closed()
        self.reader = self.writer = None


async def page(run: Run, client: Phone, path: str, pattern: re.Pattern[str]) -> tuple[str, str]:
    """Load the page until it answers: its poller's address and its stream's."""
    while True:
        started = time.monotonic()
        try:
            status, _, body = await client.request("GET", path)
        except Cut as cut:
            run.note(run.pages, started, f"page: {cut}")
            await asyncio.sleep(1)
            continue
        text = body.decode()
        poller, stream = pattern.search(text), STREAM.search(text)
        if status == 200 and poller and stream:
            run.note(run.pages, started)
            return html.unescape(poller.group(1)), html.unescape(stream.group(1))
        run.note(run.pages, started, f"page: HTTP {status}")
        await asyncio.sleep(1)


async def follow(run: Run, client: Phone, poller: str, pattern: re.Pattern[str], games: list[int], seen: dict) -> str:
    """One poll as the page's poller asks; a 200's regions are timed against the hands they bring."""
    started = time.monotonic()
    try:
        status, _, body = await client.request("GET", poller, headers={"HX-Request": "true"})
    except Cut as cut:
        run.note(run.polls, started, f"poll: {cut}")
        return poller
    if status not in (200, 204):
        run.note(run.polls, started, f"poll: HTTP {status}")
        return poller
    run.note(run.polls, started)
    if status == 200:
        found = pattern.search(body.decode())
        poller = html.unescape(found.group(1)) if found else poller
        now = time.monotonic()
        for game_id in games:
            sent = run.sent.get(game_id, 0.0)
            if sent > seen.get(game_id, 0.0):
                seen[game_id] = sent
                if run.measuring(sent):
                    run.totals.latencies_ms.append((now - sent) * 1000)
    return poller


async def reader(run: Run, client: Phone, path: str, pattern: re.Pattern[str], games: list[int], cookie: str) -> None:
    """A phone (games: its one game, timed) or a screen (its night's games) following its page."""
    rng = random.Random(hash((path, cookie)))
    await asyncio.sleep(rng.uniform(0, RAMP_SECONDS))
    poller, stream_path = await page(run, client, path, pattern)
    seen: dict[int, float] = {}
    if not run.streams:
        run.client_seated()
        while time.monotonic() < run.until and not run.stop.is_set():
            await asyncio.sleep(rng.uniform(*POLL_EVERY) if pattern is POLLER else SCREEN_POLL)
            poller = await follow(run, client, poller, pattern, games, seen)
        await client.close()
        return
    run.paged += 1
    await run.streams_go.wait()
    stream = Stream(run.port, cookie, stream_path)
    seated = False
    lost_at = None
    while not run.stop.is_set():
        try:
            await stream.open()
        except (Cut, OSError) as error:
            await asyncio.sleep(stream.retry)
            if lost_at is None and run.measuring(time.monotonic()):
                run.dropped.append(f"reopen: {error}")
            continue
        run.held += 1
        if lost_at is not None:
            run.reconnects.append(time.monotonic() - lost_at)
            lost_at = None
        if not seated:
            seated = True
            run.client_seated()
        try:
            while True:
                next_net = rng.uniform(SAFETY_NET * 0.8, SAFETY_NET * 1.2)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stream.event(), next_net)
                poller = await follow(run, client, poller, pattern, games, seen)
        except Cut as cut:
            run.held -= 1
            lost_at = time.monotonic()
            if run.measuring(lost_at):
                run.dropped.append(str(cut))
            await stream.close()
            await asyncio.sleep(stream.retry)
    await stream.close()
    await client.close()


async def scorer(run: Run, cookie: str, game_id: int, next_hands: dict[int, int], rng: random.Random) -> None:
    from django.urls import reverse

    form_url = reverse("games:hand-new", args=[game_id])
    phone = Phone(run.port, cookie)
    _, headers, form = await phone.request("GET", form_url)
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1).decode()
    phone.cookie = f"{cookie}; {headers['set-cookie'].split(';')[0]}"
    number = next_hands[game_id]
    while run.measure_from == float("inf"):
        await asyncio.sleep(1)
    await asyncio.sleep(max(0.0, run.measure_from - time.monotonic()) + rng.uniform(0, HAND_EVERY))
    while time.monotonic() < run.until:
        body = hand_form(number)
        from urllib.parse import urlencode

        data = urlencode({"csrfmiddlewaretoken": token, **body}, doseq=True).encode()
        await phone.close()
        started = time.monotonic()
        run.sent[game_id] = started
        try:
            status, _, _ = await phone.request(
                "POST", form_url, data, {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true"}
            )
        except Cut as cut:
            run.note(run.hands, started, f"hand {number}: {cut}")
        else:
            if status == 200:
                number += 1
                run.note(run.hands, started)
            else:
                run.note(run.hands, started, f"hand {number}: HTTP {status}")
        await asyncio.sleep(max(0.0, min(HAND_EVERY, run.until - time.monotonic())))
    await phone.close()


def fill_nights(tables: int) -> tuple[list[str], list[tuple[str, list[int]]], list[int], int]:
    """Nights of TABLES_A_NIGHT tables under way: a session per phone and scorer, each night's screen."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.sessions.backends.db import SessionStore
    from django.urls import reverse

    from games.models import League, Night, Player
    from games.views.night_screen import screen_token
    from rules import HandEntry

    user = get_user_model().objects.create_user("ann", password="load-test-only")
    league = League.create_for(user, "Club night")
    screens, games, first_hand = [], [], 3
    for number in range(0, tables, TABLES_A_NIGHT):
        count = min(TABLES_A_NIGHT, tables - number)
        players = Player.objects.bulk_create(
            Player(league=league, name=f"Player {number * 4 + n}") for n in range(4 * count)
        )
        night = Night.begin(
            league, players, "standard", {"target": 10_000}, 1, league.today(), name=f"N{number}", seed=1
        )
        night.start_round(1, user)
        night_games = []
        for table in night.round_set.get(number=1).tables.select_related("game").order_by("number"):
            for hand in range(1, first_hand):
                table.game.record_hand(hand, HandEntry.cards([4, 3, 3, 3], hand % 4), user)
            night_games.append(table.game.pk)
        games += night_games
        screens.append((reverse("games:night-screen", args=[screen_token(night)]), night_games))
    cookies = []
    for _ in range(5 * len(games)):
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        cookies.append(f"{settings.SESSION_COOKIE_NAME}={session.session_key}")
    return cookies, screens, games, first_hand


def workers_rss_kb(master: int) -> int:
    """The resident memory of the server's workers, summed (kB)."""
    children = subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True).stdout.split()
    total = 0
    for pid in children:
        try:
            with open(f"/proc/{pid}/status") as status:
                total += next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
        except (OSError, StopIteration):
            pass
    return total


async def night_load(server, cookies, screens, games, seconds: int, streams: bool) -> Run:
    from django.urls import reverse

    from games.models import Game

    # The hands the last phase recorded are in the database: each table goes on from its next.
    counted = Game.objects.filter(pk__in=games).values_list("pk", "hand_count")
    next_hands = {pk: count + 1 async for pk, count in counted}

    run = Run(server.port, streams, 4 * len(games) + len(screens), seconds)
    rng = random.Random(38)
    tasks = []
    for table, game_id in enumerate(games):
        path = reverse("games:game-detail", args=[game_id])
        for seat in range(4):
            cookie = cookies[4 * table + seat]
            # Seat 0 is the scorer's own phone: the other three are timed.
            timed = [game_id] if seat else []
            tasks.append(reader(run, Phone(server.port, cookie), path, POLLER, timed, cookie))
        tasks.append(scorer(run, cookies[4 * len(games) + table], game_id, next_hands, random.Random(rng.random())))
    for path, night_games in screens:
        tasks.append(reader(run, Phone(server.port, ""), path, SCREEN, night_games, ""))
    running = [asyncio.ensure_future(task) for task in tasks]
    memory = run.memory
    if streams:
        while run.paged < run.clients:
            await asyncio.sleep(0.5)
        await asyncio.sleep(2)
        memory["before"] = workers_rss_kb(server.process.pid)
        run.streams_go.set()
    while run.measure_from == float("inf"):
        await asyncio.sleep(1)
    await asyncio.sleep(max(0.0, run.measure_from - time.monotonic()))
    if streams:
        memory["held"], memory["streams"] = workers_rss_kb(server.process.pid), run.held
    await asyncio.sleep(max(0.0, run.until - time.monotonic()))
    if streams:
        run.restarts = await restarts(server, run)
    run.stop.set()
    for task in running:
        task.cancel()
    await asyncio.gather(*running, return_exceptions=True)
    return run


async def restarts(server, run: Run) -> list[str]:
    """A graceful reload (SIGHUP) and a full restart: how many streams come back, and how soon."""
    lines = []
    for name in ("reload (SIGHUP)", "restart (stop, start)"):
        run.reconnects.clear()
        expected = run.held
        started = time.monotonic()
        if name.startswith("reload"):
            server.process.send_signal(signal.SIGHUP)
        else:
            await asyncio.get_running_loop().run_in_executor(None, server.stop)
            await asyncio.get_running_loop().run_in_executor(None, server.start)
        deadline = started + 60
        while time.monotonic() < deadline and (len(run.reconnects) < expected or run.held < expected):
            await asyncio.sleep(0.5)
        back = sorted(run.reconnects)
        if back:
            lines.append(
                f"{name}: {len(back)} of {expected} streams came back by themselves, "
                f"p50 {back[len(back) // 2]:.1f} s, last {back[-1]:.1f} s after they dropped "
                f"({time.monotonic() - started:.1f} s after the signal); held now {run.held}"
            )
        else:
            lines.append(f"{name}: no stream dropped; held now {run.held}")
        await asyncio.sleep(5)
    return lines


def push_night(arguments) -> int:
    from benchmarks.server import ScratchServer

    tables, seconds = arguments.tables, arguments.seconds
    with ScratchServer(arguments.workers, arguments.database_url, arguments.port) as server:
        cookies, screens, games, _first_hand = fill_nights(tables)
        print(
            f"{tables} tables ({4 * tables} phones) and {len(screens)} screens, a hand every {HAND_EVERY:.0f} s "
            f"a table; measured {seconds} s a phase; load average {' '.join(f'{n:.2f}' for n in os.getloadavg())}"
        )
        results = {}
        for phase, worker, streams in (("poll", "gthread", False), ("push", "asgi", True)):
            server.env["GUNICORN_WORKER_CLASS"] = worker
            server.start()
            run = asyncio.run(night_load(server, cookies, screens, games, seconds, streams))
            server.stop()
            results[phase] = run
            report(phase, worker, run, seconds)
        ok = all(not run.totals.errors for run in results.values())
        push = results["push"]
        ordered = sorted(push.totals.latencies_ms) or [float("inf")]
        p50, p99 = ordered[len(ordered) // 2], ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        errors = sum(len(t.errors) for t in (push.polls, push.hands, push.pages)) + len(push.dropped)
        met = ok and p50 <= 150 and p99 <= 500 and errors == 0
        print(
            f"push: Record -> totals p50 <= 150 ms, p99 <= 500 ms, 0 errors, 0 dropped: {'met' if met else 'NOT met'}"
        )
        return 0 if met else 1


def report(phase: str, worker: str, run: Run, seconds: float) -> None:
    print(f"--- {phase} ({worker} worker) ---")
    print(run.totals.line("totals", seconds).replace("req/s", "/s   "))
    for name, tally in (("polls", run.polls), ("hands", run.hands), ("pages", run.pages)):
        if tally.latencies_ms or tally.errors:
            print(tally.line(name, seconds))
    errors = [error for tally in (run.polls, run.hands, run.pages) for error in tally.errors]
    for error in sorted(set(errors))[:10]:
        print(f"  {errors.count(error)} x {error}")
    if run.streams:
        memory = run.memory
        per = (memory["held"] - memory["before"]) / max(1, memory["streams"])
        print(
            f"streams held {memory['streams']}, dropped in the window {len(run.dropped)}; workers' memory "
            f"{memory['before'] / 1024:.0f} MB with every page loaded, {memory['held'] / 1024:.0f} MB with every "
            f"stream held too: {per:.1f} kB a stream"
        )
        for line in run.restarts:
            print(line)
    print(f"(load average {' '.join(f'{n:.2f}' for n in os.getloadavg())})")
