"""Importing a big league file while another league's table keeps scoring.

    .venv/bin/python benchmarks/league_import.py [--games 5000] [--database-url postgres://...]

Seeds a scratch database (SQLite in a temporary folder unless --database-url
names a PostgreSQL one, whose tables are migrated and whose rows this run
adds are removed at the end) with a league of 5,000 random games, each hand
with the History line of its scorer, and exports its league file. Then it
imports that file as a new league while a second thread, another league's
phone, records a hand every 50 ms through Game.record_hand (starting a new
game when one ends), and prints the import's time and how long each hand
took meanwhile: the worst is the longest another table waited on the
import. Issue 22 asks for an import within 5 s and no hand waiting over 1 s.

Only the figures of one run compare with each other; this machine is shared.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("--games", type=int, default=5000)
parser.add_argument("--players", type=int, default=100)
parser.add_argument("--database-url", default=None, help="a PostgreSQL database to use instead of scratch SQLite")
ARGS = parser.parse_args()

# The database must be chosen before Django reads its settings.
WORKDIR = tempfile.TemporaryDirectory(prefix="league-import-")
os.environ["SQLITE_PATH"] = str(Path(WORKDIR.name) / "league.sqlite3")
if ARGS.database_url:
    os.environ["DATABASE_URL"] = ARGS.database_url
else:
    os.environ.pop("DATABASE_URL", None)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
os.environ.setdefault("DJANGO_SECRET_KEY", "benchmark-only")
os.environ["DJANGO_DEBUG"] = "false"

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, connections  # noqa: E402

from games.league_file import restore  # noqa: E402
from games.league_file.export import export_league  # noqa: E402
from games.league_file.restore import import_league  # noqa: E402
from games.models import Game, Hand, HandRevision, League, Player  # noqa: E402
from tests.games.league_seed import random_entry, seed_league  # noqa: E402


class OtherTable(threading.Thread):
    """Another league's phone: a hand every 50 ms, each timed, until told to stop."""

    def __init__(self, league: League, players: list[Player]) -> None:
        super().__init__(daemon=True)
        self.league, self.players = league, players
        self.stop = threading.Event()
        self.waits: list[tuple[float, float]] = []  # (when it started, how long it took)
        self.errors: list[str] = []

    def run(self) -> None:
        rng = random.Random(7)
        game = None
        try:
            while not self.stop.is_set():
                start = time.perf_counter()
                try:
                    # A new game when the last one is over: the table's other write.
                    if game is None or game.status not in (Game.Status.IN_PROGRESS, Game.Status.TIE_BREAK):
                        game = Game.start(self.league, "standard", self.players)
                    else:
                        entry = random_entry(game.state().setup, rng)
                        game.record_hand(game.hand_count + 1, entry)
                        game.refresh_from_db()
                except Exception as error:  # a lock that timed out is what is measured, not a crash
                    self.errors.append(f"{type(error).__name__}: {error}")
                self.waits.append((start, time.perf_counter() - start))
                time.sleep(0.05)
        finally:
            connections.close_all()


def main() -> None:
    call_command("migrate", verbosity=0)
    User = get_user_model()
    owner = User.objects.create_user(f"import-bench-{os.getpid()}", password="not-used")
    made = []
    try:
        big = League.create_for(owner, "The big house")
        made.append(big)
        took = time.perf_counter()
        seed_league(big, games=ARGS.games, players=ARGS.players)
        # Played at the table, each hand has the History line of its scorer.
        HandRevision.objects.bulk_create(
            (
                HandRevision(game_id=game_id, number=number, action=HandRevision.Action.ADDED, after=entry,
                             user=owner, at=created_at)
                for game_id, number, entry, created_at in Hand.objects.filter(game__league=big).values_list(
                    "game_id", "number", "entry", "created_at"
                ).iterator()
            ),
            batch_size=2000,
        )  # fmt: skip
        document = export_league(big)
        print(f"{connection.vendor}: seeded and exported {ARGS.games} games in {time.perf_counter() - took:.1f} s")

        other = League.create_for(owner, "The other table")
        made.append(other)
        players = [Player.objects.create(league=other, name=name) for name in ["Ann", "Ben", "Cat", "Dan"]]
        # Each write's own time: a chunk of games, and the figures (standings, seasons: in steps);
        # and the rating of the file's games, before the first chunk.
        writes: list[tuple[str, float]] = []

        def timed(label, write):
            def run(*args, **kwargs):
                start = time.perf_counter()
                try:
                    return write(*args, **kwargs)
                finally:
                    if threading.current_thread() is threading.main_thread():  # not the other table's
                        writes.append((label, time.perf_counter() - start))

            return run

        restore._store_games = timed("chunk", restore._store_games)
        restore.rate_played = timed("ratings", restore.rate_played)
        League.rebuild_results_in_steps = timed("figures", League.rebuild_results_in_steps)
        table = OtherTable(other, players)
        table.start()
        time.sleep(1)  # the table's rhythm before the import
        began = time.perf_counter()
        imported = import_league(document, owner, as_copy=True)
        ended = time.perf_counter()
        made.append(imported)
        time.sleep(0.5)
        table.stop.set()
        table.join()

        during = [wait for start, wait in table.waits if start <= ended and start + wait >= began]
        before = [wait for start, wait in table.waits if start < began - 1]
        print(f"import of the {ARGS.games}-game file: {ended - began:.2f} s")
        print(f"the other league's hands during it: {len(during)}, ", end="")
        if during:
            print(f"median {statistics.median(during) * 1000:.0f} ms, worst {max(during) * 1000:.0f} ms", end="")
        if before:
            print(f" (before it: median {statistics.median(before) * 1000:.0f} ms)", end="")
        print(f"; errors: {len(table.errors)}" + (f" ({table.errors[0]})" if table.errors else ""))
        chunks = [took for label, took in writes if label == "chunk"]
        rated = [took for label, took in writes if label == "ratings"]
        figures = [took for label, took in writes if label == "figures"]
        if rated:
            print(f"the file's games rated before the first write: {rated[-1] * 1000:.0f} ms")
        if chunks:
            print(
                f"the import's writes: {len(chunks)} chunks of games, the longest {max(chunks) * 1000:.0f} ms", end=""
            )
        print(f"; standings and seasons (in steps) {figures[-1] * 1000:.0f} ms in all" if figures else "")
    finally:
        for league in made:
            league.discard()
        owner.delete()
        WORKDIR.cleanup()


if __name__ == "__main__":
    main()
