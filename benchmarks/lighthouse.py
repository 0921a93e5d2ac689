"""Lighthouse scores and page weight of the game page and the hand-entry page, as a phone sees them.

    .venv/bin/python benchmarks/lighthouse.py            # or: make lighthouse

Serves the app with production settings (gunicorn, hashed and compressed
static files) on 127.0.0.1 against a scratch database holding one game,
then runs Lighthouse 12 (mobile, simulated slow 4G) on each page, logged in
through a session cookie. Lighthouse is installed once with npm into
var/lighthouse/ (git-ignored); Chromium is Debian's (CHROME_PATH).

Prints each page's scores and what its first load transfers, and checks the
budget: performance >= 95, accessibility 100, best practices >= 95, and the
hand-entry page under 68 KB in at most 6 requests.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.server import ROOT, ScratchServer

LIGHTHOUSE_DIR = ROOT / "var" / "lighthouse"
LIGHTHOUSE = LIGHTHOUSE_DIR / "node_modules" / ".bin" / "lighthouse"
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking"

SCORES = {"performance": 95, "accessibility": 100, "best-practices": 95}
WEIGHT_BUDGET = 60 * 1024
REQUEST_BUDGET = 6


def install_lighthouse() -> None:
    if LIGHTHOUSE.exists():
        return
    LIGHTHOUSE_DIR.mkdir(parents=True, exist_ok=True)
    print("Installing lighthouse@12 into var/lighthouse (once) ...", file=sys.stderr)
    subprocess.run(
        ["npm", "install", "--prefix", str(LIGHTHOUSE_DIR), "--no-audit", "--no-fund", "lighthouse@12"],
        check=True,
        stdout=subprocess.DEVNULL,
    )


def run_lighthouse(url: str, cookie: str, report: Path) -> dict:
    """Lighthouse's JSON report; a first run after install can fail with NO_NAVSTART, so try twice."""
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    for _attempt in range(2):
        report.unlink(missing_ok=True)
        subprocess.run(
            [
                str(LIGHTHOUSE),
                url,
                f"--chrome-flags={CHROME_FLAGS}",
                "--output=json",
                f"--output-path={report}",
                "--quiet",
                f"--extra-headers={json.dumps({'Cookie': cookie})}",
                "--only-categories=performance,accessibility,best-practices",
            ],
            env=env,
            check=False,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        result = json.loads(report.read_text()) if report.exists() else {"runtimeError": {"code": "NO_REPORT"}}
        if not result.get("runtimeError"):
            return result
    raise RuntimeError(f"Lighthouse failed on {url}: {result['runtimeError']}")


def first_load(result: dict) -> list[dict]:
    """The requests of the page's first load, with what each transferred."""
    items = result["audits"]["network-requests"]["details"]["items"]
    return [item for item in items if not item["url"].startswith("data:")]


def summarise(label: str, result: dict, budget: bool) -> bool:
    requests = first_load(result)
    transferred = sum(item.get("transferSize", 0) for item in requests)
    # A second fetch of the same file (the favicon, named by the page and the
    # manifest) is served from the browser's cache: no round trip.
    fetched = [item for item in requests if item.get("transferSize", 0) > 0]
    print(f"\n{label}: {result['finalDisplayedUrl']}")
    ok = True
    for key, minimum in SCORES.items():
        score = round(result["categories"][key]["score"] * 100)
        passed = score >= minimum
        ok &= passed
        print(
            f"  {result['categories'][key]['title']:<15} {score:>4}   (target {minimum}{'' if passed else ', MISSED'})"
        )
    for audit in (
        "first-contentful-paint",
        "largest-contentful-paint",
        "total-blocking-time",
        "cumulative-layout-shift",
    ):
        print(f"  {result['audits'][audit]['title']:<28} {result['audits'][audit]['displayValue']}")
        if result["audits"][audit].get("score") is not None and result["audits"][audit]["score"] < 0.9:
            print("    (below 90)")
    print(
        f"  first load: {len(fetched)} requests over the network ({len(requests) - len(fetched)} more from the "
        f"browser's cache), {transferred / 1024:.1f} KB transferred"
    )
    for item in requests:
        size, kind, path = item.get("transferSize", 0) / 1024, item.get("resourceType", ""), item["url"]
        print(f"    {size:6.1f} KB  {kind:<10} {path.split('127.0.0.1')[-1]}")
    if budget:
        within = transferred < WEIGHT_BUDGET and len(fetched) <= REQUEST_BUDGET
        ok &= within
        print(
            f"  budget: < {WEIGHT_BUDGET // 1024} KB in <= {REQUEST_BUDGET} requests: {'met' if within else 'MISSED'}"
        )
    failed = [
        f"{audit['id']}: {audit['title']}"
        for audit in result["audits"].values()
        if audit.get("score") == 0 and audit.get("scoreDisplayMode") == "binary"
    ]
    for line in failed:
        print(f"  failed audit  {line}")
    return ok


def fill_database():
    """The organizer, a four-player game with three hands, as a table would have it."""
    from django.contrib.auth import get_user_model

    from games.models import Game, League, Player
    from rules import HandEntry

    user = get_user_model().objects.create_user("ann", password="lighthouse-only")
    league = League.create_for(user, "Thursday house")
    players = [Player.objects.create(league=league, name=name) for name in ("Ann", "Ben", "Cat", "Dan")]
    game = Game.start(league, "standard", players, user=user)
    for number, entry in enumerate(
        [HandEntry.cards([3, 0, 10, 0], 1), HandEntry.cards([1, 2, 3, 7], 0), HandEntry.cards([0, 5, 5, 3], 2)], start=1
    ):
        game.record_hand(number, entry, user)
    return user, game


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", help="serve from this database instead of a scratch SQLite file")
    arguments = parser.parse_args()
    install_lighthouse()
    from django.urls import NoReverseMatch, reverse

    ok = True
    with ScratchServer(workers=2, database_url=arguments.database_url) as server:
        user, game = fill_database()
        cookie = server.session_cookie(user)
        pages = [("Game page", "games:game-detail", False), ("Hand entry", "games:hand-new", True)]
        server.start()
        for label, name, budget in pages:
            try:
                path = reverse(name, args=[game.pk])
            except NoReverseMatch:
                print(f"\n{label}: no URL named {name} yet; measuring the home page instead")
                path = reverse("games:home")
            # Kept in var/lighthouse/ for a closer look (Lighthouse's JSON report).
            result = run_lighthouse(server.url(path), cookie, LIGHTHOUSE_DIR / f"{name.split(':')[1]}.json")
            ok &= summarise(label, result, budget)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
