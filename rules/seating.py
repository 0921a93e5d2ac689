"""How a club night's seats are searched: rules.night asks, shared/CLUBNIGHT.md is the law.

rules.night reads and checks a night and hands it over in numbers (Night);
this module finds a seating with the fewest repeat meetings it can, proves
how few any seating can have, and orders each table's seats.

Seating: what is searched
    A plan is, for each new round, a partition of the players present into
    the round's tables and a sit-out group. Its cost is the night's repeat
    meetings, earlier rounds included: a pair that shares a table m times
    costs m - 1. The sit-outs and the odd-size tables (the tables whose size
    is not the round's usual one: 5s and 3s beside 4s) are a rule, not a
    preference: in every round those who sit out, and those who sit at an odd
    table, are among the players who have done so least often so far (a
    round a late arrival missed counts as sat out). So nobody sits out, or
    sits at a 5, a second time before everyone has once.

    The search starts from a known design where one applies (design_rounds):
    a resolvable transversal design over the finite field GF(q) seats k*q
    players at q tables of k for q rounds (q + 1 when k = q: the affine
    plane) without a single repeat, so 16 players over 5 rounds, 20 over 5,
    32 over 8 and 64 over 16 come from it; and a 1-rotational design over
    Z_7 seats 24 players at tables of 4 for 7 rounds. Otherwise it starts
    from a greedy seating that keeps the rotation. From there a simulated
    annealing swaps two players of one round between tables, mostly players
    who have a repeat at their table. Across classes (a 5 and a 4, a table
    and the sit-outs) only players who had sat out and sat at odd tables
    equally often may swap, in that round alone when the later rounds still
    go round, or else in every round from there on (which always keeps the
    rotation: they trade the rest of their nights). Now and then two players
    of one class trade their nights that way too, which moves a design's
    structure as a whole against the rounds played before it. A fixed number
    of iterations (by players x rounds) over six restarts, the best kept.

Seating: determinism
    Every choice comes from one random.Random(seed) and the iterations are
    counted, never timed, so the same input and seed give the same plan on
    any machine. A wall-clock cap (SAFETY_SECONDS) exists only so that a
    pathological input cannot hold a request forever; the budgets are sized
    so that it is never reached on the sizes the law allows (64 players, 20
    rounds), and reaching it is reported on the Plan. The search stops early,
    still deterministically, when it reaches the lower bound below.

Seating: the lower bound (`lower_bound`)
    The larger of two provable bounds:
    (A) the repeats already among the played rounds, plus, for each new
        round, the fewest pairs its tables must take from the previous
        round's tables: a table of k players drawn from b earlier tables
        holds at least the pairs of k items spread as evenly as the earlier
        tables' sizes allow (12 players at three tables of 4: 4 players from
        3 tables, so one repeat a table from round 2). A pair meeting m times
        meets in at most m - 1 consecutive rounds, so these add up.
    (B) pigeonhole over players: each repeat between two players present is
        one seat-neighbour too many for both, so 2 x those repeats >= the sum
        over players of the neighbours they sit beside among those present
        (exactly, at equal tables without sit-outs; else summed over all),
        less the n - 1 others each could meet; plus the played repeats of
        pairs with someone who has left, which no new round changes.

First seats
    Each table's seat order is drawn; it is then turned so that seat 1
    (who deals first) goes to someone who did not deal first in the previous
    round, and of those to whoever dealt first least often.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

USUAL_SIZE = 4
# A night that runs past this is cut short (see the module's note); no input the law allows gets near it.
SAFETY_SECONDS = 30.0


@dataclass
class Night:
    """The seating problem in numbers: players 0..n-1 present, base meetings from the played rounds."""

    names: list[str]
    rounds: int
    sizes: tuple[int, ...]
    base: list[list[int]]
    sat_out: list[int]
    odd_seats: list[int]
    first_seats: list[int]
    dealt_last: set[int]
    # Repeats in the played rounds between pairs not both present: no new round changes them.
    settled_repeats: int
    last_played: list[list[int]] | None

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def sitting_out(self) -> int:
        return self.players - sum(self.sizes)

    @property
    def odd(self) -> list[bool]:
        """Which of the round's tables are odd-size (not the round's usual size)."""
        return odd_tables(self.sizes)


def odd_tables(sizes: Sequence[int]) -> list[bool]:
    """A table is odd when its size is not the round's usual one: 4 if any table has 4, else the commonest."""
    usual = USUAL_SIZE if USUAL_SIZE in sizes else max(sorted(set(sizes)), key=sizes.count)
    return [size != usual for size in sizes]


# The lower bound -----------------------------------------------------------


def _fewest_pairs(size: int, bins: Sequence[int]) -> int:
    """The fewest pairs sharing a bin when `size` players are drawn from bins of these sizes."""
    filled = [0] * len(bins)
    pairs = 0
    for _ in range(size):
        # Spreading evenly is optimal for a convex cost: always fill the emptiest bin with room.
        choice = min((count, number) for number, count in enumerate(filled) if count < bins[number])[1]
        pairs += filled[choice]
        filled[choice] += 1
    return pairs


def _lower_bound(night: Night) -> int:
    return max(bounds(night))


def bounds(night: Night) -> tuple[int, int]:
    n = night.players
    # (A) consecutive rounds.
    consecutive = night.settled_repeats + sum(max(0, count - 1) for row in night.base for count in row) // 2
    new_bins = [*night.sizes, *([1] * night.sitting_out)]
    previous = None
    if night.last_played is not None:
        seated = sum(len(table) for table in night.last_played)
        previous = [len(table) for table in night.last_played if table] + [1] * (n - seated)
    for _ in range(night.rounds):
        if previous is not None:
            consecutive += sum(_fewest_pairs(size, previous) for size in night.sizes)
        previous = new_bins
    # (B) pigeonhole: opponents sat with against the most different people there are to meet.
    new_seats = sum(size * (size - 1) for size in night.sizes) * night.rounds
    excess = 0
    if night.sitting_out == 0 and len(set(night.sizes)) == 1:
        per_player = night.sizes[0] - 1
        for player in range(n):
            neighbours = sum(night.base[player]) + per_player * night.rounds
            excess += max(0, neighbours - (n - 1))
    else:
        excess = max(0, sum(map(sum, night.base)) + new_seats - n * (n - 1))
    pigeonhole = (excess + 1) // 2 + night.settled_repeats
    return consecutive, pigeonhole


# The search ----------------------------------------------------------------


@dataclass
class Seating:
    """Each new round's groups (the tables, then the sit-outs) and where each player is."""

    groups: list[list[list[int]]]
    where: list[list[int]]
    cost: int
    cut_short: bool = False

    def copy(self) -> Seating:
        return Seating(
            [[list(group) for group in tables] for tables in self.groups],
            [list(row) for row in self.where],
            self.cost,
            self.cut_short,
        )


# The iterations grow with the plan's size (players x rounds), within limits that keep the
# largest night (64 x 20) to a few seconds; a search stops sooner when it meets the lower bound.
ITERATIONS_PER_SEAT = 4_000
FEWEST_ITERATIONS = 100_000
MOST_ITERATIONS = 1_000_000
RESTARTS = 6
# The temperature falls from HOT to COLD over each restart (a repeat costs 1); a move picks,
# of up to TRIES players drawn, the first with a repeat at their table.
HOT, COLD = 1.2, 0.08
TRIES = 4
# The share of moves within a class that trade two players' nights from a round on: they
# move a good plan's structure as a whole, against the rounds played before it.
TRADES = 0.05


def search(night: Night, rng: random.Random, bound: int, effort: float) -> Seating:
    n, rounds = night.players, night.rounds
    seats_in_plan = n * rounds
    iterations = int(min(MOST_ITERATIONS, max(FEWEST_ITERATIONS, ITERATIONS_PER_SEAT * seats_in_plan)) * effort)
    restarts = max(1, round(RESTARTS * max(1.0, effort) ** 0.5))
    deadline = time.monotonic() + SAFETY_SECONDS * max(1.0, effort)
    best: Seating | None = None
    designed = _design(night)
    cut_short = False
    for restart in range(restarts):
        start = _start(night, rng, designed if restart == 0 else None)
        found = _anneal(night, start, rng, iterations // restarts, bound, deadline)
        cut_short = cut_short or found.cut_short
        if best is None or found.cost < best.cost:
            best = found
        if best.cost <= bound or cut_short:
            break
    assert best is not None
    best.cut_short = cut_short
    return best


def _counts(night: Night, groups: list[list[list[int]]]) -> list[list[int]]:
    counts = [list(row) for row in night.base]
    tables = len(night.sizes)
    for round_groups in groups:
        for table in round_groups[:tables]:
            for player in table:
                row = counts[player]
                for other in table:
                    if other != player:
                        row[other] += 1
    return counts


def _plan_cost(night: Night, groups: list[list[list[int]]]) -> int:
    counts = _counts(night, groups)
    return sum(max(0, count - 1) for row in counts for count in row) // 2


def _classes(night: Night, rng: random.Random) -> list[tuple[list[int], list[int], list[int]]]:
    """Each new round's sit-outs, odd-table players and the rest, going round (fewest so far first)."""
    n = night.players
    sat_out, odd_seats = list(night.sat_out), list(night.odd_seats)
    odd = night.odd
    odd_count = sum(size for size, is_odd in zip(night.sizes, odd, strict=True) if is_odd)
    out = []
    for _ in range(night.rounds):
        order = list(range(n))
        rng.shuffle(order)
        order.sort(key=lambda player: (sat_out[player], odd_seats[player]))
        sitting = order[: night.sitting_out]
        seated = order[night.sitting_out :]
        seated.sort(key=lambda player: odd_seats[player])
        odd_players, usual = seated[:odd_count], seated[odd_count:]
        for player in sitting:
            sat_out[player] += 1
        for player in odd_players:
            odd_seats[player] += 1
        out.append((sitting, odd_players, usual))
    return out


def _start(night: Night, rng: random.Random, designed: list[list[list[int]]] | None) -> Seating:
    """A first plan: the construction's, or a greedy one keeping the rotation."""
    sizes, odd = night.sizes, night.odd
    if designed is not None:
        order = list(range(night.players))
        rng.shuffle(order)
        groups = [[[order[point] for point in table] for table in tables] for tables in designed]
    else:
        counts = [list(row) for row in night.base]
        groups = []
        for sitting, odd_players, usual in _classes(night, rng):
            tables: list[list[int]] = [[] for _ in sizes]
            for members, want_odd in ((odd_players, True), (usual, False)):
                for player in members:
                    room = [t for t, size in enumerate(sizes) if odd[t] == want_odd and len(tables[t]) < size]
                    row = counts[player]
                    # The table where this player has met fewest; ties to the emptiest, then at random.
                    chosen = min(room, key=lambda t: (sum(row[o] > 0 for o in tables[t]), len(tables[t]), rng.random()))
                    tables[chosen].append(player)
            for table in tables:
                for player in table:
                    for other in table:
                        if other != player:
                            counts[player][other] += 1
            groups.append([*tables, list(sitting)])
    where = [[0] * night.players for _ in groups]
    for number, round_groups in enumerate(groups):
        for group_number, group in enumerate(round_groups):
            for player in group:
                where[number][player] = group_number
    return Seating(groups, where, _plan_cost(night, groups))


def _rotation_holds(night: Night, seating: Seating, start: int) -> bool:
    """Whether sit-outs and odd tables still go round from round `start` on (the counts before it are kept)."""
    tables = len(night.sizes)
    odd = night.odd
    sat_out, odd_seats = list(night.sat_out), list(night.odd_seats)
    for number, round_where in enumerate(seating.where):
        if number >= start:
            most_out = min_in = most_odd = min_even = None
            for player, group in enumerate(round_where):
                if group == tables:
                    most_out = sat_out[player] if most_out is None else max(most_out, sat_out[player])
                else:
                    min_in = sat_out[player] if min_in is None else min(min_in, sat_out[player])
                    if odd[group]:
                        most_odd = odd_seats[player] if most_odd is None else max(most_odd, odd_seats[player])
                    else:
                        min_even = odd_seats[player] if min_even is None else min(min_even, odd_seats[player])
            if most_out is not None and min_in is not None and most_out > min_in:
                return False
            if most_odd is not None and min_even is not None and most_odd > min_even:
                return False
        for player, group in enumerate(round_where):
            if group == tables:
                sat_out[player] += 1
            elif odd[group]:
                odd_seats[player] += 1
    return True


def _anneal(night: Night, start: Seating, rng: random.Random, iterations: int, bound: int, deadline: float) -> Seating:
    """Simulated annealing over swaps of two players in one round; returns the best plan met."""
    seating = start.copy()
    best = seating.copy()
    if seating.cost <= bound or night.rounds == 0:
        return best
    groups, where = seating.groups, seating.where
    counts = _counts(night, groups)
    n, rounds = night.players, night.rounds
    tables = len(night.sizes)
    odd = [*night.odd, None]  # the sit-out group is a class of its own
    cost = seating.cost
    cooling = (COLD / HOT) ** (1 / max(1, iterations))
    temperature = HOT
    randrange, random_ = rng.randrange, rng.random
    exp = math.exp
    for step in range(iterations):
        temperature *= cooling
        if step & 1023 == 0 and time.monotonic() > deadline:
            best.cut_short = True
            break
        number = randrange(rounds)
        round_where = where[number]
        # Mostly move a player who has a repeat at their table: that is where the cost is.
        for _ in range(TRIES):
            a = randrange(n)
            ga = round_where[a]
            if ga < tables and any(counts[a][o] > 1 for o in groups[number][ga]):
                break
        b = randrange(n)
        gb = round_where[b]
        if ga == gb:
            continue
        crossing = odd[ga] != odd[gb]
        if crossing or random_() < TRADES:
            # Across classes (a 4 and a 5, a table and the sit-outs) a and b trade their whole
            # nights from this round on, which keeps the rotation exactly when they had sat out
            # and sat at odd tables equally often before it.
            if _history(night, where, a, number) != _history(night, where, b, number):
                continue
            # Half the time only this round, which holds when no later round needed them as they were.
            last = number + 1 if crossing and random_() < 0.5 else rounds
            delta = _trade(counts, groups, where, tables, a, b, number, last)
            if (delta > 0 and random_() >= exp(-delta / temperature)) or (
                last < rounds and not _rotation_holds(night, seating, last)
            ):
                _trade(counts, groups, where, tables, a, b, number, last)
                continue
            cost += delta
            if cost < best.cost:
                seating.cost = cost
                best = seating.copy()
                if cost <= bound:
                    break
            continue
        table_a, table_b = groups[number][ga], groups[number][gb]
        row_a, row_b = counts[a], counts[b]
        delta = 0
        if ga < tables:
            for o in table_a:
                if o != a:
                    delta += (row_b[o] >= 1) - (row_a[o] >= 2)
        if gb < tables:
            for o in table_b:
                if o != b:
                    delta += (row_a[o] >= 1) - (row_b[o] >= 2)
        if delta > 0 and random_() >= exp(-delta / temperature):
            continue
        _swap(counts, table_a, table_b, a, b, ga < tables, gb < tables)
        round_where[a], round_where[b] = gb, ga
        cost += delta
        if cost < best.cost:
            seating.cost = cost
            best = seating.copy()
            if cost <= bound:
                break
    return best


def _history(night: Night, where: list[list[int]], player: int, before: int) -> tuple[int, int]:
    """How often the player sat out and sat at an odd table before the new round `before`.

    A count the new rounds never look at (sit-outs in a night without any,
    say) is left at 0, so that it does not keep a late arrival from trading.
    """
    tables, odd = len(night.sizes), night.odd
    out = night.sat_out[player] if night.sitting_out else 0
    at_odd = night.odd_seats[player] if any(odd) else 0
    for round_where in where[:before]:
        group = round_where[player]
        if group == tables:
            out += 1
        elif odd[group]:
            at_odd += 1
    return out, at_odd


def _trade(
    counts: list[list[int]],
    groups: list[list[list[int]]],
    where: list[list[int]],
    tables: int,
    a: int,
    b: int,
    start: int,
    stop: int,
) -> int:
    """Swap a and b in rounds start..stop-1 (its own inverse); returns the change in repeats."""
    delta = 0
    for number in range(start, stop):
        round_where = where[number]
        ga, gb = round_where[a], round_where[b]
        if ga == gb:
            continue
        delta += _swap_delta(counts, groups[number], tables, a, b, ga, gb)
        _swap(counts, groups[number][ga], groups[number][gb], a, b, ga < tables, gb < tables)
        round_where[a], round_where[b] = gb, ga
    return delta


def _swap_delta(
    counts: list[list[int]], round_groups: list[list[int]], tables: int, a: int, b: int, ga: int, gb: int
) -> int:
    """The change in repeats if a (at group ga) and b (at gb) change places."""
    row_a, row_b = counts[a], counts[b]
    delta = 0
    if ga < tables:
        for o in round_groups[ga]:
            if o != a:
                delta += (row_b[o] >= 1) - (row_a[o] >= 2)
    if gb < tables:
        for o in round_groups[gb]:
            if o != b:
                delta += (row_a[o] >= 1) - (row_b[o] >= 2)
    return delta


def _swap(
    counts: list[list[int]], table_a: list[int], table_b: list[int], a: int, b: int, a_counts: bool, b_counts: bool
) -> None:
    """Move a from table_a to table_b and b the other way, keeping the meeting counts."""
    table_a.remove(a)
    table_b.remove(b)
    if a_counts:
        for o in table_a:
            counts[a][o] -= 1
            counts[o][a] -= 1
            counts[b][o] += 1
            counts[o][b] += 1
    if b_counts:
        for o in table_b:
            counts[b][o] -= 1
            counts[o][b] -= 1
            counts[a][o] += 1
            counts[o][a] += 1
    table_a.append(b)
    table_b.append(a)


# Constructions ---------------------------------------------------------------

# Irreducible polynomials (coefficients from x^0 up) for the fields a night can use: q = n / k <= 21.
_IRREDUCIBLE = {4: (2, (1, 1, 1)), 8: (2, (1, 1, 0, 1)), 9: (3, (1, 0, 1)), 16: (2, (1, 1, 0, 0, 1))}


def _field(q: int) -> tuple[list[list[int]], list[list[int]]] | None:
    """Addition and multiplication tables of GF(q), elements numbered 0..q-1; None when q is no prime power."""
    if q < 2:
        return None
    if all(q % d for d in range(2, int(q**0.5) + 1)):
        return [[(x + y) % q for y in range(q)] for x in range(q)], [[(x * y) % q for y in range(q)] for x in range(q)]
    if q not in _IRREDUCIBLE:
        return None
    p, modulus = _IRREDUCIBLE[q]
    degree = len(modulus) - 1

    def digits(x: int) -> list[int]:
        return [(x // p**i) % p for i in range(degree)]

    def number(ds: Sequence[int]) -> int:
        return sum(d * p**i for i, d in enumerate(ds))

    def multiply(x: int, y: int) -> int:
        product = [0] * (2 * degree - 1)
        for i, dx in enumerate(digits(x)):
            for j, dy in enumerate(digits(y)):
                product[i + j] = (product[i + j] + dx * dy) % p
        for top in range(len(product) - 1, degree - 1, -1):
            factor = product[top]
            if factor:
                for i, coefficient in enumerate(modulus):
                    product[top - degree + i] = (product[top - degree + i] - factor * coefficient) % p
        return number(product[:degree])

    add = [
        [number([(a + b) % p for a, b in zip(digits(x), digits(y), strict=True)]) for y in range(q)] for x in range(q)
    ]
    return add, [[multiply(x, y) for y in range(q)] for x in range(q)]


# 24 players at six tables of 4, seven rounds without a repeat: a resolvable 4-GDD of type 3^8,
# 1-rotational over Z_7. Points are (x, level) for x in Z_7 and levels 0-2, and three fixed
# points ("inf", k); round j adds j to every x. The groups nobody meets in are {(x, 0), (x, 1),
# (x, 2)} and the three fixed points. This base round was found by a small backtracking search
# over its differences (each difference between two levels, or within one, used exactly once);
# tests/rules/test_night.py checks the seven rounds it gives.
ROTATIONAL_BASES: dict[tuple[int, int], tuple[int, tuple[tuple[tuple[Any, int], ...], ...]]] = {
    (24, 4): (
        7,
        (
            (("inf", 0), (0, 0), (1, 1), (3, 2)),
            (("inf", 1), (1, 0), (3, 1), (0, 2)),
            (("inf", 2), (3, 0), (0, 1), (1, 2)),
            ((2, 0), (4, 0), (5, 0), (6, 2)),
            ((2, 1), (4, 1), (5, 1), (6, 0)),
            ((2, 2), (4, 2), (5, 2), (6, 1)),
        ),
    ),
}


def design_rounds(players: int, size: int) -> list[list[list[int]]]:
    """The rounds of a known design seating players 0..players-1 at tables of `size` without a repeat.

    A resolvable transversal design over GF(q) when players = size·q and
    size <= q: players are points (column i, value v), i < size, v in GF(q);
    round s seats at table a the points (i, a + s·i). Two points share at
    most one such line, so nobody meets twice; with size = q the columns are
    one more round (the affine plane). Otherwise a 1-rotational design from
    ROTATIONAL_BASES. Empty when none is known.
    """
    q, rest = divmod(players, size)
    gf = _field(q) if not rest and size <= q else None
    if gf is not None:
        add, mul = gf
        rounds = [[[i * q + add[a][mul[slope][i]] for i in range(size)] for a in range(q)] for slope in range(q)]
        if size == q:
            rounds.append([[i * q + v for v in range(q)] for i in range(size)])
        return rounds
    if (players, size) in ROTATIONAL_BASES:
        modulus, base = ROTATIONAL_BASES[(players, size)]

        def point(x: Any, level: int, shift: int) -> int:
            return 3 * modulus + level if x == "inf" else level * modulus + (x + shift) % modulus

        return [[[point(x, level, shift) for x, level in block] for block in base] for shift in range(modulus)]
    return []


def _design(night: Night) -> list[list[list[int]]] | None:
    """design_rounds' first rounds, with an empty sit-out group, when they fit a night of equal tables.

    After rounds played the design still seats the new rounds without a
    repeat among them; the search's trades then fit it to what was played.
    """
    if night.sitting_out or len(set(night.sizes)) != 1:
        return None
    rounds = design_rounds(night.players, night.sizes[0])
    if len(rounds) < night.rounds:
        return None
    return [[*tables, []] for tables in rounds[: night.rounds]]


# Seat orders -------------------------------------------------------------------


def seat_orders(
    night: Night, seating: Seating, rng: random.Random
) -> tuple[tuple[tuple[tuple[str, ...], ...], ...], tuple[tuple[str, ...], ...]]:
    names = night.names
    tables = len(night.sizes)
    first_seats = list(night.first_seats)
    dealt_last = set(night.dealt_last)
    rounds_out = []
    sit_out_out = []
    for round_groups in seating.groups:
        dealt_now: set[int] = set()
        ordered = []
        # Larger tables first, as table_sizes lists them; each table's order is drawn.
        for table in sorted(round_groups[:tables], key=lambda table: (-len(table), min(table))):
            order = sorted(table)
            rng.shuffle(order)
            fresh = [player for player in order if player not in dealt_last] or order
            first = min(fresh, key=lambda player: (first_seats[player], order.index(player)))
            turn = order.index(first)
            order = order[turn:] + order[:turn]
            first_seats[first] += 1
            dealt_now.add(first)
            ordered.append(tuple(names[player] for player in order))
        dealt_last = dealt_now
        rounds_out.append(tuple(ordered))
        sit_out_out.append(tuple(names[player] for player in sorted(round_groups[tables])))
    return tuple(rounds_out), tuple(sit_out_out)
