"""Standings and statistics, read from the cached results of Seat and Game.

Read only, and nothing here replays a game: Game.refresh() keeps each
seat's total, wins, moons, Q♠ and wraps, and League.results_changed() each
seat's rating and the Standing table each player's sums, so every figure is
one query (or two) whatever the league's size. Only games that count (Game.objects.counted(): finished,
neither null nor abandoned) are in any figure; lowest score wins everywhere.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from fractions import Fraction
from typing import Any, NamedTuple, TypeVar

from django.core.cache import cache
from django.db.models import Count, Exists, F, FilteredRelation, Max, OuterRef, Q, QuerySet, Subquery
from django.utils import dateformat, timezone
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from games.models import (
    Game,
    League,
    Player,
    ResultsChange,
    Rivalry,
    Season,
    SeasonStanding,
    Seat,
    SeatQuerySet,
    Standing,
)
from games.models.seats import EPOCH, Rated, place
from games.rounding import MISSING, shown
from rules.describe import signed
from rules.variants import PRESETS

# Any queryset of games (a GameQuerySet keeps its own methods through Span.filter).
Games = TypeVar("Games", bound=QuerySet[Game])


@dataclass(frozen=True)
class Column:
    """A standings column: what it is called and means, which way is best, and its cell.

    Adding a figure to the standings is a Column here (and, if it is a new
    sum, a Row field with its aggregate in SeatQuerySet.figures())."""

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
    return f"{shown(row.win_pct, 0)}%" if row.ranked else f"({shown(row.win_pct, 0)}%)"


# Left to right as a Hearts league reads a table, so that a phone shows the
# deciding columns first and the rest are a short swipe away.
COLUMNS = [
    Column("player", _("Player"), _("Player"), False),
    Column("wins", _("Wins"), _("Games won"), True, _format("wins")),
    Column("games", _("Games"), _("Games played that count"), True, _format("games")),
    Column("win_pct", _("Win %"), _("Share of games won (in brackets: too few games to rank)"), True, _win_pct_cell),
    Column("avg_total", _("Avg"), _("Average final score"), False, _format("avg_total", 1)),
    Column("rating", _("Rating"), _("Skill rating now, over every counted game"), True, _format("rating", 1)),
    Column("per_hand", _("Per hand"), _("Average points per hand"), False, _format("per_hand", 2)),
    Column("moons", _("Moons"), _("Moons shot"), True, _format("moons")),
    Column("queens", _("Q♠"), _("Queens of spades taken"), True, _format("queens")),
    Column("wraps", _("Wraps"), _("Wraps back to 0"), True, _format("wraps")),
    Column("sixty_nine", _("69×5"), _("Games won by 69 for 5"), True, _format("sixty_nine")),
]
# Turbo Hearts' money: a column only in a table with Turbo games in it (columns_for).
MONEY = Column(
    "money",
    _("Money"),
    _("Turbo Hearts money won: each hand, the other players' scores minus three times one's own"),
    True,
    lambda row: signed(row.money, plus=True),
)
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
        variant = PRESETS[self.variant].name if self.variant in PRESETS else "All variants"
        if self.since and self.until:
            played = f"{variant}, games played from {day_label(self.since)} to {day_label(self.until)}"
            return played if self.season is None else f"Season {self.season.name}: {played}"
        if self.since:
            return f"{variant}, games played from {day_label(self.since)}"
        if self.until:
            return f"{variant}, games played up to {day_label(self.until)}"
        return f"{variant}, every date"

    @property
    def rating_label(self) -> str:
        """What the Rating column holds here."""
        if self.season is not None:
            return (
                f"Ratings over season {self.season.name}'s games alone, every variant: "
                "everyone starts afresh at its first day."
            )
        if self.dated:
            return "Ratings are all-time (over every counted game), not over these dates alone."
        return "Ratings are over every counted game, in order of play."

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
    return dateformat.format(moment, "j M Y")


# Folding a league's changes into what is kept --------------------------------------
#
# What sums thousands of seats (a player's rated games, the games per month, a
# span's sums) is kept in the cache under the results_version it was read at.
# When the league's results have moved on since, the ResultsChange rows between
# the two versions say what moved: ratings from a point in the order of play,
# the counted games of some days, the figures of some players. What was kept
# is then mended for those alone (read again from that point, those months,
# those players) instead of summed again over the league. Every write that moves
# results logs its change in the same transaction (League.results_changed).

# How long what is kept stays in the cache at most; a change mends or replaces it at once.
KEPT_SECONDS = 24 * 60 * 60


@dataclass(frozen=True)
class Changes:
    """What the league's results changes after some version moved, all together.

    since: the earliest point in the order of play from which ratings moved (a
    game's position); days: the days whose counted games came, went or changed;
    players: whose figures may have moved (None: everyone's); rated: when every
    change kept its rated seats (ResultsChange.rated), each change's position
    (as Rated holds one) and those seats by player, in the order of the changes."""

    since: tuple[date, datetime, int] | None
    days: frozenset[date]
    players: frozenset[int] | None
    rated: tuple[tuple[tuple[int, int, int], dict[int, list[Rated]]], ...] | None = None

    @property
    def everything(self) -> bool:
        return self.since is None

    def touches_player(self, player_id: int) -> bool:
        return self.players is None or player_id in self.players

    def touches_days(self, since: date | None, until: date | None) -> bool:
        return self.everything or any((not since or day >= since) and (not until or day <= until) for day in self.days)


# Beyond this many changes since a kept copy, the log is read in one query rather than key by key.
CACHED_CHANGES = 50

# One of the changes rebuilt the league, or the log no longer reaches back that far.
EVERYTHING = Changes(None, frozenset(), None)


def changes_after(league: League, version: int) -> Changes:
    """What the league's results changes after `version` up to league.results_version moved.
    From the cache, else one query; kept on the league object for the rest of the request."""
    known = league.__dict__.setdefault("_changes_after", {})
    if version not in known:
        keys = [ResultsChange.cache_key(league.pk, moved) for moved in range(version + 1, league.results_version + 1)]
        # Each change is in the cache from its commit on (ResultsChange.log): the first page after
        # a game ends reads no log. A long gap (or another instance's cache) asks the database.
        found = cache.get_many(keys) if len(keys) <= CACHED_CHANGES else {}
        if len(found) == len(keys):
            rows = [found[key] for key in keys]
        else:
            read = ResultsChange.objects.filter(league=league, version__gt=version, version__lte=league.results_version)
            by_version = {moved: tuple(row) for moved, *row in read.values_list("version", *ResultsChange.READ)}
            rows = [by_version[moved] for moved in sorted(by_version)]  # in the order they were made
            if len(rows) == len(keys):
                cache.set_many(
                    {ResultsChange.cache_key(league.pk, moved): row for moved, row in by_version.items()},
                    ResultsChange.CACHED_SECONDS,
                )
        if len(rows) != league.results_version - version or any(row[0] is None for row in rows):
            known[version] = EVERYTHING
        else:
            players: set[int] | None = set()
            for ids in (row[4] for row in rows):
                players = None if players is None or ids is None else players | set(ids)
            known[version] = Changes(
                # Every row has its position here (ResultsChange.log writes its three together).
                since=min((day, created_at, game_id) for day, created_at, game_id, *_ in rows),
                days=frozenset(date.fromisoformat(day) for row in rows for day in row[3]),
                players=None if players is None else frozenset(players),
                rated=_rated_steps(rows),
            )
    return known[version]


def _rated_steps(rows: list[tuple[Any, ...]]) -> tuple[tuple[tuple[int, int, int], dict[int, list[Rated]]], ...] | None:
    """Changes.rated from the log's rows (ResultsChange.READ, in the order they were made), when
    every one of them kept its rated seats."""
    if any(row[5] is None for row in rows):
        return None
    steps = []
    for day, created_at, game_id, *_days_players, rated in rows:
        seats: dict[int, list[Rated]] = {}
        for player_id, *game in rated:
            seats.setdefault(player_id, []).append(tuple(game))
        steps.append((place(day, created_at, game_id), seats))
    return tuple(steps)


def _kept(league: League, entry: tuple[int, Any] | None) -> Changes | None:
    """None when a kept (version, value) is the league's current one; else what moved since it."""
    if entry is not None and entry[0] == league.results_version:
        return None
    if entry is None or entry[0] > league.results_version:
        return EVERYTHING
    return changes_after(league, entry[0])


def figures_version(league: League, player_id: int, until: date | None = None) -> int:
    """The league's results_version at which this player's figures last moved, as far as is known:
    what a page that shows them alone is kept under, so that a game ending leaves every other
    player's page as it was.

    For the figures of games up to `until` (a span's sums and head-to-head, a saved season's
    standings, the all-time ratings after those games), only a change from that day or before
    moves them: a game ending today leaves last year's page as it was, but for the player's
    rating now, which a dated span's row shows (current_rating)."""
    key = f"figures-version:{player_id}:{until or ''}"
    entry = cache.get(key)
    changes = _kept(league, entry)
    if changes is None:
        return entry[1]
    moved = entry is None or changes.touches_player(player_id)
    if moved and entry is not None and until is not None and changes.since is not None:
        moved = changes.since[0] <= until
    version = league.results_version if moved else entry[1]
    cache.set(key, (league.results_version, version), KEPT_SECONDS)
    return version


def current_rating(league: League, player_id: int) -> float | None:
    """The player's all-time rating now: after their latest counted game (rated_columns; no query
    when it is kept, or mended from the changes since)."""
    packed = rated_columns(league, [player_id])[player_id]
    return packed[-1][-1] if packed else None


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
    changes = _kept(league, entry)
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
    changes = _kept(league, entry)
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
    return [
        RatedGame(game_id, number, date.fromordinal(day), variant, total, won, moons, rating)
        for day, _, game_id, number, variant, total, won, moons, rating in rated_games(league, [player.pk])[player.pk]
        if since <= day <= until and (not span.variant or variant == span.variant)
    ]


Position = tuple[date, datetime, int]


def _packed(games: list[Rated]) -> tuple[Any, ...]:
    """A rated list as the cache keeps it: a column each, the numbers as arrays and the variants as
    indexes into the few names. The cache pickles a list of thousands of tuples on every change
    (a millisecond for the league page's five leaders); these columns, a few bytes objects."""
    if not games:
        return ()
    days, moments, ids, numbers, variants, totals, won, moons, ratings = zip(*games, strict=True)
    names = sorted(set(variants))
    index = {name: number for number, name in enumerate(names)}
    return (
        array("q", days), array("q", moments), array("q", ids), array("q", numbers), tuple(names),
        array("H", [index[variant] for variant in variants]), array("q", totals), bytes(won), array("q", moons),
        array("d", ratings),
    )  # fmt: skip


def _unpacked(packed: tuple[Any, ...]) -> list[Rated]:
    """_packed's rated list as it was."""
    if not packed:
        return []
    days, moments, ids, numbers, names, variants, totals, won, moons, ratings = packed
    return list(
        zip(
            days.tolist(), moments.tolist(), ids.tolist(), numbers.tolist(), map(names.__getitem__, variants),
            totals.tolist(), map(bool, won), moons.tolist(), ratings.tolist(), strict=True,
        )
    )  # fmt: skip


def rated_games(league: League, player_ids: list[int]) -> dict[int, list[Rated]]:
    """Each player's counted games in order of play, with their all-time rating after each (from
    rated_columns)."""
    return {player_id: _unpacked(packed) for player_id, packed in rated_columns(league, player_ids).items()}


def rated_columns(league: League, player_ids: list[int]) -> dict[int, tuple[Any, ...]]:
    """rated_games' lists as _packed keeps them (a column each).

    Kept per player under the results_version read; after a change, a kept list
    is cut where the ratings started to move and only its end read again (or
    kept whole when the change did not touch the player): one query for the
    players read whole, starting from their seats, and one for the ends (those
    players' seats at the league's games from that point). No query for the ends
    when every change since kept its rated seats (ResultsChange.rated: a game
    ending after the others, as at the table): each change's cuts the columns at
    its position and is added to them.
    """
    # "columns": kept as _packed keeps them; a list kept before in another form is under another name.
    keys = {player_id: f"rated-games-columns:{player_id}" for player_id in player_ids}
    found = cache.get_many(list(keys.values()))
    columns: dict[int, tuple[Any, ...]] = {}
    games: dict[int, list[Rated]] = {}  # the lists read again, whole or from a point
    ends: dict[int, tuple[int, int, int]] = {}  # whose list is read again from a point
    moved: list[int] = []  # whose kept list moves to the new version (as kept, or mended)
    for player_id, key in keys.items():
        entry = found.get(key)
        changes = _kept(league, entry)
        if changes is None:
            assert entry is not None  # _kept says None only of a kept entry
            columns[player_id] = entry[1]
        elif entry is None or changes.everything:
            games[player_id] = []
        elif not changes.touches_player(player_id):
            columns[player_id] = entry[1]
            moved.append(player_id)
        elif changes.rated is not None:
            # Each change's seats are the player's games from its position on: cut there, and add them.
            packed = entry[1]
            for at, by_player in changes.rated:
                packed = _cut_and_added(packed, at, by_player.get(player_id, []))
            columns[player_id] = packed
            moved.append(player_id)
        else:
            since = place(*changes.since)  # type: ignore[misc]
            games[player_id] = [kept for kept in _unpacked(entry[1]) if kept[:3] < since]
            ends[player_id] = since
    seats = Seat.objects.counted().exclude(rating_mu=None)
    whole = [player_id for player_id in games if player_id not in ends]
    if whole:
        _add_rated(games, seats.filter(player_id__in=whole).rated_rows())
    if ends:
        since = min(ends.values())
        day = date.fromordinal(since[0])
        position = (day, EPOCH + timedelta(microseconds=since[1]), since[2])
        # The day's bound besides the position's: SQLite then reads a range of the league's index on
        # its games, and each game's seats of these players by the seats' (game, player) key.
        rows = seats.filter(game__league=league, game__played_on__gte=day, player_id__in=list(ends))
        _add_rated(games, rows.filter(Game.from_position(position, prefix="game__")).rated_rows(), ends)
    columns |= {player_id: _packed(listed) for player_id, listed in games.items()}
    if games or moved:
        version = league.results_version
        cache.set_many({keys[player_id]: (version, columns[player_id]) for player_id in [*games, *moved]}, KEPT_SECONDS)
    return {player_id: columns[player_id] for player_id in player_ids}


def _cut_and_added(packed: tuple[Any, ...], at: tuple[int, int, int], added: list[Rated]) -> tuple[Any, ...]:
    """_packed's columns without the games at `at` or after it in the order of play, and with `added`
    (which follow them): a game ending after the others cuts nothing and adds one, without making a
    tuple of each of the player's games."""
    if not packed:
        return _packed(added)
    days, moments, ids, numbers, names, variants, totals, won, moons, ratings = packed
    cut = len(ids)
    while cut and (days[cut - 1], moments[cut - 1], ids[cut - 1]) >= at:
        cut -= 1
    if cut == len(ids) and not added:
        return packed
    index = {name: number for number, name in enumerate(names)}
    if cut == 0 or any(game[4] not in index for game in added):  # a variant new to the list: its names change
        return _packed([*_unpacked(packed)[:cut], *added])
    return (
        days[:cut] + array("q", [game[0] for game in added]), moments[:cut] + array("q", [game[1] for game in added]),
        ids[:cut] + array("q", [game[2] for game in added]), numbers[:cut] + array("q", [game[3] for game in added]),
        names, variants[:cut] + array("H", [index[game[4]] for game in added]),
        totals[:cut] + array("q", [game[5] for game in added]), won[:cut] + bytes(game[6] for game in added),
        moons[:cut] + array("q", [game[7] for game in added]), ratings[:cut] + array("d", [game[8] for game in added]),
    )  # fmt: skip


def _add_rated(
    games: dict[int, list[Rated]], rows: list[tuple[int, Rated]], since: dict[int, tuple[int, int, int]] | None = None
) -> None:
    """Seats' rows (SeatQuerySet.rated_rows, in order of play) added to each player's list; from
    `since` on only, for the players it names."""
    for player_id, game in rows:
        if since is None or game[:3] >= since[player_id]:
            games[player_id].append(game)


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

# Lines on the league's rating chart: more would not read apart.
LEADERS = 5


def leaders_ratings(league: League, leaders: list[Row]) -> list[tuple[str, list[int], list[float]]]:
    """Each leader's name, and the days (as ordinals) of their counted games and their rating after
    each, read from their kept columns alone (rated_columns): charts.league_ratings_columns_chart's lines."""
    columns = rated_columns(league, [row.player_id for row in leaders])
    lines: list[tuple[str, list[int], list[float]]] = []
    for row in leaders:
        packed = columns[row.player_id]
        lines.append((row.name, packed[0].tolist(), packed[-1].tolist()) if packed else (row.name, [], []))
    return lines


def games_per_month(league: League) -> list[tuple[date, int]]:
    """How many counted games were played in each month that had one, in order.

    Kept under the results_version read; after a change only the months of the
    days it touched are counted again (one query, none when nothing moved).
    Counted per day in the database (a plain GROUP BY on the column) and added
    up per month here: SQLite truncates dates to months with a Python function
    called once a row, several times slower on a league of thousands of games.

    Kept with where the league's latest counted game stands, as far as it is
    known (_latest_known): a change after it that kept its rated seats (a game
    ending after the others, ResultsChange.rated) only adds its games to their
    months, without a query."""
    key = f"counted-months:{league.pk}"  # the months and the latest game's place
    entry = cache.get(key)
    changes = _kept(league, entry)
    if changes is None:
        return entry[1]
    if entry is not None and changes.rated is not None:
        added = _months_added(entry[1], entry[2], changes.rated)
        if added is not None:
            cache.set(key, (league.results_version, *added), KEPT_SECONDS)
            return added[0]
    days = Game.objects.counted().filter(league=league)
    touched: set[date] | None = None  # the months counted again (None: all of them)
    if entry is None or changes.everything:
        months: dict[date, int] = {}
    else:
        touched = {day.replace(day=1) for day in changes.days}
        months = {month: count for month, count in entry[1] if month not in touched}
        within = Q()
        for month in touched:
            within |= Q(played_on__gte=month, played_on__lt=(month + timedelta(days=31)).replace(day=1))
        days = days.filter(within) if touched else days.none()
    latest: tuple[date, datetime] | None = None  # the latest day counted, and its latest game's moment
    for day, count, moment in (
        days.values_list("played_on").annotate(games=Count("pk"), latest=Max("created_at")).order_by("played_on")
    ):
        month = day.replace(day=1)
        months[month] = months.get(month, 0) + count
        latest = (day, moment)
    counted = sorted(months.items())
    last = _latest_known(counted, touched, latest, None if entry is None else entry[2])
    cache.set(key, (league.results_version, counted, last), KEPT_SECONDS)
    return counted


# A place (as Rated holds one) after any game's id: "any game of that day and moment".
_ANY_ID = 2**63 - 1
# The place before every game: a league with no counted game.
_NO_GAME = (0, 0, 0)


def _latest_known(
    counted: list[tuple[date, int]],
    touched: set[date] | None,
    latest: tuple[date, datetime] | None,
    kept: tuple[int, int, int] | None,
) -> tuple[int, int, int] | None:
    """Where the league's latest counted game stands, for games_per_month to keep; None when not known.

    counted: the months now; touched: the months just counted again (None: all); latest: the latest
    day they had and its latest game's moment; kept: what was known before. A place stands for any
    game of its day and moment (_ANY_ID), which only makes a game ending at that very moment count
    its month again."""
    if touched is None:
        return _NO_GAME if latest is None else (*place(latest[0], latest[1], 0)[:2], _ANY_ID)
    known = [] if latest is None else [(*place(latest[0], latest[1], 0)[:2], _ANY_ID)]
    if kept is not None and (kept == _NO_GAME or date.fromordinal(kept[0]).replace(day=1) not in touched):
        known.append(kept)
    if not known:
        return None
    last = max(known)
    # A month not counted again, after that one, has a later game, whose place is not known.
    month = date.fromordinal(last[0]).replace(day=1) if last != _NO_GAME else date.min
    if any(count and later > month and later not in touched for later, count in counted):
        return None
    return last


def _months_added(
    counted: list[tuple[date, int]],
    last: tuple[int, int, int] | None,
    steps: tuple[tuple[tuple[int, int, int], dict[int, list[Rated]]], ...],
) -> tuple[list[tuple[date, int]], tuple[int, int, int]] | None:
    """The months with the games of changes after the league's latest counted game (`last`) added,
    and the new latest's place; None when a change starts at or before it (it may have moved a game
    already counted: games_per_month counts its months again). Each change's rated seats are every
    counted game from its place on (ResultsChange.rated)."""
    if last is None:
        return None
    months = dict(counted)
    for at, by_player in steps:
        if at <= last:
            return None
        games = {game[:3] for rows in by_player.values() for game in rows}
        for day, *_moment_and_id in games:
            month = date.fromordinal(day).replace(day=1)
            months[month] = months.get(month, 0) + 1
        last = max(games, default=last)
    return sorted(months.items()), last
