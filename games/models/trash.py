"""The trash: what an organizer deletes waits TRASH_DAYS there, out of every list, then goes for good."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TypeVar

from django.db import models, transaction
from django.utils import timezone

from games.models.lazy import model

# How long a deleted league, game, season, club night or preset waits in the trash before
# `manage.py purge_trash` removes it for good.
TRASH_DAYS = 30


class TrashError(Exception):
    """The thing cannot go to the trash or come back from it as asked; str() says why."""


_Row = TypeVar("_Row", bound=models.Model)


class NotTrashed(models.Manager[_Row]):
    """A default manager that leaves out what is in the trash: every page, list, sum and file
    reads through it, so a trashed row is nowhere but on the trash page. `path` is the lookup
    of the trashed_at that hides a row: its own, or its game's. A class attribute, not an
    argument: Django builds the related managers (league.games) from this class, without arguments."""

    path = "trashed_at"

    def get_queryset(self) -> models.QuerySet[_Row]:
        return super().get_queryset().filter(**{self.path: None})


class GameNotTrashed(NotTrashed[_Row]):
    """A NotTrashed manager for the rows of a game (its seats, hands and revisions), hidden with it."""

    path = "game__trashed_at"


class AllRows(models.Manager[_Row]):
    """Every row, the trash's too: for the trash page, restoring and purging."""


def trash_cutoff(now: datetime | None = None) -> datetime:
    """What was trashed before this moment has had its TRASH_DAYS: purge_trash removes it."""
    return (now or timezone.now()) - timedelta(days=TRASH_DAYS)


def trash_until(trashed_at: datetime) -> datetime:
    """The last moment something trashed at `trashed_at` can be restored."""
    return trashed_at + timedelta(days=TRASH_DAYS)


def purge_trash(now: datetime | None = None) -> list[str]:
    """Remove for good what has been in the trash over TRASH_DAYS; a line for each thing removed.

    Safe to run again and again (cron): what is left is only what may still come back. Each thing
    is removed in a transaction of its own that first takes the lock a restore takes (its league's
    row, then a game's own: lock_for_writing's order), and removes it only if it is still in the
    trash since before the cutoff: a restore that got there first wins, whatever either clock says
    (issue 34: the purge deleted by id what it had listed, and a game restored meanwhile was lost)."""
    Game, League, LeaguePreset, Season = model("Game"), model("League"), model("LeaguePreset"), model("Season")
    Night = model("Night")

    cutoff = trash_cutoff(now)
    removed = []
    # An import whose process stopped before its last chunk (League.importing) never shows: gone after a day.
    stale = {"importing": True, "created_at__lt": (now or timezone.now()) - timedelta(days=1)}
    for league_id in League.all_objects.filter(**stale).values_list("pk", flat=True):
        with transaction.atomic():
            league = League.all_objects.select_for_update().filter(pk=league_id, **stale).first()
            if league is not None:
                removed.append(f"league {league.pk} {league.name!r}, an import never finished")
                league.discard()
    for league_id in League.all_objects.filter(trashed_at__lt=cutoff).order_by("pk").values_list("pk", flat=True):
        with transaction.atomic():
            league = League.all_objects.select_for_update().filter(pk=league_id, trashed_at__lt=cutoff).first()
            if league is not None:
                removed.append(f"league {league.pk} {league.name!r}, trashed {league.trashed_at:%Y-%m-%d}")
                league.discard()
    listed = Game.all_objects.filter(trashed_at__lt=cutoff).order_by("pk").values_list("pk", "league_id")
    for game_id, league_id in listed:
        with transaction.atomic():
            # What a restore locks, in lock_for_writing's order: the league's row, then the game's.
            League.all_objects.select_for_update().filter(pk=league_id).exists()
            game = Game.all_objects.select_for_update(of=("self",)).filter(pk=game_id).first()
            if game is None or game.trashed_at is None or game.trashed_at >= cutoff:
                continue  # restored (or purged) since it was listed
            name = League.all_objects.values_list("name", flat=True).get(pk=league_id)
            removed.append(f"game {game.number} of league {league_id} {name!r}, trashed {game.trashed_at:%Y-%m-%d}")
            Game.all_objects.filter(pk=game_id, trashed_at__lt=cutoff).delete()
    # A night goes with its rounds, tables and seats; its games stay the league's (their own trash decides them).
    for kept, what in ((Season, "season"), (LeaguePreset, "house rules"), (Night, "club night")):
        things = kept.all_objects.filter(trashed_at__lt=cutoff).order_by("pk").values_list("pk", "league_id")
        for thing_id, league_id in things:
            with transaction.atomic():
                # The league's row: what each one's restore locks first.
                League.all_objects.select_for_update().filter(pk=league_id).exists()
                thing = kept.all_objects.select_related("league").filter(pk=thing_id, trashed_at__lt=cutoff).first()
                if thing is None:
                    continue
                name = thing.title if isinstance(thing, Night) else thing.name
                whose = f"league {league_id} {thing.league.name!r}"
                removed.append(f"{what} {name!r} of {whose}, trashed {thing.trashed_at:%Y-%m-%d}")
                kept.all_objects.filter(pk=thing_id, trashed_at__lt=cutoff).delete()
    return removed
