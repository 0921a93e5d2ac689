"""Line charts drawn on the server as SVG: no JavaScript, readable on paper.

This module does the geometry (scales, ticks, the path of each line and its
markers) and templates/history/chart.html draws it. Each line differs from
the others three ways, by colour, dash pattern and marker shape, so a chart
reads in black and white and for colour-blind eyes; every chart carries a
title, a one-line description and a summary for screen readers.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.utils import formats
from django.utils.translation import gettext, ngettext

from games.rounding import shown
from rules import GameState

WIDTH = 340
HEIGHT = 232
LEFT, RIGHT, TOP, BOTTOM = 34, 10, 18, 34

# One style per seat (3D Hearts seats up to 8). Colours are CSS classes
# (static/css/history.css) so that dark mode can lighten them.
DASHES = ["", "7 3", "2 3", "9 3 2 3", "4 4", "12 3", "1 2", "6 2 2 2 2 2"]
MARKERS = ["circle", "square", "triangle", "diamond", "cross", "plus", "triangle_down", "bar"]
MARKER_SIZE = 3.2
# Beyond this many points a line carries no markers: they would blot it out.
MOST_MARKERS = 40


@dataclass(frozen=True)
class Tick:
    at: float  # position in the chart's coordinates
    label: str


@dataclass(frozen=True)
class Series:
    name: str
    style: int  # index into DASHES, MARKERS and the colour classes
    line: str  # the path's d attribute
    markers: str  # one path for all of its markers ("" for none)

    @property
    def dash(self) -> str:
        return DASHES[self.style]

    @property
    def css_class(self) -> str:
        return f"chart-s{self.style}"

    @property
    def swatch(self) -> str:
        """The marker alone, centred in a 24x12 legend swatch."""
        return marker_path(MARKERS[self.style], 12, 6)


@dataclass(frozen=True)
class Guide:
    """A horizontal reference line, such as the target score."""

    at: float
    label: str


@dataclass(frozen=True)
class Chart:
    id: str
    title: str
    description: str  # <desc>: what the chart shows
    summary: str  # the numbers that matter, as a sentence, for screen readers
    series: tuple[Series, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    guide: Guide | None = None
    x_title: str = ""  # what the horizontal axis counts, under its labels
    y_title: str = ""  # what the vertical axis measures, above it
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM

    @property
    def x_label_at(self) -> float:
        return self.bottom + 14

    @property
    def x_title_at(self) -> float:
        return self.bottom + 29

    @property
    def middle(self) -> float:
        return (self.left + self.right) / 2


def nice_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round values covering low to high, at most `most` of them (steps of 1, 2, 2.5 or 5 × 10ⁿ)."""
    if high <= low:
        high = low + 1
    magnitude = 10 ** math.floor(math.log10((high - low) / max(most - 1, 1)))
    for step in (m * magnitude * 10**k for k in range(3) for m in (1, 2, 2.5, 5)):
        first, last = math.floor(low / step), math.ceil(high / step)
        if last - first + 1 <= most:
            return [round(n * step, 10) for n in range(first, last + 1)]
    raise AssertionError("unreachable: a step of 100 × the rough one always fits")  # pragma: no cover


class _Scale:
    def __init__(self, low: float, high: float, start: float, end: float) -> None:
        self.low, self.high, self.start, self.end = low, high, start, end

    def __call__(self, value: float) -> float:
        if self.high == self.low:
            return (self.start + self.end) / 2
        return round(self.start + (value - self.low) * (self.end - self.start) / (self.high - self.low), 1)

    def many(self, values: Sequence[float], rounded: bool = True) -> list[float]:
        """[self(value) for value in values], the same arithmetic in the same order without a call a
        point: a league's rating chart has thousands of them. rounded=False: not rounded to a tenth
        (for writing with one decimal, which rounds alike)."""
        if self.high == self.low:
            return [(self.start + self.end) / 2] * len(values)
        start, low, length, width = self.start, self.low, self.end - self.start, self.high - self.low
        if not rounded:
            return [start + (value - low) * length / width for value in values]
        return [round(start + (value - low) * length / width, 1) for value in values]


def marker_path(shape: str, x: float, y: float, r: float = MARKER_SIZE) -> str:
    """A small closed (or crossed) shape centred on x, y, as SVG path data."""
    if shape == "circle":
        return f"M{x - r:.1f},{y:.1f}a{r},{r} 0 1,0 {2 * r:.1f},0a{r},{r} 0 1,0 {-2 * r:.1f},0z"
    if shape == "square":
        s = r * 0.9
        return f"M{x - s:.1f},{y - s:.1f}h{2 * s:.1f}v{2 * s:.1f}h{-2 * s:.1f}z"
    if shape == "triangle":
        return f"M{x:.1f},{y - r:.1f}l{r:.1f},{1.7 * r:.1f}h{-2 * r:.1f}z"
    if shape == "triangle_down":
        return f"M{x:.1f},{y + r:.1f}l{r:.1f},{-1.7 * r:.1f}h{-2 * r:.1f}z"
    if shape == "diamond":
        return f"M{x:.1f},{y - r:.1f}l{r:.1f},{r:.1f}l{-r:.1f},{r:.1f}l{-r:.1f},{-r:.1f}z"
    if shape == "cross":
        return f"M{x - r:.1f},{y - r:.1f}l{2 * r:.1f},{2 * r:.1f}m0,{-2 * r:.1f}l{-2 * r:.1f},{2 * r:.1f}"
    if shape == "plus":
        return f"M{x - r:.1f},{y:.1f}h{2 * r:.1f}m{-r:.1f},{-r:.1f}v{2 * r:.1f}"
    # bar: a short upright stroke
    return f"M{x:.1f},{y - r:.1f}v{2 * r:.1f}"


# The lines drawn lately, under their chart, series and scales: their points (as values, before
# scaling) and path. After a game ends, the league page's leaders' lines (by day played) gain a point
# or two at their end, on the same scales while the day and the highest and lowest ratings stay: each
# path is then the one drawn before and the new points', not thousands of points scaled and written
# out again (about 2 ms of the league page's first visit after a game).
_DRAWN: OrderedDict[tuple[object, ...], tuple[list[tuple[float, float]], str]] = OrderedDict()
_DRAWN_LOCK = threading.Lock()
# A few leagues' leaders: each line kept holds its points, a few hundred kilobytes for thousands.
DRAWN_KEPT = 32


def _path(x: _Scale, y: _Scale, xs: Sequence[float], ys: Sequence[float]) -> str:
    """The points (xs[n], ys[n]) scaled, as a path's "x,yLx,y..." after its M. Written from the
    unrounded coordinates: a figure written with one decimal is the figure rounded to one (_Scale's)."""
    scaled = zip(x.many(xs, rounded=False), y.many(ys, rounded=False), strict=True)
    return "L".join(f"{at_x:.1f},{at_y:.1f}" for at_x, at_y in scaled)


def _line(key: tuple[object, ...], values: list[tuple[float, float]], x: _Scale, y: _Scale) -> str:
    """The path of values scaled by x and y, as _series writes it: from the path of the same line drawn
    before when values begin with its values."""
    key = (*key, x.low, x.high, x.start, x.end, y.low, y.high, y.start, y.end)
    with _DRAWN_LOCK:
        drawn = _DRAWN.get(key)
    start, path = 0, ""
    if drawn is not None and 0 < len(drawn[0]) <= len(values) and values[: len(drawn[0])] == drawn[0]:
        start, path = len(drawn[0]), drawn[1]
    added = values[start:]
    if added or not path:
        path += ("L" if path else "M") + _path(x, y, [value for value, _ in added], [value for _, value in added])
    with _DRAWN_LOCK:
        _DRAWN[key] = (values, path)
        _DRAWN.move_to_end(key)
        while len(_DRAWN) > DRAWN_KEPT:
            _DRAWN.popitem(last=False)
    return path


def _series(name: str, style: int, points: Sequence[tuple[float, float]], line: str = "") -> Series:
    """A series through points (scaled); line: its path when already drawn (_line)."""
    line = line or "M" + "L".join(f"{x:.1f},{y:.1f}" for x, y in points)
    markers = ""
    if len(points) <= MOST_MARKERS:
        markers = "".join(marker_path(MARKERS[style], x, y) for x, y in points)
    return Series(name, style, line, markers)


def totals_chart(state: GameState, chart_id: str = "totals-chart") -> Chart:
    """Each player's total after each hand, from 0 before hand 1; the target as a guide. In a team
    game a line per team (setup.scorers), as the engine totals them."""
    names = state.setup.scorers
    target = state.setup.options.target
    rows = [tuple(0 for _ in names)] + [hand.totals for hand in state.hands]
    values = [total for row in rows for total in row]
    low: float
    high: float
    low, high = min(0, *values), max(target, *values)
    y_values = nice_ticks(low, high)
    low, high = min(low, y_values[0]), max(high, y_values[-1])
    last = len(rows) - 1
    x = _Scale(0, max(last, 1), LEFT, WIDTH - RIGHT)
    y = _Scale(low, high, HEIGHT - BOTTOM, TOP)
    series = tuple(
        _series(name, seat, [(x(number), y(row[seat])) for number, row in enumerate(rows)])
        for seat, name in enumerate(names)
    )
    x_ticks = tuple(Tick(x(v), str(int(v))) for v in nice_ticks(0, max(last, 1), 8) if v == int(v))
    y_ticks = tuple(Tick(y(v), _number(v)) for v in y_values)
    played = len(state.hands)
    finals = ", ".join(f"{name} {total}" for name, total in zip(names, state.totals, strict=True))
    summary = gettext("No hands yet.")
    if played:
        summary = ngettext("After %(hands)d hand: %(totals)s.", "After %(hands)d hands: %(totals)s.", played) % {
            "hands": played,
            "totals": finals,
        }
        # Names joined as the scoresheet joins its winners.
        if state.winners:
            winners = gettext(" and ").join(names[seat] for seat in state.winners)
            summary += " " + gettext("Won by %(names)s.") % {"names": winners}
        else:
            lowest = gettext(" and ").join(names[seat] for seat in state.lowest)
            summary += " " + gettext("Lowest now: %(names)s.") % {"names": lowest}
    return Chart(
        id=chart_id,
        title=gettext("Totals hand by hand"),
        description=ngettext(
            "Line chart of each player's total after each of %(hands)d hand, "
            "with the target of %(target)d marked; lowest total wins.",
            "Line chart of each player's total after each of %(hands)d hands, "
            "with the target of %(target)d marked; lowest total wins.",
            played,
        )
        % {"hands": played, "target": target},
        summary=summary,
        series=series,
        x_ticks=x_ticks,
        y_ticks=y_ticks,
        guide=Guide(y(target), f"{target}"),
        x_title=gettext("hand"),
        y_title=gettext("total"),
    )


def _day(moment: date) -> str:
    """'2 Mar 2025', with the month as the page's language writes it."""
    return formats.date_format(moment)


def rating_chart(
    name: str,
    ratings: Sequence[float],
    dates: Sequence[date],
    day: Callable[[date], str] = _day,
    chart_id: str = "rating-chart",
    start: float = 0.0,
) -> Chart:
    """A player's rating after each of their counted games, in order of play.

    dates are the games'; day() writes one as words (only the best game's is used); start is a new
    player's rating as the league shows it (games.ratings.SCALES).
    """
    count = len(ratings)
    points = [start, *ratings]  # every player starts from the same rating
    y_values = nice_ticks(min(points), max(points), 5)
    low, high = min(min(points), y_values[0]), max(max(points), y_values[-1])
    x = _Scale(0, max(count, 1), LEFT, WIDTH - RIGHT)
    y = _Scale(low, high, HEIGHT - BOTTOM, TOP)
    # The markers only for a short line (_series), whose points alone are then scaled one by one.
    scaled = [(x(n), y(value)) for n, value in enumerate(points)] if len(points) <= MOST_MARKERS else []
    series = (_series(name, 0, scaled, "M" + _path(x, y, range(len(points)), points)),)
    x_ticks = tuple(Tick(x(v), str(int(v))) for v in nice_ticks(0, max(count, 1), 6) if v == int(v))
    y_ticks = tuple(Tick(y(v), _number(v)) for v in y_values)
    if count:
        best = max(range(count), key=lambda n: ratings[n])
        summary = ngettext(
            "%(name)s's rating after %(games)d game: %(rating)s (highest %(highest)s, after the game of %(day)s).",
            "%(name)s's rating after %(games)d games: %(rating)s (highest %(highest)s, after the game of %(day)s).",
            count,
        ) % {
            "name": name,
            "games": count,
            "rating": shown(ratings[-1]),
            "highest": shown(ratings[best]),
            "day": day(dates[best]),
        }
    else:
        summary = gettext("%(name)s has no counted games yet.") % {"name": name}
    return Chart(
        id=chart_id,
        title=gettext("Rating game by game"),
        description=gettext(
            "Line chart of %(name)s's skill rating after each counted game, from %(start)s before the first."
        )
        % {"name": name, "start": _number(start)},
        summary=summary,
        series=series,
        x_ticks=x_ticks,
        y_ticks=y_ticks,
        x_title=gettext("counted games played"),
        y_title=gettext("rating"),
    )


def _number(value: float) -> str:
    """An axis tick's label, with the page's decimal sign (2,5 in Dutch)."""
    return str(int(value)) if value == int(value) else formats.number_format(Decimal(f"{value:g}"))


def _month(day: date) -> str:
    """'Mar 2025', with the month as the page's language writes it."""
    return formats.date_format(day, "YEAR_MONTH_FORMAT")


def league_ratings_chart(
    lines: Sequence[tuple[str, Sequence[tuple[date, float]]]], today: date, chart_id: str = "league-ratings-chart"
) -> Chart:
    """The leading players' ratings over time: one line each, a point per counted game, by the day it was played.

    today: the day at the league's table (League.today()), where an empty chart's axis stands."""
    columns = [
        (name, [day.toordinal() for day, _ in points], [rating for _, rating in points]) for name, points in lines
    ]
    return league_ratings_columns_chart(columns, today, chart_id)


def league_ratings_columns_chart(
    lines: Sequence[tuple[str, Sequence[int], Sequence[float]]],
    today: date,
    chart_id: str = "league-ratings-chart",
    start: float = 0.0,
) -> Chart:
    """league_ratings_chart from each line's days (as ordinals) and ratings, as games.stats keeps a
    player's rated games: a leader's hundreds of points are not made into dates and back. The scale
    shows a new player's rating (start: games.ratings.SCALES)."""
    days = [day for _, line_days, _ in lines for day in line_days]
    values = [start, *(rating for _, _, ratings in lines for rating in ratings)]
    first, last = (date.fromordinal(min(days)), date.fromordinal(max(days))) if days else (today, today)
    y_values = nice_ticks(min(values), max(values), 5)
    low, high = min(min(values), y_values[0]), max(max(values), y_values[-1])
    x = _Scale(first.toordinal(), max(last.toordinal(), first.toordinal() + 1), LEFT, WIDTH - RIGHT)
    y = _Scale(low, high, HEIGHT - BOTTOM, TOP)
    series = tuple(
        _series(name, style, list(zip(x.many(line_days), y.many(ratings), strict=True))
                if len(line_days) <= MOST_MARKERS else [],
                _line((chart_id, style, name), list(zip(line_days, ratings, strict=True)), x, y))
        for style, (name, line_days, ratings) in enumerate(lines)
    )  # fmt: skip
    span = max(last.toordinal() - first.toordinal(), 1)
    x_ticks = tuple(
        Tick(x(first.toordinal() + offset), _month(date.fromordinal(first.toordinal() + int(offset))))
        for offset in (0, span / 2, span)
    ) if days else ()  # fmt: skip
    latest = ", ".join(f"{name} {shown(ratings[-1])}" for name, _, ratings in lines if ratings)
    return Chart(
        id=chart_id,
        title=gettext("Ratings over time"),
        description=ngettext(
            "Line chart of the rating of the league's %(players)d leading player after each of "
            "their counted games, by the day it was played.",
            "Line chart of the ratings of the league's %(players)d leading players after each of "
            "their counted games, by the day it was played.",
            len(lines),
        )
        % {"players": len(lines)},
        summary=gettext("Ratings now: %(ratings)s.") % {"ratings": latest}
        if latest
        else gettext("No counted games yet."),
        series=series,
        x_ticks=x_ticks,
        y_ticks=tuple(Tick(y(v), _number(v)) for v in y_values),
        x_title=gettext("day played"),
        y_title=gettext("rating"),
    )


def games_per_month_chart(months: Sequence[tuple[date, int]], chart_id: str = "games-per-month-chart") -> Chart:
    """Counted games in each month, from the league's first to its latest (months without a game at 0)."""
    filled: list[tuple[date, int]] = []
    if months:
        counts = dict(months)
        month = months[0][0].replace(day=1)
        while month <= months[-1][0]:
            filled.append((month, counts.get(month, 0)))
            month = date(month.year + month.month // 12, month.month % 12 + 1, 1)
    top = max((count for _, count in filled), default=0)
    y_values = nice_ticks(0, max(top, 1), 5)
    x = _Scale(0, max(len(filled) - 1, 1), LEFT, WIDTH - RIGHT)
    y = _Scale(0, y_values[-1], HEIGHT - BOTTOM, TOP)
    series = (
        (_series(gettext("Games"), 0, [(x(n), y(count)) for n, (_, count) in enumerate(filled)]),) if filled else ()
    )
    ticks = sorted({0, (len(filled) - 1) // 2, len(filled) - 1}) if filled else []
    busiest = max(filled, key=lambda pair: pair[1]) if filled else None
    games, months_shown = sum(count for _, count in filled), len(filled)
    summary = gettext("No counted games yet.")
    if busiest:
        # Two counts in one sentence: the games' plural form picks it (the months are said apart).
        summary = ngettext(
            "%(games)d game in %(months)s; the busiest, %(busiest)s, had %(most)d.",
            "%(games)d games in %(months)s; the busiest, %(busiest)s, had %(most)d.",
            games,
        ) % {
            "games": games,
            "months": ngettext("%(months)d month", "%(months)d months", months_shown) % {"months": months_shown},
            "busiest": _month(busiest[0]),
            "most": busiest[1],
        }
    return Chart(
        id=chart_id,
        title=gettext("Games per month"),
        description=ngettext(
            "Line chart of the number of counted games played in %(months)d month.",
            "Line chart of the number of counted games played in each of %(months)d months.",
            months_shown,
        )
        % {"months": months_shown},
        summary=summary,
        series=series,
        x_ticks=tuple(Tick(x(n), _month(filled[n][0])) for n in ticks),
        y_ticks=tuple(Tick(y(v), _number(v)) for v in y_values),
        x_title=gettext("month played"),
        y_title=gettext("games"),
    )
