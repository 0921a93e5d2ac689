"""Known designs that seat a club night without a single repeat meeting (rules.seating starts from them).

Each design seats players 0..v-1 at tables of one size, round after round,
so that no two players share a table twice:

- the affine geometry AG(m, q) over the finite field GF(q): q^m players at
  tables of q, (q^m - 1) / (q - 1) rounds, everyone meeting everyone once
  (16 players at 4 for 5 rounds, 64 at 4 for 21, 64 at 8 for 9, 27 at 3
  for 13);
- a resolvable transversal design over GF(q): k·q players at q tables of k
  for q rounds (20 at 4 for 5, 32 at 4 for 8);
- 1-rotational designs from a base round over Z_m (ROTATIONAL_BASES): 24 at
  4 for 7 rounds, and the resolvable designs 28 at 4 for 9 rounds and 40 at
  4 for 13, where everyone meets everyone once.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

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


def _affine_geometry(players: int, size: int) -> list[list[list[int]]]:
    """AG(m, q) with q = size and q^m = players: each round is one direction's parallel lines."""
    q, m = size, 1
    while q**m < players:
        m += 1
    gf = _field(q)
    if q**m != players or m < 2 or gf is None:
        return []
    add, mul = gf
    points = list(itertools.product(range(q), repeat=m))

    def number(vector: Sequence[int]) -> int:
        return sum(value * q**i for i, value in enumerate(vector))

    rounds = []
    # One direction per line through the origin: its first non-zero coordinate is 1.
    for direction in points:
        if not any(direction) or direction[next(i for i, value in enumerate(direction) if value)] != 1:
            continue
        seen: set[int] = set()
        tables = []
        for point in points:
            if number(point) in seen:
                continue
            line = [number([add[p][mul[t][d]] for p, d in zip(point, direction, strict=True)]) for t in range(q)]
            seen.update(line)
            tables.append(line)
        rounds.append(tables)
    return rounds


def _transversal(players: int, size: int) -> list[list[list[int]]]:
    """A resolvable transversal design over GF(q) when players = size·q and size <= q.

    Players are points (column i, value v), i < size, v in GF(q); round s
    seats at table a the points (i, a + s·i). Two points share at most one
    such line, so nobody meets twice; with size = q the columns are one more
    round (the affine plane).
    """
    q, rest = divmod(players, size)
    gf = _field(q) if not rest and size <= q else None
    if gf is None:
        return []
    add, mul = gf
    rounds = [[[i * q + add[a][mul[slope][i]] for i in range(size)] for a in range(q)] for slope in range(q)]
    if size == q:
        rounds.append([[i * q + v for v in range(q)] for i in range(size)])
    return rounds


def _rotational(players: int, size: int) -> list[list[list[int]]]:
    if (players, size) not in ROTATIONAL_BASES:
        return []
    modulus, base = ROTATIONAL_BASES[(players, size)]

    def point(x: Any, level: int, shift: int) -> int:
        return 3 * modulus + level if x == "inf" else level * modulus + (x + shift) % modulus

    return [[[point(x, level, shift) for x, level in block] for block in base] for shift in range(modulus)]


def design_rounds(players: int, size: int) -> list[list[list[int]]]:
    """The rounds of the longest known design seating players 0..players-1 at tables of `size` without a
    repeat (the module's note lists them); empty when none is known."""
    found = (_affine_geometry(players, size), _transversal(players, size), _rotational(players, size))
    return max(found, key=len)
