"""A league's players: the people at its tables, each name once in the league."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from games import changes
from games.models.activity import ActivityEntry, acting_user
from games.models.exceptions import PlayerInUse
from games.models.lazy import model
from games.models.league import League, lock_for_writing
from games.models.names import PLAYER_NAME_LENGTH, NameKeyed, NameKeyedQuerySet, StoredAsWritten
from games.models.revisions import HandRevision
from rules import name_key

if TYPE_CHECKING:
    from games.models.activity import Actor


class PlayerQuerySet(NameKeyedQuerySet["Player"]):
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


class Player(NameKeyed):
    """A person who plays in the league, optionally linked to an account."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="players", db_index=False)
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
        update_fields = kwargs.get("update_fields")
        renamed = self.pk is not None and (update_fields is None or "name" in update_fields)
        super().save(*args, **kwargs)
        League.touch(self.league_id)
        if renamed:
            Seat = model("Seat")

            # The game pages show the name: their pollers must see a new version. By the seats'
            # game ids, not through a join (SeatQuerySet.forget_uncounted_ratings says why).
            changes.games_changed(list(Seat.all_objects.filter(player=self).values_list("game_id", flat=True)))

    def games_played(self) -> int:
        return self.seats.count()

    @transaction.atomic
    def discard(self) -> None:
        """Delete a player who has no game (one who has is merged into another instead)."""
        Seat = model("Seat")

        lock_for_writing(self.league_id, player_ids=[self.pk])
        night = model("NightPlayer").objects.filter(player=self).select_related("night").first()
        if night is not None:
            raise PlayerInUse(
                gettext("%(name)s came to the club night %(night)s: merge them into another player instead")
                % {"name": self.name, "night": night.night.title}
            )
        if Seat.all_objects.filter(player=self).exists():
            if not self.seats.exists():
                raise PlayerInUse(
                    gettext("%(name)s played a game that is in the trash: it may come back") % {"name": self.name}
                )
            games = self.games_played()
            raise PlayerInUse(
                ngettext(
                    "%(name)s has played %(games)d game: merge them into another player instead",
                    "%(name)s has played %(games)d games: merge them into another player instead",
                    games,
                )
                % {"name": self.name, "games": games}
            )
        self.delete()

    @transaction.atomic
    def merge_into(self, target: Player, user: Actor = None) -> int:
        """Give every game of this player to `target`, then delete this player; the number of games moved.

        For two names of one person. Each game moved says so in its History;
        the standings and ratings are worked out again, as if `target` had
        played them all. Raises PlayerInUse when both sat at one game.
        """
        Game, Seat = model("Game"), model("Seat")

        if target.pk == self.pk or target.league_id != self.league_id:
            raise PlayerInUse(gettext("Choose another player of this league to merge into"))
        # The games in the trash move too, so that one restored comes back with the merged player.
        game_ids = Game.all_objects.filter(seats__player=self).values_list("pk", flat=True)
        lock_for_writing(self.league_id, list(game_ids), [self.pk, target.pk])
        together = Game.all_objects.filter(seats__player=self).filter(seats__player=target).order_by("number").first()
        if together is not None:
            raise PlayerInUse(
                gettext("%(name)s and %(other)s both played game %(game)s: they are two people")
                % {"name": self.name, "other": target.name, "game": together.number}
            )
        NightPlayer, NightSeat = model("NightPlayer"), model("NightSeat")
        both = NightPlayer.objects.filter(player=self, night__attendance__player=target).select_related("night").first()
        if both is not None:
            raise PlayerInUse(
                gettext("%(name)s and %(other)s both came to %(night)s: they are two people")
                % {"name": self.name, "other": target.name, "night": both.night.title}
            )
        # Their club nights follow them (a night's seats name the player, as a game's do).
        NightPlayer.objects.filter(player=self).update(player=target)
        NightSeat.objects.filter(player=self).update(player=target)
        games = list(Game.all_objects.filter(seats__player=self).values_list("pk", "hand_count"))
        moved = list(Seat.all_objects.filter(player=self).values_list("pk", flat=True))
        Seat.all_objects.filter(pk__in=moved).update(player=target)
        HandRevision.all_objects.bulk_create(
            HandRevision(game_id=game_id, number=hands, action=HandRevision.Action.MERGED,
                         before={"player": self.name}, after={"player": target.name}, user=acting_user(user))
            for game_id, hands in games
        )  # fmt: skip
        changes.games_changed(game_id for game_id, _ in games)
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
