"""A league's seasons ("2026", "Spring 2026"), each with its own standings and ratings."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from django.db import models, transaction
from django.db.models import F, Max, Min, Q
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from games.models.activity import ActivityEntry
from games.models.game import EARLIEST_DAY
from games.models.league import League
from games.models.names import SEASON_NAME_LENGTH, NameKeyed, NameKeyedQuerySet, StoredAsWritten
from games.models.players import Player
from games.models.seats import Seat
from games.models.standings import Figures, Standing
from games.models.trash import NotTrashed, TrashError
from games.ratings import ordinal, rate_afresh
from rules import name_key

if TYPE_CHECKING:
    from games.models.activity import Actor

BACKWARDS_SEASON = gettext_lazy("The season's first day is after its last day.")


class SeasonQuerySet(NameKeyedQuerySet["Season"]):
    def offered(self, league: League) -> SeasonQuerySet:
        """The league's seasons as the standings offer them: the latest first."""
        return self.filter(league=league).order_by("-last_day", "-first_day", "name", "pk")


class Season(NameKeyed):
    """A stretch of the league's days with a name ("2026", "Spring 2026"): its own standings and ratings.

    Named by the organizer; until they name one, the league's calendar years
    are kept as automatic seasons (League._keep_year_seasons). Seasons may
    overlap. Each has its standings in SeasonStanding, the ratings worked
    out over its games alone, everyone starting afresh at its first day;
    kept by League.seasons_changed() and rebuildable from the entries.
    """

    # More than any league names (and what a league file may hold: games.league_file).
    MOST_PER_LEAGUE = 100

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=SEASON_NAME_LENGTH, validators=[StoredAsWritten("season")])
    name_key = models.CharField(max_length=4 * SEASON_NAME_LENGTH, editable=False)
    first_day = models.DateField()
    last_day = models.DateField()
    # A calendar year the app keeps while the organizer has named no season.
    automatic = models.BooleanField(default=False)
    # When an organizer deleted it: in the trash, restorable for TRASH_DAYS.
    trashed_at = models.DateTimeField(null=True, blank=True)

    objects = NotTrashed.from_queryset(SeasonQuerySet)()
    all_objects = SeasonQuerySet.as_manager()

    class Meta:
        ordering = ["-last_day", "-first_day", "name", "pk"]
        constraints = [
            # A name in the trash is free to take again (restoring then asks for a free name).
            models.UniqueConstraint(
                fields=["league", "name_key"], condition=Q(trashed_at=None), name="season_name_key_unique_in_league"
            ),
            models.CheckConstraint(
                condition=Q(first_day__lte=F("last_day")),
                name="season_first_day_not_after_last",
                violation_error_message=BACKWARDS_SEASON,
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @staticmethod
    def days_problem(first_day: date, last_day: date, today: date | None = None) -> str:
        """Why a season can't run from first_day to last_day; empty when it can.

        The dates a standings filter may have (1900 to the end of next
        year): a season is one the table can have played in."""
        latest = latest_season_day(today)
        if not season_day(first_day, today) or not season_day(last_day, today):
            return gettext("A season's days are from 1900 to the end of %(year)s.") % {"year": latest.year}
        if first_day > last_day:
            return str(BACKWARDS_SEASON)
        return ""

    @classmethod
    @transaction.atomic
    def add(cls, league: League, name: str, first_day: date, last_day: date) -> Season:
        """The organizer's new season, its standings worked out; the automatic years give way to it."""
        League.objects.select_for_update().filter(pk=league.pk).exists()
        League.touch(league.pk)
        cls.objects.filter(league=league, automatic=True).delete()
        season = cls.objects.create(league=league, name=name, first_day=first_day, last_day=last_day)
        season.refresh()
        return season

    @transaction.atomic
    def change(self, name: str, first_day: date, last_day: date) -> None:
        """Rename or re-date the season; new dates, new standings. An automatic year changed is the organizer's."""
        League.objects.select_for_update().filter(pk=self.league_id).exists()
        League.touch(self.league_id)
        # As stored: a ModelForm has already put the new dates on this instance.
        redated = (first_day, last_day) != Season.objects.values_list("first_day", "last_day").get(pk=self.pk)
        if self.automatic:
            # The organizer now keeps the seasons: the other automatic years go, as when one is added.
            Season.objects.filter(league_id=self.league_id, automatic=True).exclude(pk=self.pk).delete()
        self.name, self.first_day, self.last_day, self.automatic = name, first_day, last_day, False
        self.save(update_fields=["name", "first_day", "last_day", "automatic"])
        if redated:
            self.refresh()

    @transaction.atomic
    def trash(self, user: Actor = None) -> None:
        """Into the trash for TRASH_DAYS; the last of the organizer's gone, the calendar years come back."""
        League.objects.select_for_update().filter(pk=self.league_id).exists()
        League.touch(self.league_id)
        self.trashed_at = timezone.now()
        Season.all_objects.filter(pk=self.pk).update(trashed_at=self.trashed_at)
        for year in self.league._keep_year_seasons():
            year.refresh()
        ActivityEntry.record(self.league, user, ActivityEntry.Kind.SEASON_DELETED, season=self.name)

    @transaction.atomic
    def restore(self, user: Actor = None) -> None:
        """Back from the trash, its standings worked out afresh; the automatic years give way to it again.
        TrashError when another season has taken its name meanwhile."""
        League.objects.select_for_update().filter(pk=self.league_id).exists()
        League.touch(self.league_id)
        if Season.objects.filter(league_id=self.league_id, name_key=name_key(self.name)).exists():
            raise TrashError(
                gettext("%(league)s has another season called %(name)s now: rename that one first")
                % {"league": self.league.name, "name": self.name}
            )
        if Season.objects.filter(league_id=self.league_id, automatic=False).count() >= Season.MOST_PER_LEAGUE:
            raise TrashError(
                gettext("%(league)s has %(most)d seasons, the most a league can hold")
                % {"league": self.league.name, "most": Season.MOST_PER_LEAGUE}
            )
        Season.objects.filter(league_id=self.league_id, automatic=True).delete()
        Season.all_objects.filter(pk=self.pk).update(trashed_at=None)
        self.trashed_at = None
        self.refresh()
        ActivityEntry.record(self.league, user, ActivityEntry.Kind.SEASON_RESTORED, season=self.name)

    def refresh(self) -> None:
        """Sum up the season's counted games again and rate them afresh, in order of play."""
        self.store_standings(self.standing_rows())

    def standing_rows(self) -> list[SeasonStanding]:
        """The season's standings (refresh), worked out and unsaved: the reading and rating alone.

        A season that takes in every counted game of the league (an "all
        time" season, or the only year played) has the league's Standing
        rows exactly: the same games rated from the same start. They are
        copied, rather than every game of the league re-rated on each change.
        A season from the league's first game has the ratings its seats keep.
        """
        counted = Seat.objects.counted().filter(game__league_id=self.league_id)
        days = counted.aggregate(first=Min("game__played_on"), last=Max("game__played_on"))
        if days["first"] is not None and self.first_day <= days["first"] and days["last"] <= self.last_day:
            fields = ["player_id", "variant", *Figures.FIGURES, "rating"]
            rows = [
                SeasonStanding(season=self, **dict(zip(fields, values, strict=True)))
                for values in Standing.objects.filter(league_id=self.league_id).values_list(*fields)
            ]
        else:
            seats = counted.filter(game__played_on__gte=self.first_day, game__played_on__lte=self.last_day)
            in_order = seats.rated_in_order()
            if days["first"] is not None and self.first_day <= days["first"]:
                # From the league's first game, the season's ratings are the league's as its last
                # day ends, which each seat keeps (Seat.rating_mu): the same games rated from the
                # same start. A league's first year is such a season.
                ratings = {seat.player_id: seat.rating for game in in_order for seat in game if seat.rating}
            else:
                ratings = rate_afresh(in_order)
            current = {player_id: ordinal(*rating) for player_id, rating in ratings.items()}
            rows = seats.summed(
                lambda player_id, variant: SeasonStanding(
                    season=self, player_id=player_id, variant=variant, rating=current.get(player_id)
                )
            )
        return rows

    def store_standings(self, rows: list[SeasonStanding]) -> None:
        """The season's standings (standing_rows) in place of those it has."""
        SeasonStanding.objects.filter(season=self).delete()
        SeasonStanding.objects.bulk_create(rows, batch_size=1000)


class SeasonStanding(Figures):
    """A player's counted games of one season summed up, per variant and over every variant, with
    their rating over the season's games alone: a Standing for a season (Season.refresh)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="standings", db_index=False)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["season", "variant", "player"], name="one_season_standing_per_variant")
        ]


def latest_season_day(today: date | None = None) -> date:
    """The last day a season or a standings filter can reach: the end of next year."""
    return date((today or timezone.localdate()).year + 1, 12, 31)


def season_day(day: date, today: date | None = None) -> bool:
    """Whether a season can start or end on `day`: from 1900 to the end of next year."""
    return EARLIEST_DAY <= day <= latest_season_day(today)
