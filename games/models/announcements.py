"""Before the night: an organizer announces the next club night, and the league's players say whether they come.

An Announcement is one upcoming night (a day, maybe a time and a note); each
Answer is one player's yes, no or maybe, given by a member from the league's
page or by anyone holding one of its AnswerLinks (shared in the club's chat,
no account needed). A newcomer's answer keeps only a name: it becomes a
league player when the night starts with them, not before. Starting the
night from the announcement closes it (answers and links end) and links it
to the Night, whose form was ticked from the yes answers.

The announcement is what a "night announced" notice would be about: it is
made once, by someone, at a moment (created_by, created_at).
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.models.game import lock_for_writing
from games.models.league import League, new_token
from games.models.names import PLAYER_NAME_LENGTH
from games.models.night import Night, NightProblem
from games.models.players import Player
from rules import name_key

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

NOTE_LENGTH = 200
# A few upcoming nights at once: the next one, and the one after it, and one more.
MOST_UPCOMING = 3
# Names a link may add that are no league player's yet: more than a club night seats (rules.night's 64).
MOST_NEWCOMERS = 64


class AnnouncementQuerySet(models.QuerySet["Announcement"]):
    def upcoming(self) -> AnnouncementQuerySet:
        """Not started yet, nearest day first."""
        return self.filter(closed_at=None).order_by("day", "time", "pk")


class Announcement(models.Model):
    """The next club night, as an organizer announced it: its day, maybe a time and a note."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="announcements", db_index=False)
    day = models.DateField()
    time = models.TimeField(null=True, blank=True)
    note = models.CharField(max_length=NOTE_LENGTH, blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    # When its night started (or, with no night, when an organizer called it off): answers end then.
    closed_at = models.DateTimeField(null=True, blank=True)
    night = models.OneToOneField(Night, on_delete=models.SET_NULL, null=True, blank=True, related_name="announcement")

    objects = AnnouncementQuerySet.as_manager()

    class Meta:
        ordering = ["day", "time", "pk"]
        indexes = [models.Index(fields=["league", "closed_at", "day"], name="games_announce_upcoming_idx")]

    def __str__(self) -> str:
        return f"{self.league} on {self.day}"

    @property
    def is_open(self) -> bool:
        return self.closed_at is None

    @classmethod
    @transaction.atomic
    def announce(
        cls, league: League, day: datetime.date, at: datetime.time | None = None, note: str = "", user: Any = None
    ) -> Announcement:
        """A new upcoming night (NightProblem when the league already has MOST_UPCOMING of them)."""
        lock_for_writing(league.pk, touch=False)
        if cls.objects.filter(league=league).upcoming().count() >= MOST_UPCOMING:
            raise NightProblem(
                gettext("At most %(most)d nights can be announced at once: start or call off one first")
                % {"most": MOST_UPCOMING},
                "day",
            )
        return cls.objects.create(league=league, day=day, time=at, note=note, created_by=user)

    def _locked(self) -> Announcement:
        """Re-read under the league's write lock; NightProblem once it is closed (its night started)."""
        # Answers are not the league's history: its data_version stays.
        lock_for_writing(self.league_id, touch=False)
        locked = Announcement.objects.select_for_update().filter(pk=self.pk).first()
        if locked is None or not locked.is_open:
            raise NightProblem(gettext("This night has started: answers are closed"))
        return locked

    @transaction.atomic
    def answer(
        self,
        choice: str,
        player: Player | None = None,
        name: str = "",
        by: AbstractBaseUser | AnonymousUser | None = None,
    ) -> Answer:
        """A player's yes, no or maybe, given again as often as they like until the night starts.

        name: someone without a league player, typed on the link; a name the league has is that player."""
        announcement = self._locked()
        if player is None:
            player = Player.objects.filter(league_id=self.league_id, name_key=name_key(name)).first()
        user = by if by is not None and by.is_authenticated else None
        fields = {"choice": choice, "answered_at": timezone.now(), "answered_by": user, "by_link": by is None}
        if player is not None:
            answer, _ = Answer.objects.update_or_create(announcement=announcement, player=player, defaults=fields)
            return answer
        key = name_key(name)
        newcomers = announcement.answers.filter(player=None)
        if not newcomers.filter(name_key=key).exists() and newcomers.count() >= MOST_NEWCOMERS:
            raise NightProblem(
                gettext("At most %(most)d new names can answer for one night") % {"most": MOST_NEWCOMERS}, "name"
            )
        # The name as first typed stays: "OLGA" changing Olga's answer is still Olga.
        answer, _ = Answer.objects.update_or_create(
            announcement=announcement,
            player=None,
            name_key=key,
            defaults=fields,
            create_defaults={**fields, "name": name},
        )
        return answer

    @transaction.atomic
    def close(self, night: Night | None = None) -> None:
        """The night started (night) or was called off (None): no more answers, and every link is gone (410).

        A newcomer the night started with is a league player now: their answer becomes that player's."""
        announcement = self._locked()
        Announcement.objects.filter(pk=announcement.pk).update(closed_at=timezone.now(), night=night)
        if night is not None:
            players = {player.name_key: player for player in night.present()}
            for answer in announcement.answers.filter(player=None):
                if answer.name_key in players:
                    Answer.objects.filter(pk=answer.pk).update(player=players[answer.name_key])
        self.closed_at, self.night = timezone.now(), night

    def live_link(self) -> AnswerLink | None:
        return self.links.filter(stopped_at=None).first() if self.is_open else None

    @transaction.atomic
    def share_link(self) -> AnswerLink:
        """The announcement's live link, made if it has none."""
        live = self.live_link()
        if live is not None:
            return live
        announcement = self._locked()
        link = announcement.links.filter(stopped_at=None).first()
        return link or AnswerLink.objects.create(announcement=announcement)

    def stop_links(self) -> int:
        """Every link of the announcement stops for good (410): a new one can be made."""
        return self.links.filter(stopped_at=None).update(stopped_at=timezone.now())

    def counts(self) -> dict[str, int]:
        counted = dict.fromkeys(Answer.Choice.values, 0)
        for answer in self.answers.all():
            counted[answer.choice] += 1
        return counted


class Answer(models.Model):
    """One player's answer to an announcement: a league player, or a name not in the league yet."""

    class Choice(models.TextChoices):
        YES = "yes", _("Coming")
        MAYBE = "maybe", _("Maybe")
        NO = "no", _("Not coming")

    announcement = models.ForeignKey(Announcement, on_delete=models.CASCADE, related_name="answers", db_index=False)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    # A newcomer's name, as they typed it on the link (empty for a league player, whose name is the player's).
    name = models.CharField(max_length=PLAYER_NAME_LENGTH, blank=True, default="")
    name_key = models.CharField(max_length=4 * PLAYER_NAME_LENGTH, blank=True, default="")
    choice = models.CharField(max_length=5, choices=Choice.choices)
    answered_at = models.DateTimeField(default=timezone.now)
    # The member who answered, or nobody: by_link, someone holding the announcement's link.
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    by_link = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["announcement", "player"], condition=Q(player__isnull=False), name="one_answer_per_player"
            ),
            models.UniqueConstraint(
                fields=["announcement", "name_key"], condition=Q(player__isnull=True), name="one_answer_per_newcomer"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.shown_name}: {self.choice}"

    @property
    def shown_name(self) -> str:
        return self.player.name if self.player is not None else self.name


class AnswerLink(models.Model):
    """A link to answer without an account, shared in the club's chat; an organizer may stop it (410 then).

    Its token is stored, not signed, so that stopping it is a row's change; a league file never carries it."""

    announcement = models.ForeignKey(Announcement, on_delete=models.CASCADE, related_name="links")
    token = models.CharField(max_length=64, unique=True, default=new_token)
    created_at = models.DateTimeField(default=timezone.now)
    stopped_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Answer link of {self.announcement}"

    @property
    def is_live(self) -> bool:
        return self.stopped_at is None and self.announcement.is_open
