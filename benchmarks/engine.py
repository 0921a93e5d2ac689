"""How fast the rules engine scores a league: `make bench`, or run this file.

Builds a synthetic league of 1,000 games of about 20 hands each (mixed
variants and tables, seeded so every run scores the same games), scores
them all with rules.play on one core, and prints hands per second for the
best of a few repeats. `--profile` prints where the time goes instead.

The second figure scores copies of the setups made afresh for each repeat,
as a request builds its GameSetup: what the engine works out once per setup
(GameSetup's cached properties, its Scoring) is paid again there, and
cannot flatter the figure by being kept from an earlier repeat.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules import GameSetup, HandEntry, play

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
TABLES = {
    "standard": (3, 4, 5, 6, 7),
    "omnibus": (3, 4, 5, 6, 7),
    "ricketts": (4,),
    "3d": (3, 4, 5, 6, 7, 8),
}


def league(games: int, hands: int, seed: int) -> list[tuple[GameSetup, list[HandEntry]]]:
    """Games that the engine accepts in full: each stops at the hand that ends it."""
    rng = random.Random(seed)
    out = []
    while len(out) < games:
        variant = rng.choice(list(TABLES))
        seats = rng.choice(TABLES[variant])
        # A high target keeps most games going for all their hands.
        options = {"target": rng.choice([100, 150, 250, 500])}
        setup = GameSetup.create(variant, NAMES[:seats], options, rng.randrange(seats))
        entries = []
        state = play(setup, [])
        for _ in range(rng.randint(hands - 5, hands + 5)):
            if state.is_over:
                break
            entry = random_hand(setup, rng)
            state = state.after(entry)
            entries.append(entry)
        out.append((setup, entries))
    return out


def random_hand(setup: GameSetup, rng: random.Random) -> HandEntry:
    seats = setup.seats
    if rng.random() < 0.02:
        return HandEntry.revoked(rng.randrange(seats))
    queen = rng.randrange(seats)
    hearts = [0] * seats
    if rng.random() < 0.05:
        hearts[queen] = setup.hearts_in_play
    else:
        for _ in range(setup.hearts_in_play):
            hearts[rng.randrange(seats)] += 1
    jack = rng.randrange(seats) if setup.options.jack_of_diamonds else None
    entry = HandEntry.cards(hearts, queen, jack)
    if setup.options.moon == "choice" and hearts[queen] == setup.hearts_in_play:
        entry = HandEntry.cards(hearts, queen, jack, rng.choice(["add", "subtract"]))
    return entry


def score_all(games: list[tuple[GameSetup, list[HandEntry]]]) -> None:
    for setup, entries in games:
        play(setup, entries)


def afresh(games: list[tuple[GameSetup, list[HandEntry]]]) -> list[tuple[GameSetup, list[HandEntry]]]:
    """The same games with new GameSetups, none of their cached properties worked out yet."""
    return [(GameSetup(s.variant, s.options, s.players, s.first_dealer), entries) for s, entries in games]


def best_time(games: list[tuple[GameSetup, list[HandEntry]]], repeats: int, fresh: bool) -> float:
    best = float("inf")
    for _ in range(repeats):
        scored = afresh(games) if fresh else games
        start = time.perf_counter()
        score_all(scored)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=20, help="hands per game, about")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--profile", action="store_true", help="print a cProfile of one scoring run")
    args = parser.parse_args()

    games = league(args.games, args.hands, args.seed)
    total = sum(len(entries) for _, entries in games)
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(score_all, afresh(games))
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    best = best_time(games, args.repeats, fresh=False)
    print(
        f"{len(games)} games, {total} hands: best of {args.repeats} {best * 1000:.0f} ms, {total / best:,.0f} hands/s"
    )
    best = best_time(games, args.repeats, fresh=True)
    print(f"  with fresh GameSetups, as requests build them: {best * 1000:.0f} ms, {total / best:,.0f} hands/s")


if __name__ == "__main__":
    main()
