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

    Safe to run again and again (cron): what is left is only what may still come back."""
    Game, League, LeaguePreset, Season = model("Game"), model("League"), model("LeaguePreset"), model("Season")
    Night = model("Night")

    cutoff = trash_cutoff(now)
    removed = []
    # An import whose process stopped before its last chunk (League.importing) never shows: gone after a day.
    for league in League.all_objects.filter(importing=True, created_at__lt=(now or timezone.now()) - timedelta(days=1)):
        removed.append(f"league {league.pk} {league.name!r}, an import never finished")
        league.discard()
    for league in League.all_objects.filter(trashed_at__lt=cutoff).order_by("pk"):
        removed.append(f"league {league.pk} {league.name!r}, trashed {league.trashed_at:%Y-%m-%d}")
        league.discard()
    for game in Game.all_objects.filter(trashed_at__lt=cutoff).select_related("league").order_by("pk"):
        removed.append(
            f"game {game.number} of league {game.league_id} {game.league.name!r}, trashed {game.trashed_at:%Y-%m-%d}"
        )
        with transaction.atomic():
            Game.all_objects.filter(pk=game.pk).delete()
    for kept, what in ((Season, "season"), (LeaguePreset, "house rules")):
        for thing in kept.all_objects.filter(trashed_at__lt=cutoff).select_related("league").order_by("pk"):
            whose = f"league {thing.league_id} {thing.league.name!r}"
            removed.append(f"{what} {thing.name!r} of {whose}, trashed {thing.trashed_at:%Y-%m-%d}")
            kept.all_objects.filter(pk=thing.pk).delete()
    # A night goes with its rounds, tables and seats; its games stay the league's (their own trash decides them).
    for night in Night.all_objects.filter(trashed_at__lt=cutoff).select_related("league").order_by("pk"):
        whose = f"league {night.league_id} {night.league.name!r}"
        removed.append(f"club night {night.title!r} of {whose}, trashed {night.trashed_at:%Y-%m-%d}")
        Night.all_objects.filter(pk=night.pk).delete()
    return removed
