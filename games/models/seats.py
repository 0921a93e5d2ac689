"""A player's place at a game's table, with their results there as the engine worked them out."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from itertools import groupby
from typing import TYPE_CHECKING, Any, NamedTuple

from django.db import connection, models, transaction
from django.db.models import Count, F, Q

from games.figures import RATED_FIGURES, SEAT_FIGURES, add_fields, seat_figures
from games.models.lazy import model
from games.models.players import Player
from games.models.standings import Standing, figure_sums
from games.models.trash import GameNotTrashed
from games.ratings import RatedSeat, Rating, ordinal
from rules import GameState

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


class Place(NamedTuple):
    """A position in the order of play as Rated holds it: plain numbers, compared as a tuple."""

    day: int  # the date's ordinal
    moment: int  # when the game was created, in microseconds since EPOCH
    game_id: int


class Rated(NamedTuple):
    """A counted game as a player's rated list holds it (games.kept_figures.rated_games): where it
    stands in the order of play, its number and variant, the player's figures that the table of
    figures says ratings keep (games.figures.RATED_FIGURES, in its order: tests/games/test_figures.py
    holds the two together), and their rating after it. Plain values, kept in the cache as columns
    and in ResultsChange.rated as JSON lists of these fields in this order."""

    day: int
    moment: int
    game_id: int
    number: int
    variant: str
    total: int
    won: bool
    moons: int
    rating: float

    @property
    def place(self) -> Place:
        return Place(self.day, self.moment, self.game_id)


def place(day: date, created_at: datetime, game_id: int) -> Place:
    """A position in the order of play (a date, a moment, a game id) as Rated holds it."""
    return Place(day.toordinal(), (created_at - EPOCH) // timedelta(microseconds=1), game_id)


class SeatQuerySet(models.QuerySet["Seat"]):
    def counted(self) -> SeatQuerySet:
        """Seats of games that count (Game.objects.counted())."""
        Game = model("Game")

        return self.filter(game__status=Game.Status.OVER)

    @staticmethod
    def figures() -> dict[str, Any]:
        """The aggregates over seats that make a standings row (games.models.standings.figure_sums)."""
        return figure_sums()

    def rated_rows(self) -> list[tuple[int, Rated]]:
        """These (counted, rated) seats as (player id, the game as their rated list holds it: Rated),
        in order of play. One query."""
        rows = self.values_list(
            "player_id", "game__played_on", "game__created_at", "game_id", "game__number", "game__variant",
            *RATED_FIGURES, "rating_mu", "rating_sigma",
        )  # fmt: skip
        return sorted(
            (player_id, Rated._make((*place(day, created_at, game_id), number, variant, *figures, ordinal(mu, sigma))))
            for player_id, day, created_at, game_id, number, variant, *figures, mu, sigma in rows
            if mu is not None and sigma is not None  # rated seats: mypy cannot tell
        )

    def rivalries(self) -> list[dict[str, Any]]:
        """For each of these seats' players, their record against everyone at their tables.

        Each seat is joined to the other seats of its game. A game's winners
        beat everyone else at it, whatever the totals (69 for 5 wins on the
        higher total); between two winners, or two others, the lower total
        beats the higher and equal totals draw. The ratings order a game's
        seats the same way (games.ratings). Partners (Seat.team) play together,
        not against each other: their meeting counts for neither. One query.
        """
        other_total, other_won = F("game__seats__total"), F("game__seats__won")
        alike = Q(won=other_won)
        other_team = F("game__seats__team")
        rows = (
            self.filter(Q(team__isnull=True) | Q(team__lt=other_team) | Q(team__gt=other_team))
            .values("player_id", opponent=F("game__seats__player_id"), opponent_name=F("game__seats__player__name"))
            .annotate(
                wins=Count("pk", filter=Q(won=True, game__seats__won=False) | (alike & Q(total__lt=other_total))),
                losses=Count("pk", filter=Q(won=False, game__seats__won=True) | (alike & Q(total__gt=other_total))),
                ties=Count("pk", filter=alike & Q(total=other_total)),
            )
            .order_by()
        )
        return [row for row in rows if row["opponent"] != row["player_id"]]

    def rated_in_order(self) -> list[list[RatedSeat[int]]]:
        """These seats game by game in order of play, as the ratings read them (games.ratings). One query."""
        rows = self.order_by("game__played_on", "game__created_at", "game_id", "position").values_list(
            "pk", "game_id", "player_id", "total", "won", "rating_mu", "rating_sigma", "team"
        )
        return [
            [RatedSeat(pk, player, total, won, None if mu is None or sigma is None else (mu, sigma), team)
             for pk, _, player, total, won, mu, sigma, team in seats]
            for _, seats in groupby(rows, key=lambda row: row[1])
        ]  # fmt: skip

    def summed(self, row: Any) -> list[Any]:
        """These seats' figures (figures()) summed per player, per variant and over every variant.

        row(player_id, variant) makes an unsaved row to add them to: a
        Standing, or a SeasonStanding. One query."""
        rows: dict[tuple[int, str], Any] = {}
        for figures in self.values("player_id", "game__variant").annotate(**self.figures()).order_by():
            player_id, variant = figures["player_id"], figures["game__variant"]
            for key in (variant, Standing.ALL_VARIANTS):
                summed = rows.get((player_id, key))
                if summed is None:
                    summed = rows[player_id, key] = row(player_id, key)
                for figure in Standing.FIGURES:
                    setattr(summed, figure, getattr(summed, figure) + figures[figure])
        return list(rows.values())

    def forget_uncounted_ratings(self, games: models.QuerySet[Any]) -> None:
        """The seats of those of `games` that don't count (not over) lose their ratings.

        The seats are found by their games' ids, not through a join: Django
        writes an UPDATE over a join as the seats whose id is among those of
        a joined SELECT of seats, which PostgreSQL, its statistics those of
        empty tables (a new database, the tests'), ran as a loop over every
        seat for each seat: 3 to 6 s for a league of a few thousand."""
        Game = model("Game")

        uncounted = games.exclude(status=Game.Status.OVER).values("pk")
        self.model.all_objects.filter(game__in=uncounted).exclude(rating_mu=None).update(
            rating_mu=None, rating_sigma=None
        )

    def store_ratings(self, changed: list[tuple[int, Rating]]) -> None:
        """Write new ratings, one prepared UPDATE run for every changed seat.

        bulk_update's CASE statements take seconds for a whole league's seats;
        executemany of one statement takes a fraction of that on both databases.
        On PostgreSQL a whole league's (an import's, a rebuild's) goes faster
        still through COPY into a table of the moment and one UPDATE from it:
        20,000 statements, even pipelined, take the server a second.
        """
        if not changed:
            return
        quote = connection.ops.quote_name
        table, pk = quote(Seat._meta.db_table), quote(Seat._meta.pk.column)
        # Two plain columns; django-stubs types get_field() as any field or relation, whose column may be None.
        mu, sigma = (quote(Seat._meta.get_field(name).column) for name in ("rating_mu", "rating_sigma"))  # type: ignore[union-attr, arg-type]
        rows = [(mu_value, sigma_value, seat_id) for seat_id, (mu_value, sigma_value) in changed]
        if connection.vendor == "postgresql" and len(rows) > COPIED_RATINGS:
            # In a transaction of its own (or a savepoint): a failure takes the table away with it.
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute("CREATE TEMPORARY TABLE new_ratings (mu float8, sigma float8, seat bigint)")
                with cursor.copy("COPY new_ratings (mu, sigma, seat) FROM STDIN") as copy:
                    for row in rows:
                        copy.write_row(row)
                cursor.execute(
                    f"UPDATE {table} SET {mu} = new_ratings.mu, {sigma} = new_ratings.sigma "
                    f"FROM new_ratings WHERE {table}.{pk} = new_ratings.seat"
                )
                cursor.execute("DROP TABLE new_ratings")
            return
        with connection.cursor() as cursor:
            cursor.executemany(f"UPDATE {table} SET {mu} = %s, {sigma} = %s WHERE {pk} = %s", rows)


# More changed ratings than this go through COPY on PostgreSQL (SeatQuerySet.store_ratings).
COPIED_RATINGS = 500


class Seat(models.Model):
    """A player's place at a game's table, in clockwise order from 0."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="seats", db_index=False)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()

    # Its figures (total, won, points, moons, queens, ...) are fields made from games.figures'
    # SEAT_FIGURES below the class: a cache derived from the hands by Game.refresh(), for standings.
    if TYPE_CHECKING:
        total: int
        won: bool
        money: int
        team: int | None
    # The player's skill rating (openskill) right after this game, in the
    # league's order of play; null while the game does not count.
    # Maintained by League.results_changed().
    rating_mu = models.FloatField(null=True, blank=True)
    rating_sigma = models.FloatField(null=True, blank=True)

    # A seat of a game in the trash is in no sum, list or file.
    objects = GameNotTrashed.from_queryset(SeatQuerySet)()
    all_objects = SeatQuerySet.as_manager()

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["game", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at seat {self.position} of game {self.game_id}"

    # The figures' fields, in the table's order (games.figures.SEAT_FIGURES).
    RESULT_FIELDS = [figure.name for figure in SEAT_FIGURES]

    def apply_results(
        self, state: GameState, winners: set[int], results: Sequence[dict[str, Any]] | None = None
    ) -> None:
        """Set and save this seat's results: only the fields that moved, and nothing when none did
        (a hand moves two or three of a seat's ten, and a seat that took nothing keeps them all)."""
        before = {field: getattr(self, field) for field in self.RESULT_FIELDS}
        self.set_results(state, winners, results)
        moved = [field for field, was in before.items() if getattr(self, field) != was]
        if moved:
            self.save(update_fields=moved)

    def set_results(self, state: GameState, winners: set[int], results: Sequence[dict[str, Any]] | None = None) -> None:
        """Copy this seat's results from the engine's state, unsaved; results: seat_results(state,
        winners), when the caller has them for the game's every seat."""
        for field, value in (results or seat_results(state, winners))[self.position].items():
            setattr(self, field, value)


add_fields(Seat, SEAT_FIGURES)


def seat_results(state: GameState, winners: set[int]) -> list[dict[str, Any]]:
    """Each seat's results by name (Seat.RESULT_FIELDS) from the engine's state: games.figures says
    how a game's hands make each (an import works them out for some 20,000 seats)."""
    return seat_figures(state, winners)
