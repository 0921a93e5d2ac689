"""CLUBNIGHT.md, Seating: fewer repeats first, the rotation of odd tables and sit-outs only among equal plans.

The big nights (64 x 10, 64 x 20, 40 x 13) and the comparison with a longer
search are benchmarks/seating.py's; these nights are small or come from a
known design, so each takes well under a second or two.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.night import lower_bound, seat_night, table_sizes
from tests.fuzzing import examples

NAMES = [f"{first}{second}" for first, second in itertools.product("ABCDEFGHJKLMNPRS", "aeiou")]


def meetings(rounds) -> Counter[frozenset[str]]:
    met: Counter[frozenset[str]] = Counter()
    for tables in rounds:
        for table in tables:
            met.update(frozenset(pair) for pair in itertools.combinations(table, 2))
    return met


def repeats(rounds) -> int:
    return sum(count - 1 for count in meetings(rounds).values())


def test_21_players_at_5_4_4_4_4_meet_nobody_twice_in_four_rounds():
    plan = seat_night(NAMES[:21], 4, seed=1)
    assert [sorted(map(len, tables), reverse=True) for tables in plan.rounds] == [[5, 4, 4, 4, 4]] * 4
    assert repeats(plan.rounds) == plan.repeats == 0


def test_the_fifth_seat_gives_way_to_fewer_repeats():
    # No plan of 21 x 4 without a repeat keeps the fifth seat going round. If it did, the four
    # rounds' 5s would be 20 different players and one more, Z, never at a 5. Round 1's four
    # tables of 4 hold the 16 players of rounds 2-4's 5s and Z; a 5 takes at most one of a
    # table's players (or two would meet again), so each of those tables holds Z: four tables, one Z.
    plan = seat_night(NAMES[:21], 4, seed=3)
    assert plan.repeats == 0
    at_five = Counter(name for tables in plan.rounds for table in tables if len(table) == 5 for name in table)
    assert max(at_five.values()) >= 2


def test_17_players_at_5_4_4_4_meet_the_bound_of_four_repeats():
    # Each round's 5 is drawn from the previous round's four tables, so two of its players met there:
    # one repeat a round from round 2. AG(2, 4) seats 16 without a repeat, and its five lines through
    # one point seat a seventeenth player beside everyone, meeting that point 5 times: 4 repeats.
    assert lower_bound(NAMES[:17], 5) == 4
    plan = seat_night(NAMES[:17], 5, seed=1)
    assert repeats(plan.rounds) == plan.repeats == 4


@pytest.mark.parametrize(
    ("players", "rounds", "sizes"),
    [
        (16, 5, None),  # the affine plane of order 4
        (20, 5, None),  # a transversal design over GF(5)
        (24, 6, None),  # a 1-rotational design over Z_7
        (32, 8, None),  # a transversal design over GF(8)
        (64, 10, None),  # AG(3, 4)'s first ten parallel classes
        (64, 20, None),  # AG(3, 4) has 21
        (64, 9, [8]),  # the affine plane of order 8
        (27, 13, [3]),  # AG(3, 3)
    ],
)
def test_nights_with_a_known_design_meet_nobody_twice(players, rounds, sizes):
    plan = seat_night(NAMES[:players], rounds, sizes=sizes, seed=5)
    assert all(sorted(name for table in tables for name in table) == sorted(NAMES[:players]) for tables in plan.rounds)
    assert max(meetings(plan.rounds).values()) == 1
    assert plan.repeats == 0


def test_a_design_still_seats_the_rest_of_a_night_begun_by_hand():
    players = NAMES[:16]
    shuffled = random.Random(4).sample(players, 16)
    played = [[shuffled[i : i + 4] for i in range(0, 16, 4)]]
    plan = seat_night(players, 4, played, seed=2)
    assert repeats([*played, *plan.rounds]) == plan.repeats == 0


def test_the_fifth_seat_goes_round_when_it_costs_no_repeat():
    # Nine players, one round played at a 4 and a 5: seating Ann, Ben, Cat and Dan at the 5 next
    # costs no more repeats over the three rounds than any other plan, so the 5 goes to them.
    players = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
    played = [[["Ann", "Ben", "Cat", "Dan"], ["Eve", "Fay", "Gus", "Hal", "Ivy"]]]
    plan = seat_night(players, 3, played, sizes=[4, 5], seed=1)
    five = next(table for table in plan.rounds[0] if len(table) == 5)
    assert {"Ann", "Ben", "Cat", "Dan"} < set(five)


def test_sit_outs_go_round_when_it_costs_no_repeat():
    plan = seat_night(NAMES[:10], 5, sizes=[4], seed=11)
    assert plan.repeats == lower_bound(NAMES[:10], 5, sizes=[4])
    assert Counter(name for sitting in plan.sit_out for name in sitting) == Counter(NAMES[:10])


def greedy(players, rounds, played, sizes, seed):
    """A simple baseline: each round at random, each player to the table where they have met fewest."""
    rng = random.Random(seed)
    shape = table_sizes(len(players), sizes)
    met = meetings(played)
    sat_out = Counter({name: sum(all(name not in table for table in tables) for tables in played) for name in players})
    plan = []
    for _ in range(rounds):
        order = rng.sample(players, len(players))
        order.sort(key=lambda name: -sat_out[name])
        seated, sitting = order[: sum(shape)], order[sum(shape) :]
        sat_out.update(sitting)
        tables: list[list[str]] = [[] for _ in shape]
        for name in seated:
            room = [t for t, size in enumerate(shape) if len(tables[t]) < size]
            chosen = min(room, key=lambda t: sum(met[frozenset((name, other))] for other in tables[t]))
            tables[chosen].append(name)
        for table in tables:
            met.update(frozenset(pair) for pair in itertools.combinations(table, 2))
        plan.append(tables)
    return plan


@st.composite
def nights(draw):
    n = draw(st.integers(6, 16))
    players = NAMES[:n]
    sizes = draw(st.sampled_from([None, [4], [3, 5], [4, 5], [3, 4, 5]]))
    played = []
    for _ in range(draw(st.integers(0, 2))):
        there = draw(st.permutations([name for name in players if draw(st.booleans())] + NAMES[70:72]))
        if len(there) >= 3:
            tables, start = [], 0
            for size in table_sizes(len(there)):
                tables.append(there[start : start + size])
                start += size
            played.append(tables)
    return players, draw(st.integers(1, 4)), played, sizes, draw(st.integers(0, 1000))


@settings(max_examples=examples(25), deadline=None)
@given(nights())
def test_a_plan_never_has_more_repeats_than_a_greedy_seating(night):
    players, rounds, played, sizes, seed = night
    plan = seat_night(players, rounds, played, sizes, seed, effort=0.05)
    baseline = greedy(players, rounds, played, sizes, seed)
    assert plan.repeats == repeats([*played, *plan.rounds]) <= repeats([*played, *baseline])
