"""The red-team race of issue 19 through a real server: three phones recording hands while an organizer merges players.

    .venv/bin/python benchmarks/merge_race.py [--rounds 20] [--port 8150] [--database-url postgres://...]

gunicorn (benchmarks/server.py, three workers: real processes, not the
test suite's threads) serves a scratch database, SQLite by default. Each
round starts three games that seat a duplicate of a player; each game's
phone posts two hands (the second ends the game, which re-rates the
league) while the organizer merges the duplicate into the real name, all
at once. Prints every answer's status by kind, the count of 5xx, and
whether anything was half-written (a game without both hands, not over,
or still seating the duplicate). tests/ops/test_merge_race.py plays the
same race inside the test suite. Run it from a checkout of the code to
measure (a copy of an older commit measures the code before a fix).
"""

from __future__ import annotations

import argparse
import http.client
import sys
import threading
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.server import ScratchServer  # noqa: E402

PHONES = 3
# A fixed CSRF secret for the cookie and the header: the phones skip fetching a page first.
CSRF = "r" * 32


def post(server: ScratchServer, path: str, cookie: str, form: dict) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    body = urlencode(form)
    headers = {
        "Cookie": f"{cookie}; csrftoken={CSRF}",
        "X-CSRFToken": CSRF,
        "HX-Request": "true",
        "Content-Type": "application/x-www-form-urlencoded",
        "Referer": server.url("/"),
    }
    try:
        connection.request("POST", path, body=body, headers=headers)
        return connection.getresponse().status
    except OSError:
        return 0  # no answer at all counts as an error
    finally:
        connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--port", type=int, default=8150)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()

    server = ScratchServer(workers=3, database_url=args.database_url)
    server.port = args.port
    server.env["PORT"] = str(args.port)
    with server:
        from django.contrib.auth import get_user_model
        from django.urls import reverse

        from games.models import Game, League, Membership, Player

        users = get_user_model().objects
        owner = users.create_user("organizer", password="not-used")
        league = League.create_for(owner, "Race night")
        phones = []
        for index in range(PHONES):
            scorer = users.create_user(f"scorer{index}", password="not-used")
            Membership.objects.create(league=league, user=scorer, role=Membership.Role.SCORER)
            phones.append(server.session_cookie(scorer))
        organizer = server.session_cookie(owner)
        names = ["Dana", "Ben", "Cat", "Eve"]
        seated = [Player.objects.create(league=league, name=name) for name in names]
        Game.start(league, "standard", seated)
        others = seated[1:]
        server.start()

        statuses: Counter = Counter()
        try:
            for round_number in range(args.rounds):
                duplicate = Player.objects.create(league=league, name=f"Dana {round_number}")
                games = [
                    Game.start(league, "standard", [duplicate, *others], options={"target": 30}) for _ in range(PHONES)
                ]
                merge = reverse("games:player-merge", args=[league.pk, duplicate.pk])
                start = threading.Barrier(PHONES + 1)
                answers: list[tuple[str, int]] = []

                def phone(index: int, games=games, round_number=round_number, start=start, answers=answers) -> None:
                    start.wait()
                    url = reverse("games:hand-new", args=[games[index].pk])
                    for number in (1, 2):
                        # Ben takes the queen and 4 hearts twice: 34, past 30; Eve (2) wins.
                        form = {"number": number, "key": f"r{round_number}-p{index}-h{number}", "queen": 1,
                                "hearts_0": 5, "hearts_1": 4, "hearts_2": 3, "hearts_3": 1}  # fmt: skip
                        answers.append(("hand", post(server, url, phones[index], form)))

                def merging(merge=merge, start=start, answers=answers) -> None:
                    start.wait()
                    answers.append(("merge", post(server, merge, organizer, {"into": seated[0].pk})))

                threads = [threading.Thread(target=phone, args=(index,)) for index in range(PHONES)]
                threads.append(threading.Thread(target=merging))
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join()
                statuses.update(answers)
        finally:
            server.stop()

        errors = sum(count for (_, status), count in statuses.items() if status >= 500 or status == 0)
        posts = sum(statuses.values())
        print(f"{args.rounds} rounds, {posts} requests: " + ", ".join(
            f"{what} {status}: {count}" for (what, status), count in sorted(statuses.items())))  # fmt: skip
        print(f"5xx or no answer: {errors}")
        half = 0
        for game in Game.objects.filter(league=league).exclude(number=1).prefetch_related("seats__player", "hands"):
            hands = sorted(hand.number for hand in game.hands.all())
            players = [seat.player.name for seat in game.ordered_seats()]
            if hands not in ([], [1], [1, 2]) or game.hand_count != len(hands) or (
                    hands == [1, 2] and game.status != Game.Status.OVER):  # fmt: skip
                half += 1
            if players[0] not in ("Dana", f"Dana {game.number}") and not players[0].startswith("Dana"):
                half += 1
        stored = sum(1 for _ in Game.objects.filter(league=league, hand_count=2))
        print(f"games with both hands stored: {stored} of {PHONES * args.rounds}; half-written games: {half}")
        seen = server.log.read_text(errors="replace")
        print(f"tracebacks in gunicorn's log: {seen.count('Traceback')}")


if __name__ == "__main__":
    main()
