"""How well and how fast `seat_night` seats a club night: run this file.

For some thirty nights from 8 to 64 players (fresh nights at the law's
tables, at 4s only with sit-outs, at 3s and 5s with no 4, the nights a known
design seats without a repeat, the longest nights the law allows (64 x 20,
40 x 13), continuations after two rounds seated by hand, late arrivals and
leavers) it prints the night's repeat meetings found by the engine
(rules.night.seat_night, what `manage.py seat_night` runs), by a reference
search written here independently (a plain simulated annealing over whole
plans, 8 restarts, --reference-iterations per round, for repeats alone: the
law's rotation is only a tie-break), a lower bound no plan can beat, why
that bound holds, and the engine's time (CPU and wall: the machine is
shared, so the CPU time is the one to read). It fails (status 1) if the
engine ever gives more repeats than the reference. `--only '64 x'` runs some
nights; `--no-reference` the engine alone.

Nights where a plan without a repeat is known but the engine starts from no
design (28 x 9 and 40 x 13: resolvable 2-(v, 4, 1) designs; 32 x 10: the
social golfer problem's 8-4-10) print how far it is from 0.

The bounds (rules.night.lower_bound, proved in rules.seating's docstring):
  design  0, and met: a resolvable design seats these nights without a
          repeat (a transversal design over GF(q) or the affine plane).
  0       nothing forces a repeat; no plan has fewer than none.
  pairs   (A) a table of k drawn from fewer than k earlier tables holds a
          pair that met before (pigeonhole; 12 at three tables of 4 from
          round 2: 3 a round), plus the repeats already played.
  seats   (B) a player sits beside more opponents than there are people
          to meet: 2 x repeats >= the sum of the excess over players.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.night import design_rounds, lower_bounds, seat_night, table_sizes

NAMES = [f"P{number:02d}" for number in range(80)]


def by_hand(players: list[str], rounds: int, seed: int, sizes: list[int] | None = None) -> list[list[list[str]]]:
    """Rounds seated the way a club does without the app: at random, each round on its own."""
    rng = random.Random(seed)
    played = []
    for _ in range(rounds):
        order = list(players)
        rng.shuffle(order)
        tables, start = [], 0
        for size in table_sizes(len(order), sizes):
            tables.append(order[start : start + size])
            start += size
        played.append(tables)
    return played


def cases() -> list[tuple[str, list[str], int, list[list[list[str]]], list[int] | None]]:
    """(name, players, rounds to seat, played, sizes)."""
    out = []

    def fresh(n: int, rounds: int, sizes: list[int] | None = None) -> None:
        label = f"{n} x {rounds}" + (f" at {'/'.join(map(str, sizes))}" if sizes else "")
        out.append((label, NAMES[:n], rounds, [], sizes))

    fresh(8, 3)
    fresh(9, 4)  # a 4 and a 5: by round 4 everyone has sat beside 12 or more, of 8 others
    fresh(10, 5, [4])  # two sit out a round
    fresh(11, 4)  # 4 + 4 + 3
    fresh(12, 3)  # the law's example: three a round from round 2
    fresh(13, 5, [4])
    fresh(14, 4)  # 5 + 5 + 4
    fresh(16, 5)  # the affine plane AG(2, 4)
    fresh(17, 5)  # 5 + 4 + 4 + 4: AG(2, 4) and a fifth player at the lines through one point
    fresh(17, 5, [4])
    fresh(19, 6, [3, 5])  # no 4s: 5 + 5 + 3 + 3 + 3
    fresh(20, 5)  # TD(4, 5) over GF(5)
    fresh(21, 4)  # 5 + 4 + 4 + 4 + 4, issue 35's night
    fresh(23, 5, [3, 4])  # 4 x 5 + 3, then sit-outs: none
    fresh(24, 6)  # a 1-rotational design over Z_7 (rules.designs.ROTATIONAL_BASES)
    fresh(26, 6, [3, 5])
    fresh(28, 9)  # a resolvable 2-(28, 4, 1) design exists: 0 is possible
    fresh(30, 6, [4])
    fresh(32, 8)  # TD(4, 8) over GF(8)
    fresh(32, 10)  # the social golfer problem's 8-4-10, solved: 0 is possible
    fresh(37, 7)  # 5 + 8 x 4
    fresh(40, 8)
    fresh(40, 13)  # a resolvable 2-(40, 4, 1) design (PG(3, 3)'s packings): 0 is possible
    fresh(47, 8, [3, 4, 5])
    fresh(64, 9, [8])  # the affine plane AG(2, 8)
    fresh(64, 10)  # AG(3, 4)
    fresh(64, 20)  # AG(3, 4) has 21 rounds
    fresh(64, 10, [3, 5])  # no design: the longest search
    # Continuations: two rounds seated by hand, then the rest of the night.
    out.append(("16 after 2 by hand", NAMES[:16], 3, by_hand(NAMES[:16], 2, 1), None))
    out.append(("24 after 2 by hand", NAMES[:24], 4, by_hand(NAMES[:24], 2, 2), None))
    # Late arrivals and leavers: P00-P01 leave and two newcomers arrive after round 2.
    played = by_hand(NAMES[:20], 2, 3)
    out.append(("20: 2 leave, 2 arrive", NAMES[2:22], 3, played, None))
    played = by_hand(NAMES[:40], 2, 4)
    out.append(("40: 3 leave, 5 arrive", NAMES[3:45], 4, played, None))
    played = by_hand(NAMES[:13], 2, 5, [4])
    out.append(("13 4s only, 1 arrives", NAMES[:14], 3, played, [4]))
    out.append(("64 after 2 by hand", NAMES[:64], 8, by_hand(NAMES[:64], 2, 6), None))
    return out


# The reference search ----------------------------------------------------------


def reference(players, rounds, played, sizes, seed: int, iterations: int) -> int:
    """A plain annealing over whole plans: each round a list of seats (tables, then the sit-out seats).

    It minimises repeats alone: the law's rotation of odd tables and
    sit-outs is only a tie-break among equal plans, so it leaves it out.
    It keeps the Tables rule that nobody sits out twice in a row while
    someone seated has not sat out yet (a round missed counts as sat out).
    """
    rng = random.Random(seed)
    n = len(players)
    table = table_sizes(n, sizes)
    tables = len(table)
    # Which group each seat is in: tables 0..T-1, the sit-outs T.
    group_of = [number for number, size in enumerate(table) for _ in range(size)] + [tables] * (n - sum(table))
    out_before = Counter({name: sum(all(name not in t for t in round_) for round_ in played) for name in players})
    out_last = {name for name in players if played and all(name not in t for t in played[-1])}

    def sit_outs_allowed(plan) -> bool:
        outs, last = Counter(out_before), out_last
        for seats in plan:
            sitting = {name for seat, name in enumerate(seats) if group_of[seat] == tables}
            seated = [name for seat, name in enumerate(seats) if group_of[seat] < tables]
            if sitting & last and any(outs[name] == 0 for name in seated):
                return False
            outs.update(sitting)
            last = sitting
        return True

    def start():
        plan, outs = [], Counter(out_before)
        for _ in range(rounds):
            order = list(players)
            rng.shuffle(order)
            # The fewest sit-outs so far sit out: that always keeps the Tables rule.
            order.sort(key=lambda p: -outs[p])
            outs.update(order[sum(table) :])
            plan.append(order)
        return plan

    def groups_of(seats):
        groups = [[] for _ in range(tables + 1)]
        for seat, name in enumerate(seats):
            groups[group_of[seat]].append(name)
        return groups

    best = math.inf
    restarts = 8
    sitting_out = n > sum(table)
    for _ in range(restarts):
        plan = start()
        met = Counter()
        for round_tables in [*played, *(groups_of(seats)[:tables] for seats in plan)]:
            for t in round_tables:
                met.update(frozenset(pair) for pair in itertools.combinations(t, 2))
        cost = sum(count - 1 for count in met.values())
        groups = [groups_of(seats) for seats in plan]
        temperature = 2.0
        steps = iterations // restarts
        cooling = (0.05 / 2.0) ** (1 / steps)

        def exchange(r: int, a: str, b: str, plan=plan, groups=groups, met=met) -> int:
            """a and b change seats in round r; returns the change in repeats."""
            seats = plan[r]
            i, j = seats.index(a), seats.index(b)
            gi, gj = group_of[i], group_of[j]
            if gi == gj:
                return 0
            before = 0
            after = 0
            for g, leaving, coming in ((gi, a, b), (gj, b, a)):
                if g < tables:
                    for o in groups[r][g]:
                        if o != leaving:
                            before += met[frozenset((leaving, o))] >= 2
                            met[frozenset((leaving, o))] -= 1
                            after += met[frozenset((coming, o))] >= 1
                            met[frozenset((coming, o))] += 1
                groups[r][g].remove(leaving)
                groups[r][g].append(coming)
            seats[i], seats[j] = b, a
            return after - before

        for _ in range(steps):
            temperature *= cooling
            r = rng.randrange(rounds)
            i, j = rng.randrange(n), rng.randrange(n)
            if group_of[i] == group_of[j]:
                continue
            a, b = plan[r][i], plan[r][j]
            # Now and then a and b trade their seats in every later round too.
            moved = range(r, rounds) if rng.random() < 0.1 else (r,)
            delta = sum(exchange(x, a, b) for x in moved)
            involves_out = sitting_out and (group_of[i] == tables or group_of[j] == tables or len(moved) > 1)
            if (delta > 0 and rng.random() >= math.exp(-delta / temperature)) or (
                involves_out and not sit_outs_allowed(plan)
            ):
                for x in reversed(moved):
                    exchange(x, a, b)
                continue
            cost += delta
            best = min(best, cost)
        best = min(best, cost)
    return int(best)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference-iterations", type=int, default=100_000, help="per round to seat")
    parser.add_argument("--only", help="the nights whose name holds one of these texts, comma-separated ('64 x,40 x')")
    parser.add_argument("--no-reference", action="store_true", help="the engine and the bound alone")
    arguments = parser.parse_args()
    print(f"load average before: {' '.join(f'{load:.2f}' for load in os.getloadavg())} on {os.cpu_count()} cores")
    header = ("night", "players", "rounds", "engine", "reference", "bound", "why", "engine CPU s", "engine wall s")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    worse = []
    totals = Counter()
    for name, players, rounds, played, sizes in cases():
        if arguments.only and not any(text in name for text in arguments.only.split(",")):
            continue
        started, cpu = time.perf_counter(), time.process_time()
        plan = seat_night(players, rounds, played, sizes, seed=1)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        pairs, seats = lower_bounds(players, rounds, played, sizes)
        bound = max(pairs, seats)
        sizes_here = table_sizes(len(players), sizes)
        fits = not played and len(set(sizes_here)) == 1 and sum(sizes_here) == len(players)
        if fits and len(design_rounds(len(players), sizes_here[0])) >= rounds:
            why = "design"
        else:
            why = "pairs" if pairs >= seats and pairs else "seats" if seats else "0"
        assert plan.lower_bound == bound
        assert plan.repeats >= bound
        found = "-"
        if not arguments.no_reference:
            iterations = arguments.reference_iterations * rounds
            found = reference(players, rounds, played, sizes, seed=2, iterations=iterations)
            totals["reference"] += found
            if plan.repeats > found:
                worse.append(name)
        totals["engine"] += plan.repeats
        totals["bound"] += bound
        total = len(played) + rounds
        row = (name, len(players), total, plan.repeats, found, bound, why, f"{cpu:.2f}", f"{seconds:.2f}")
        print("| " + " | ".join(map(str, row)) + " |")
        sys.stdout.flush()
    print(f"| all | | | {totals['engine']} | {totals['reference'] or '-'} | {totals['bound']} | | | |")
    print(f"load average after: {' '.join(f'{load:.2f}' for load in os.getloadavg())}")
    if worse:
        print("the engine gave more repeats than the reference on: " + ", ".join(worse))
        sys.exit(1)


if __name__ == "__main__":
    main()
