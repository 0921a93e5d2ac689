"""How a league of the most games a league holds backs up and restores, through a real server.

    .venv/bin/python benchmarks/league_backup.py [--games 20000] [--players 100]

Seeds a scratch database (benchmarks/server.py: gunicorn with gunicorn.conf.py,
its own SQLite file, deleted at the end) with one league of random but valid
games, then downloads through gunicorn, as a member's browser would:

- the league's backup (the streamed JSON export): the time to its first
  byte and to its last, next to the worker timeout of gunicorn.conf.py;
- games.csv and hands.csv;

and restores the backup with `manage.py import_league` (what the import
page tells an organizer to ask for when the file is over its limit), then
checks that the restored league has the same games and standings. It
prints what the import page says about a file of that size.

Only one run's figures compare with each other; the machine may be shared.
"""

from __future__ import annotations

import argparse
import http.client
import runpy
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.server import ScratchServer  # noqa: E402


def download(server: ScratchServer, path: str, cookie: str, into: Path) -> tuple[float, float, int]:
    """GET path through the server into a file: seconds to the first byte, to the last, and the bytes."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=600)
    start = time.perf_counter()
    connection.request("GET", path, headers={"Cookie": cookie})
    response = connection.getresponse()
    assert response.status == 200, (path, response.status)
    first = None
    size = 0
    with into.open("wb") as out:
        while chunk := response.read1(65536):
            if first is None:
                first = time.perf_counter() - start
            out.write(chunk)
            size += len(chunk)
    connection.close()
    return first or 0.0, time.perf_counter() - start, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--players", type=int, default=100)
    args = parser.parse_args()

    with ScratchServer(workers=1) as server:
        from django.contrib.auth import get_user_model
        from django.urls import reverse

        from games.forms import league_file_max_bytes
        from games.models import Game, League, Standing
        from tests.games.league_seed import seed_league

        owner = get_user_model().objects.create_user("owner", password="not-used")
        league = League.create_for(owner, "The biggest house")
        start = time.perf_counter()
        seed_league(league, games=args.games, players=args.players)
        print(f"Seeded {args.games:,} games between {args.players} players in {time.perf_counter() - start:.0f} s")

        server.start()
        cookie = server.session_cookie(owner)
        conf = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
        print(f"\nThrough gunicorn (gunicorn.conf.py: {conf['threads']} threads, a {conf['timeout']} s timeout):")
        backup = server.folder / "league.json"
        for label, name, into in [
            ("the league's backup (.json)", "games:league-export-json", backup),
            ("games.csv", "games:league-export-games", server.folder / "games.csv"),
            ("hands.csv", "games:league-export-hands", server.folder / "hands.csv"),
        ]:
            first, total, size = download(server, reverse(name, args=[league.pk]), cookie, into)
            print(f"  {label:28} first byte {first:6.2f} s, last {total:6.2f} s, {size / 1024 / 1024:5.1f} MB")
        import_page = server.folder / "import.html"
        download(server, reverse("games:league-import"), cookie, import_page)
        server.stop()

        size = backup.stat().st_size
        text = import_page.read_text(encoding="utf-8")
        says = text[text.index("This page takes files") :].split("</p>")[0]
        most = league_file_max_bytes()
        way = "manage.py import_league" if size > most else "the page"
        print(f"\nThe backup is {size / 2**20:.1f} MB; the import page takes up to {most // 2**20} MB,")
        print(f"so it goes through {way}. The page says:")
        print(f"  {' '.join(says.split())}")

        # A league's ceiling holds for the command too (settings.LEAGUE_MOST_*): a bigger league than
        # its default 20,000 games raises it, as its server's administrator would.
        env = dict(server.env)
        if args.games > League.MOST_GAMES:
            env["LEAGUE_MOST_GAMES"] = str(args.games)
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "manage.py", "import_league", str(backup), "--owner", "owner"],
            cwd=ROOT,
            env=env,
            check=True,
        )
        print(f"manage.py import_league took {time.perf_counter() - start:.1f} s")

        restored = League.objects.exclude(pk=league.pk).get()

        def standings(of: League) -> list[tuple]:
            return sorted(
                Standing.objects.filter(league=of).values_list("player__name", "variant", "games", "wins", "total")
            )

        same_games = Game.objects.filter(league=restored).count() == Game.objects.filter(league=league).count()
        print(f"Restored: the same number of games: {same_games}; "
              f"the same standings: {standings(restored) == standings(league)}")  # fmt: skip


if __name__ == "__main__":
    main()
