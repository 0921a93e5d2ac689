"""A club night: the tables for the players present, their seats round after
round, and the night's standings (shared/CLUBNIGHT.md is the law).

Plain Python like the rest of the engine: the night's screens and
`manage.py seat_night` ask this module and re-derive nothing.

Tables
    `table_sizes(n)` is the law's Tables rule; `table_sizes(n, allowed)`
    seats as many players as the allowed sizes can hold (the rest sit out)
    and, of the ways to do that, takes the most even tables, then the fewest.
    `variant_sizes` asks the game engine (GameSetup.create) which table
    sizes a variant and its house rules can be played at.

Seating
    `seat_night` reads and checks the night (names, rounds played, sizes)
    and asks rules.seating for the plan; `lower_bound` is what no plan can
    beat. How the seats are searched, why the same input always gives the
    same plan, the proof of the bound and the first seats: rules.seating's
    note.

Standings
    `standings` ranks a night by placement points with exact fractions, as
    the law's "The night's standings" says; a game's result comes from
    `TableResult.from_state(state)` with the table's GameState.

Messages
    Every sentence for a person is a NightError whose message is a
    rules.i18n sentence, as everywhere in the engine: its value is English,
    and a screen shows it in the reader's language with no Django here.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

# Re-exported: the constructions are part of what a night offers (the benchmark and the tests use them).
from rules.designs import design_rounds as design_rounds
from rules.errors import RulesError, SetupError
from rules.game import GameState
from rules.i18n import _
from rules.names import NameProblem, clean_name, name_key
from rules.seating import USUAL_SIZE, Night, bounds, odd_tables, search, seat_orders
from rules.setup import OVER, GameSetup
from rules.variants import VARIANTS

FEWEST_PLAYERS = 3
MOST_PLAYERS = 64
MOST_ROUNDS = 20
# The largest table any variant seats (3D Hearts: 8).
MOST_SEATS = max(variant.max_players for variant in VARIANTS.values())
NULL = "null"
# The subject of rules.names' sentences about a player's name ("A player's name cannot be empty").
A_PLAYERS_NAME = _("A player's name")
ABANDONED = "abandoned"


class NightError(RulesError):
    """A night that cannot be seated or scored as asked; message is a rules.i18n sentence (English as a
    str, shown in the reader's language)."""

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)


# Tables ------------------------------------------------------------------


def default_sizes(players: int) -> tuple[int, ...]:
    """The law's Tables rule: tables of 4, a fifth player at r of them, or 4 − r tables of 3."""
    if players < FEWEST_PLAYERS:
        raise NightError(_("A night needs at least {fewest} players").format(fewest=FEWEST_PLAYERS))
    if players <= 5:
        return (players,)
    fours, rest = divmod(players, USUAL_SIZE)
    if rest <= fours:
        return (5,) * rest + (4,) * (fours - rest)
    threes = USUAL_SIZE - rest
    return (4,) * (fours + 1 - threes) + (3,) * threes


def table_sizes(players: int, allowed: Iterable[int] | None = None) -> tuple[int, ...]:
    """The tables for this many players, largest first; players beyond their seats sit out.

    With allowed sizes, the law's rule when its tables are all allowed;
    otherwise as many seated as the sizes can hold, then the most even
    tables, then the fewest.
    """
    if players < FEWEST_PLAYERS:
        raise NightError(_("A night needs at least {fewest} players").format(fewest=FEWEST_PLAYERS))
    if allowed is None:
        return default_sizes(players)
    sizes = sorted(set(allowed))
    if not sizes:
        raise NightError(_("Allow at least one table size"))
    usual = default_sizes(players)
    if set(usual) <= set(sizes):
        return usual
    best: tuple[int, ...] | None = None
    best_key: tuple[int, int, int] | None = None
    for combination in _combinations(players, tuple(sorted(sizes, reverse=True))):
        key = (-sum(combination), max(combination) - min(combination), len(combination))
        if best_key is None or key < best_key:
            best, best_key = combination, key
    if best is None:
        raise NightError(
            _("{players} players cannot be seated at tables of {sizes}").format(
                players=players, sizes=", ".join(map(str, sizes))
            )
        )
    return best


def _combinations(players: int, sizes: tuple[int, ...]) -> Iterable[tuple[int, ...]]:
    """Every multiset of tables (largest first) seating at most `players`; sizes is largest first."""

    def extend(start: int, room: int, chosen: tuple[int, ...]) -> Iterable[tuple[int, ...]]:
        if chosen:
            yield chosen
        for index in range(start, len(sizes)):
            if sizes[index] <= room:
                yield from extend(index, room - sizes[index], (*chosen, sizes[index]))

    # Sizes of at least 3 and at most 64 players keep this to a few thousand multisets.
    return extend(0, players, ())


def variant_sizes(variant: str, options: Mapping[str, object] | None = None) -> tuple[int, ...]:
    """The table sizes a night seats for a game of this variant and house rules: those the engine
    sets up a game for, from FEWEST_PLAYERS to MOST_SEATS (a Domino game of two, or Cancellation's
    tables of 9 to 11, are games of their own, not a night's)."""
    sizes = []
    for seats in range(FEWEST_PLAYERS, MOST_SEATS + 1):
        try:
            GameSetup.create(variant, [f"P{seat}" for seat in range(seats)], options)
        except SetupError:
            continue
        sizes.append(seats)
    return tuple(sizes)


# Seating -----------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """The new rounds: each a tuple of tables in seat order (seat 1 deals first) and its sit-outs.

    repeats counts the whole night's repeat meetings (played rounds included);
    lower_bound is what no plan can beat (its proof: rules.seating's note).
    """

    rounds: tuple[tuple[tuple[str, ...], ...], ...]
    sit_out: tuple[tuple[str, ...], ...]
    repeats: int
    lower_bound: int
    cut_short: bool = False

    def as_json(self) -> dict[str, object]:
        return {
            "rounds": [[list(table) for table in tables] for tables in self.rounds],
            "sit_out": [list(names) for names in self.sit_out],
        }


def count_repeats(rounds: Iterable[Iterable[Iterable[str]]]) -> int:
    """Repeat meetings in these rounds of tables: a pair meeting m times counts m − 1."""
    met: dict[tuple[str, str], int] = {}
    repeats = 0
    for tables in rounds:
        for table in tables:
            keys = sorted(name_key(name) for name in table)
            for i, first in enumerate(keys):
                for second in keys[i + 1 :]:
                    pair = (first, second)
                    repeats += pair in met
                    met[pair] = met.get(pair, 0) + 1
    return repeats


def seat_night(
    players: Sequence[str],
    rounds: int,
    played: Sequence[Sequence[Sequence[str]]] = (),
    sizes: Iterable[int] | None = None,
    seed: int = 0,
    effort: float = 1.0,
) -> Plan:
    """Seat `rounds` more rounds for the players present, after the rounds played.

    played holds earlier rounds' tables in seat order; names not among the
    players have left. sizes are the allowed table sizes (the law's rule when
    None). effort scales the search's iterations (the benchmark's reference
    search uses more); the same arguments always give the same Plan.
    """
    night = _read_night(players, rounds, played, sizes)
    rng = random.Random(seed)
    bound = max(bounds(night))
    # The search counts the repeats it can change: pairs of players present.
    where = search(night, rng, bound - night.settled_repeats, effort)
    plan_rounds, plan_sit_out = seat_orders(night, where, rng)
    repeats = count_repeats([*played, *plan_rounds])
    return Plan(plan_rounds, plan_sit_out, repeats, bound, where.cut_short)


def lower_bound(
    players: Sequence[str],
    rounds: int,
    played: Sequence[Sequence[Sequence[str]]] = (),
    sizes: Iterable[int] | None = None,
) -> int:
    """The fewest repeats any plan for this night can have (rules.seating's note has the proof)."""
    return max(lower_bounds(players, rounds, played, sizes))


def lower_bounds(
    players: Sequence[str],
    rounds: int,
    played: Sequence[Sequence[Sequence[str]]] = (),
    sizes: Iterable[int] | None = None,
) -> tuple[int, int]:
    """rules.seating's two bounds apart: (A) from consecutive rounds' pairs, (B) by pigeonhole over players."""
    return bounds(_read_night(players, rounds, played, sizes))


def _read_night(
    players: Sequence[str],
    rounds: int,
    played: Sequence[Sequence[Sequence[str]]],
    sizes: Iterable[int] | None,
) -> Night:
    names = list(players)
    _check_night(names, rounds)
    index = _seat_index(names)
    seat_sizes = table_sizes(len(names), _checked_sizes(sizes))
    tally = _PlayedTally(index)
    for number, tables in enumerate(played, start=1):
        tally.add_round(number, tables)
    # Repeats between two players present are the search's; the others are settled already.
    present_repeats = sum(max(0, count - 1) for row in tally.base for count in row) // 2
    return Night(
        names,
        rounds,
        seat_sizes,
        tally.base,
        tally.sat_out,
        tally.odd_seats,
        tally.first_seats,
        tally.dealt_last,
        tally.out_last,
        count_repeats(played) - present_repeats,
        tally.last_played,
    )


def _check_night(names: list[str], rounds: int) -> None:
    """As many players as a night seats, and rounds it can seat at a time."""
    if len(names) < FEWEST_PLAYERS:
        raise NightError(
            _("A night needs at least {fewest} players; {count} are here").format(
                fewest=FEWEST_PLAYERS, count=len(names)
            )
        )
    if len(names) > MOST_PLAYERS:
        raise NightError(
            _("A night seats at most {most} players; {count} are here").format(most=MOST_PLAYERS, count=len(names))
        )
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MOST_ROUNDS:
        raise NightError(_("Seat from 1 to {most} rounds at a time").format(most=MOST_ROUNDS))


def _seat_index(names: list[str]) -> dict[str, int]:
    """Each player's place in the list, by name_key: a player named twice is refused."""
    index: dict[str, int] = {}
    for number, name in enumerate(names):
        key = name_key(name)
        if key in index:
            raise NightError(
                _("{first} and {second} are the same player: each player is here once").format(
                    first=names[index[key]], second=name
                )
            )
        index[key] = number
    return index


def _checked_sizes(sizes: Iterable[int] | None) -> list[int] | None:
    """The table sizes allowed, each one a table can seat (None: any)."""
    if sizes is None:
        return None
    sizes = list(sizes)
    for size in sizes:
        if isinstance(size, bool) or not isinstance(size, int) or not FEWEST_PLAYERS <= size <= MOST_SEATS:
            raise NightError(
                _("A table seats from {fewest} to {most} players").format(fewest=FEWEST_PLAYERS, most=MOST_SEATS)
            )
    return sizes


class _PlayedTally:
    """What the rounds played so far leave for the search, counted for the players present (by index):
    who sat with whom, sat out, sat at an odd table and dealt first, and the last round's tables."""

    def __init__(self, index: dict[str, int]) -> None:
        n = len(index)
        self.index = index
        self.base = [[0] * n for _ in range(n)]
        self.sat_out = [0] * n
        self.odd_seats = [0] * n
        self.first_seats = [0] * n
        self.dealt_last: set[int] = set()
        self.last_played: list[list[int]] | None = None
        self.out_last: set[int] = set()

    def add_round(self, number: int, tables: Sequence[Sequence[str]]) -> None:
        if not tables:
            raise NightError(_("Played round {round} has no tables").format(round=number))
        for table in tables:
            if not FEWEST_PLAYERS <= len(table) <= MOST_SEATS:
                wrong = _("Played round {round} has a table of {count}: a table seats from {fewest} to {most} players")
                raise NightError(wrong.format(round=number, count=len(table), fewest=FEWEST_PLAYERS, most=MOST_SEATS))
        seen: set[str] = set()
        odd = odd_tables([len(table) for table in tables])
        present_tables: list[list[int]] = []
        self.dealt_last = set()
        for table, is_odd in zip(tables, odd, strict=True):
            present_tables.append(self._add_table(number, table, is_odd, seen))
        for key, player in self.index.items():
            self.sat_out[player] += key not in seen
        self.out_last = {player for key, player in self.index.items() if key not in seen}
        self.last_played = present_tables

    def _add_table(self, number: int, table: Sequence[str], is_odd: bool, seen: set[str]) -> list[int]:
        """One table of round `number`: its players present, each seen once in the round."""
        index = self.index
        here = []
        for name in table:
            key = name_key(name)
            if key in seen:
                raise NightError(_("{name} sits twice in played round {round}").format(name=name, round=number))
            seen.add(key)
            if key in index:
                here.append(index[key])
        for player in here:
            self.odd_seats[player] += is_odd
            for other in here:
                if other != player:
                    self.base[player][other] += 1
        if table and name_key(table[0]) in index:
            first = index[name_key(table[0])]
            self.first_seats[first] += 1
            self.dealt_last.add(first)
        return here


# Reading a seating request (manage.py seat_night) ----------------------------

REQUEST_KEYS = {"players", "rounds", "played", "sizes", "seed"}


def read_request(document: object, longest_name: int) -> dict[str, Any]:
    """The arguments of seat_night from CLUBNIGHT.md's JSON document; NightError says what is wrong.

    Names are tidied by the app's name rule (rules.names) with names of at
    most longest_name characters; players are the same when their keys are.
    """
    if not isinstance(document, Mapping):
        raise NightError(_("The request must be a JSON object"))
    unknown = sorted(set(document) - REQUEST_KEYS)
    if unknown:
        raise NightError(_("Unknown field '{key}'").format(key=unknown[0]))
    for key in ("players", "rounds"):
        if key not in document:
            raise NightError(_("The request has no '{key}'").format(key=key))

    def tidy(name: object) -> str:
        try:
            return clean_name(name, longest_name, A_PLAYERS_NAME)
        except NameProblem as problem:
            # rules.names words its own sentences; they come through as they are.
            raise NightError(problem.message) from None

    players = document["players"]
    if not isinstance(players, list):
        raise NightError(_("'players' must be a list of names"))
    players = [tidy(name) for name in players]
    rounds = document["rounds"]
    if isinstance(rounds, bool) or not isinstance(rounds, int):
        raise NightError(_("'rounds' must be a whole number from 1 to {most}").format(most=MOST_ROUNDS))
    played = document.get("played", [])
    shape = _("'played' must be a list of rounds, each a list of tables, each a list of names")
    if not isinstance(played, list) or not all(
        isinstance(tables, list) and all(isinstance(table, list) and table for table in tables) for tables in played
    ):
        raise NightError(shape)
    played = [[[tidy(name) for name in table] for table in tables] for tables in played]
    sizes = document.get("sizes")
    if sizes is not None and (not isinstance(sizes, list) or not sizes):
        raise NightError(_("'sizes' must be a list of table sizes, like [4, 5]"))
    seed = document.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise NightError(_("'seed' must be a whole number"))
    return {"players": players, "rounds": rounds, "played": played, "sizes": sizes, "seed": seed}


# Standings -------------------------------------------------------------------


@dataclass(frozen=True)
class TableResult:
    """One table's game as the night scores it: players in seat order, totals, winners' seats, status.

    status is the game's (rules.setup OVER, IN_PROGRESS, TIE_BREAK) or, for a
    game the table declared, "null" or "abandoned".
    """

    players: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    status: str

    @classmethod
    def from_state(cls, state: GameState, declared: str | None = None, as_it_stands: bool = False) -> TableResult:
        """The table's result; as_it_stands: an unfinished game the organizer counted when ending the round
        (CLUBNIGHT.md: placings from the totals so far, the lowest total first)."""
        if as_it_stands and not declared and state.status != OVER:
            return cls(state.setup.players, state.totals, state.lowest, OVER)
        return cls(state.setup.players, state.totals, state.winners, declared or state.status)

    @property
    def counts(self) -> bool:
        return self.status == OVER


@dataclass(frozen=True)
class RoundResult:
    """A round's tables and the players who sat it out."""

    tables: tuple[TableResult, ...]
    sit_out: tuple[str, ...] = ()


@dataclass(frozen=True)
class Standing:
    """A player's line: rounds counts the rounds they sat at a table, whatever became of its game."""

    player: str
    place: int
    score: Fraction
    margin: Fraction
    rounds: int


def placement_points(result: TableResult) -> dict[str, Fraction]:
    """Each player's placement points for a finished game (the law: (k − p) / (k − 1), shared places share)."""
    k = len(result.players)
    winners = set(result.winners)
    # The winners first whatever their totals (a 69-for-5 run), then the rest by total, lowest first.
    groups: list[list[int]] = [sorted(winners)] if winners else []
    rest = sorted((seat for seat in range(k) if seat not in winners), key=lambda seat: result.totals[seat])
    for seat in rest:
        if groups and groups[-1][0] not in winners and result.totals[groups[-1][0]] == result.totals[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    points: dict[str, Fraction] = {}
    place = 1
    for group in groups:
        shared = sum((Fraction(k - p, k - 1) for p in range(place, place + len(group))), Fraction(0)) / len(group)
        for seat in group:
            points[result.players[seat]] = shared
        place += len(group)
    return points


def standings(rounds: Sequence[RoundResult]) -> list[Standing]:
    """The night's standings: night score, then the sum of (table's mean total − own total), then the name.

    A finished game gives placement points; a null or abandoned game's
    players count as sitting out; a game still being played gives nothing
    yet. A sit-out scores the mean of the points its round gave (½), and
    nothing when no game of the round counted.
    """
    score: dict[str, Fraction] = {}
    margin: dict[str, Fraction] = {}
    played: dict[str, int] = {}
    for round_result in rounds:
        given: dict[str, Fraction] = {}
        sitting = list(round_result.sit_out)
        for table in round_result.tables:
            for name in table.players:
                played[name] = played.get(name, 0) + 1
            if table.counts:
                given.update(placement_points(table))
                mean_total = Fraction(sum(table.totals), len(table.totals))
                for name, total in zip(table.players, table.totals, strict=True):
                    margin[name] = margin.get(name, Fraction(0)) + mean_total - total
            elif table.status in (NULL, ABANDONED):
                sitting.extend(table.players)
            else:
                for name in table.players:
                    score.setdefault(name, Fraction(0))
        mean = sum(given.values(), Fraction(0)) / len(given) if given else Fraction(0)
        for name, points in given.items():
            score[name] = score.get(name, Fraction(0)) + points
        for name in sitting:
            score[name] = score.get(name, Fraction(0)) + mean
    names = set(score) | set(margin)
    ranked = sorted(
        names,
        key=lambda name: (-score.get(name, 0), -margin.get(name, 0), name_key(name), name),
    )
    return [
        Standing(name, place, score.get(name, Fraction(0)), margin.get(name, Fraction(0)), played.get(name, 0))
        for place, name in enumerate(ranked, start=1)
    ]


def winner(rounds: Sequence[RoundResult], ranked: Sequence[Standing]) -> str | None:
    """Who wins the night: the first of its standings, or nobody when no game of it counted (the law)."""
    if not ranked or not any(table.counts for round_result in rounds for table in round_result.tables):
        return None
    return ranked[0].player
