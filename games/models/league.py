"""A league (a house, a club, a family), its members and their invites."""

from __future__ import annotations

import secrets
import zoneinfo
from collections.abc import Iterable
from datetime import date
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import connection, models, transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games import changes
from games.models.activity import ActivityEntry
from games.models.exceptions import refusal
from games.models.lazy import model
from games.models.names import LEAGUE_NAME_LENGTH, StoredAsWritten
from games.models.standings import StandingsKeeper
from games.models.trash import NotTrashed

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User

    from games.models.activity import Actor
    from games.models.game import Game


def time_zone_choices() -> list[tuple[str, str]]:
    return [(name, name.replace("_", " ")) for name in sorted(zoneinfo.available_timezones())]


def valid_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(_("Choose a time zone from the list, such as Europe/London"), code="time_zone")


def new_token() -> str:
    """An unguessable token for share and invite links (256 bits)."""
    return secrets.token_urlsafe(32)


class LeagueQuerySet(models.QuerySet["League"]):
    def for_user(self, user: User | AnonymousUser) -> LeagueQuerySet:
        """Leagues the user is a member of (the owner is always a member)."""
        if not user.is_authenticated:
            return self.none()
        return self.filter(memberships__user=user)


class ShownLeagues(NotTrashed["League"]):
    """The leagues every page and list reads: neither in the trash nor an import being written."""

    def get_queryset(self) -> models.QuerySet[League]:
        return super().get_queryset().filter(importing=False)


class League(StandingsKeeper):
    """A house, a club, a family: the container of players and games."""

    # Generous for any house league, and what one backup file may hold
    # (games.league_file): the web and an import keep to the same numbers, so
    # every league the app holds can be exported and imported again. Set in
    # settings (LEAGUE_MOST_*); the hands are counted only where a file brings them.
    MOST_PLAYERS = settings.LEAGUE_MOST_PLAYERS
    MOST_GAMES = settings.LEAGUE_MOST_GAMES
    MOST_HANDS = settings.LEAGUE_MOST_HANDS

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
    # Bumped by every change to what the league's history pages show (a game, a player, a
    # season, a setting): the public pages' ETag is keyed by it (games.views.history).
    data_version = models.PositiveIntegerField(default=0)
    # Once a game is over, only organizers may change its hands or its day.
    lock_finished_games = models.BooleanField(default=True)
    # How its ratings are shown (games.ratings.SCALES): openskill's own number, or an Elo-like one.
    rating_scale = models.CharField(
        max_length=10,
        default="openskill",
        choices=[
            ("openskill", _("OpenSkill's own: new players start at 0")),
            ("elo", _("Elo-like: new players start at 1000 (1000 + 40 × OpenSkill's)")),
        ],
    )
    # The language of its public pages and printouts (games.permissions.shown_in_its_language):
    # one of settings.LANGUAGES, or empty for each reader's own (their switch or browser).
    language = models.CharField(max_length=8, blank=True, default="", choices=settings.LANGUAGES)
    # When its owner deleted it: in the trash, restorable for TRASH_DAYS.
    trashed_at = models.DateTimeField(null=True, blank=True)

    # An imported league while its games are written a chunk at a time (games.league_file.restore):
    # out of every list and page until the last chunk is in; removed if one fails.
    importing = models.BooleanField(default=False)

    objects = ShownLeagues.from_queryset(LeagueQuerySet)()
    all_objects = LeagueQuerySet.as_manager()

    # Not a column: set by games.league_file.import_league, the usernames the file's members invited.
    invited: list[str]

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    # Moved on by UPDATEs of their own, in other requests' transactions: a league saved
    # from a form writes its settings, never the counters it happened to read with them.
    COUNTERS = ("last_game_number", "results_version", "data_version")

    def save(self, *args: Any, **kwargs: Any) -> None:
        changed = not self._state.adding and not kwargs.get("force_insert")
        if changed and kwargs.get("update_fields") is None:
            kwargs["update_fields"] = [
                field.name for field in self._meta.concrete_fields
                if not field.primary_key and field.name not in self.COUNTERS
            ]  # fmt: skip
        super().save(*args, **kwargs)
        if changed:
            League.touch(self.pk)

    def get_absolute_url(self) -> str:
        return reverse("games:league-detail", args=[self.pk])

    @staticmethod
    def touch(league_id: int) -> None:
        """What the league's history pages show changed (data_version), in the write's transaction."""
        changes.league_changed(league_id)

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        return zoneinfo.ZoneInfo(self.time_zone)

    def today(self) -> date:
        """The date at the table now: the default day of a new game."""
        return timezone.localdate(timezone=self.zone)

    def take_game_numbers(self, count: int = 1) -> int:
        """Reserve `count` game numbers; the first of them. Runs in the caller's transaction,
        whose lock on the league row makes two games started at once get two numbers."""
        League.all_objects.filter(pk=self.pk).update(last_game_number=F("last_game_number") + count)
        self.last_game_number = League.all_objects.values_list("last_game_number", flat=True).get(pk=self.pk)
        return self.last_game_number - count + 1

    @transaction.atomic
    def discard(self) -> None:
        """Delete the league for good, with every game (the trashed ones too), player, membership and invite."""
        Game, Seat = model("Game"), model("Seat")

        lock_for_writing(self.pk)
        # A seat protects its player; the games' seats go first. By their games' ids, not through
        # a join (SeatQuerySet.forget_uncounted_ratings says why).
        Seat.all_objects.filter(game__in=Game.all_objects.filter(league=self).values("pk")).delete()
        self.delete()

    @transaction.atomic
    def trash(self, user: Actor = None) -> None:
        """The owner deletes the league: into the trash, where it waits TRASH_DAYS for them to restore it.

        Nothing inside it changes: its games, standings and seasons stay as they
        are, out of every member's sight, and come back as they were."""
        League.all_objects.select_for_update().filter(pk=self.pk).exists()
        self.trashed_at = timezone.now()
        changes.league_changed(self.pk, trashed_at=self.trashed_at)
        self._games_moved_on()
        ActivityEntry.record(self, user, ActivityEntry.Kind.LEAGUE_DELETED, league=self.name)

    @transaction.atomic
    def restore(self, user: Actor = None) -> None:
        """Back from the trash, as it was (its standings never moved while it was there)."""
        League.all_objects.select_for_update().filter(pk=self.pk).exists()
        changes.league_changed(self.pk, trashed_at=None)
        self.trashed_at = None
        self._games_moved_on()
        ActivityEntry.record(self, user, ActivityEntry.Kind.LEAGUE_RESTORED, league=self.name)

    def _games_moved_on(self) -> None:
        """Every game's version moves on: a phone's poll, answered 'unchanged' from the version
        alone while its pass holds, asks again in full and finds the league gone (or back); as
        does the league's data_version, which its public pages' ETags are kept by."""
        changes.games_changed(model("Game").all_objects.filter(league=self))

    def too_many_players(self, count: int | None = None, adding: int = 1) -> str:
        """Why no more players: the league is full, or `adding` new ones would take its `count` past the cap."""
        if count is None or count >= League.MOST_PLAYERS:
            return refusal("league-players-full", league=self.name, most=League.MOST_PLAYERS)
        return refusal("league-players-over", league=self.name, count=count, adding=adding, most=League.MOST_PLAYERS)

    def too_many_hands(self, count: int, adding: int) -> str:
        """Why a scoresheet of `adding` hands is refused: the league's `count` would pass the ceiling."""
        return gettext(
            "%(league)s has %(count)s hands and this game would add %(adding)s: a league holds at most %(most)s"
        ) % {
            "league": self.name,
            "count": number_format(count, force_grouping=True),
            "adding": number_format(adding, force_grouping=True),
            "most": number_format(League.MOST_HANDS, force_grouping=True),
        }

    def too_many_games(self) -> str:
        return refusal("league-games-full", league=self.name, most=League.MOST_GAMES)

    @classmethod
    def name_apart(cls, user: User, name: str) -> str:
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
    def create_for(cls, owner: User, name: str) -> League:
        """A new league, owned and organized by its creator."""
        league = cls.objects.create(name=name, owner=owner)
        Membership.objects.create(league=league, user=owner, role=Membership.Role.ORGANIZER)
        return league


def lock_for_writing(
    league_id: int, game_ids: Iterable[int] = (), player_ids: Iterable[int] = (), touch: bool = True
) -> list[Game]:
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

    touch=False leaves the league's data_version for the caller to move
    (League.touch) once its checks pass: a write refused by them writes nothing.
    """
    Game, NightTable, Player, Seat = model("Game"), model("NightTable"), model("Player"), model("Seat")
    # SQLite has no row locks: its IMMEDIATE transaction took the one write lock, and a
    # select_for_update() there would be a plain read of rows already read below.
    row_locks = connection.features.has_select_for_update
    if row_locks:
        League.all_objects.select_for_update().filter(pk=league_id).exists()
    if touch:
        League.touch(league_id)
    # Every manager's rows, the trash's too: a merge moves the seats of trashed games, and a
    # restore or a purge locks what it brings back or removes; each caller checks what it found.
    # Each with the club night it is played at, which its change announces (games.changes.AT_NIGHT).
    night = NightTable.objects.filter(game=models.OuterRef("pk")).values("round__night_id")[:1]
    games = list(
        Game.all_objects.select_for_update(of=("self",))
        .filter(pk__in=list(game_ids))
        .annotate(**{changes.AT_NIGHT: models.Subquery(night)})
        .prefetch_related(models.Prefetch("seats", queryset=Seat.all_objects.select_related("player")), "hands")
        .order_by("pk")
    )
    if games and row_locks:
        list(Seat.all_objects.select_for_update().filter(game__in=[game.pk for game in games]).order_by("pk"))
    if player_ids and row_locks:
        list(Player.objects.select_for_update().filter(pk__in=list(player_ids)).order_by("pk"))
    return games


class Membership(models.Model):
    class Role(models.TextChoices):
        ORGANIZER = "organizer", _("Organizer")
        SCORER = "scorer", _("Scorer")
        VIEWER = "viewer", _("Viewer")

    # A role inside a sentence ("joins the league as viewer"): its own words, since
    # lower-casing the label would be wrong where nouns keep their capital.
    ROLE_IN_SENTENCE: dict[str, Promise] = {
        Role.ORGANIZER: pgettext_lazy("a role inside a sentence", "organizer"),
        Role.SCORER: pgettext_lazy("a role inside a sentence", "scorer"),
        Role.VIEWER: pgettext_lazy("a role inside a sentence", "viewer"),
    }

    # What each role may do: the one table that templates (can_score,
    # can_organize) and every view (games.permissions) ask.
    VIEW, SCORE, ORGANIZE = "view", "score", "organize"
    ROLES_THAT_MAY = {
        VIEW: {Role.VIEWER, Role.SCORER, Role.ORGANIZER},
        SCORE: {Role.SCORER, Role.ORGANIZER},
        ORGANIZE: {Role.ORGANIZER},
    }

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="memberships", db_index=False)
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
    def role_in_sentence(self) -> Promise:
        return self.ROLE_IN_SENTENCE[self.role]

    @property
    def can_score(self) -> bool:
        return self.may(self.SCORE)

    @property
    def can_organize(self) -> bool:
        return self.may(self.ORGANIZE)

    def may(self, need: str) -> bool:
        return self.role in self.ROLES_THAT_MAY[need]


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
    def role_in_sentence(self) -> Promise:
        return Membership.ROLE_IN_SENTENCE[self.role]

    @property
    def is_usable(self) -> bool:
        return self.revoked_at is None and self.used_at is None and self.expires_at > timezone.now()
