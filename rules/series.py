"""A series of club nights: its standings over the nights, and its final table (shared/CLUBNIGHT.md,
"A series of nights", is the law).

Plain Python like the rest of the engine. The nights' own standings come
from rules.night.standings; this module adds them up and never re-derives
a night's score.

Standings
    A player's series score is the sum of their night scores; a night they
    did not come to scores 0 for them (an absence scores nothing, as in a
    night). Ranked by that sum, then by nights played (more first), then by
    the sum of the nights' margins (rules.night.Standing.margin, the night's
    tie-break), then by name (rules.names.name_key, then the name as written).

The final table
    The top k of those standings play one game (`finalists`). Ties at the
    cut (the k-th and the k+1-th equal on score, nights and margin) are
    broken by the law's last tie-break, the name order, as everywhere else
    in the standings; `finalists` says when that happened so a page can say
    so. Once the final is over, its placings (rules.night.placement_points:
    the winners first, then the others by total, lowest first) rank its
    players first to k-th of the series. Players sharing a place in the
    final keep their series order among themselves. Everyone else keeps
    their order, below the finalists. A final still being played, or
    declared null or abandoned, reorders nobody.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from rules.names import name_key
from rules.night import Standing, TableResult, placement_points

# The final table's size when the organizer names none (the law: "4 by default").
FINAL_SIZE = 4


@dataclass(frozen=True)
class SeriesStanding:
    """A player's line over the series.

    by_night holds the player's score at each night, in the nights' order, None
    for a night they did not come to (it adds 0). final_place is their place at
    the final table once the final is over, else None.
    """

    player: str
    place: int
    score: Fraction
    nights: int
    margin: Fraction
    by_night: tuple[Fraction | None, ...]
    final_place: int | None = None


def _sum_order(line: SeriesStanding) -> tuple[Fraction, int, Fraction, str, str]:
    return (-line.score, -line.nights, -line.margin, name_key(line.player), line.player)


def series_standings(nights: Sequence[Sequence[Standing]], final: TableResult | None = None) -> list[SeriesStanding]:
    """The series' standings from each night's standings (rules.night.standings), in the nights' order.

    final: the final table's game, if one was seated. When it counts (is
    over), its players are ranked first to k-th by their placings there,
    those sharing a place kept in their series order; a finalist no night of
    the series names (a night taken out of the series after the final) has a
    line of no score. Everyone else keeps their series order below.
    """
    score: dict[str, Fraction] = {}
    margin: dict[str, Fraction] = {}
    played: dict[str, int] = {}
    by_night: dict[str, list[Fraction | None]] = {}
    for index, night in enumerate(nights):
        for standing in night:
            name = standing.player
            if name not in by_night:
                by_night[name] = [None] * len(nights)
            by_night[name][index] = standing.score
            score[name] = score.get(name, Fraction(0)) + standing.score
            margin[name] = margin.get(name, Fraction(0)) + standing.margin
            played[name] = played.get(name, 0) + 1
    if final is not None and final.counts:
        for name in final.players:
            by_night.setdefault(name, [None] * len(nights))
    lines = sorted(
        (
            SeriesStanding(
                name,
                0,
                score.get(name, Fraction(0)),
                played.get(name, 0),
                margin.get(name, Fraction(0)),
                tuple(by_night[name]),
            )
            for name in by_night
        ),
        key=_sum_order,
    )
    if final is not None and final.counts:
        lines = _after_the_final(lines, final)
    return [replace(line, place=place) for place, line in enumerate(lines, start=1)]


def _after_the_final(lines: list[SeriesStanding], final: TableResult) -> list[SeriesStanding]:
    points = placement_points(final)
    # A final place: 1 + how many finalists scored more there (shared places share the better one).
    place = {name: 1 + sum(other > mine for other in points.values()) for name, mine in points.items()}
    series_order = {line.player: index for index, line in enumerate(lines)}
    finalists = sorted(
        (line for line in lines if line.player in points),
        key=lambda line: (place[line.player], series_order[line.player]),
    )
    rest = [line for line in lines if line.player not in points]
    return [replace(line, final_place=place[line.player]) for line in finalists] + rest


@dataclass(frozen=True)
class Cut:
    """Who plays the final table: the first `size` of the standings; tied says that the last of
    them and the first left out were equal on everything but the name (the name decided)."""

    players: tuple[str, ...]
    tied: bool


def finalists(standings: Sequence[SeriesStanding], size: int = FINAL_SIZE) -> Cut:
    """The final table's players, in the series' order: its top `size` (fewer if fewer played)."""
    chosen = tuple(line.player for line in standings[:size])
    tied = len(standings) > size and _sum_order(standings[size - 1])[:3] == _sum_order(standings[size])[:3]
    return Cut(chosen, tied)
