"""A series of club nights (a month, a season): its nights' standings summed, and its final table.

shared/CLUBNIGHT.md's "A series of nights" is the law and rules.series its
engine: this module keeps what the organizer decided (the series' name, its
nights, the final table's size) and the final's ordinary Game of the league;
the standings are asked of rules.series from each night's rules.night
standings, never re-derived.

Lock order (ARCHITECTURE.md): a change takes the league (lock_for_writing),
then the series' row, as a night's change takes the league, then the night.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import models, transaction
from django.db.models import Prefetch
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from games import changes
from games.models.game import Game
from games.models.league import League, lock_for_writing
from games.models.names import NameKeyed, NameKeyedQuerySet, _stored_name
from games.models.night import Night, NightRound, NightSeat, NightTable
from games.models.seats import Seat
from rules import SetupError, name_key
from rules.night import RoundResult, Standing, TableResult, standings, variant_sizes
from rules.series import FINAL_SIZE, Cut, SeriesStanding, finalists, series_standings
from rules.variants import in_table_words

SERIES_NAME_LENGTH = 60


def series_name(text: object) -> str:
    """A series' name ("October", "Winter 2026"): the same rule as a player's."""
    return _stored_name(text, SERIES_NAME_LENGTH, gettext_lazy("A series' name"))


class SeriesProblem(Exception):
    """A change the series refuses; str() is the sentence, field the form field (or None)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


@dataclass(frozen=True)
class NightScores:
    """One night of the series as its page shows it: the night, whether it is over, its standings."""

    night: Night
    over: bool
    standings: list[Standing]


class NightSeries(NameKeyed):
    """A league's nights grouped (a month, a season), with an optional final table of its top players."""

    # More than any club names; a league file holds no more.
    MOST_PER_LEAGUE = 500

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="night_series", db_index=False)
    name = models.CharField(max_length=SERIES_NAME_LENGTH)
    name_key = models.CharField(max_length=4 * SERIES_NAME_LENGTH, editable=False)
    created_at = models.DateTimeField(default=timezone.now)
    # The final table's size (a size the nights' game seats); None: the series has no final table.
    final_size = models.PositiveSmallIntegerField(null=True, blank=True)
    # The final's game once seated; its seat order was drawn with final_seed.
    final = models.OneToOneField(Game, on_delete=models.SET_NULL, null=True, blank=True, related_name="series_final")
    final_seed = models.PositiveIntegerField(null=True, blank=True)

    objects = NameKeyedQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [models.UniqueConstraint(fields=["league", "name_key"], name="one_series_per_name")]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("games:series-detail", args=[self.league_id, self.pk])

    # Reading ---------------------------------------------------------------

    def nights_in_order(self) -> list[Night]:
        """The series' nights, first played first (one query)."""
        return list(self.nights.order_by("played_on", "created_at", "pk"))

    def scores(self) -> list[NightScores]:
        """Each night of the series with its standings (rules.night), first played first: a fixed
        number of queries however many nights, rounds and tables."""
        return night_scores(self.nights.order_by("played_on", "created_at", "pk"))

    def final_result(self) -> TableResult | None:
        """The final's game as rules.series reads it (None before it is seated, or once purged)."""
        game = self.final
        if game is None or game.trashed_at is not None:
            return None
        return TableResult.from_state(game.state(), game.declared or None)

    def standings(self, scores: Sequence[NightScores] | None = None) -> list[SeriesStanding]:
        scores = self.scores() if scores is None else scores
        return series_standings([night.standings for night in scores], self.final_result())

    # Changes ---------------------------------------------------------------

    @classmethod
    @transaction.atomic
    def add(cls, league: League, name: str, final_size: int | None = None) -> NightSeries:
        """A new series of no night (SeriesProblem when the league has one of that name)."""
        lock_for_writing(league.pk)
        _check_name(league, name)
        if cls.objects.filter(league=league).count() >= cls.MOST_PER_LEAGUE:
            raise SeriesProblem(gettext("A league has at most %(most)d series") % {"most": cls.MOST_PER_LEAGUE}, "name")
        return cls.objects.create(league=league, name=name, final_size=final_size)

    @transaction.atomic
    def change(self, name: str, final_size: int | None) -> None:
        """Rename it, or change its final table's size (not once the final is seated)."""
        series = self._lock()
        _check_name(series.league, name, series.pk)
        if series.final_id is not None and final_size != series.final_size:
            raise SeriesProblem(gettext("The final table is seated: its size stays as it is"), "final_size")
        NightSeries.objects.filter(pk=series.pk).update(name=name, name_key=name_key(name), final_size=final_size)
        self.name, self.final_size = name, final_size

    def _lock(self) -> NightSeries:
        lock_for_writing(self.league_id)
        locked = NightSeries.objects.select_for_update().filter(pk=self.pk).select_related("league").first()
        if locked is None:
            raise SeriesProblem(gettext("This series has been deleted"))
        return locked

    @transaction.atomic
    def seat_final(self, user: Any = None, seed: int | None = None) -> Game:
        """One tap: the final table's game for the top players, seated in a drawn order, with the
        rules of the series' latest night. Refused (SeriesProblem, nothing saved) while the series
        has no final table, a night of it is not over, or its final is seated already."""
        series = self._lock()
        if series.final_size is None:
            raise SeriesProblem(gettext("This series has no final table"))
        if series.final_id is not None:
            raise SeriesProblem(gettext("The final table is seated already"))
        scores = series.scores()
        if not scores:
            raise SeriesProblem(gettext("The series has no night yet"))
        if not all(night.over for night in scores):
            raise SeriesProblem(gettext("Every night of the series must be over first"))
        latest = scores[-1].night
        if series.final_size not in variant_sizes(latest.variant, latest.options):
            raise SeriesProblem(
                gettext("The final table of %(size)d players cannot play the rules of %(night)s")
                % {"size": series.final_size, "night": latest.title}
            )
        cut = series.cut(scores)
        if len(cut.players) < series.final_size:
            raise SeriesProblem(
                gettext("The final table needs %(size)d players; the series has %(count)d")
                % {"size": series.final_size, "count": len(cut.players)}
            )
        seed = random.randrange(1_000_000) if seed is None else seed
        order = list(cut.players)
        random.Random(seed).shuffle(order)
        by_name = {player.name: player for player in series.league.players.filter(name__in=order)}
        try:
            game = Game.start(series.league, latest.variant, [by_name[name] for name in order], latest.options, 0, user)
        except SetupError as error:
            # Each option the refusal names by its label, as the table reads it.
            raise SeriesProblem(str(in_table_words(error.message))) from None
        NightSeries.objects.filter(pk=series.pk).update(final=game, final_seed=seed)
        self.final, self.final_seed = game, seed
        return game

    def cut(self, scores: Sequence[NightScores] | None = None) -> Cut:
        """Who the final table seats now: the top final_size (FINAL_SIZE if none) of the standings
        over the nights alone (rules.series.finalists; a tie at the cut goes by name)."""
        scores = self.scores() if scores is None else scores
        lines = series_standings([night.standings for night in scores])
        return finalists(lines, self.final_size or FINAL_SIZE)


def _check_name(league: League, name: str, own: int | None = None) -> None:
    taken = NightSeries.objects.filter(league=league, name_key=name_key(name))
    if own is not None:
        taken = taken.exclude(pk=own)
    if taken.exists():
        raise SeriesProblem(gettext("The league has a series named %(name)s") % {"name": name}, "name")


@transaction.atomic
def put_in_series(night: Night, series: NightSeries | None) -> None:
    """The night joins the series (None: leaves its series). A series whose final table is seated
    keeps its nights as they are: the final was seated from them."""
    lock_for_writing(night.league_id)
    locked = Night.objects.select_for_update().filter(pk=night.pk).first()
    if locked is None:
        raise SeriesProblem(gettext("This night has been deleted"))
    if locked.series_id == (series.pk if series is not None else None):
        return
    for changed in (locked.series_id, series.pk if series is not None else None):
        if changed is not None and NightSeries.objects.filter(pk=changed, final__isnull=False).exists():
            raise SeriesProblem(
                gettext("The final table of this series is seated: its nights stay as they are"), "series"
            )
    if series is not None and series.league_id != night.league_id:
        raise SeriesProblem(gettext("Choose a series of the night's league"), "series")
    changes.nights_changed([night.pk], series=series)
    night.series = series


def night_scores(nights: models.QuerySet[Night]) -> list[NightScores]:
    """Each night with whether it is over and its standings, read in a fixed number of queries
    (the nights, their rounds, tables, seats, games, the games' seats and hands)."""
    game_seats = Seat.all_objects.select_related("player")
    games = Game.all_objects.all().prefetch_related("hands", Prefetch("seats", queryset=game_seats))
    tables = NightTable.objects.prefetch_related(Prefetch("game", queryset=games)).order_by("number")
    # A round's seats without a table: its sit-outs.
    sitting_out = NightSeat.objects.filter(table=None).select_related("player").order_by("position", "pk")
    rounds = NightRound.objects.prefetch_related(
        Prefetch("tables", queryset=tables), Prefetch("seats", queryset=sitting_out)
    ).order_by("number")
    read = []
    for night in nights.prefetch_related(Prefetch("round_set", queryset=rounds)):
        night_rounds = list(night.round_set.all())
        results = []
        for night_round in night_rounds:
            if night_round.status == NightRound.Status.PROPOSED:
                continue
            played = tuple(
                TableResult.from_state(table.game.state(), table.game.declared or None)
                for table in night_round.tables.all()
                if table.game is not None and table.game.trashed_at is None
            )
            results.append(RoundResult(played, tuple(seat.player.name for seat in night_round.seats.all())))
        over = (
            bool(night_rounds)
            and night_rounds[-1].number >= night.rounds
            and night_rounds[-1].status == NightRound.Status.OVER
        )
        read.append(NightScores(night, over, standings(results)))
    return read
