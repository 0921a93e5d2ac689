"""What the table entered, stored as the truth.

A game's hands hold the entries exactly as the scorer tapped them in; the
totals, winners and next deal come from the rules engine. The few derived
fields kept here (Game.status, Seat.total, ...) are a cache for list pages
and standings, rebuilt from the entries by Game.refresh() whenever a hand
changes, and rebuildable at any time with `manage.py rebuild_results`.
"""

from __future__ import annotations

import secrets
import zoneinfo
from collections.abc import Iterable
from datetime import date, datetime, timedelta
from itertools import groupby
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, models, transaction
from django.db.models import Case, Count, F, FloatField, Max, Min, OuterRef, Q, Subquery, Value, When
from django.urls import reverse
from django.utils import timezone
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext

from games.ratings import RatedSeat, Rating, Ratings, ordinal, rate_afresh, rate_in_order
from rules import (
    GameSetup,
    GameState,
    HandEntry,
    HandError,
    HandResult,
    NameProblem,
    ScoresheetError,
    SetupError,
    clean_name,
    name_key,
    play,
    read_scoresheet,
    write_scoresheet,
)
from rules.errors import EntryError, FieldError
from rules.rulebook import cheat_sheet
from rules.scoresheet import FIRST_DAY, LAST_DAY
from rules.scoresheet import played_on as scoresheet_played_on
from rules.variants import get_variant, resolve_options


class DeclareError(Exception):
    """The game cannot be declared null or abandoned in its present state."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class PlayerInUse(Exception):
    """The player cannot be deleted or merged as asked; str() says why."""


class DuplicateGame(Exception):
    """The scoresheet is a game the league has already: same day, same players, same hands."""

    def __init__(self, game: Game) -> None:
        self.game = game
        super().__init__(
            f"This scoresheet is already game {game.number}, played {game.played_on:%Y-%m-%d}: the same players "
            "with the same hands on the same day. It was not imported again."
        )


class HandConflict(Exception):
    """Another phone changed the game first (the same hand, submitted twice)."""

    def __init__(self, message: str, number: int | None = None, reused_key: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.number = number
        # A hand's key sent again with another entry or number: a broken or tampered request, not a race.
        self.reused_key = reused_key


PLAYER_NAME_LENGTH = 40
LEAGUE_NAME_LENGTH = 100
PRESET_NAME_LENGTH = 60
SEASON_NAME_LENGTH = 40
BACKWARDS_SEASON = "The season's first day is after its last day."


def _stored_name(text: object, length: int, what: str) -> str:
    """A name as stored (rules.names), or ValidationError saying why not."""
    try:
        return clean_name(text, length, what)
    except NameProblem as problem:
        raise ValidationError(problem.message, code="name") from None


def player_name(text: object) -> str:
    """A player's name as stored (rules.names), or ValidationError saying why not."""
    return _stored_name(text, PLAYER_NAME_LENGTH, "A player's name")


def league_name(text: object) -> str:
    """A league's name as stored: the same rule as a player's, longer."""
    return _stored_name(text, LEAGUE_NAME_LENGTH, "The league's name")


def preset_name(text: object) -> str:
    """A league's house rules' name ("Thursday rules"): the same rule as a player's."""
    return _stored_name(text, PRESET_NAME_LENGTH, "The house rules' name")


def season_name(text: object) -> str:
    """A season's name ("2026", "Spring 2026"): the same rule as a player's."""
    return _stored_name(text, SEASON_NAME_LENGTH, "A season's name")


@deconstructible
class StoredAsWritten:
    """A model field validator: the name is already as the rule writes it
    (the forms and the imports tidy it first; this catches code that did not)."""

    RULES = {"player": player_name, "league": league_name, "preset": preset_name, "season": season_name}

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def __call__(self, value: str) -> None:
        tidied = self.RULES[self.kind](value)
        if tidied != value:
            raise ValidationError("Write the name as %(tidied)s", params={"tidied": tidied}, code="name")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, StoredAsWritten) and other.kind == self.kind

    def __hash__(self) -> int:
        return hash(self.kind)


# Where a game stands in a league's order of play: (played_on, created_at, pk).
# The day it was played comes first (a back-filled paper game is rated where
# it was played, not where it was typed in); games of one day go in the
# order they were started.
Position = tuple[date, datetime, int]
ORDER_OF_PLAY = ("played_on", "created_at", "pk")


def time_zone_choices() -> list[tuple[str, str]]:
    return [(name, name.replace("_", " ")) for name in sorted(zoneinfo.available_timezones())]


def valid_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError("Choose a time zone from the list, such as Europe/London", code="time_zone")


def new_token() -> str:
    """An unguessable token for share and invite links (256 bits)."""
    return secrets.token_urlsafe(32)


# The trash -----------------------------------------------------------------------

# How long a deleted league, game, season or preset waits in the trash before
# `manage.py purge_trash` removes it for good.
TRASH_DAYS = 30


class TrashError(Exception):
    """The thing cannot go to the trash or come back from it as asked; str() says why."""


class NotTrashed(models.Manager):
    """A default manager that leaves out what is in the trash: every page, list, sum and file
    reads through it, so a trashed row is nowhere but on the trash page. `path` is the lookup
    of the trashed_at that hides a row: its own, or its game's. A class attribute, not an
    argument: Django builds the related managers (league.games) from this class, without arguments."""

    path = "trashed_at"

    def get_queryset(self) -> models.QuerySet:
        return super().get_queryset().filter(**{self.path: None})


class AllRows(models.Manager):
    """Every row, the trash's too: for the trash page, restoring and purging."""


def not_trashed(queryset_class: type[models.QuerySet] = models.QuerySet, path: str = "trashed_at") -> NotTrashed:
    """A NotTrashed manager with the methods of queryset_class (Game.objects.counted(), ...)."""
    manager_class = NotTrashed.from_queryset(queryset_class)
    return type(f"NotTrashed{queryset_class.__name__}", (manager_class,), {"path": path})()


def trash_cutoff(now: datetime | None = None) -> datetime:
    """What was trashed before this moment has had its TRASH_DAYS: purge_trash removes it."""
    return (now or timezone.now()) - timedelta(days=TRASH_DAYS)


def trash_until(trashed_at: datetime) -> datetime:
    """The last moment something trashed at `trashed_at` can be restored."""
    return trashed_at + timedelta(days=TRASH_DAYS)


class LeagueQuerySet(models.QuerySet["League"]):
    def for_user(self, user: Any) -> LeagueQuerySet:
        """Leagues the user is a member of (the owner is always a member)."""
        if not user.is_authenticated:
            return self.none()
        return self.filter(memberships__user=user)


class League(models.Model):
    """A house, a club, a family: the container of players and games."""

    # Generous for any house league, and what one backup file may hold
    # (games.league_io): the web and an import keep to the same numbers, so
    # every league the app holds can be exported and imported again.
    MOST_PLAYERS = 1_000
    MOST_GAMES = 20_000

    name = models.CharField(max_length=LEAGUE_NAME_LENGTH, validators=[StoredAsWritten("league")])
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_leagues")
    created_at = models.DateTimeField(default=timezone.now)
    # The secret read-only link; empty when the organizer has turned it off.
    public_token = models.CharField(max_length=64, blank=True, default="", db_index=True)
    # Where the table plays: "today" for a new game, and every time shown.
    time_zone = models.CharField(max_length=64, default="UTC", validators=[valid_time_zone])
    # Games a player needs before their win rate ranks (below it, it is shown but ranks last).
    min_games = models.PositiveSmallIntegerField(default=3)
    # The number the league's latest game got: numbers are never reused, so
    # "game 16" stays game 16 after another game is deleted.
    last_game_number = models.PositiveIntegerField(default=0)
    # Bumped by every results_changed(): what sums the league's results (the
    # league page's charts, a player's figures, a season's sums) is cached
    # under it, and never outlives them.
    results_version = models.PositiveIntegerField(default=0)
    # Once a game is over, only organizers may change its hands or its day.
    lock_finished_games = models.BooleanField(default=True)
    # When its owner deleted it: in the trash, restorable for TRASH_DAYS.
    trashed_at = models.DateTimeField(null=True, blank=True)

    objects = not_trashed(LeagueQuerySet)
    all_objects = LeagueQuerySet.as_manager()

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("games:league-detail", args=[self.pk])

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        return zoneinfo.ZoneInfo(self.time_zone)

    def today(self) -> date:
        """The date at the table now: the default day of a new game."""
        return timezone.localdate(timezone=self.zone)

    def take_game_numbers(self, count: int = 1) -> int:
        """Reserve `count` game numbers; the first of them. Runs in the caller's transaction,
        whose lock on the league row makes two games started at once get two numbers."""
        League.objects.filter(pk=self.pk).update(last_game_number=F("last_game_number") + count)
        self.last_game_number = League.objects.values_list("last_game_number", flat=True).get(pk=self.pk)
        return self.last_game_number - count + 1

    @transaction.atomic
    def discard(self) -> None:
        """Delete the league for good, with every game (the trashed ones too), player, membership and invite."""
        lock_for_writing(self.pk)
        # A seat protects its player; the games' seats go first.
        Seat.all_objects.filter(game__league=self).delete()
        self.delete()

    @transaction.atomic
    def trash(self, user: Any = None) -> None:
        """The owner deletes the league: into the trash, where it waits TRASH_DAYS for them to restore it.

        Nothing inside it changes: its games, standings and seasons stay as they
        are, out of every member's sight, and come back as they were."""
        League.all_objects.select_for_update().filter(pk=self.pk).exists()
        self.trashed_at = timezone.now()
        League.all_objects.filter(pk=self.pk).update(trashed_at=self.trashed_at)
        ActivityEntry.record(self, user, ActivityEntry.Kind.LEAGUE_DELETED, league=self.name)

    @transaction.atomic
    def restore(self, user: Any = None) -> None:
        """Back from the trash, as it was (its standings never moved while it was there)."""
        League.all_objects.select_for_update().filter(pk=self.pk).exists()
        League.all_objects.filter(pk=self.pk).update(trashed_at=None)
        self.trashed_at = None
        ActivityEntry.record(self, user, ActivityEntry.Kind.LEAGUE_RESTORED, league=self.name)

    def too_many_players(self, count: int | None = None, adding: int = 1) -> str:
        """Why no more players: the league is full, or `adding` new ones would take its `count` past the cap."""
        if count is None or count >= League.MOST_PLAYERS:
            return f"{self.name} has {League.MOST_PLAYERS:,} players, the most a league can hold"
        return (
            f"{self.name} has {count:,} players and this game would add {adding:,}: "
            f"a league holds at most {League.MOST_PLAYERS:,}"
        )

    def too_many_games(self) -> str:
        return f"{self.name} has {League.MOST_GAMES:,} games, the most a league can hold: start a new league"

    @classmethod
    def name_apart(cls, user: Any, name: str) -> str:
        """`name`, or `name (2)`, `(3)`, ... when one of the user's leagues is called that already,
        so that two imports of one league file are told apart on the home page."""
        taken = set(cls.objects.for_user(user).values_list("name", flat=True))
        number = 2
        candidate = name
        while candidate in taken:
            suffix = f" ({number})"
            candidate = name[: LEAGUE_NAME_LENGTH - len(suffix)].rstrip() + suffix
            number += 1
        return candidate

    @classmethod
    @transaction.atomic
    def create_for(cls, owner: Any, name: str) -> League:
        """A new league, owned and organized by its creator."""
        league = cls.objects.create(name=name, owner=owner)
        Membership.objects.create(league=league, user=owner, role=Membership.Role.ORGANIZER)
        return league

    # Keeping the standings' cache ------------------------------------------------

    @transaction.atomic
    def results_changed(
        self, since: Game | Position | None = None, players: Iterable[int] = (), days: Iterable[date] = ()
    ) -> None:
        """A game started or stopped counting, or its totals moved: re-rate and re-sum.

        since: the changed game (or where a deleted one stood); None rebuilds
        the whole league. players: the changed game's players. days: other
        days the change touched (the day a moved game left), whose seasons
        are refreshed with the changed game's.
        """
        ratings = self._rerate(since, players)
        self._refresh_standings(ratings, None if since is None else set(players))
        League.objects.filter(pk=self.pk).update(results_version=F("results_version") + 1)
        if since is None:
            self.seasons_changed()
        else:
            self.seasons_changed({since.played_on if isinstance(since, Game) else since[0], *days})

    def seasons_changed(self, days: Iterable[date] | None = None) -> None:
        """Refresh the standings of the seasons taking in any of `days` (None: every season).

        A season's ratings start afresh at its first day, so a change
        anywhere in it re-rates the whole season (games.ratings.rate_afresh):
        a year's games at most, in the write that changed one of them, so
        that no page ever replays them.
        """
        created = self._keep_year_seasons()
        seasons = Season.objects.filter(league=self)
        if days is not None:
            touched = Q(pk__in=[season.pk for season in created])
            for day in set(days):
                touched |= Q(first_day__lte=day, last_day__gte=day)
            seasons = seasons.filter(touched)
        for season in seasons:
            season.refresh()

    def _keep_year_seasons(self) -> list[Season]:
        """A league's seasons are its calendar years until the organizer names one: keep them so.

        While the league has no season of the organizer's, there is an
        automatic season for each year from its first counted game's to its
        latest's (a year between them with no game included, as a gap the
        table took); once it has one, the automatic years go. Rows rather
        than years worked out on each request, so that a year's standings
        and ratings are kept like any season's (SeasonStanding) and every
        page reads one kind of season. Returns the years just created.
        """
        years = Season.objects.filter(league=self, automatic=True)
        if Season.objects.filter(league=self, automatic=False).exists():
            years.delete()
            return []
        days = Game.objects.counted().filter(league=self).aggregate(first=Min("played_on"), last=Max("played_on"))
        wanted = set(range(days["first"].year, days["last"].year + 1)) if days["first"] else set()
        kept = {season.first_day.year: season.pk for season in years}
        years.filter(pk__in=[pk for year, pk in kept.items() if year not in wanted]).delete()
        return Season.objects.bulk_create(
            Season(league=self, name=str(year), first_day=date(year, 1, 1), last_day=date(year, 12, 31),
                   automatic=True)
            for year in sorted(wanted - set(kept))
        )  # fmt: skip

    def _rerate(self, since: Game | Position | None, players: Iterable[int]) -> Ratings:
        """Re-rate the counted games from `since` onward (all of them when None).

        `players` are those of the changed game, whose rating may move even
        when the game no longer counts. Returns the current rating of every
        player whose rating may have moved: all of the league's players when
        rating everything; None for a player left without a counted game.

        The league row is locked first so that two games finishing at once
        are rated one after the other, the second seeing the first's ratings.
        """
        League.objects.select_for_update().filter(pk=self.pk).exists()
        uncounted = Seat.objects.exclude(game__status=Game.Status.OVER).exclude(rating_mu=None)
        if isinstance(since, Game):
            # The changed game itself may have stopped counting.
            uncounted.filter(game_id=since.pk).update(rating_mu=None, rating_sigma=None)
            since = since.position
        elif since is None:
            uncounted.filter(game__league=self).update(rating_mu=None, rating_sigma=None)
            players = self.players.values_list("pk", flat=True)

        games = Game.objects.counted().filter(league=self)
        if since is not None:
            games = games.filter(Game.from_position(since))
        in_order = Seat.objects.filter(game__in=games).rated_in_order()
        current: Ratings = dict.fromkeys(set(players) | {seat.player_id for seats in in_order for seat in seats})
        current.update(self._ratings_before(since, set(current)))
        Seat.objects.store_ratings(rate_in_order(in_order, current))
        return current

    def _ratings_before(self, since: Position | None, player_ids: set[int]) -> dict[int, Rating]:
        """Each player's rating just before the game at `since`: their last rated seat."""
        if since is None or not player_ids:
            return {}
        last = (
            Seat.objects.counted()
            .filter(player=OuterRef("pk"))
            .exclude(rating_mu=None)
            .exclude(Game.from_position(since, prefix="game__"))
            .order_by("-game__played_on", "-game__created_at", "-game_id")
        )
        rated = (
            self.players.filter(pk__in=player_ids)
            .annotate(mu=Subquery(last.values("rating_mu")[:1]), sigma=Subquery(last.values("rating_sigma")[:1]))
            .exclude(mu=None)
            .values_list("pk", "mu", "sigma")
        )
        return {pk: (mu, sigma) for pk, mu, sigma in rated}

    def _refresh_standings(self, ratings: Ratings, players: set[int] | None = None) -> None:
        """Re-sum the Standing and Rivalry rows of players (None: everyone in the
        league), and give every player in ratings their current rating.

        Only the changed game's players see their figures and rivalries move;
        a change to an old game moves the ratings of everyone who played after
        it, which costs one UPDATE rather than re-summing the whole league.
        """
        seats = Seat.objects.counted().filter(game__league=self)
        standing = Standing.objects.filter(league=self)
        rivalries = Rivalry.objects.filter(league=self)
        if players is not None:
            seats = seats.filter(player_id__in=list(players))
            standing = standing.filter(player_id__in=list(players))
            rivalries = rivalries.filter(player_id__in=list(players))

        current = {player_id: ordinal(*rating) if rating else None for player_id, rating in ratings.items()}
        rows = seats.summed(
            lambda player_id, variant: Standing(
                league=self, player_id=player_id, variant=variant, rating=current.get(player_id)
            )
        )
        standing.delete()
        Standing.objects.bulk_create(rows, batch_size=1000)

        rivalries.delete()
        Rivalry.objects.bulk_create(
            (
                Rivalry(league=self, player_id=row["player_id"], opponent_id=row["opponent"],
                        wins=row["wins"], losses=row["losses"], ties=row["ties"])
                for row in seats.rivalries()
            ),
            batch_size=1000,
        )  # fmt: skip

        if players is not None:
            others = {player_id: rating for player_id, rating in current.items() if player_id not in players}
            if others:
                Standing.objects.filter(league=self, player_id__in=list(others)).update(
                    rating=Case(
                        *(When(player_id=player_id, then=Value(rating)) for player_id, rating in others.items()),
                        output_field=FloatField(),
                    )
                )


class Membership(models.Model):
    class Role(models.TextChoices):
        ORGANIZER = "organizer", "Organizer"
        SCORER = "scorer", "Scorer"
        VIEWER = "viewer", "Viewer"

    # What each role may do: the one table that templates (can_score,
    # can_organize) and every view (games.permissions) ask.
    VIEW, SCORE, ORGANIZE = "view", "score", "organize"
    ROLES_THAT_MAY = {
        VIEW: {Role.VIEWER, Role.SCORER, Role.ORGANIZER},
        SCORE: {Role.SCORER, Role.ORGANIZER},
        ORGANIZE: {Role.ORGANIZER},
    }

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=12, choices=Role.choices, default=Role.VIEWER)
    joined_at = models.DateTimeField(default=timezone.now)
    # Since when the member has organized, without a break (None: they don't). The share
    # links an organizer gives name it, so a demotion kills them for good: promoted again,
    # the organizer has a new moment, and gives new links.
    organizer_since = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["league", "user"], name="one_membership_per_user")]

    def __str__(self) -> str:
        return f"{self.user} in {self.league} ({self.role})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.role != self.Role.ORGANIZER:
            self.organizer_since = None
        elif self.organizer_since is None:
            self.organizer_since = timezone.now()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "role" in update_fields:
            kwargs["update_fields"] = {*update_fields, "organizer_since"}
        super().save(*args, **kwargs)

    @property
    def can_score(self) -> bool:
        return self.may(self.SCORE)

    @property
    def can_organize(self) -> bool:
        return self.may(self.ORGANIZE)

    def may(self, need: str) -> bool:
        return self.role in self.ROLES_THAT_MAY[need]


class LeaguePreset(models.Model):
    """A league's own preset: a variant and its house rules, saved under a name.

    A new game copies its options (Game.options holds them in full), so
    changing or deleting a saved preset never changes a game already played.
    """

    # Enough for every table's quirks; the new-game page lists them all.
    MOST_PER_LEAGUE = 50

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="presets")
    name = models.CharField(max_length=PRESET_NAME_LENGTH, validators=[StoredAsWritten("preset")])
    name_key = models.CharField(max_length=4 * PRESET_NAME_LENGTH, editable=False)
    variant = models.CharField(max_length=20)
    # Every option of the variant, defaults included (Options.as_dict()).
    options = models.JSONField(default=dict)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    # When an organizer deleted it: in the trash, restorable for TRASH_DAYS.
    trashed_at = models.DateTimeField(null=True, blank=True)

    objects = not_trashed()
    all_objects = AllRows()

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            # A name in the trash is free to take again (restoring then asks for a free name).
            models.UniqueConstraint(
                fields=["league", "name_key"], condition=Q(trashed_at=None), name="preset_name_key_unique_in_league"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.name_key = name_key(self.name)
        self.updated_at = timezone.now()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, "name_key", "updated_at"}
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("games:preset-rules", args=[self.league_id, self.pk])

    @property
    def variant_name(self) -> str:
        return get_variant(self.variant).name

    def set_rules(self, variant: str, options: dict[str, Any]) -> None:
        """The variant and every one of its options, the overrides checked (SetupError if not)."""
        self.variant = variant
        self.options = resolve_options(get_variant(variant), options).as_dict()

    def house_rules(self) -> tuple[str, ...]:
        """The options that differ from the variant's preset, in words."""
        return cheat_sheet(self.variant, self.options).house_rules

    @transaction.atomic
    def trash(self, user: Any = None) -> None:
        """Into the trash for TRASH_DAYS; games played by these rules keep them either way."""
        League.objects.select_for_update().filter(pk=self.league_id).exists()
        self.trashed_at = timezone.now()
        LeaguePreset.all_objects.filter(pk=self.pk).update(trashed_at=self.trashed_at)
        ActivityEntry.record(self.league, user, ActivityEntry.Kind.PRESET_DELETED, preset=self.name)

    @transaction.atomic
    def restore(self, user: Any = None) -> None:
        """Back from the trash; TrashError when its name is taken meanwhile or the league has its fill."""
        League.objects.select_for_update().filter(pk=self.league_id).exists()
        live = LeaguePreset.objects.filter(league_id=self.league_id)
        if live.filter(name_key=name_key(self.name)).exists():
            raise TrashError(f"{self.league.name} has other house rules called {self.name} now: rename them first")
        if live.count() >= LeaguePreset.MOST_PER_LEAGUE:
            raise TrashError(
                f"{self.league.name} has {LeaguePreset.MOST_PER_LEAGUE} house rules, the most a league keeps"
            )
        LeaguePreset.all_objects.filter(pk=self.pk).update(trashed_at=None)
        self.trashed_at = None
        ActivityEntry.record(self.league, user, ActivityEntry.Kind.PRESET_RESTORED, preset=self.name)


class Invite(models.Model):
    """An invite link to join a league with a role; single use, expiring, revocable."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="invites")
    token = models.CharField(max_length=64, unique=True, default=new_token)
    role = models.CharField(max_length=12, choices=Membership.Role.choices, default=Membership.Role.SCORER)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    revoked_at = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Invite to {self.league} as {self.role}"

    @property
    def is_usable(self) -> bool:
        return self.revoked_at is None and self.used_at is None and self.expires_at > timezone.now()


class PlayerQuerySet(models.QuerySet["Player"]):
    def named(self, league: League, name: str) -> Player:
        """The league's player going by `name` (as rules.names compares names), created if new.

        Two phones starting games with the same new player at once: one
        creates the row, the other's insert meets the unique constraint and
        finds that row instead of failing.
        """
        key = name_key(name)
        found = self.filter(league=league, name_key=key).first()
        if found is not None:
            return found
        # The league's cap is its caller's to check, for all of a game's new players at once (Game.start_named).
        try:
            with transaction.atomic():  # a savepoint: the caller's transaction goes on
                return self.create(league=league, name=name)
        except IntegrityError:
            return self.get(league=league, name_key=key)

    def bulk_create(self, objs: Any, *args: Any, **kwargs: Any) -> list[Player]:
        objs = list(objs)
        for player in objs:
            player.name_key = name_key(player.name)
        return super().bulk_create(objs, *args, **kwargs)


class Player(models.Model):
    """A person who plays in the league, optionally linked to an account."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=PLAYER_NAME_LENGTH, validators=[StoredAsWritten("player")])
    # rules.names.name_key(name), kept by save() and bulk_create(): the
    # database holds one player per key in a league, whatever its collation.
    name_key = models.CharField(max_length=4 * PLAYER_NAME_LENGTH, editable=False)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="players"
    )
    created_at = models.DateTimeField(default=timezone.now)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["league", "name_key"], name="player_name_key_unique_in_league"),
        ]

    def __str__(self) -> str:
        return self.name

    @transaction.atomic
    def save(self, *args: Any, **kwargs: Any) -> None:
        self.name_key = name_key(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        renamed = self.pk is not None and (update_fields is None or "name" in update_fields)
        super().save(*args, **kwargs)
        if renamed:
            # The game pages show the name: their pollers must see a new version.
            Game.objects.filter(seats__player=self).update(version=F("version") + 1)

    def games_played(self) -> int:
        return self.seats.count()

    @transaction.atomic
    def discard(self) -> None:
        """Delete a player who has no game (one who has is merged into another instead)."""
        lock_for_writing(self.league_id, player_ids=[self.pk])
        if Seat.all_objects.filter(player=self).exists():
            if not self.seats.exists():
                raise PlayerInUse(f"{self.name} played a game that is in the trash: it may come back")
            raise PlayerInUse(
                f"{self.name} has played {self.games_played()} game(s): merge them into another player instead"
            )
        self.delete()

    @transaction.atomic
    def merge_into(self, target: Player, user: Any = None) -> int:
        """Give every game of this player to `target`, then delete this player; the number of games moved.

        For two names of one person. Each game moved says so in its History;
        the standings and ratings are worked out again, as if `target` had
        played them all. Raises PlayerInUse when both sat at one game.
        """
        if target.pk == self.pk or target.league_id != self.league_id:
            raise PlayerInUse("Choose another player of this league to merge into")
        # The games in the trash move too, so that one restored comes back with the merged player.
        games = Game.all_objects.filter(seats__player=self).values_list("pk", flat=True)
        lock_for_writing(self.league_id, list(games), [self.pk, target.pk])
        together = Game.all_objects.filter(seats__player=self).filter(seats__player=target).order_by("number").first()
        if together is not None:
            raise PlayerInUse(f"{self.name} and {target.name} both played game {together.number}: they are two people")
        games = list(Game.all_objects.filter(seats__player=self).values_list("pk", "hand_count"))
        moved = list(Seat.all_objects.filter(player=self).values_list("pk", flat=True))
        Seat.all_objects.filter(pk__in=moved).update(player=target)
        HandRevision.all_objects.bulk_create(
            HandRevision(game_id=game_id, number=hands, action=HandRevision.Action.MERGED,
                         before={"player": self.name}, after={"player": target.name}, user=_user(user))
            for game_id, hands in games
        )  # fmt: skip
        Game.all_objects.filter(pk__in=[game_id for game_id, _ in games]).update(version=F("version") + 1)
        took_account = target.user_id is None and self.user_id is not None
        if took_account:
            target.user_id = self.user_id
            target.save(update_fields=["user"])
        ActivityEntry.record(
            target.league, user, ActivityEntry.Kind.PLAYERS_MERGED, player=self.name, into=target.name,
            games=len(games), undo={"into": target.pk, "seats": moved, "user": self.user_id if took_account else None},
        )  # fmt: skip
        self.delete()
        target.league.results_changed()
        return len(games)


class GameQuerySet(models.QuerySet["Game"]):
    def for_user(self, user: Any) -> GameQuerySet:
        if not user.is_authenticated:
            return self.none()
        return self.filter(league__memberships__user=user)

    def in_progress(self) -> GameQuerySet:
        return self.filter(status__in=[Game.Status.IN_PROGRESS, Game.Status.TIE_BREAK])

    def counted(self) -> GameQuerySet:
        """Games that count in standings: finished, neither null nor abandoned."""
        return self.filter(status=Game.Status.OVER)

    def in_order_of_play(self) -> GameQuerySet:
        return self.order_by(*ORDER_OF_PLAY)

    def latest_first(self) -> GameQuerySet:
        return self.order_by(*(f"-{field}" for field in ORDER_OF_PLAY))

    def twin_of(self, league: League, setup: GameSetup, entries: list[HandEntry], day: date) -> Game | None:
        """The league's game played on `day` by the same players in the same seats, with the same hands.

        The few games of that day and variant with as many hands are read
        with their seats and hands, and compared entry by entry."""
        wanted = [entry_to_json(entry) for entry in entries]
        candidates = self.filter(league=league, played_on=day, variant=setup.variant.key, hand_count=len(entries))
        for game in candidates.prefetch_related("seats__player", "hands").order_by("number"):
            names = [seat.player.name_key for seat in game.ordered_seats()]
            if (
                names == [name_key(name) for name in setup.players]
                and [hand.entry for hand in sorted(game.hands.all(), key=lambda hand: hand.number)] == wanted
            ):
                return game
        return None

    def for_table(self) -> GameQuerySet:
        """Everything the game page shows, in a fixed number of queries however long the game.

        Each seat is read with its player in one query: a merge committed
        between two queries would leave a seat naming a player already gone
        ("Seat has no player", a 500 on SQLite during the red-team race)."""
        return self.select_related("league").prefetch_related(
            models.Prefetch("seats", queryset=Seat.objects.select_related("player")),
            "hands",
            models.Prefetch("revisions", queryset=HandRevision.objects.select_related("user")),
        )


class Game(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", "In progress"
        TIE_BREAK = "tie_break", "Tie-break hand due"
        OVER = "over", "Over"
        NULL = "null", "Declared null"
        ABANDONED = "abandoned", "Abandoned"

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="games")
    # The league's own count: "game 16" is its sixteenth game, whatever the database's id.
    number = models.PositiveIntegerField()
    # The day the table played it, in the league's time zone: what lists,
    # seasons and ratings go by (created_at is when it was typed in).
    played_on = models.DateField()
    variant = models.CharField(max_length=20)
    # The options in full (preset defaults included), so a later change of a
    # preset's defaults never changes an old game.
    options = models.JSONField(default=dict)
    first_dealer = models.PositiveSmallIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    # Bumped on every change; phones polling the game compare it to theirs.
    version = models.PositiveIntegerField(default=0)
    # A null or abandoned game is declared by the table and is not derived.
    declared = models.CharField(
        max_length=12,
        blank=True,
        default="",
        choices=[(Status.NULL.value, Status.NULL.label), (Status.ABANDONED.value, Status.ABANDONED.label)],
    )
    # With a time limit (RULES.md, Time limit): when the table's clock started,
    # at the first deal. The game starts it; the table may restart it before
    # the first hand is in, if the deal came later.
    clock_started_at = models.DateTimeField(null=True, blank=True)
    # Share links name the generation they were given in; an organizer who
    # stops them (a link sent to the wrong chat) moves the game on to the next.
    share_generation = models.PositiveIntegerField(default=0)

    # Cache derived from the hands by refresh().
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS)
    reason = models.CharField(max_length=12, blank=True, default="")
    hand_count = models.PositiveSmallIntegerField(default=0)
    finished_at = models.DateTimeField(null=True, blank=True)

    # When an organizer deleted it: in the trash, restorable for TRASH_DAYS.
    trashed_at = models.DateTimeField(null=True, blank=True)

    objects = not_trashed(GameQuerySet)
    all_objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-played_on", "-created_at", "-pk"]
        indexes = [
            models.Index(fields=["league", "-played_on", "-created_at"], name="games_game_league_played_idx"),
            # A league's counted (or unfinished) games by day, for seasons, games per month, the
            # games under way and the archive's filters. No index on the status alone: SQLite would
            # start a player's seats from every finished game of every league rather than from the
            # player's seats. Ascending: read backwards, they list games newest first (the id,
            # every index's last column, included) without sorting them.
            models.Index(fields=["league", "status", "played_on", "created_at"], name="games_game_league_status_idx"),
            models.Index(
                fields=["league", "status", "variant", "played_on", "created_at"], name="games_game_league_variant_idx"
            ),
        ]
        constraints = [models.UniqueConstraint(fields=["league", "number"], name="one_game_per_number")]

    def __str__(self) -> str:
        return f"Game {self.number} ({self.variant})"

    def get_absolute_url(self) -> str:
        return reverse("games:game-detail", args=[self.pk])

    @property
    def position(self) -> Position:
        return (self.played_on, self.created_at, self.pk)

    @staticmethod
    def from_position(since: Position, prefix: str = "") -> Q:
        """Games at `since` or after it in the order of play (ORDER_OF_PLAY)."""
        day, created_at, pk = since
        return (
            Q(**{f"{prefix}played_on__gt": day})
            | Q(**{f"{prefix}played_on": day, f"{prefix}created_at__gt": created_at})
            | Q(**{f"{prefix}played_on": day, f"{prefix}created_at": created_at, f"{prefix}pk__gte": pk})
        )

    # The engine's view of the game ----------------------------------------

    def ordered_seats(self) -> list[Seat]:
        """Seats in clockwise order; uses prefetched seats when there are any."""
        return sorted(self.seats.all(), key=lambda seat: seat.position)

    def setup(self) -> GameSetup:
        names = [seat.player.name for seat in self.ordered_seats()]
        return GameSetup.create(self.variant, names, self.options, self.first_dealer)

    def entries(self) -> list[HandEntry]:
        return [hand.to_entry() for hand in sorted(self.hands.all(), key=lambda hand: hand.number)]

    def state(self) -> GameState:
        return play(self.setup(), self.entries())

    def scoresheet(self) -> dict[str, Any]:
        """The game as a scoresheet (SCORESHEET.md), with the day it was played."""
        return write_scoresheet(self.setup(), self.entries(), played_on=self.played_on)

    # Changes ---------------------------------------------------------------

    @classmethod
    @transaction.atomic
    def start(
        cls,
        league: League,
        variant: str,
        players: list[Player],
        options: dict[str, Any] | None = None,
        first_dealer: int = 0,
        user: Any = None,
        played_on: date | None = None,
        kind: str = "game_started",
    ) -> Game:
        """Create a game after the engine has checked its setup (raises SetupError).

        played_on: the day it was played, today at the table unless back-filled.
        kind: how the activity log tells it (ActivityEntry.Kind)."""
        setup = GameSetup.create(variant, [player.name for player in players], options or {}, first_dealer)
        lock_for_writing(league.pk)
        if league.games.count() >= League.MOST_GAMES:
            raise SetupError(league.too_many_games())
        game = cls.objects.create(
            league=league,
            number=league.take_game_numbers(),
            played_on=played_on or league.today(),
            variant=variant,
            options=setup.options.as_dict(),
            first_dealer=first_dealer,
            created_by=_user(user),
            clock_started_at=timezone.now() if setup.options.time_limit else None,
        )
        Seat.objects.bulk_create(
            Seat(game=game, player=player, position=position) for position, player in enumerate(players)
        )
        ActivityEntry.record(league, user, kind, game=game.number)
        return game

    @transaction.atomic
    @transaction.atomic
    def move_to_day(self, day: date, user: Any = None) -> None:
        """Say the game was played on `day`: it takes its place in the order of play there, and the
        ratings and seasons of both days follow (SetupError for a day no game can have). The
        History keeps the change."""
        if not EARLIEST_DAY <= day <= self.league.today():
            raise SetupError("A game is played on a day from 1900 to today.", "played_on")
        locked = self._lock()
        before = locked.position
        if day == locked.played_on:
            return
        HandRevision.objects.create(
            game=locked,
            number=len(locked.hands.all()),
            action=HandRevision.Action.REDATED,
            before={"played_on": locked.played_on.isoformat()},
            after={"played_on": day.isoformat()},
            user=_user(user),
        )
        Game.objects.filter(pk=locked.pk).update(played_on=day, version=models.F("version") + 1)
        ActivityEntry.record(
            self.league, user, ActivityEntry.Kind.GAME_REDATED, game=locked.number,
            before=before[0].isoformat(), after=day.isoformat(),
        )  # fmt: skip
        locked.played_on = day
        if locked.status == self.Status.OVER:
            players = {seat.player_id for seat in locked.seats.all()}
            # Both days: the seasons holding the one it left and the one it moves to.
            self.league.results_changed(since=min(before, locked.position), players=players, days={before[0], day})
        self.refresh_from_db()

    @classmethod
    def current_version(cls, game_id: int) -> int | None:
        """The game's version as the database has it now (None: no such game).

        The pollers' question, asked hundreds of times a second at a club
        night: written out once rather than built by the ORM on each call,
        which took longer than the query itself.
        """
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT version FROM {cls._meta.db_table} WHERE id = %s", [game_id])
            row = cursor.fetchone()
        return row[0] if row else None

    def time_left(self, setup: GameSetup, now: datetime | None = None) -> timedelta | None:
        """How long the table has left under the time limit (negative once past it); None without one."""
        if not setup.options.time_limit or self.clock_started_at is None:
            return None
        return self.clock_started_at + timedelta(minutes=setup.options.time_limit) - (now or timezone.now())

    @transaction.atomic
    def restart_clock(self, user: Any = None) -> None:
        """Start the time limit's clock again now: the first deal came after the game was started."""
        locked = self._locked()
        if not locked.setup().options.time_limit:
            raise HandConflict("This game has no time limit")
        if locked.hands.exists():
            raise HandConflict("The clock runs from the first deal: hands are already in, so it stays as it is")
        Game.objects.filter(pk=locked.pk).update(clock_started_at=timezone.now(), version=models.F("version") + 1)

    @classmethod
    @transaction.atomic
    def start_named(
        cls,
        league: League,
        variant: str,
        names: list[str],
        options: dict[str, Any] | None = None,
        first_dealer: int = 0,
        user: Any = None,
        played_on: date | None = None,
        kind: str = "game_started",
    ) -> Game:
        """Start a game for players named in seat order; names new to the league become its players.

        Names match the league's players regardless of case. The setup is
        checked before anyone is created, so a refused game leaves no players.
        """
        GameSetup.create(variant, names, options or {}, first_dealer)
        tidied = []
        for name in names:
            try:
                tidied.append(player_name(name))
            except ValidationError as error:
                raise SetupError(f"{error.messages[0]}: {name[:20]!r}", "players") from None
        # Under the league's lock (lock_for_writing): a merge or a rename going on now has finished
        # before the names are looked up, and the caps are checked before any write.
        lock_for_writing(league.pk)
        if league.games.count() >= League.MOST_GAMES:
            raise SetupError(league.too_many_games())
        known = set(
            league.players.filter(name_key__in=[name_key(name) for name in tidied]).values_list("name_key", flat=True)
        )
        new = [name for name in tidied if name_key(name) not in known]
        if new:
            count = league.players.count()
            if count + len(new) > League.MOST_PLAYERS:
                raise SetupError(league.too_many_players(count, len(new)), "players")
        players = [Player.objects.named(league, name) for name in tidied]
        return cls.start(league, variant, players, options, first_dealer, user, played_on, kind)

    @classmethod
    @transaction.atomic
    def import_scoresheet(cls, league: League, document: object, user: Any = None, again: bool = False) -> Game:
        """A game from a scoresheet (SCORESHEET.md), checked as `replay` checks it.

        Raises ScoresheetError (or SetupError for names the league cannot
        take), and DuplicateGame for a game the league has already unless
        `again`; on error nothing is saved.
        """
        setup, entries = read_scoresheet(document)
        played_on = read_played_on(document)
        try:
            state = play(setup, entries)
        except HandError as error:
            raise ScoresheetError(str(error)) from None
        if not again:
            twin = Game.objects.twin_of(league, setup, entries, played_on or league.today())
            if twin is not None:
                raise DuplicateGame(twin)
        game = cls.start_named(
            league,
            setup.variant.key,
            list(setup.players),
            setup.options.as_dict(),
            setup.first_dealer,
            user,
            played_on,
            ActivityEntry.Kind.GAME_IMPORTED,
        )
        who = _user(user)
        Hand.objects.bulk_create(
            Hand(game=game, number=number, entry=entry_to_json(entry), result=hand_result_to_json(hand), created_by=who)
            for number, (entry, hand) in enumerate(zip(entries, state.hands, strict=True), start=1)
        )
        HandRevision.objects.bulk_create(
            HandRevision(
                game=game, number=number, action=HandRevision.Action.ADDED, after=entry_to_json(entry), user=who
            )
            for number, entry in enumerate(entries, start=1)
        )
        Game.objects.filter(pk=game.pk).update(version=len(entries))
        game.refresh(state)
        game.refresh_from_db()
        return game

    @transaction.atomic
    def declare(self, status: str, user: Any = None) -> GameState:
        """Declare the game null (every total back to 0) or abandoned (not yet over)."""
        if status not in (self.Status.NULL, self.Status.ABANDONED):
            raise DeclareError("A game can be declared null or abandoned")
        locked = self._lock()
        if locked.declared:
            raise DeclareError(f"This game is already {locked.declared}")
        state = locked.state()
        problem = self.declaration_problem(status, state)
        if problem:
            raise DeclareError(problem)
        return self._set_declared(locked, state, status, HandRevision.Action.DECLARED, user)

    @classmethod
    def declaration_problem(cls, status: str, state: GameState) -> str:
        """Why a game in `state` cannot be declared `status`; empty when it can.

        The table declares and a league file restores, by the same rule."""
        if status == cls.Status.NULL and not state.all_zero:
            return "A game can be declared null only when every total is back to 0"
        if status == cls.Status.ABANDONED and state.is_over:
            return "The game is over; there is nothing to abandon"
        return ""

    @transaction.atomic
    def undeclare(self, user: Any = None) -> GameState:
        """Take back a null or abandoned declaration: the game is as its hands say again."""
        locked = self._lock()
        if not locked.declared:
            raise DeclareError("This game is not declared null or abandoned")
        return self._set_declared(locked, locked.state(), "", HandRevision.Action.REOPENED, user)

    def _set_declared(self, locked: Game, state: GameState, declared: str, action: str, user: Any) -> GameState:
        # The History keeps the declaration, with the hand it came after.
        HandRevision.objects.create(
            game=locked,
            number=len(state.hands),
            action=action,
            before={"declared": locked.declared},
            after={"declared": declared},
            user=_user(user),
        )
        locked.declared = declared
        locked.save(update_fields=["declared"])
        Game.objects.filter(pk=locked.pk).update(version=models.F("version") + 1)
        locked.refresh(state)
        self.refresh_from_db()
        return state

    def _lock(self) -> Game:
        """This game re-read under a write lock, with its seats and hands (lock_for_writing's order:
        its league first). The row lock serialises phones writing to one game."""
        games = lock_for_writing(self.league_id, [self.pk])
        if not games or games[0].trashed_at is not None:
            # Deleted a moment ago, between this request's reading of it and now.
            raise HandConflict("This game was just deleted: an organizer can restore it from the league's trash")
        return games[0]

    def _locked(self) -> Game:
        """The locked game, for changing its hands."""
        locked = self._lock()
        if locked.declared:
            # A declared game's hands are final: a null game must stay at 0.
            raise HandConflict(f"This game is {locked.declared}; its hands can't change")
        return locked

    def _changed(
        self, locked: Game, state: GameState, number: int, action: str, before: Any, after: Any, user: Any
    ) -> GameState:
        HandRevision.objects.create(
            game=locked,
            number=number,
            action=action,
            before=before,
            after=after,
            user=_user(user),
        )
        Game.objects.filter(pk=locked.pk).update(version=models.F("version") + 1)
        was_over = locked.status == self.Status.OVER
        locked.refresh(state)
        if locked.status == self.Status.OVER and not was_over:
            ActivityEntry.record(self.league, user, ActivityEntry.Kind.GAME_FINISHED, game=locked.number)
        elif was_over and action in (HandRevision.Action.EDITED, HandRevision.Action.DELETED):
            kind = (
                ActivityEntry.Kind.HAND_EDITED
                if action == HandRevision.Action.EDITED
                else ActivityEntry.Kind.HAND_DELETED
            )
            ActivityEntry.record(self.league, user, kind, game=locked.number, hand=number)
        self.refresh_from_db()
        return state

    @transaction.atomic
    def record_hand(self, number: int, entry: HandEntry, user: Any = None, key: str = "") -> GameState:
        """Score entry as hand `number`, the next one; raises EntryError or HandConflict.

        `key` is the hand's idempotency key, which every Record carries (the
        form's, the offline queue's): the same key with the same entry and
        number is the hand already recorded, answered as recorded and stored
        once; the same key with another entry or number is refused.
        """
        locked = self._lock()
        if key:
            stored = next((hand for hand in locked.hands.all() if hand.client_key == key), None)
            if stored is not None:
                # The same send again (a retry, a reply lost on the way back): that hand, recorded once.
                if stored.number == number and stored.entry == entry_to_json(entry):
                    return locked.state()
                raise HandConflict(
                    gettext(
                        "This entry's key was already used for hand %(number)s, with another entry: "
                        "nothing was stored. Reload the game and enter the hand again."
                    )
                    % {"number": stored.number},
                    number,
                    reused_key=True,
                )
        if locked.declared:
            raise HandConflict(f"This game is {locked.declared}; its hands can't change")
        state = locked.state()
        if number != state.next_number:
            if number < state.next_number:
                raise HandConflict(f"Hand {number} was just recorded by someone else", number)
            raise HandConflict(f"Hand {number} can't be entered yet: hand {state.next_number} is next", number)
        new_state = state.after(entry)
        Hand.objects.create(
            game=locked, number=number, entry=entry_to_json(entry), created_by=_user(user), client_key=key
        )
        return self._changed(locked, new_state, number, HandRevision.Action.ADDED, None, entry_to_json(entry), user)

    @transaction.atomic
    def edit_hand(self, number: int, entry: HandEntry, user: Any = None, version: int | None = None) -> GameState:
        """Replace hand `number` and rescore every hand after it; raises HandError.

        `version` is the game's version when the editor opened the hand: if
        anything was written since (another edit, a new hand), the edit would
        overwrite what the editor never saw, so it is a HandConflict instead.
        """
        locked = self._locked()
        if version is not None and version != locked.version:
            raise HandConflict(f"Hand {number} was changed by someone else since you opened it: here it is now", number)
        hands = sorted(locked.hands.all(), key=lambda hand: hand.number)
        if not 1 <= number <= len(hands):
            raise HandConflict(f"There is no hand {number} to change", number)
        hand = hands[number - 1]
        entries = [h.to_entry() for h in hands]
        entries[number - 1] = entry
        new_state = _replay(locked.setup(), entries, number)
        before = hand.entry
        if before == entry_to_json(entry):
            return new_state
        hand.entry = entry_to_json(entry)
        hand.updated_at = timezone.now()
        hand.save(update_fields=["entry", "updated_at"])
        return self._changed(locked, new_state, number, HandRevision.Action.EDITED, before, hand.entry, user)

    @transaction.atomic
    def delete_last_hand(self, number: int, user: Any = None) -> GameState:
        """Delete the last hand, which must be hand `number` (not one just added by another phone)."""
        locked = self._locked()
        hands = sorted(locked.hands.all(), key=lambda hand: hand.number)
        if not hands or hands[-1].number != number:
            raise HandConflict(f"Hand {number} is not the last hand any more", number)
        last = hands[-1]
        before = last.entry
        last.delete()
        new_state = play(locked.setup(), [h.to_entry() for h in hands[:-1]])
        return self._changed(locked, new_state, number, HandRevision.Action.DELETED, before, None, user)

    RESULT_FIELDS = ["status", "reason", "hand_count", "finished_at"]

    @transaction.atomic
    def refresh(self, state: GameState | None = None, rerate: bool = True) -> GameState:
        """Rebuild the cached results from the entries.

        When the game's place in the standings changes (it starts or stops
        counting, or its totals move), the league's ratings are recomputed
        from this game onward; `rerate=False` leaves that to the caller
        (rebuild_results rates each league once, at the end).
        """
        state = state or self.state()
        seats = self.ordered_seats()
        counted_before = self._counted_outcome(seats)
        winners = self.set_results(state)
        self.save(update_fields=self.RESULT_FIELDS)
        for seat in seats:
            seat.apply_results(state, winners)
        self._store_hand_results(state)
        if rerate and counted_before != self._counted_outcome(seats):
            self.league.results_changed(since=self, players={seat.player_id for seat in seats})
        return state

    def _store_hand_results(self, state: GameState) -> None:
        """Write each hand's Hand.result where it is not what the engine says now.

        A new hand is one write, an edit rewrites the hands from it on. Read
        afresh: a prefetched list of hands may be from before the change."""
        results = {hand.number: hand_result_to_json(hand) for hand in state.hands}
        changed = []
        for hand in Hand.objects.filter(game=self).only("pk", "number", "result"):
            if hand.result != results.get(hand.number):
                hand.result = results.get(hand.number)
                changed.append(hand)
        Hand.objects.bulk_update(changed, ["result"])

    def set_results(self, state: GameState) -> set[int]:
        """Copy the engine's results into the cached fields, unsaved; the winning seats."""
        self.status = self.declared or state.status
        self.reason = state.reason or ""
        self.hand_count = len(state.hands)
        if self.status == self.Status.OVER:
            self.finished_at = self.finished_at or timezone.now()
        else:
            self.finished_at = None
        return set(state.winners) if self.status == self.Status.OVER else set()

    def _counted_outcome(self, seats: list[Seat]) -> tuple[tuple[int, int], ...] | None:
        """What the ratings see of this game: who finished on what, if it counts."""
        if self.status != self.Status.OVER:
            return None
        return tuple((seat.player_id, seat.total) for seat in seats)

    @transaction.atomic
    def trash(self, user: Any = None) -> None:
        """An organizer deletes the game: into the trash, for TRASH_DAYS. The standings, later
        ratings and seasons go without it; its number is never given to another game."""
        games = lock_for_writing(self.league_id, [self.pk])
        locked = games[0] if games else None
        if locked is None or locked.trashed_at is not None:
            raise TrashError(f"Game {self.number} is already in the trash")
        players = set(Seat.objects.filter(game=locked).values_list("player_id", flat=True))
        self.trashed_at = timezone.now()
        Game.all_objects.filter(pk=self.pk).update(trashed_at=self.trashed_at, version=F("version") + 1)
        if locked.status == self.Status.OVER:
            self.league.results_changed(since=locked.position, players=players)
        ActivityEntry.record(self.league, user, ActivityEntry.Kind.GAME_DELETED, game=self.number)

    @transaction.atomic
    def restore(self, user: Any = None) -> None:
        """Back from the trash as it was: its number, hands and History; the standings,
        ratings and seasons count it again."""
        games = lock_for_writing(self.league_id, [self.pk])
        locked = games[0] if games else None
        if locked is None or locked.trashed_at is None:
            raise TrashError(f"Game {self.number} is not in the trash")
        if Game.objects.filter(league_id=self.league_id).count() >= League.MOST_GAMES:
            raise TrashError(self.league.too_many_games())
        Game.all_objects.filter(pk=self.pk).update(trashed_at=None, version=F("version") + 1)
        self.trashed_at = None
        if locked.status == self.Status.OVER:
            players = set(Seat.objects.filter(game=locked).values_list("player_id", flat=True))
            self.league.results_changed(since=locked, players=players)
        ActivityEntry.record(self.league, user, ActivityEntry.Kind.GAME_RESTORED, game=self.number)


class SeatQuerySet(models.QuerySet["Seat"]):
    def counted(self) -> SeatQuerySet:
        """Seats of games that count (Game.objects.counted())."""
        return self.filter(game__status=Game.Status.OVER)

    @staticmethod
    def figures() -> dict[str, Any]:
        """The aggregates over seats that make a standings row: the one list of the sums.

        Standing stores each under the same name (Standing.FIGURES is this
        dict's keys) and stats.Row reads them by name; a new sum is an entry
        here, a Standing field, and a stats.Column to show it."""
        return {
            "games": Count("pk"),
            "wins": Count("pk", filter=Q(won=True)),
            "total": models.Sum("total"),
            "points": models.Sum("points"),
            "hands": models.Sum("game__hand_count"),
            "moons": models.Sum("moons"),
            "queens": models.Sum("queens"),
            "wraps": models.Sum("wraps"),
            "sixty_nine": Count("pk", filter=Q(won=True, game__reason="sixty_nine")),
        }

    def rivalries(self) -> list[dict[str, Any]]:
        """For each of these seats' players, their record against everyone at their tables.

        Each seat is joined to the other seats of its game. A game's winners
        beat everyone else at it, whatever the totals (69 for 5 wins on the
        higher total); between two winners, or two others, the lower total
        beats the higher and equal totals draw. The ratings order a game's
        seats the same way (games.ratings). One query.
        """
        other_total, other_won = F("game__seats__total"), F("game__seats__won")
        alike = Q(won=other_won)
        rows = (
            self.values("player_id", opponent=F("game__seats__player_id"), opponent_name=F("game__seats__player__name"))
            .annotate(
                wins=Count("pk", filter=Q(won=True, game__seats__won=False) | (alike & Q(total__lt=other_total))),
                losses=Count("pk", filter=Q(won=False, game__seats__won=True) | (alike & Q(total__gt=other_total))),
                ties=Count("pk", filter=alike & Q(total=other_total)),
            )
            .order_by()
        )
        return [row for row in rows if row["opponent"] != row["player_id"]]

    def rated_in_order(self) -> list[list[RatedSeat]]:
        """These seats game by game in order of play, as the ratings read them (games.ratings). One query."""
        rows = self.order_by("game__played_on", "game__created_at", "game_id", "position").values_list(
            "pk", "game_id", "player_id", "total", "won", "rating_mu", "rating_sigma"
        )
        return [
            [RatedSeat(pk, player, total, won, None if mu is None else (mu, sigma))
             for pk, _, player, total, won, mu, sigma in seats]
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

    def store_ratings(self, changed: list[tuple[int, Rating]]) -> None:
        """Write new ratings, one prepared UPDATE run for every changed seat.

        bulk_update's CASE statements take seconds for a whole league's seats;
        executemany of one statement takes a fraction of that on both databases.
        """
        if not changed:
            return
        quote = connection.ops.quote_name
        table, pk = quote(Seat._meta.db_table), quote(Seat._meta.pk.column)
        mu, sigma = (quote(Seat._meta.get_field(name).column) for name in ("rating_mu", "rating_sigma"))
        with connection.cursor() as cursor:
            cursor.executemany(
                f"UPDATE {table} SET {mu} = %s, {sigma} = %s WHERE {pk} = %s",
                [(mu_value, sigma_value, seat_id) for seat_id, (mu_value, sigma_value) in changed],
            )


class Seat(models.Model):
    """A player's place at a game's table, in clockwise order from 0."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()

    # Cache derived from the hands by Game.refresh(), for standings.
    total = models.IntegerField(default=0)
    won = models.BooleanField(default=False)
    points = models.IntegerField(default=0)  # sum of hand points before wraps
    moons = models.PositiveSmallIntegerField(default=0)
    queens = models.PositiveSmallIntegerField(default=0)
    jacks = models.PositiveSmallIntegerField(default=0)
    wraps = models.PositiveSmallIntegerField(default=0)
    revokes = models.PositiveSmallIntegerField(default=0)
    # The player's skill rating (openskill) right after this game, in the
    # league's order of play; null while the game does not count.
    # Maintained by League.results_changed().
    rating_mu = models.FloatField(null=True, blank=True)
    rating_sigma = models.FloatField(null=True, blank=True)

    # A seat of a game in the trash is in no sum, list or file.
    objects = not_trashed(SeatQuerySet, "game__trashed_at")
    all_objects = SeatQuerySet.as_manager()

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["game", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at seat {self.position} of game {self.game_id}"

    RESULT_FIELDS = ["total", "won", "points", "moons", "queens", "jacks", "wraps", "revokes"]

    def apply_results(self, state: GameState, winners: set[int]) -> None:
        self.set_results(state, winners)
        self.save(update_fields=self.RESULT_FIELDS)

    def set_results(self, state: GameState, winners: set[int]) -> None:
        """Copy this seat's results from the engine's state, unsaved."""
        seat = self.position
        hands = state.hands
        self.total = state.totals[seat]
        self.won = seat in winners
        self.points = sum(hand.points[seat] for hand in hands)
        self.moons = sum(1 for hand in hands if hand.moon and hand.moon.shooter == seat)
        self.queens = sum(1 for hand in hands if hand.entry.queen == seat)
        self.jacks = sum(1 for hand in hands if hand.entry.jack == seat)
        self.wraps = sum(1 for hand in hands if seat in hand.wrapped)
        self.revokes = sum(1 for hand in hands if hand.entry.revoke == seat)


class Figures(models.Model):
    """A standings row's sums and rating, as Standing and SeasonStanding both keep them."""

    ALL_VARIANTS = ""
    # The summed fields: one each for SeatQuerySet.figures()' aggregates, named alike.
    FIGURES = tuple(SeatQuerySet.figures())

    variant = models.CharField(max_length=20, blank=True)  # ALL_VARIANTS: every variant together
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    total = models.IntegerField(default=0)  # sum of final totals
    points = models.IntegerField(default=0)  # sum of points scored in hands
    hands = models.PositiveIntegerField(default=0)
    moons = models.PositiveIntegerField(default=0)
    queens = models.PositiveIntegerField(default=0)
    wraps = models.PositiveIntegerField(default=0)
    sixty_nine = models.PositiveIntegerField(default=0)  # games won by 69 for 5 (or 5 for 69)
    # The player's rating (games.ratings.ordinal), the same on each of their rows.
    rating = models.FloatField(null=True, blank=True)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.player} in {self.variant or 'every variant'}: {self.wins}/{self.games}"


class Standing(Figures):
    """A player's counted games summed up, per variant and over every variant, with their rating now.

    The standings' cache, so that a league of thousands of games shows its
    table from one small query: rebuilt by League.results_changed()
    whenever a game starts or stops counting or its totals change (the hook
    in Game.refresh), and rebuildable with `manage.py rebuild_results`.
    """

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="standings")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "variant"], name="one_standing_per_variant")]
        indexes = [models.Index(fields=["league", "variant"])]


class SeasonQuerySet(models.QuerySet["Season"]):
    def offered(self, league: League) -> SeasonQuerySet:
        """The league's seasons as the standings offer them: the latest first."""
        return self.filter(league=league).order_by("-last_day", "-first_day", "name", "pk")

    def bulk_create(self, objs: Any, *args: Any, **kwargs: Any) -> list[Season]:
        objs = list(objs)
        for season in objs:
            season.name_key = name_key(season.name)
        return super().bulk_create(objs, *args, **kwargs)


class Season(models.Model):
    """A stretch of the league's days with a name ("2026", "Spring 2026"): its own standings and ratings.

    Named by the organizer; until they name one, the league's calendar years
    are kept as automatic seasons (League._keep_year_seasons). Seasons may
    overlap. Each has its standings in SeasonStanding, the ratings worked
    out over its games alone, everyone starting afresh at its first day;
    kept by League.seasons_changed() and rebuildable from the entries.
    """

    # More than any league names (and what a league file may hold: games.league_io).
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

    objects = not_trashed(SeasonQuerySet)
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

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.name_key = name_key(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save(*args, **kwargs)

    @staticmethod
    def days_problem(first_day: date, last_day: date, today: date | None = None) -> str:
        """Why a season can't run from first_day to last_day; empty when it can.

        The dates a standings filter may have (1900 to the end of next
        year): a season is one the table can have played in."""
        latest = latest_season_day(today)
        if not season_day(first_day, today) or not season_day(last_day, today):
            return f"A season's days are from 1900 to the end of {latest.year}."
        if first_day > last_day:
            return BACKWARDS_SEASON
        return ""

    @classmethod
    @transaction.atomic
    def add(cls, league: League, name: str, first_day: date, last_day: date) -> Season:
        """The organizer's new season, its standings worked out; the automatic years give way to it."""
        League.objects.select_for_update().filter(pk=league.pk).exists()
        cls.objects.filter(league=league, automatic=True).delete()
        season = cls.objects.create(league=league, name=name, first_day=first_day, last_day=last_day)
        season.refresh()
        return season

    @transaction.atomic
    def change(self, name: str, first_day: date, last_day: date) -> None:
        """Rename or re-date the season; new dates, new standings. An automatic year changed is the organizer's."""
        League.objects.select_for_update().filter(pk=self.league_id).exists()
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
    def trash(self, user: Any = None) -> None:
        """Into the trash for TRASH_DAYS; the last of the organizer's gone, the calendar years come back."""
        League.objects.select_for_update().filter(pk=self.league_id).exists()
        self.trashed_at = timezone.now()
        Season.all_objects.filter(pk=self.pk).update(trashed_at=self.trashed_at)
        for year in self.league._keep_year_seasons():
            year.refresh()
        ActivityEntry.record(self.league, user, ActivityEntry.Kind.SEASON_DELETED, season=self.name)

    @transaction.atomic
    def restore(self, user: Any = None) -> None:
        """Back from the trash, its standings worked out afresh; the automatic years give way to it again.
        TrashError when another season has taken its name meanwhile."""
        League.objects.select_for_update().filter(pk=self.league_id).exists()
        if Season.objects.filter(league_id=self.league_id, name_key=name_key(self.name)).exists():
            raise TrashError(f"{self.league.name} has another season called {self.name} now: rename that one first")
        if Season.objects.filter(league_id=self.league_id, automatic=False).count() >= Season.MOST_PER_LEAGUE:
            raise TrashError(f"{self.league.name} has {Season.MOST_PER_LEAGUE} seasons, the most a league can hold")
        Season.objects.filter(league_id=self.league_id, automatic=True).delete()
        Season.all_objects.filter(pk=self.pk).update(trashed_at=None)
        self.trashed_at = None
        self.refresh()
        ActivityEntry.record(self.league, user, ActivityEntry.Kind.SEASON_RESTORED, season=self.name)

    def refresh(self) -> None:
        """Sum up the season's counted games again and rate them afresh, in order of play.

        A season that takes in every counted game of the league (an "all
        time" season, or the only year played) has the league's Standing
        rows exactly: the same games rated from the same start. They are
        copied, rather than every game of the league re-rated on each change.
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
            ratings = rate_afresh(seats.rated_in_order())
            current = {player_id: ordinal(*rating) for player_id, rating in ratings.items()}
            rows = seats.summed(
                lambda player_id, variant: SeasonStanding(
                    season=self, player_id=player_id, variant=variant, rating=current.get(player_id)
                )
            )
        SeasonStanding.objects.filter(season=self).delete()
        SeasonStanding.objects.bulk_create(rows, batch_size=1000)


class SeasonStanding(Figures):
    """A player's counted games of one season summed up, per variant and over every variant, with
    their rating over the season's games alone: a Standing for a season (Season.refresh)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="standings")
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


class Rivalry(models.Model):
    """How a player fared against one opponent over the counted games both played.

    Who finished lower wins; equal totals tie. The players' pages' cache of
    head-to-head records, kept with the Standing rows (League.results_changed) and
    rebuildable the same way.
    """

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rivalries")
    opponent = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    ties = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "opponent"], name="one_rivalry_per_pair")]

    def __str__(self) -> str:
        return f"{self.player} against {self.opponent}: {self.wins}-{self.losses}-{self.ties}"


class Hand(models.Model):
    """One hand's entry as the table gave it. See HandEntry for the fields.

    entry holds {"hearts": [per seat], "queen": seat, "jack": seat|null,
    "moon": "add"|"subtract"|null} or {"revoke": seat}.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    entry = models.JSONField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    # The idempotency key of a hand sent from a phone's offline queue: the same
    # send arriving twice (a retry after a lost answer) records one hand.
    client_key = models.CharField(max_length=64, blank=True, default="")
    # Cache derived from the entries by Game.refresh(): what the engine made of
    # the hand (hand_result_to_json), so that hands.csv reads it instead of
    # playing every game of the league again. Null until written.
    result = models.JSONField(null=True, blank=True, editable=False)

    objects = not_trashed(path="game__trashed_at")
    all_objects = AllRows()

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            # Two phones submitting the same hand: the second insert fails here.
            models.UniqueConstraint(fields=["game", "number"], name="one_hand_per_number"),
        ]

    def __str__(self) -> str:
        return f"Hand {self.number} of game {self.game_id}"

    def to_entry(self) -> HandEntry:
        return entry_from_json(self.entry)


class HandRevision(models.Model):
    """Every change to a game's hands: who, when, what it was and what it became."""

    class Action(models.TextChoices):
        ADDED = "added", "added"
        EDITED = "edited", "edited"
        DELETED = "deleted", "deleted"
        # Not a hand's change: the game declared null or abandoned, or that taken back.
        DECLARED = "declared", "declared"
        REOPENED = "reopened", "reopened"
        # Not a hand's change either: a player of the game merged into another (Player.merge_into).
        MERGED = "merged", "merged"
        # Nor this: the day the game was played, changed (Game.move_to_day).
        REDATED = "redated", "redated"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=10, choices=Action.choices)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Who, by username, when no account of that name is on this server: a
    # league file's History keeps its names (games.league_io).
    user_name = models.CharField(max_length=150, blank=True, default="")
    at = models.DateTimeField(default=timezone.now)

    objects = not_trashed(path="game__trashed_at")
    all_objects = AllRows()

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["game", "-at"])]

    def __str__(self) -> str:
        return f"Hand {self.number} {self.action} in game {self.game_id}"


class ActivityEntryQuerySet(models.QuerySet["ActivityEntry"]):
    def readable_by(self, league: League, membership: Membership) -> ActivityEntryQuerySet:
        """The league's log as a member reads it: all of it for organizers, their own entries for the others."""
        entries = self.filter(league=league)
        return entries if membership.can_organize else entries.filter(user_id=membership.user_id)


class ActivityEntry(models.Model):
    """One line of a league's activity log: who did what, and when.

    Stored as facts (a kind, and the names and numbers it needs: `facts`),
    never as a sentence: games.activity words it at reading time, in the
    reader's language. `who` keeps the account's name as it was, so that the
    log still reads after the account is gone or the league is imported.
    """

    class Kind(models.TextChoices):
        GAME_STARTED = "game_started", "game started"
        GAME_FINISHED = "game_finished", "game finished"
        GAME_DELETED = "game_deleted", "game deleted"
        GAME_RESTORED = "game_restored", "game restored"
        GAME_REDATED = "game_redated", "game re-dated"
        GAME_IMPORTED = "game_imported", "game imported"
        HAND_EDITED = "hand_edited", "finished game's hand changed"
        HAND_DELETED = "hand_deleted", "finished game's hand deleted"
        PLAYERS_MERGED = "players_merged", "players merged"
        MERGE_UNDONE = "merge_undone", "merge undone"
        LEAGUE_IMPORTED = "league_imported", "league imported"
        LEAGUE_DELETED = "league_deleted", "league deleted"
        LEAGUE_RESTORED = "league_restored", "league restored"
        SETTINGS_CHANGED = "settings_changed", "settings changed"
        ROLE_CHANGED = "role_changed", "role changed"
        SHARE_LINK_MADE = "share_link_made", "share link made"
        SHARE_LINK_USED = "share_link_used", "joined through a share link"
        SHARE_LINKS_STOPPED = "share_links_stopped", "share links stopped"
        PRESET_DELETED = "preset_deleted", "house rules deleted"
        PRESET_RESTORED = "preset_restored", "house rules restored"
        SEASON_DELETED = "season_deleted", "season deleted"
        SEASON_RESTORED = "season_restored", "season restored"

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="activity")
    kind = models.CharField(max_length=24, choices=Kind.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # The account's name when it acted; empty for the app itself (an import's own entries).
    who = models.CharField(max_length=150, blank=True, default="")
    at = models.DateTimeField(default=timezone.now)
    # The names and numbers the sentence is made of (games.activity.SENTENCES names them).
    facts = models.JSONField(default=dict)
    # What undoing it needs (a merge: the seats that moved); never in the league file.
    undo = models.JSONField(null=True, blank=True)
    undone_at = models.DateTimeField(null=True, blank=True)

    objects = ActivityEntryQuerySet.as_manager()

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [
            models.Index(fields=["league", "-at", "-id"], name="games_activity_league_at_idx"),
            models.Index(fields=["league", "user", "-at"], name="games_activity_user_at_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.who or 'The app'}: {self.kind} in league {self.league_id}"

    @classmethod
    def record(cls, league: League, user: Any, kind: str, /, undo: Any = None, **facts: Any) -> ActivityEntry:
        """Write one entry; in the caller's transaction, so that it stands or falls with the change."""
        who = _user(user)
        return cls.objects.create(
            league=league, kind=kind, user=who, who=who.get_username() if who else "", facts=facts, undo=undo
        )

    @property
    def can_be_undone(self) -> bool:
        return self.kind == self.Kind.PLAYERS_MERGED and self.undo is not None and self.undone_at is None

    @transaction.atomic
    def undo_merge(self, user: Any = None) -> Player:
        """Take a merge back: the merged player comes back with the seats that moved; the new player.

        Only while nothing has happened since to either player: the player merged
        into is still there with every seat that moved, and nobody has taken the
        old name. TrashError says why not."""
        League.objects.select_for_update().filter(pk=self.league_id).exists()
        entry = ActivityEntry.objects.select_for_update().get(pk=self.pk)
        if not entry.can_be_undone:
            raise TrashError("This merge is already undone" if entry.undone_at else "Only a merge can be undone")
        name, into_name, undo = entry.facts["player"], entry.facts["into"], entry.undo
        target = Player.objects.filter(pk=undo["into"], league_id=self.league_id).first()
        if target is None:
            raise TrashError(f"{into_name} has been merged or deleted since: the merge can't be undone")
        seats = Seat.all_objects.filter(pk__in=undo["seats"])
        if seats.exclude(player=target).exists() or seats.count() != len(undo["seats"]):
            raise TrashError(f"{into_name}'s games have changed since: the merge can't be undone")
        if Player.objects.filter(league_id=self.league_id, name_key=name_key(name)).exists():
            raise TrashError(f"{self.league.name} has a player called {name} again: the merge can't be undone")
        if self.league.players.count() >= League.MOST_PLAYERS:
            raise TrashError(self.league.too_many_players())
        back = Player.objects.create(league_id=self.league_id, name=name)
        Player.objects.select_for_update().filter(pk=target.pk).exists()
        games = list(Game.all_objects.filter(seats__in=seats).values_list("pk", "hand_count"))
        seats.update(player=back)
        HandRevision.all_objects.bulk_create(
            HandRevision(game_id=game_id, number=hands, action=HandRevision.Action.MERGED,
                         before={"player": into_name}, after={"player": name}, user=_user(user))
            for game_id, hands in games
        )  # fmt: skip
        Game.all_objects.filter(pk__in=[game_id for game_id, _ in games]).update(version=F("version") + 1)
        if undo.get("user") is not None and target.user_id == undo["user"]:
            Player.objects.filter(pk=target.pk).update(user=None)
            Player.objects.filter(pk=back.pk).update(user_id=undo["user"])
        entry.undone_at = timezone.now()
        entry.save(update_fields=["undone_at"])
        ActivityEntry.record(self.league, user, self.Kind.MERGE_UNDONE, player=name, into=into_name, games=len(games))
        self.league.results_changed()
        return back


def purge_trash(now: datetime | None = None) -> list[str]:
    """Remove for good what has been in the trash over TRASH_DAYS; a line for each thing removed.

    Safe to run again and again (cron): what is left is only what may still come back."""
    cutoff = trash_cutoff(now)
    removed = []
    for league in League.all_objects.filter(trashed_at__lt=cutoff).order_by("pk"):
        removed.append(f"league {league.pk} {league.name!r}, trashed {league.trashed_at:%Y-%m-%d}")
        league.discard()
    for game in Game.all_objects.filter(trashed_at__lt=cutoff).select_related("league").order_by("pk"):
        removed.append(
            f"game {game.number} of league {game.league_id} {game.league.name!r}, trashed {game.trashed_at:%Y-%m-%d}"
        )
        with transaction.atomic():
            Game.all_objects.filter(pk=game.pk).delete()
    for model, what in ((Season, "season"), (LeaguePreset, "house rules")):
        for thing in model.all_objects.filter(trashed_at__lt=cutoff).select_related("league").order_by("pk"):
            league = f"league {thing.league_id} {thing.league.name!r}"
            removed.append(f"{what} {thing.name!r} of {league}, trashed {thing.trashed_at:%Y-%m-%d}")
            model.all_objects.filter(pk=thing.pk).delete()
    return removed


# The days a game can be played on, as SCORESHEET.md bounds them.
EARLIEST_DAY, LATEST_DAY = FIRST_DAY, LAST_DAY


def lock_for_writing(league_id: int, game_ids: Iterable[int] = (), player_ids: Iterable[int] = ()) -> list[Game]:
    """Lock the rows a write is about to change, for the rest of its transaction, in the one order
    every write takes them: the league, then its games (by id), then their seats, then players (by id).

    Every write that touches a game, its seats or its players comes here
    first: a hand recorded, changed or deleted, a declaration, a merge, a
    re-dating, an import. Two writes that took the same rows in different
    orders deadlock on PostgreSQL: a merge that held the seats and waited for
    their game, while a hand post held the game and waited for its seats (or
    for the league, to re-rate a game it had just ended), answered 503 for
    both (issue 19). Taking the league first makes a league's writes take
    turns, which its re-rating needs anyway. Returns the games, locked, with
    their seats, players and hands read under the lock. On SQLite the
    IMMEDIATE transaction holds the database's one write lock already and
    these selects take nothing more.
    """
    League.all_objects.select_for_update().filter(pk=league_id).exists()
    # Every manager's rows, the trash's too: a merge moves the seats of trashed games, and a
    # restore or a purge locks what it brings back or removes; each caller checks what it found.
    games = list(
        Game.all_objects.select_for_update(of=("self",))
        .filter(pk__in=list(game_ids))
        .prefetch_related(models.Prefetch("seats", queryset=Seat.all_objects.select_related("player")), "hands")
        .order_by("pk")
    )
    if games:
        list(Seat.all_objects.select_for_update().filter(game__in=[game.pk for game in games]).order_by("pk"))
    if player_ids:
        list(Player.objects.select_for_update().filter(pk__in=list(player_ids)).order_by("pk"))
    return games


def read_played_on(document: object) -> date | None:
    """A scoresheet's `played_on`, as the engine reads and checks it (ScoresheetError if it is no day)."""
    return scoresheet_played_on(document) if isinstance(document, dict) else None


def _user(user: Any) -> Any:
    return user if user is not None and user.is_authenticated else None


def _replay(setup: GameSetup, entries: list[HandEntry], changed: int) -> GameState:
    """Fold entries, blaming a failure on the changed hand when it is a later one's."""
    try:
        return play(setup, entries)
    except HandError as error:
        if error.number == changed:
            raise
        raise EntryError(
            [
                FieldError(None, f"With this change, hand {error.number} no longer stands: {e.message}")
                for e in error.errors
            ]
        ) from None


def entry_to_json(entry: HandEntry) -> dict[str, Any]:
    """A hand as stored; the house-rule fields (extra cards, sun, time up) only where used."""
    if entry.is_revoke:
        out: dict[str, Any] = {"revoke": entry.revoke}
    else:
        out = {"hearts": list(entry.hearts), "queen": entry.queen, "jack": entry.jack, "moon": entry.moon}
        if entry.extras:
            out["cards"] = dict(entry.extras)
        if entry.sun:
            out["sun"] = True
    if entry.time_up:
        out["time_up"] = True
    return out


def hand_result_to_json(hand: HandResult) -> dict[str, Any]:
    """What the engine made of a hand, as Hand.result keeps it: who dealt and which way
    the cards passed, the moon shot (shooter and resolution), the seats that wrapped,
    each seat's points and total."""
    return {
        "dealer": hand.deal.dealer,
        "pass": hand.deal.pass_direction,
        "tie_break": hand.deal.tie_break,
        "moon": [hand.moon.shooter, hand.moon.resolution] if hand.moon else None,
        "wrapped": list(hand.wrapped),
        "points": list(hand.points),
        "totals": list(hand.totals),
    }


def entry_from_json(data: dict[str, Any]) -> HandEntry:
    time_up = bool(data.get("time_up"))
    if "revoke" in data:
        return HandEntry.revoked(data["revoke"], time_up)
    return HandEntry.cards(
        data["hearts"],
        data["queen"],
        data.get("jack"),
        data.get("moon"),
        data.get("cards", {}),
        bool(data.get("sun")),
        time_up,
    )


class Heartbeat(models.Model):
    """One row that /healthz rewrites: a database that answers but can't write is not healthy."""

    at = models.DateTimeField()

    def __str__(self) -> str:
        return f"Heartbeat at {self.at:%Y-%m-%d %H:%M:%S}"

    @classmethod
    def beat(cls) -> None:
        now = timezone.now()
        with transaction.atomic():
            if not cls.objects.filter(pk=1).update(at=now):
                cls.objects.bulk_create([cls(pk=1, at=now)], ignore_conflicts=True)
