"""How fast the league's pages are for a big house league.

    .venv/bin/python benchmarks/league.py [--games 5000] [--players 100] [--requests 25]

Seeds a throwaway SQLite database (in a temporary folder, deleted at the
end) with one league of 5,000 random but valid games between 100 players,
then prints the median time of several requests through Django's test
Client for every history page (the standings, seasons, the archive, the
players' pages, a scoresheet, the league page), next to a trivial template
view measured in the same run: each should stay within 4 times the trivial
view. The pages that cache what they sum are timed again with the cache
emptied before each request, and then on the first visit after a game
ends (issue 22: within 5 times the trivial view). It also times the CSV and JSON downloads and
the work done when results change (re-rating after the newest game, and
after the oldest). benchmarks/league_backup.py takes the biggest league
through a real server and manage.py import_league.

Only the times printed by one run compare with each other; this machine is
shared, so run it when it is quiet and read the ratios, not the milliseconds.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# The database must be chosen before Django reads its settings.
WORKDIR = tempfile.TemporaryDirectory(prefix="league-bench-")
os.environ["SQLITE_PATH"] = str(Path(WORKDIR.name) / "league.sqlite3")
os.environ.pop("DATABASE_URL", None)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
os.environ.setdefault("DJANGO_SECRET_KEY", "benchmark-only")
os.environ["DJANGO_ALLOWED_HOSTS"] = "testserver"
os.environ["DJANGO_DEBUG"] = "false"

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.template import engines  # noqa: E402
from django.template.response import TemplateResponse  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import override_settings  # noqa: E402
from django.urls import include, path, reverse  # noqa: E402

from games import stats  # noqa: E402
from games.csv_export import hands_csv_rows  # noqa: E402
from games.league_file import restore  # noqa: E402
from games.league_file.export import export_league, export_league_json  # noqa: E402
from games.league_file.restore import import_league  # noqa: E402
from games.models import Game, Hand, HandRevision, League, Player, Season  # noqa: E402
from tests.games.league_seed import random_game, seed_league  # noqa: E402

TRIVIAL = engines["django"].from_string(
    '{% extends "base.html" %}{% block content %}<h1>Hello</h1><p>A trivial page.</p>{% endblock %}'
)


def trivial(request):
    return TemplateResponse(request, TRIVIAL)


# This module is the URLconf during the run: the app's URLs plus the trivial view.
urlpatterns = [path("bench/trivial/", trivial), path("", include("scorekeeper.urls"))]


def median_ms(client: Client, urls: dict[str, str], requests: int, before=None) -> dict[str, float]:
    """Each page's median time, the pages taken in turn so that a busy moment
    of the machine falls on all of them alike. before: what to do before each
    request, untimed (empty the cache, end a game), the trivial view's too, so
    that it is measured in the same state of the machine as the pages."""
    times: dict[str, list[float]] = {label: [] for label in urls}
    for url in urls.values():
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
    # The seeding left many objects behind: keep the collector from charging
    # its sweeps of them to whichever request happens to trigger one.
    gc.collect()
    gc.freeze()
    for _ in range(requests):
        for label, url in urls.items():
            if before:
                before()
            gc.collect()
            start = time.perf_counter()
            client.get(url)
            times[label].append(time.perf_counter() - start)
    return {label: statistics.median(values) * 1000 for label, values in times.items()}


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--requests", type=int, default=31)
    parser.add_argument(
        "--league-file",
        action="store_true",
        help="time only the league file (its export, size and import), each hand with its History as the table left it",
    )
    args = parser.parse_args()

    call_command("migrate", verbosity=0)
    owner = get_user_model().objects.create_user("owner", password="not-used")
    league = League.create_for(owner, "The big house")
    seeding = timed(lambda: seed_league(league, games=args.games, players=args.players))
    counted = Game.objects.counted().filter(league=league).count()
    print(f"Seeded {args.games} games ({counted} counted) between {args.players} players in {seeding / 1000:.1f} s")
    if args.league_file:
        # Played at the table, each hand has the History line of its scorer.
        HandRevision.objects.bulk_create(
            (
                HandRevision(game_id=game_id, number=number, action=HandRevision.Action.ADDED, after=entry,
                             user=owner, at=created_at)
                for game_id, number, entry, created_at in Hand.objects.filter(game__league=league).values_list(
                    "game_id", "number", "entry", "created_at"
                ).iterator()
            ),
            batch_size=2000,
        )  # fmt: skip
        league_file(league, owner, args.games)
        return

    client = Client()
    client.force_login(owner)
    player = league.players.order_by("name").first()
    game = Game.objects.filter(league=league).order_by("-created_at").first()
    standings = reverse("games:league-standings", args=[league.pk])
    games = reverse("games:league-games", args=[league.pk])
    next_year = date.today().year + 1  # the last year a season may reach
    league.public_token = "a-public-token-for-the-benchmark"
    league.save(update_fields=["public_token"])
    player_page = reverse("games:player-detail", args=[league.pk, player.pk])
    # The seeded games run from 2024 into 2025: the calendar years are the league's seasons
    # until an organizer names one, as here, over every game.
    every_game = Season.add(league, "Every game", date(2020, 1, 1), date(next_year, 12, 31))
    pages = [
        ("trivial template view", "/bench/trivial/", False),
        ("standings", standings, True),
        ("standings, sorted by average", standings + "?sort=avg_total", True),
        ("standings, a season of 3 months", standings + "?variant=standard&since=2024-03-01&until=2024-05-31", True),
        ("standings, a season of every date", standings + f"?since=2020-01-01&until={next_year}-12-31", True),
        ("standings, a saved season (every game)", standings + f"?season={every_game.pk}", True),
        ("standings, a saved season, a variant", standings + f"?season={every_game.pk}&variant=standard", True),
        ("archive", games, True),
        ("archive, page 50 filtered", games + "?status=over&variant=standard&page=50", True),
        ("player page", player_page, True),
        (
            "player page, a variant and a year",
            player_page + "?variant=standard&since=2024-01-01&until=2024-12-31",
            True,
        ),
        ("player page, a saved season", player_page + f"?season={every_game.pk}", True),
        ("player page, public link", reverse("games:public-player", args=[league.public_token, player.pk]), True),
        ("scoresheet", reverse("games:game-scoresheet", args=[game.pk]), True),
        ("league page with its charts", reverse("games:league-detail", args=[league.pk]), True),
    ]
    alone = median_ms(client, {"trivial": "/bench/trivial/"}, args.requests)["trivial"]
    results = median_ms(client, {label: url for label, url, _ in pages}, args.requests)
    base = results["trivial template view"]
    print(f"\nMedian of {args.requests} requests through the test Client, the pages taken in turn")
    print(f"(the trivial view alone, {args.requests} requests in a row: {alone:.2f} ms):")
    print(f"  {'':36} {'':>10}  {'x trivial':>9}  {'x alone':>7}")
    for label, _, required in pages:
        ratio, worst = results[label] / base, results[label] / min(base, alone)
        verdict = ("ok" if ratio <= 4 else "TOO SLOW") if required else ""
        print(f"  {label:38} {results[label]:7.2f} ms  {ratio:8.1f}x  {worst:6.1f}x  {verdict}")

    # The pages that keep what they sum in the cache until the results change (League.results_version).
    cached = [
        "trivial template view", "standings, a season of 3 months", "player page",
        "player page, a variant and a year", "player page, public link", "league page with its charts",
    ]  # fmt: skip
    urls = {label: url for label, url, _ in pages if label in cached}
    cold = median_ms(client, urls, args.requests, before=cache.clear)
    print("\nThe pages with a cache, the cache emptied before each request (every figure worked out afresh):")
    for label in cached[1:]:
        print(f"  {label:38} {cold[label]:7.2f} ms  {cold[label] / cold['trivial template view']:8.1f}x")

    # The first visit after a change, as at a club night: a game played through the scorer's
    # own operations, by the page's player and the three highest rated, ends before each request.
    leaders = [row.player_id for row in stats.standings(league, sort="rating") if row.player_id != player.pk][:3]
    table = [player, *Player.objects.filter(pk__in=leaders)]
    rng = random.Random(22)
    ended = []

    def end_a_game() -> None:
        game = Game.start(league, "standard", table, first_dealer=rng.randrange(len(table)))
        for number, entry in enumerate(random_game(game.state().setup, rng), start=1):
            game.record_hand(number, entry)
        game.refresh_from_db()
        ended.append(game.status)

    after = median_ms(client, urls, args.requests, before=end_a_game)
    print(f"\nThe same, a game ending before each request ({ended.count('over')} of {len(ended)} games over):")
    print(f"  {'':36} {'':>10}  {'x trivial':>9}  {'x alone':>7}")
    for label in cached[1:]:
        ratio = after[label] / after["trivial template view"]
        worst = after[label] / min(after["trivial template view"], alone)
        print(
            f"  {label:38} {after[label]:7.2f} ms  {ratio:8.1f}x  {worst:6.1f}x  {'ok' if ratio <= 5 else 'TOO SLOW'}"
        )

    print("\nDownloads through the test Client, the whole streamed file:")
    for label, name in [("games.csv", "games:league-export-games"), ("hands.csv", "games:league-export-hands"),
                        ("the league's backup (.json)", "games:league-export-json")]:  # fmt: skip
        url = reverse(name, args=[league.pk])
        took = timed(lambda url=url: b"".join(client.get(url).streaming_content))
        print(f"  {label:38} {took:8.1f} ms")

    ordered = Game.objects.counted().filter(league=league).in_order_of_play()
    newest, oldest = ordered.last(), ordered.first()
    print("\nWhen results change (ratings and standings recomputed):")
    for label, since in [("the newest game", newest), ("the oldest game (every game re-rated)", oldest)]:
        players = set(since.seats.values_list("player_id", flat=True))
        took = timed(lambda since=since, players=players: league.results_changed(since, players))
        print(f"  after {label:38} {took:8.1f} ms")
    print(f"  the whole league from scratch           {timed(lambda: league.results_changed()):8.1f} ms")
    year = Season.add(league, "2024", date(2024, 1, 1), date(2024, 12, 31))
    year_games = Game.objects.counted().filter(league=league, played_on__year=2024).count()
    print(f"  a season of one year ({year_games} games) rated afresh {timed(year.refresh):8.1f} ms")
    print(f"  a season of every game (Standing copied) {timed(every_game.refresh):8.1f} ms")

    league_file(league, owner, args.games)


def league_file(league: League, owner, games: int) -> None:
    """The league file's export and import, in wall-clock and in CPU time: the process's own work,
    SQLite's included, which a machine shared with other jobs disturbs far less than the clock."""
    print("\nExport and import of the whole league (wall clock, and this process's CPU time):")

    def show(label: str, action) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        action()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(f"  {label:38} {wall * 1000:8.1f} ms  {cpu * 1000:8.1f} ms CPU")

    document = {}
    show("export as JSON", lambda: document.update(export_league(league)))
    backup = Path(WORKDIR.name) / "backup.json"

    def stream() -> None:
        with backup.open("w", encoding="utf-8") as out:
            out.writelines(export_league_json(league))

    show("export streamed to a file", stream)
    size = backup.stat().st_size
    print(f"  the file: {size / 1024 / 1024:.1f} MB, {size / games / 1024:.2f} KB a game")
    show("hands.csv rows (the hands' results)", lambda: sum(1 for _ in hands_csv_rows(league)))
    show("import into a new league", lambda: import_league(document, owner, as_copy=True))
    # Of which the writes (in short transactions, a chunk of games each: what others wait on SQLite is one chunk):
    name, settings, names, games, _ = restore._read_document(document)
    records = [restore._read_game(number, game, names) for number, game in enumerate(games, start=1)]
    show(
        "  of which the writes (chunked)",
        lambda: restore._store_league(owner, name + " 2", settings, names, records),
    )


if __name__ == "__main__":
    static = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        # No collectstatic in a throwaway run: serve names as they are.
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    try:
        with override_settings(ROOT_URLCONF=__name__, STORAGES=static):
            main()
    finally:
        WORKDIR.cleanup()
