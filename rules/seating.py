"""How a club night's seats are searched: rules.night asks, shared/CLUBNIGHT.md is the law.

rules.night reads and checks a night and hands it over in numbers (Night);
this module finds a seating with the fewest repeat meetings it can, proves
how few any seating can have, and orders each table's seats.

Seating: what is searched
    A plan is, for each new round, a partition of the players present into
    the round's tables and a sit-out group. Its cost is the night's repeat
    meetings, earlier rounds included: a pair that shares a table m times
    costs m - 1. Plans are compared by that cost first and only then by the
    rotation (the law's Seating rule 3: the odd-size tables, the 5s and 3s
    beside 4s, and the sit-outs go round among equally good plans). The
    rotation's measure is, summed after every new round, the squares of each
    player's sit-outs and odd seats so far (a round a late arrival missed
    counts as sat out): it is smallest when each round's odd seats and
    sit-outs go to those who have had fewest, and `_fairest` is that least
    value. One rule is never broken (the law's Tables section): nobody sits
    out twice in a row while someone seated in that round has not sat out.

    The search starts from a known design where one fits (rules.designs:
    the affine geometries over GF(q), transversal designs, 1-rotational
    designs; a night of 4s with a few 5s takes a design for the 4s and seats
    the fifth players where they have met fewest, so 17 players over 5
    rounds meet the bound of 4), for as many rounds as the design has, and
    seats the other rounds greedily, keeping the rotation. From there a simulated annealing swaps two players of one
    round between groups, mostly players who have a repeat at their table;
    now and then two players trade their nights from a round on, which moves
    a design's structure as a whole against the rounds played before it. A
    move is weighed by the repeats it adds plus LEAN x the rotation's measure
    it adds, small enough that the rotation decides between moves of equal
    repeats and tips none that saves a repeat; the best plan met is kept,
    fewest repeats first. A fixed number of iterations (by players x rounds)
    over RESTARTS restarts; a restart that meets the lower bound spends at
    most a quarter of what it has left on the rotation.

Seating: determinism
    Every choice comes from one random.Random(seed) and the iterations are
    counted, never timed, so the same input and seed give the same plan on
    any machine. A cap on the process's CPU time (SAFETY_SECONDS) exists only so that a
    pathological input cannot hold a request forever; the budgets are sized
    so that it is never reached on the sizes the law allows (64 players, 20
    rounds), and reaching it is reported on the Plan. The search stops early,
    still deterministically, when it reaches the lower bound below and the
    rotation's least measure.

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
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules.designs import design_rounds

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
    # Who did not play the last round played (sat out, or had not come yet).
    out_last: set[int]
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
    """Each new round's groups (the tables, then the sit-outs), where each player is, and the plan's cost.

    cost is the repeats among players present; unfair is the rotation's
    measure (the module's note), compared only between plans of equal cost.
    """

    groups: list[list[list[int]]]
    where: list[list[int]]
    cost: int
    unfair: int = 0
    cut_short: bool = False

    def copy(self) -> Seating:
        return Seating(
            [[list(group) for group in tables] for tables in self.groups],
            [list(row) for row in self.where],
            self.cost,
            self.unfair,
            self.cut_short,
        )

    @property
    def key(self) -> tuple[int, int]:
        return self.cost, self.unfair


# The iterations grow with the plan's size (players x rounds), within limits that keep the
# largest night (64 x 20) to a few seconds; a search stops sooner when it meets the lower bound.
ITERATIONS_PER_SEAT = 5_000
FEWEST_ITERATIONS = 100_000
MOST_ITERATIONS = 1_200_000
RESTARTS = 6
# The temperature falls from HOT to COLD over each restart (a repeat costs 1); a move picks,
# of up to TRIES players drawn, the first with a repeat at their table.
HOT, COLD = 2.0, 0.05
TRIES = 4
# The share of moves that trade two players' nights from a round on: they move a good plan's
# structure as a whole, against the rounds played before it.
TRADES = 0.05
# A unit of the rotation's measure weighs this much against a repeat in the search's moves.
LEAN = 0.01


def search(night: Night, rng: random.Random, bound: int, effort: float) -> Seating:
    n, rounds = night.players, night.rounds
    seats_in_plan = n * rounds
    iterations = int(min(MOST_ITERATIONS, max(FEWEST_ITERATIONS, ITERATIONS_PER_SEAT * seats_in_plan)) * effort)
    restarts = max(1, round(RESTARTS * max(1.0, effort) ** 0.5))
    deadline = time.process_time() + SAFETY_SECONDS * max(1.0, effort)
    fairest = _fairest(night)
    best: Seating | None = None
    designed = _design(night)
    cut_short = False
    for restart in range(restarts):
        start = _start(night, rng, designed if restart == 0 else None)
        found = _anneal(night, start, rng, iterations // restarts, bound, fairest, deadline)
        cut_short = cut_short or found.cut_short
        if best is None or found.key < best.key:
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


# The rotation --------------------------------------------------------------------


def _unfair(night: Night, where: list[list[int]], player: int) -> int:
    """One player's share of the rotation's measure: the squares of their sit-outs and odd seats so far,
    summed after every new round (the module's note)."""
    tables, odd = len(night.sizes), night.odd
    out, at_odd = night.sat_out[player], night.odd_seats[player]
    total = 0
    for round_where in where:
        group = round_where[player]
        if group == tables:
            out += 1
        elif odd[group]:
            at_odd += 1
        total += out * out + at_odd * at_odd
    return total


def _plan_unfair(night: Night, where: list[list[int]]) -> int:
    return sum(_unfair(night, where, player) for player in range(night.players))


def _fairest(night: Night) -> int:
    """No plan's measure is below this: each round's sit-outs and odd seats given to those with fewest."""
    odd_seats = sum(size for size, is_odd in zip(night.sizes, night.odd, strict=True) if is_odd)
    total = 0
    for start, given in ((night.sat_out, night.sitting_out), (night.odd_seats, odd_seats)):
        counts = list(start)
        for _ in range(night.rounds):
            counts.sort()
            for player in range(given):
                counts[player] += 1
            total += sum(count * count for count in counts)
    return total


def _sit_outs_allowed(night: Night, where: list[list[int]], number: int) -> bool:
    """The Tables rule in round `number`: nobody sits out twice in a row while someone seated in it
    has not sat out yet (a round a late arrival missed counts as sat out)."""
    tables = len(night.sizes)
    round_where = where[number]
    if number:
        previous = where[number - 1]
        again = any(group == tables and previous[player] == tables for player, group in enumerate(round_where))
    else:
        again = any(round_where[player] == tables for player in night.out_last)
    if not again:
        return True
    for player, group in enumerate(round_where):
        if group != tables and not night.sat_out[player] and all(where[r][player] != tables for r in range(number)):
            return False
    return True


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
    """A first plan: the construction's rounds (as many as it has), then greedy ones keeping the rotation."""
    sizes, odd = night.sizes, night.odd
    groups: list[list[list[int]]] = []
    if designed is not None:
        order = list(range(night.players))
        rng.shuffle(order)
        groups = [[[order[point] for point in table] for table in tables] for tables in designed]
    counts = _counts(night, groups)
    for sitting, odd_players, usual in _classes(night, rng)[len(groups) :]:
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
    return Seating(groups, where, _plan_cost(night, groups), _plan_unfair(night, where))


def _anneal(
    night: Night,
    start: Seating,
    rng: random.Random,
    iterations: int,
    bound: int,
    fairest: int,
    deadline: float,
) -> Seating:
    """Simulated annealing over swaps of two players in one round (now and then over the rest of the
    night); returns the best plan met, fewest repeats first, then the fairest rotation.

    A move is weighed by its repeats plus LEAN x the change in the rotation's
    measure; a move that breaks the Tables rule on sit-outs is never made.
    """
    seating = start.copy()
    best = seating.copy()
    if night.rounds == 0 or (seating.cost <= bound and seating.unfair <= fairest):
        return best
    groups, where = seating.groups, seating.where
    counts = _counts(night, groups)
    n, rounds, tables = night.players, night.rounds, len(night.sizes)
    odd = [*night.odd, None]  # the sit-out group is a class of its own
    cost, unfair = seating.cost, seating.unfair
    cooling = (COLD / HOT) ** (1 / max(1, iterations))
    temperature = HOT
    randrange, random_ = rng.randrange, rng.random
    stop = iterations
    for step in range(iterations):
        temperature *= cooling
        if step >= stop:
            break
        if step & 1023 == 0 and time.process_time() > deadline:
            best.cut_short = True
            break
        number = randrange(rounds)
        round_where = where[number]
        a = _pick_mover(counts, groups[number], round_where, tables, n, randrange)
        ga = round_where[a]
        b = randrange(n)
        gb = round_where[b]
        if ga == gb:
            continue
        trading = random_() < TRADES
        if trading or odd[ga] != odd[gb]:
            moved = _try_trade(night, seating, counts, a, b, number, trading, temperature, rng)
        else:
            moved = _try_swap(counts, groups[number], round_where, tables, a, b, temperature, rng)
        if moved is None:
            continue
        cost, unfair = cost + moved[0], unfair + moved[1]
        if cost < best.cost or (cost == best.cost and unfair < best.unfair):
            seating.cost, seating.unfair = cost, unfair
            best = seating.copy()
            if cost <= bound:
                if unfair <= fairest:
                    break
                # At the bound only the rotation is left to better: a share of what is left, no more.
                stop = min(stop, step + (iterations - step) // 4)
    return best


def _pick_mover(
    counts: list[list[int]],
    round_groups: list[list[int]],
    round_where: list[int],
    tables: int,
    n: int,
    randrange: Callable[[int], int],
) -> int:
    """A player to move: mostly one who has a repeat at their table, since that is where the cost is
    (the first of up to TRIES drawn)."""
    for _ in range(TRIES):
        a = randrange(n)
        ga = round_where[a]
        if ga < tables and any(counts[a][o] > 1 for o in round_groups[ga]):
            break
    return a


def _try_trade(
    night: Night,
    seating: Seating,
    counts: list[list[int]],
    a: int,
    b: int,
    number: int,
    trading: bool,
    temperature: float,
    rng: random.Random,
) -> tuple[int, int] | None:
    """a and b change places in round `number`, or trade their nights from it on: the change in
    repeats and in the rotation's measure, or None (and nothing changed) when the move is refused."""
    groups, where = seating.groups, seating.where
    tables, rounds = len(night.sizes), night.rounds
    ga, gb = where[number][a], where[number][b]
    last = rounds if trading else number + 1
    before = _unfair(night, where, a) + _unfair(night, where, b)
    delta = _trade(counts, groups, where, tables, a, b, number, last)
    change = _unfair(night, where, a) + _unfair(night, where, b) - before
    energy = delta + LEAN * change
    refused = energy > 0 and rng.random() >= math.exp(-energy / temperature)
    if not refused and night.sitting_out > 0 and (ga == tables or gb == tables or trading):
        refused = not all(_sit_outs_allowed(night, where, r) for r in range(number, min(rounds, last + 1)))
    if refused:
        _trade(counts, groups, where, tables, a, b, number, last)
        return None
    return delta, change


def _try_swap(
    counts: list[list[int]],
    round_groups: list[list[int]],
    round_where: list[int],
    tables: int,
    a: int,
    b: int,
    temperature: float,
    rng: random.Random,
) -> tuple[int, int] | None:
    """a and b change seats in one round, between tables of one class (the rotation's measure stays):
    the change in repeats, or None (and nothing changed) when the move is refused."""
    ga, gb = round_where[a], round_where[b]
    delta = _swap_delta(counts, round_groups, tables, a, b, ga, gb)
    if delta > 0 and rng.random() >= math.exp(-delta / temperature):
        return None
    _swap(counts, round_groups[ga], round_groups[gb], a, b, ga < tables, gb < tables)
    round_where[a], round_where[b] = gb, ga
    return delta, 0


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


def _design(night: Night) -> list[list[list[int]]] | None:
    """A known design's first rounds (with an empty sit-out group) when it fits the night, else None.

    It fits a night of equal tables of its size, or a night whose tables are
    the design's plus a fifth player at a few (17 players: 16 at four tables
    of 4, and one more at a different table each round, the one where they
    have met fewest so far). After rounds played the design still seats the
    new rounds without a repeat among them; the search's trades then fit it
    to what was played.
    """
    sizes = night.sizes
    if night.sitting_out or len(set(sizes)) > 2 or (len(set(sizes)) == 2 and set(sizes) != {USUAL_SIZE, 5}):
        return None
    extras = sizes.count(5) if len(set(sizes)) == 2 else 0
    size = USUAL_SIZE if extras else sizes[0]
    core = night.players - extras
    # A design shorter than the night seats its first rounds; the greedy start the rest.
    rounds = design_rounds(core, size)
    if not rounds:
        return None
    met = [[0] * night.players for _ in range(night.players)]
    designed = []
    for tables in rounds[: night.rounds]:
        tables = [list(table) for table in tables]
        taken: set[int] = set()
        for extra in range(core, night.players):
            row = met[extra]
            free = [t for t in range(len(tables)) if t not in taken]
            chosen = min(free, key=lambda t: sum(row[o] for o in tables[t]))
            taken.add(chosen)
            tables[chosen].append(extra)
        for table in tables:
            for player in table:
                for other in table:
                    met[player][other] += 1
        # The law's order of tables: the 5s first.
        designed.append([*sorted(tables, key=len, reverse=True), []])
    return designed


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
