"""Load: 40 phones on one game while hands keep coming in, next to a trivial view.

    .venv/bin/python benchmarks/load.py [--seconds 60] [--phones 40]      # or: make load

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
errors of each phase and of the hand submissions. Target: no errors, and the
polled game page's p99 within 5 times the trivial view's.
"""

from __future__ import annotations

import argparse
import http.client
import json
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
    arguments = parser.parse_args()
    if not shutil.which("wrk"):
        print("load.py needs wrk: apt-get install wrk", file=sys.stderr)
        return 2

    from django.urls import reverse

    with ScratchServer(workers=arguments.workers, database_url=arguments.database_url) as server:
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
        print(f"polled game page p99 / trivial p99 = {poll.p99_ms / trivial.p99_ms:.1f} (target <= 5)")
        print(f"whole game page p99 / trivial p99 = {page.p99_ms / trivial.p99_ms:.1f}")
        print(f"errors {errors} (target 0)")
        return 0 if poll.p99_ms <= 5 * trivial.p99_ms and errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
