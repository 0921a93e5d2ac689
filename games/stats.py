"""Standings and statistics, read from the cached results of Seat and Game.

Read only, and nothing here replays a game: Game.refresh() keeps each
seat's total, wins, moons, Q♠ and wraps, and League.results_changed() each
seat's rating and the Standing table each player's sums, so every figure is
one query (or two) whatever the league's size. Only games that count (Game.objects.counted(): finished,
neither null nor abandoned) are in any figure; lowest score wins everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

from django.db.models import QuerySet
from django.utils import dateformat, timezone

from games.models import Game, League, Player, Rivalry, Seat, Standing
from games.ratings import ordinal
from rules import VARIANTS


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    title: str  # what the column means, for a header's title and the key below the table
    descending: bool  # the first click sorts best-first: most wins, lowest average score


COLUMNS = [
    Column("player", "Player", "Player", False),
    Column("games", "Games", "Games played that count", True),
    Column("wins", "Wins", "Games won (lowest total)", True),
    Column("win_pct", "Win %", "Share of games won", True),
    Column("avg_total", "Avg", "Average final score", False),
    Column("per_hand", "Per hand", "Average points per hand", False),
    Column("moons", "Moons", "Moons shot", True),
    Column("queens", "Q♠", "Queens of spades taken", True),
    Column("wraps", "Wraps", "Wraps back to 0", True),
    Column("sixty_nine", "69×5", "Games won by 69 for 5", True),
    Column("rating", "Rating", "Skill rating now, over every counted game", True),
]
SORTS = {column.key: column for column in COLUMNS}
DEFAULT_SORT = "rating"


@dataclass(frozen=True)
class Season:
    """Which counted games a table covers: a variant, and dates of play from/to (inclusive)."""

    variant: str = ""
    since: date | None = None
    until: date | None = None

    @property
    def start(self) -> datetime | None:
        return _midnight(self.since) if self.since else None

    @property
    def end(self) -> datetime | None:
        """The first moment after the season (midnight after `until`)."""
        return _midnight(self.until + timedelta(days=1)) if self.until else None

    @property
    def label(self) -> str:
        """'Hearts, games played from 1 Mar 2025 to 30 Jun 2025'."""
        variant = VARIANTS[self.variant].name if self.variant in VARIANTS else "All variants"
        if self.since and self.until:
            return f"{variant}, games played from {day_label(self.since)} to {day_label(self.until)}"
        if self.since:
            return f"{variant}, games played from {day_label(self.since)}"
        if self.until:
            return f"{variant}, games played up to {day_label(self.until)}"
        return f"{variant}, every date"

    def games(self, league: League) -> QuerySet[Game]:
        return self.filter(Game.objects.counted().filter(league=league))

    def seats(self, league: League) -> QuerySet[Seat]:
        """The seats of games(league), found by joining each seat to its game.

        `Seat.objects.filter(game__in=self.games(league))` is the same set, but
        SQLite then matches every seat against the list of all counted games'
        ids, three times slower on a league of thousands of games. The status
        test is Game.objects.counted()'s.
        """
        return Seat.objects.counted().filter(game__league=league, **self._lookups("game__"))

    def player_seats(self, player: Player) -> QuerySet[Seat]:
        """The player's seats among games(player.league).

        Without a test on the league (a player's games are all in theirs), the
        database starts from the player's few hundred seats rather than from
        the league's thousands of games.
        """
        return Seat.objects.counted().filter(player=player, **self._lookups("game__"))

    def filter(self, games: QuerySet[Game]) -> QuerySet[Game]:
        """games narrowed to this season (any status: the archive lists them all)."""
        return games.filter(**self._lookups())

    def _lookups(self, prefix: str = "") -> dict[str, Any]:
        lookups: dict[str, Any] = {}
        if self.variant:
            lookups[f"{prefix}variant"] = self.variant
        if self.start:
            lookups[f"{prefix}created_at__gte"] = self.start
        if self.end:
            lookups[f"{prefix}created_at__lt"] = self.end
        return lookups


def day_label(moment: date | datetime) -> str:
    """'7 Jan 2025': a day as pages write it, in the server's time zone for a moment."""
    if isinstance(moment, datetime):
        moment = timezone.localtime(moment)
    return dateformat.format(moment, "j M Y")


def _midnight(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


@dataclass
class Row:
    """One player's line in a standings table."""

    player_id: int
    name: str
    games: int
    wins: int
    total: int  # sum of final totals
    points: int
    hands: int
    moons: int
    queens: int
    wraps: int
    sixty_nine: int
    rating: float | None

    @property
    def win_pct(self) -> float:
        return 100 * self.wins / self.games

    @property
    def avg_total(self) -> float:
        return self.total / self.games

    @property
    def per_hand(self) -> float | None:
        return self.points / self.hands if self.hands else None


def standings(league: League, season: Season = Season(), sort: str = DEFAULT_SORT, descending: bool | None = None,
              player: Player | None = None) -> list[Row]:  # fmt: skip
    """One row per player with a counted game in the season, in the order asked for.

    Without dates it reads the Standing table (one query); a season with
    dates sums its seats instead, then reads the ratings (two queries). The
    rating is always the current one, over every counted game. At most one
    row per player, so the sorting is done here.
    """
    if season.start or season.end:
        rows = _season_rows(league, season, player)
    else:
        standing = Standing.objects.filter(league=league, variant=season.variant or Standing.ALL_VARIANTS)
        if player is not None:
            standing = standing.filter(player=player)
        rows = [
            Row(*values) for values in standing.values_list("player_id", "player__name", *Standing.FIGURES, "rating")
        ]
    return sort_rows(rows, sort, descending)


def _season_rows(league: League, season: Season, player: Player | None) -> list[Row]:
    seats = season.seats(league) if player is None else season.player_seats(player)
    figures = list(seats.values("player_id", "player__name").annotate(**Seat.objects.figures()).order_by())
    ratings = dict(
        Standing.objects.filter(
            league=league, variant=Standing.ALL_VARIANTS, player_id__in=[row["player_id"] for row in figures]
        ).values_list("player_id", "rating")
    ) if figures else {}  # fmt: skip
    return [
        Row(
            row["player_id"],
            row["player__name"],
            *(row[figure] for figure in Standing.FIGURES),
            ratings.get(row["player_id"]),
        )
        for row in figures
    ]


def sort_rows(rows: list[Row], sort: str = DEFAULT_SORT, descending: bool | None = None) -> list[Row]:
    descending = SORTS[sort].descending if descending is None else descending
    # Ties: the better rating first, then by name, so the order never jumps.
    rows = sorted(rows, key=lambda row: (-_number(row.rating), row.name.casefold(), row.player_id))
    if sort == "player":
        return sorted(rows, key=lambda row: row.name.casefold(), reverse=descending)
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


def head_to_head(league: League, player: Player, season: Season = Season()) -> list[HeadToHead]:
    """Every opponent of player, most games together first.

    Over every counted game it reads the Rivalry table; for a season it
    compares totals seat by seat (SeatQuerySet.rivalries). One query either way.
    """
    if season == Season():
        rows = Rivalry.objects.filter(player=player).values_list(
            "opponent_id", "opponent__name", "wins", "losses", "ties"
        )
        records = [HeadToHead(*row) for row in rows]
    else:
        records = [
            HeadToHead(row["opponent"], row["opponent_name"], row["wins"], row["losses"], row["ties"])
            for row in season.player_seats(player).rivalries()
        ]
    return sorted(records, key=lambda record: (-record.games, record.name.casefold(), record.player_id))


def nemesis(records: list[HeadToHead]) -> HeadToHead | None:
    """The opponent who has beaten the player most often (more games breaks a tie: no)."""
    beaten = [record for record in records if record.losses]
    if not beaten:
        return None
    return min(beaten, key=lambda record: (-record.losses, record.games, record.name.casefold()))


@dataclass(frozen=True)
class RatedGame:
    game_id: int
    played_at: datetime
    total: int
    won: bool
    rating: float


def rating_history(league: League, player: Player, season: Season = Season()) -> list[RatedGame]:
    """The player's counted games in order of play with their rating after each. One query."""
    seats = (
        season.player_seats(player)
        .exclude(rating_mu=None)
        .order_by("game__created_at", "game_id")
        .values_list("game_id", "game__created_at", "total", "won", "rating_mu", "rating_sigma")
    )
    return [
        RatedGame(game_id, played_at, total, won, ordinal(mu, sigma))
        for game_id, played_at, total, won, mu, sigma in seats
    ]
