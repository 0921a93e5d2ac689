"""A game's scoring link: a phone at the table keeps its score with no account.

Every game under way has one live link (made when it starts; an organizer
may stop it and make another). Whoever opens it is granted that one game in
their session (games.permissions.TableGuest) and scores it as a scorer
would, hands only; it reaches nothing else. The link dies when an organizer
stops it, or GRACE after the game ended (time to put the last hand right).

The token is never stored. A row keeps a random seed (256 bits, from
secrets) and the SHA-256 digest of the token; the token is the seed's HMAC
under the server's SECRET_KEY. So the pages can show the link again (the
table cards, the TV, the game's Share panel), a link is found by its digest,
and a copy of the database (or of a league file, which carries no links)
opens no table.
"""

from __future__ import annotations

import base64
import hashlib
import re
import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext

from games.changes import announce, game_topic
from games.models.activity import TablePhone
from games.models.game import Game

# After the game ends, its phones may still put its last hand right for this long.
GRACE = timedelta(minutes=30)
# What a phone may type as its name (History and the log name it "Ann's phone").
PHONE_NAME_LENGTH = 40


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class TableLinkQuerySet(models.QuerySet["TableLink"]):
    def live(self) -> TableLinkQuerySet:
        return self.filter(stopped_at=None)

    def by_token(self, token: str) -> TableLink | None:
        """The link this token opens, stopped or not (None: no such link)."""
        return self.select_related("game__league").filter(digest=_digest(token)).first()


class TableLink(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="table_links", db_index=False)
    seed = models.CharField(max_length=64)
    digest = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    stopped_at = models.DateTimeField(null=True, blank=True)

    objects = TableLinkQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            # One live link a game: the table cards, the TV and the Share panel show the same one.
            models.UniqueConstraint(fields=["game"], condition=Q(stopped_at=None), name="one_live_table_link"),
        ]
        indexes = [models.Index(fields=["game", "-created_at"], name="games_tablelink_game_idx")]

    def __str__(self) -> str:
        return f"Table link {self.pk} of game {self.game_id}"

    def get_absolute_url(self) -> str:
        return reverse("games:table-link", args=[self.token])

    @classmethod
    def make(cls, game: Game, user: object = None) -> TableLink:
        """A new live link for the game (in the caller's transaction; the game has no live one)."""
        seed = secrets.token_urlsafe(32)
        who = user if getattr(user, "is_authenticated", False) else None
        return cls.objects.create(game=game, seed=seed, digest=_digest(_token(seed)), created_by=who)

    @property
    def token(self) -> str:
        return _token(self.seed)

    def stop(self) -> bool:
        """Stop the link now; False if it was already stopped."""
        now = timezone.now()
        stopped = TableLink.objects.filter(pk=self.pk, stopped_at=None).update(stopped_at=now)
        self.stopped_at = self.stopped_at or now
        if stopped:
            announce(game_topic(self.game_id))  # its phones' live streams end (games/views/live.py)
        return bool(stopped)


def _token(seed: str) -> str:
    """The link's token: 192 bits of the seed's HMAC under SECRET_KEY, URL-safe (32 characters)."""
    mac = salted_hmac("games.table-link", seed, algorithm="sha256").digest()
    return base64.urlsafe_b64encode(mac[:24]).decode()


def game_ended_at(game: Game) -> datetime | None:
    """When the game ended, for its phones' grace: its last hand's time, or its declaration's (None: on)."""
    if game.status == Game.Status.OVER:
        return game.finished_at
    if game.declared:
        declared = game.revisions.filter(action="declared").order_by("-at").values_list("at", flat=True).first()
        return declared or game.created_at
    return None


def link_open(link: TableLink, game: Game, league_trashed: bool | None = None) -> bool:
    """Whether the link still scores its game: not stopped, the game neither deleted nor past its grace.
    league_trashed: whether the game's league is in the trash, when the caller knows (else read)."""
    if league_trashed is None:
        league_trashed = game.league.trashed_at is not None
    if link.stopped_at is not None or game.trashed_at is not None or league_trashed:
        return False
    ended = game_ended_at(game)
    return ended is None or timezone.now() < ended + GRACE


def phone_name(game: Game, typed: str = "") -> TablePhone:
    """The actor a phone of this game is (phone_shown words it): its typed name, or its table's."""
    typed = " ".join(typed.split())[:PHONE_NAME_LENGTH]
    if typed:
        return TablePhone(f"{typed}'s phone")
    table = getattr(game, "night_table", None)
    if table is not None:
        return TablePhone(f"Table {table.number}'s phone")
    return TablePhone("The table's phone")


_TABLE_PHONE = re.compile(r"Table ([0-9]{1,4})'s phone")
_NAMED_PHONE = re.compile(r"(.+)'s phone", re.DOTALL)


def phone_shown(name: str) -> str:
    """A name the History or the log keeps, in the reader's language where it is a phone's English form."""
    if name == "The table's phone":
        return gettext("The table's phone")
    if found := _TABLE_PHONE.fullmatch(name):
        return gettext("Table %(number)s's phone") % {"number": found.group(1)}
    if found := _NAMED_PHONE.fullmatch(name):
        return gettext("%(name)s's phone") % {"name": found.group(1)}
    return name


def is_phone_name(name: str) -> bool:
    """Whether a name is a phone's as phone_name writes it (a league file's History may name one)."""
    if not name.isprintable() or name != " ".join(name.split()):
        return False
    found = _NAMED_PHONE.fullmatch(name)
    return name == "The table's phone" or (found is not None and len(found.group(1)) <= PHONE_NAME_LENGTH)
