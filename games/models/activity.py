"""A league's activity log: who did what, and when, kept as facts (games.activity words them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import changes
from games.models.lazy import model
from games.models.revisions import HandRevision
from games.models.trash import TrashError
from rules import name_key

if TYPE_CHECKING:
    from typing import TypeAlias

    from django.contrib.auth.models import AnonymousUser, User

    from games.models.league import League, Membership
    from games.models.players import Player

    # Who does something: an account, an anonymous visitor, a table's phone, or nobody (the app itself).
    Actor: TypeAlias = "User | AnonymousUser | TablePhone | None"


class TablePhone:
    """A phone scoring one game through its table link, with no account (games.models.table_links).

    It acts under its name as the History and the activity log keep it: the
    English form ("Table 3's phone", "Ann's phone"), which phone_shown
    (games.models.table_links) words in the reader's language. No account
    has such a name: a username holds no space or apostrophe."""

    is_authenticated = False

    def __init__(self, name: str) -> None:
        self.name = name


def acting_user(user: Actor) -> User | None:
    """The account acting, or None for an anonymous visitor, a table's phone or the app itself."""
    return user if user is not None and not isinstance(user, TablePhone) and user.is_authenticated else None


def acting_name(user: Actor) -> str:
    """The name the History and the log keep for who acted without an account: a table's phone's ('' else)."""
    return user.name if isinstance(user, TablePhone) else ""


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
        GAME_STARTED = "game_started", _("game started")
        GAME_FINISHED = "game_finished", _("game finished")
        GAME_DELETED = "game_deleted", _("game deleted")
        GAME_RESTORED = "game_restored", _("game restored")
        GAME_REDATED = "game_redated", _("game re-dated")
        GAME_IMPORTED = "game_imported", _("game imported")
        HAND_EDITED = "hand_edited", _("finished game's hand changed")
        HAND_DELETED = "hand_deleted", _("finished game's hand deleted")
        PLAYERS_MERGED = "players_merged", _("players merged")
        MERGE_UNDONE = "merge_undone", _("merge undone")
        LEAGUE_IMPORTED = "league_imported", _("league imported")
        LEAGUE_DELETED = "league_deleted", _("league deleted")
        LEAGUE_RESTORED = "league_restored", _("league restored")
        SETTINGS_CHANGED = "settings_changed", _("settings changed")
        ROLE_CHANGED = "role_changed", _("role changed")
        SHARE_LINK_MADE = "share_link_made", _("share link made")
        SHARE_LINK_USED = "share_link_used", _("joined through a share link")
        SHARE_LINKS_STOPPED = "share_links_stopped", _("share links stopped")
        PRESET_DELETED = "preset_deleted", _("house rules deleted")
        PRESET_RESTORED = "preset_restored", _("house rules restored")
        SEASON_DELETED = "season_deleted", _("season deleted")
        SEASON_RESTORED = "season_restored", _("season restored")
        NIGHT_DELETED = "night_deleted", _("club night deleted")
        NIGHT_RESTORED = "night_restored", _("club night restored")
        TABLE_LINK_STOPPED = "table_link_stopped", _("scoring link stopped")
        NIGHT_LINK_STOPPED = "night_link_stopped", _("club night's link stopped")

    league = models.ForeignKey("games.League", on_delete=models.CASCADE, related_name="activity", db_index=False)
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
    def record(cls, league: League, user: Actor, kind: str, /, undo: Any = None, **facts: Any) -> ActivityEntry:
        """Write one entry; in the caller's transaction, so that it stands or falls with the change."""
        who = acting_user(user)
        name = who.get_username() if who else acting_name(user)
        return cls.objects.create(league=league, kind=kind, user=who, who=name, facts=facts, undo=undo)

    @property
    def can_be_undone(self) -> bool:
        return self.kind == self.Kind.PLAYERS_MERGED and self.undo is not None and self.undone_at is None

    @transaction.atomic
    def undo_merge(self, user: Actor = None) -> Player:
        """Take a merge back: the merged player comes back with the seats that moved; the new player.

        Only while nothing has happened since to either player: the player merged
        into is still there with every seat that moved, and nobody has taken the
        old name. TrashError says why not."""
        Game, League, Player, Seat = model("Game"), model("League"), model("Player"), model("Seat")

        League.objects.select_for_update().filter(pk=self.league_id).exists()
        entry = ActivityEntry.objects.select_for_update().get(pk=self.pk)
        if not entry.can_be_undone:
            raise TrashError(
                gettext("This merge is already undone") if entry.undone_at else gettext("Only a merge can be undone")
            )
        name, into_name, undo = entry.facts["player"], entry.facts["into"], entry.undo
        assert undo is not None  # can_be_undone: a merge keeps what it moved
        target = Player.objects.filter(pk=undo["into"], league_id=self.league_id).first()
        if target is None:
            raise TrashError(
                gettext("%(name)s has been merged or deleted since: the merge can't be undone") % {"name": into_name}
            )
        seats = Seat.all_objects.filter(pk__in=undo["seats"])
        if seats.exclude(player=target).exists() or seats.count() != len(undo["seats"]):
            raise TrashError(
                gettext("%(name)s's games have changed since: the merge can't be undone") % {"name": into_name}
            )
        if Player.objects.filter(league_id=self.league_id, name_key=name_key(name)).exists():
            raise TrashError(
                gettext("%(league)s has a player called %(name)s again: the merge can't be undone")
                % {"league": self.league.name, "name": name}
            )
        if self.league.players.count() >= League.MOST_PLAYERS:
            raise TrashError(self.league.too_many_players())
        back = Player.objects.create(league_id=self.league_id, name=name)
        Player.objects.select_for_update().filter(pk=target.pk).exists()
        games = list(Game.all_objects.filter(seats__in=seats).values_list("pk", "hand_count"))
        seats.update(player=back)
        HandRevision.all_objects.bulk_create(
            HandRevision(game_id=game_id, number=hands, action=HandRevision.Action.MERGED,
                         before={"player": into_name}, after={"player": name}, user=acting_user(user))
            for game_id, hands in games
        )  # fmt: skip
        changes.games_changed(game_id for game_id, _ in games)
        if undo.get("user") is not None and target.user_id == undo["user"]:
            Player.objects.filter(pk=target.pk).update(user=None)
            Player.objects.filter(pk=back.pk).update(user_id=undo["user"])
        entry.undone_at = timezone.now()
        entry.save(update_fields=["undone_at"])
        ActivityEntry.record(self.league, user, self.Kind.MERGE_UNDONE, player=name, into=into_name, games=len(games))
        self.league.results_changed()
        return back
