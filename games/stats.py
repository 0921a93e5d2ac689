"""Standings and statistics, read from the cached results of Seat and Game.

Read only, and nothing here replays a game: Game.refresh() keeps each
seat's total, wins, moons, Q♠ and wraps, and League.results_changed() each
seat's rating and the Standing table each player's sums, so every figure is
one query (or two) whatever the league's size. Only games that count (Game.objects.counted(): finished,
neither null nor abandoned) are in any figure; lowest score wins everywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from fractions import Fraction
from typing import Any, NamedTuple, TypeVar

from django.core.cache import cache
from django.db.models import Exists, F, FilteredRelation, OuterRef, Q, QuerySet, Subquery
from django.utils import formats, timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from games.figures import SUM_FIGURES, SumFigure, said
from games.kept_figures import changes_since, current_rating, rated_columns, rated_games
from games.models import (
    Game,
    League,
    Player,
    Rivalry,
    Season,
    SeasonStanding,
    Seat,
    SeatQuerySet,
    Standing,
)
from games.ratings import on_scale
from games.rounding import MISSING, percent, shown
from rules.describe import signed
from rules.variants import PRESETS

# Any queryset of games (a GameQuerySet keeps its own methods through Span.filter).
Games = TypeVar("Games", bound=QuerySet[Game])


@dataclass(frozen=True)
class Column:
    """A standings column: what it is called and means, which way is best, and its cell.

    A summed figure's column is made from games.figures' table (_sum_column);
    the ones worked out from the sums (win %, average, per hand) are written here."""

    key: str
    label: str | StrPromise
    title: str | StrPromise  # what the column means, for a header's title and the key below the table
    descending: bool  # the first click sorts best-first: most wins, lowest average score
    cell: Callable[[Row], str] = lambda row: ""  # the figure as the table shows it


def _format(key: str, places: int | None = None) -> Callable[[Row], str]:
    """A column's cell: a count as it is, a figure with `places` decimals (games.rounding)."""

    def cell(row: Row) -> str:
        value = getattr(row, key)
        if places is None:
            return MISSING if value is None else str(value)
        return shown(value, places)

    return cell


def _win_pct_cell(row: Row) -> str:
    # Below the league's minimum of games the rate is shown, in brackets, but not ranked.
    return percent(row.win_pct) if row.ranked else f"({percent(row.win_pct)})"


def _sum_column(figure: SumFigure, cell: Callable[[Row], str] | None = None) -> Column:
    """A summed figure's column, as games.figures words it; the most first when sorted."""
    assert figure.column is not None
    return Column(figure.name, figure.column.short, figure.column.long, True, cell or _format(figure.name))


_SUMS = {figure.name: figure for figure in SUM_FIGURES}
# Left to right as a Hearts league reads a table, so that a phone shows the
# deciding columns first and the rest are a short swipe away: the figures that
# lead (wins, games), the ones worked out from the sums, then every other
# summed figure with a column, in games.figures' order.
COLUMNS = [
    Column("player", _("Player"), _("Player"), False),
    *(_sum_column(figure) for figure in SUM_FIGURES if figure.column and figure.leads),
    Column("win_pct", _("Win %"), _("Share of games won (in brackets: too few games to rank)"), True, _win_pct_cell),
    Column("avg_total", _("Avg"), _("Average final score"), False, _format("avg_total", 1)),
    Column("rating", _("Rating"), _("Skill rating now, over every counted game"), True, _format("rating", 1)),
    Column("per_hand", _("Per hand"), _("Average points per hand"), False, _format("per_hand", 2)),
    *(_sum_column(figure) for figure in SUM_FIGURES if figure.column and not figure.leads and figure.name != "money"),
]
# Turbo Hearts' money: a column only in a table with Turbo games in it (columns_for).
MONEY = _sum_column(_SUMS["money"], lambda row: signed(row.money, plus=True))
EVERY_COLUMN = [*COLUMNS, MONEY]
SORTS = {column.key: column for column in EVERY_COLUMN}


def columns_for(rows: list[Row]) -> list[Column]:
    """The standings' columns for these rows: the money column when someone played a Turbo game."""
    return EVERY_COLUMN if any(row.money_games for row in rows) else COLUMNS


# What a Hearts league reads first: who has won most. A player with a
# handful of games can have a perfect rate, so wins lead and the rate (only
# among those with enough games) breaks ties; then the lower average score,
# the game's own measure. The rating, a model's estimate, is a column to
# sort by, not the league's verdict.
DEFAULT_SORT = "wins"


@dataclass(frozen=True)
class Span:
    """Which counted games a table covers: a variant, and dates of play from/to (inclusive).

    A filter, not a stored thing: the standings' and the archive's form
    make one from the page's parameters. When its dates are a saved
    Season's, it carries that season, whose standings and ratings are kept
    (SeasonStanding); other dates are summed from the seats on each request,
    with the all-time ratings."""

    variant: str = ""
    since: date | None = None
    until: date | None = None
    season: Season | None = field(default=None, compare=False)

    @classmethod
    def of(cls, season: Season, variant: str = "") -> Span:
        return cls(variant, season.first_day, season.last_day, season)

    def with_season(self, seasons: list[Season]) -> Span:
        """This span, carrying the first of `seasons` whose dates are exactly its own, if any."""
        if self.since and self.until:
            for season in seasons:
                if (season.first_day, season.last_day) == (self.since, self.until):
                    return Span.of(season, self.variant)
        return self

    @property
    def dated(self) -> bool:
        return bool(self.since or self.until)

    @property
    def label(self) -> str:
        """'Hearts, games played from 1 Mar 2025 to 30 Jun 2025'; a season's name first."""
        variant = PRESETS[self.variant].name if self.variant in PRESETS else gettext("All variants")
        if self.since and self.until:
            played = gettext("%(variant)s, games played from %(since)s to %(until)s") % {
                "variant": variant,
                "since": day_label(self.since),
                "until": day_label(self.until),
            }
            if self.season is None:
                return played
            return gettext("Season %(season)s: %(span)s") % {"season": self.season.name, "span": played}
        if self.since:
            return gettext("%(variant)s, games played from %(since)s") % {
                "variant": variant,
                "since": day_label(self.since),
            }
        if self.until:
            return gettext("%(variant)s, games played up to %(until)s") % {
                "variant": variant,
                "until": day_label(self.until),
            }
        return gettext("%(variant)s, every date") % {"variant": variant}

    @property
    def rating_label(self) -> str:
        """What the Rating column holds here."""
        if self.season is not None:
            return gettext(
                "Ratings over season %(season)s's games alone, every variant: everyone starts afresh at its first day."
            ) % {"season": self.season.name}
        if self.dated:
            return gettext("Ratings are all-time (over every counted game), not over these dates alone.")
        return gettext("Ratings are over every counted game, in order of play.")

    def games(self, league: League) -> QuerySet[Game]:
        return self.filter(Game.objects.counted().filter(league=league))

    def covers(self, league: League) -> bool:
        """Whether the dates leave out none of the league's counted games (days_played)."""
        days = days_played(league)
        first, last = days["first"], days["last"]
        if first is None or last is None:
            return True
        return (not self.since or self.since <= first) and (not self.until or self.until >= last)

    def seats(self, league: League) -> SeatQuerySet:
        """The seats of games(league), found by joining each seat to its game.

        `Seat.objects.filter(game__in=self.games(league))` is the same set, but
        SQLite then matches every seat against the list of all counted games'
        ids, three times slower on a league of thousands of games. The status
        test is Game.objects.counted()'s.
        """
        return Seat.objects.counted().filter(game__league=league, **self._lookups("game__"))

    def player_seats(self, player: Player) -> SeatQuerySet:
        """The player's seats among games(player.league).

        Without a test on the league (a player's games are all in theirs), the
        database starts from the player's few hundred seats rather than from
        the league's thousands of games.
        """
        return Seat.objects.counted().filter(player=player, **self._lookups("game__"))

    def filter(self, games: Games) -> Games:
        """games narrowed to this span (any status: the archive lists them all)."""
        return games.filter(**self._lookups())

    def _lookups(self, prefix: str = "") -> dict[str, Any]:
        lookups: dict[str, Any] = {}
        if self.variant:
            lookups[f"{prefix}variant"] = self.variant
        if self.since:
            lookups[f"{prefix}played_on__gte"] = self.since
        if self.until:
            lookups[f"{prefix}played_on__lte"] = self.until
        return lookups


def days_played(league: League) -> dict[str, date | None]:
    """The league's first and last day of play, {"first": ..., "last": ...}: one query, kept on the
    league object for the rest of the request.

    Over all its games, not only the counted ones, so that the database
    reads the index on (league, played_on) alone; a game under way only
    widens the range, which is the safe side for Span.covers. The first
    game and the last are each looked up at one end of that index: MIN() and
    MAX() together made SQLite read all of it."""
    if not hasattr(league, "_days_played"):
        games = Game.objects.filter(league=OuterRef("pk")).values("played_on")
        # Kept on the instance (a League declares no such field) for the rest of the request.
        league._days_played = (  # type: ignore[attr-defined]
            League.objects.filter(pk=league.pk)
            .values(first=Subquery(games.order_by("played_on")[:1]), last=Subquery(games.order_by("-played_on")[:1]))
            .get()
        )
    return league._days_played  # type: ignore[attr-defined]  # set above


def day_label(moment: date | datetime) -> str:
    """'7 Jan 2025': a day as pages write it, in the time zone in use (the league's) for a moment."""
    if isinstance(moment, datetime):
        moment = timezone.localtime(moment)
    return formats.date_format(moment)


class Row:
    """One player's line in a standings table: the sums of SeatQuerySet.figures() by name
    (row.games, row.wins, ...), the rating, and the figures worked out from the sums below."""

    def __init__(self, player_id: int, name: str, rating: float | None, ranked: bool = True, **sums: int) -> None:
        self.player_id, self.name, self.rating = player_id, name, rating
        self.ranked = ranked  # played the league's minimum of games for their win rate to rank
        self.sums = sums

    def __getattr__(self, figure: str) -> int:
        try:
            return self.__dict__["sums"][figure]
        except KeyError:
            raise AttributeError(figure) from None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Row) and vars(self) == vars(other)

    def __repr__(self) -> str:
        return f"Row({self.name!r}, {self.sums}, rating={self.rating})"

    @property
    def page_figures(self) -> list[tuple[Any, int]]:
        """The summed figures the player page lists (games.figures' with a page line): (words, value)."""
        return [(said(figure.page), self.sums[figure.name]) for figure in SUM_FIGURES if figure.page]

    @property
    def win_pct(self) -> Fraction:
        # Exact fractions: games.rounding rounds them as people do, and sorting compares them exactly.
        return Fraction(100 * self.wins, self.games)

    @property
    def avg_total(self) -> Fraction:
        return Fraction(self.total, self.games)

    @property
    def per_hand(self) -> Fraction | None:
        return Fraction(self.points, self.hands) if self.hands else None


def standings(league: League, span: Span = Span(), sort: str = DEFAULT_SORT, descending: bool | None = None,
              player: Player | None = None) -> list[Row]:  # fmt: skip
    """One row per player with a counted game in the span, in the order asked for.

    A saved season reads its SeasonStanding rows, with the ratings over its
    games alone (one query). Otherwise the Standing table answers when the
    dates leave out no game (one query, plus one for the league's first and
    last day when there are dates); dates that cut the league's games sum
    their seats instead, then read the ratings (two queries), and the rating
    is the current one, over every counted game. At most one row per
    player, so the sorting is done here.
    """
    standing: QuerySet[SeasonStanding] | QuerySet[Standing] | None
    if span.season is not None:
        standing = SeasonStanding.objects.filter(season=span.season, variant=span.variant or Standing.ALL_VARIANTS)
    elif span.dated and not span.covers(league):
        standing = None
    else:
        standing = Standing.objects.filter(league=league, variant=span.variant or Standing.ALL_VARIANTS)
    if standing is None:
        rows = _span_rows(league, span, player)
    else:
        if player is not None:
            standing = standing.filter(player=player)
        rows = _standing_rows(standing)
    for row in rows:
        row.ranked = row.games >= league.min_games
        row.rating = shown_rating(row.rating, league)
    return sort_rows(rows, sort, descending)


def _standing_rows(standing: QuerySet[SeasonStanding] | QuerySet[Standing]) -> list[Row]:
    return [
        Row(values.pop("player_id"), values.pop("player__name"), values.pop("rating"), **values)
        for values in standing.values("player_id", "player__name", "rating", *Standing.FIGURES)
    ]


def rating_leaders(league: League, count: int, spare: int | None = None) -> list[Row]:
    """standings(league, sort="rating")[:count], from the rows rated highest, not every player's: the
    league page's chart of leaders.

    One query of the `count` highest rated rows and `spare` more (as many again): when the last of
    them rates lower than the count-th, no row tying that one was left out, and the top `count` of
    the whole table are among them in the same order (the table is sorted by rating, ties in the
    league's order, and both orders are the same on any part of it). Otherwise (ties beyond them,
    or fewer rated players than `count`, whom the unrated follow in the league's order) one more
    query of every row rated at least as high as the count-th, or of every row."""
    every = Standing.objects.filter(league=league, variant=Standing.ALL_VARIANTS)
    read = count + (count if spare is None else spare)
    rows = _standing_rows(every.order_by(F("rating").desc(nulls_last=True))[:read])
    if len(rows) == read:
        cut, last = rows[count - 1].rating, rows[-1].rating
        if cut is None or (last is not None and last >= cut):
            cutoff = every.exclude(rating=None).order_by("-rating").values("rating")[count - 1 : count]
            # With fewer rated players than that, every row: the unrated come after them.
            rows = _standing_rows(every.filter(Q(rating__gte=Subquery(cutoff)) | ~Exists(cutoff)))
    for row in rows:
        row.ranked = row.games >= league.min_games
        row.rating = shown_rating(row.rating, league)
    return sort_rows(rows, "rating")[:count]


# How long a span's sums stay cached at most; a change of results replaces them at once.
SPAN_SUMS_SECONDS = 24 * 60 * 60


def _span_rows(league: League, span: Span, player: Player | None) -> list[Row]:
    """The span's sums per player, then the players' names and current ratings.

    The sums read thousands of seats, so they are cached until a change of the
    league's results counts, drops or moves a game of the span's dates
    (changes_after); the names and ratings are read afresh (a rename shows at once). They group the
    seats by player alone: joining each seat to its player for the name cost
    more than the second query."""
    key = f"span-sums:{league.pk}:{span.variant}:{span.since}:{span.until}:{player.pk if player else ''}"
    entry = cache.get(key)
    changes = changes_since(league, entry)
    if changes is None:
        figures = entry[1]
    elif entry is not None and not changes.touches_days(span.since, span.until):
        # The change counted, dropped or moved no game of these dates: the sums stand.
        figures = entry[1]
        cache.set(key, (league.results_version, figures), SPAN_SUMS_SECONDS)
    else:
        seats = span.seats(league) if player is None else span.player_seats(player)
        sums = seats.values("player_id").annotate(**Seat.objects.figures()).order_by()
        figures = {row.pop("player_id"): row for row in sums}
        cache.set(key, (league.results_version, figures), SPAN_SUMS_SECONDS)
    if not figures:
        return []
    if player is not None:
        # The player's own row (a player's page): their name as read, their rating now from their
        # kept rated games (current_rating), which is the Standing row's.
        return [Row(player.pk, player.name, current_rating(league, player.pk), **figures[player.pk])]
    people = (
        Player.objects.filter(pk__in=list(figures))
        .annotate(every_variant=FilteredRelation("standings", condition=Q(standings__variant=Standing.ALL_VARIANTS)))
        .values_list("pk", "name", "every_variant__rating")
    )
    return [Row(player_id, name, rating, **figures[player_id]) for player_id, name, rating in people]


def _league_order(row: Row) -> tuple:
    """The default order (DEFAULT_SORT says why): most wins, then the better ranked win
    rate, then the lower average; then by name, so the order never jumps."""
    return (-row.wins, not row.ranked, -row.win_pct, row.avg_total, row.name.casefold(), row.player_id)


def sort_rows(rows: list[Row], sort: str = DEFAULT_SORT, descending: bool | None = None) -> list[Row]:
    descending = SORTS[sort].descending if descending is None else descending
    # Ties in the chosen column keep the league's order.
    rows = sorted(rows, key=_league_order)
    if sort == "player":
        return sorted(rows, key=lambda row: row.name.casefold(), reverse=descending)
    if sort == "wins" and descending:
        return rows
    if sort == "win_pct":
        # Win rates below the minimum of games rank after the others, whichever the direction.
        ranked = sorted((row for row in rows if row.ranked), key=lambda row: row.win_pct, reverse=descending)
        return ranked + sorted((row for row in rows if not row.ranked), key=lambda row: row.win_pct,
                               reverse=descending)  # fmt: skip
    # A missing value (no rating yet) goes last whichever the direction.
    present = sorted((row for row in rows if getattr(row, sort) is not None), key=lambda row: getattr(row, sort),
                     reverse=descending)  # fmt: skip
    return present + [row for row in rows if getattr(row, sort) is None]


def _number(value: float | None) -> float:
    return float("-inf") if value is None else value


@dataclass(frozen=True)
class HeadToHead:
    """One opponent, over the counted games both played: who finished lower."""

    player_id: int
    name: str
    wins: int  # games where our player's total was lower
    losses: int
    ties: int

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.ties


def head_to_head(
    league: League, player: Player, span: Span = Span(), names: dict[int, str] | None = None
) -> list[HeadToHead]:
    """Every opponent of player, most games together first.

    Over every counted game it reads the Rivalry table; for a span it
    compares totals seat by seat (SeatQuerySet.rivalries). One query either way,
    or none for a span's kept records when the league's players' `names` are given.
    """
    if span == Span():
        rows = Rivalry.objects.filter(player=player).values_list(
            "opponent_id", "opponent__name", "wins", "losses", "ties"
        )
        records = [HeadToHead(*row) for row in rows]
    else:
        records = _span_head_to_head(league, player, span, names)
    return sorted(records, key=lambda record: (-record.games, record.name.casefold(), record.player_id))


def _span_head_to_head(
    league: League, player: Player, span: Span, names: dict[int, str] | None = None
) -> list[HeadToHead]:
    """head_to_head over a span: every seat of the player's games in it compared with theirs (a few
    milliseconds at a few hundred games). Kept as _span_rows keeps a span's sums, until a change
    moves a game of the player's on the span's days; the opponents' names are read afresh (or
    taken from `names`, the league's players' as the page read them)."""
    key = f"span-rivalries:{league.pk}:{span.variant}:{span.since}:{span.until}:{player.pk}"
    entry = cache.get(key)
    changes = changes_since(league, entry)
    if changes is None:
        records = entry[1]
    elif entry is not None and not (changes.touches_player(player.pk) and changes.touches_days(span.since, span.until)):
        records = entry[1]
        cache.set(key, (league.results_version, records), SPAN_SUMS_SECONDS)
    else:
        return _span_rivalries(player, span, key, league.results_version)
    if not records:
        return []
    if names is None:
        names = dict(Player.objects.filter(pk__in=[record[0] for record in records]).values_list("pk", "name"))
    if any(record[0] not in names for record in records):  # an opponent is gone (merged): read them afresh
        return _span_rivalries(player, span, key, league.results_version)
    return [HeadToHead(opponent, names[opponent], *record) for opponent, *record in records]


def _span_rivalries(player: Player, span: Span, key: str, version: int) -> list[HeadToHead]:
    """_span_head_to_head read from the seats, and kept under `key` at the results' `version`."""
    records = [
        HeadToHead(row["opponent"], row["opponent_name"], row["wins"], row["losses"], row["ties"])
        for row in span.player_seats(player).rivalries()
    ]
    kept = [(record.player_id, record.wins, record.losses, record.ties) for record in records]
    cache.set(key, (version, kept), SPAN_SUMS_SECONDS)
    return records


def nemesis(records: list[HeadToHead]) -> HeadToHead | None:
    """The opponent who has beaten the player most often (more games breaks a tie: no)."""
    beaten = [record for record in records if record.losses]
    if not beaten:
        return None
    return min(beaten, key=lambda record: (-record.losses, record.games, record.name.casefold()))


def played_with_most(records: list[HeadToHead]) -> HeadToHead | None:
    """The opponent in most of the player's counted games (head_to_head's first: ties by name)."""
    return records[0] if records else None


class RatedGame(NamedTuple):
    """One of a player's counted games: what they finished on, and their rating after it.

    A named tuple, made three times faster than a frozen dataclass: a player's page makes one for
    each of their hundreds of games whenever one of them ends."""

    game_id: int
    number: int  # the league's number for the game
    played_on: date
    variant: str
    total: int
    won: bool
    moons: int
    rating: float


def rating_history(league: League, player: Player, span: Span = Span()) -> list[RatedGame]:
    """The player's counted games of the span in order of play with their all-time rating after
    each (a season's own are kept only as they stand at its end). From rated_games."""
    since = span.since.toordinal() if span.since else 0
    until = span.until.toordinal() if span.until else date.max.toordinal()
    scale = league.rating_scale
    return [
        RatedGame(
            game.game_id,
            game.number,
            date.fromordinal(game.day),
            game.variant,
            game.total,
            game.won,
            game.moons,
            on_scale(game.rating, scale),
        )
        for game in rated_games(league, [player.pk])[player.pk]
        if since <= game.day <= until and (not span.variant or game.variant == span.variant)
    ]


@dataclass(frozen=True)
class VariantRecord:
    variant: str
    games: int
    wins: int
    total: int

    @property
    def name(self) -> str:
        return PRESETS[self.variant].name if self.variant in PRESETS else self.variant

    @property
    def average(self) -> Fraction:
        return Fraction(self.total, self.games)


@dataclass(frozen=True)
class PlayerRecord:
    """What a league app shows of a player beyond the standings' row, from their games in order of play."""

    current_streak: int  # wins in a row up to the latest game
    longest_streak: int
    best: RatedGame | None  # the win on the lowest total (the earlier of equal ones), else the lowest total
    worst: RatedGame | None  # the loss on the highest total, else the highest total
    moons: list[RatedGame]  # the games in which they shot the moon, latest first
    variants: list[VariantRecord]  # most played first


def player_record(games: list[RatedGame]) -> PlayerRecord:
    """Streaks, best and worst game, moons and each variant's figures. No query: rating_history has it all."""
    current = longest = 0
    for game in games:
        current = current + 1 if game.won else 0
        longest = max(longest, current)
    by_variant: dict[str, list[RatedGame]] = {}
    for game in games:
        by_variant.setdefault(game.variant, []).append(game)
    variants = [
        VariantRecord(variant, len(played), sum(game.won for game in played), sum(game.total for game in played))
        for variant, played in by_variant.items()
    ]
    return PlayerRecord(
        current_streak=current,
        longest_streak=longest,
        # A win always beats a loss (a 69-for-5 win is not a bad night); then the total.
        best=min(games, key=lambda game: (not game.won, game.total), default=None),
        worst=max(games, key=lambda game: (not game.won, game.total), default=None),
        moons=[game for game in reversed(games) if game.moons],
        variants=sorted(variants, key=lambda record: (-record.games, record.name)),
    )


# The league over time ------------------------------------------------------------------


def shown_rating(rating: float | None, league: League) -> float | None:
    """A stored rating as the league shows it (League.rating_scale); None (no rating yet) stays None."""
    return None if rating is None else on_scale(rating, league.rating_scale)


# Lines on the league's rating chart: more would not read apart.
LEADERS = 5


def leaders_ratings(league: League, leaders: list[Row]) -> list[tuple[str, list[int], list[float]]]:
    """Each leader's name, and the days (as ordinals) of their counted games and their rating after
    each, read from their kept columns alone (rated_columns): charts.league_ratings_columns_chart's lines."""
    columns = rated_columns(league, [row.player_id for row in leaders])
    lines: list[tuple[str, list[int], list[float]]] = []
    for row in leaders:
        packed = columns[row.player_id]
        ratings = [on_scale(rating, league.rating_scale) for rating in packed.rating.tolist()] if packed else []
        lines.append((row.name, packed.day.tolist(), ratings) if packed else (row.name, [], []))
    return lines
