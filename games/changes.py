"""What changed: the one place a write says so, moves the versions, and tells the listeners.

Everything the app keeps of what it has drawn or summed is kept by a version:

- Game.version: the game page's regions (games.views.regions), the poller's 204,
  a scoresheet's and a result image's ETags, and the night screen's fingerprint
  (its games' versions summed);
- Night.version: the night's screen and pages;
- League.data_version: the public pages' ETags and the archive's counts
  (games.views.history);
- League.results_version: the kept figures (games.kept_figures), the stats'
  sums (games.stats) and the league page's and player page's {% cache %} blocks.

So a change drops what depends on it by moving its version, and nothing else:
no cache is deleted by name. Every write that moves a game, a night or a
league's data or results goes through one of the functions below, which move
the version in the write's own transaction (in the same UPDATE as the columns
the write changes, passed as `columns`) and announce the change once it
commits. tests/ops/test_versions_follow_writes.py walks every POST of the app,
watches every statement it sends, and fails when a dependent table is written
or a version moved anywhere but here.

A listener (the live streams) connects to `committed`: it is sent after the
commit with `topics`, a frozenset of topic strings (the *_topic functions), so
nobody is sent to read what a rollback undid.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from django.apps import apps
from django.db import transaction
from django.db.models import F, QuerySet
from django.dispatch import Signal

if TYPE_CHECKING:
    from games.models.game import Game


def model(name: str) -> Any:
    """A model of the app by name, at call time (as games.models.lazy reaches one): this module is
    imported by the app's config (games/apps.py) before the models load, so it imports none of them."""
    return apps.get_model("games", name)


# Sent after the commit, with `topics`: a frozenset of topic strings (see the *_topic functions).
committed = Signal()

# The attribute lock_for_writing reads each game with: the id of the club night whose table plays it,
# or None. A game read so names its night without a query of its own (a hand's write is the hot path).
AT_NIGHT = "at_night"


def game_topic(game_id: int) -> str:
    return f"game:{game_id}"


def night_topic(night_id: int) -> str:
    return f"night:{night_id}"


def league_topic(league_id: int) -> str:
    return f"league:{league_id}"


def announce(*topics: str) -> None:
    """Tell the listeners these topics moved, once the current transaction commits (at once outside one)."""
    chosen = frozenset(topics)
    transaction.on_commit(lambda: committed.send(sender=announce, topics=chosen))


# The choke point -------------------------------------------------------------------------------


def game_saved(game: Game, fields: Sequence[str]) -> None:
    """The game's `fields`, changed on this instance read under its lock, are saved with its version
    moved on, in one UPDATE: a hand recorded, edited or deleted, a declaration."""
    game.version += 1  # read under the lock: no other write moves it meanwhile
    game.save(update_fields=[*fields, "version"])
    announce(game_topic(game.pk), *_night_topics([game]))


def games_changed(games: Iterable[Game | int] | QuerySet[Game], by: int = 1, **columns: Any) -> None:
    """These games changed (and `columns` are set on them): their versions move on by `by`.

    `games`: the games (read under the lock: they name their night), their ids,
    or a queryset of them (read once, for their ids)."""
    Game = model("Game")
    if isinstance(games, QuerySet):
        games = list(games.values_list("pk", flat=True))
    games = list(games)
    ids = sorted({game if isinstance(game, int) else game.pk for game in games})
    if not ids:
        return
    Game.all_objects.filter(pk__in=ids).update(version=F("version") + by, **columns)
    announce(*map(game_topic, ids), *_night_topics(games))


def nights_changed(night_ids: Iterable[int], **columns: Any) -> None:
    """These club nights changed (and `columns` are set on them): their versions move on."""
    ids = sorted(set(night_ids))
    model("Night").all_objects.filter(pk__in=ids).update(version=F("version") + 1, **columns)
    announce(*map(night_topic, ids))


def league_changed(league_id: int, **columns: Any) -> None:
    """What the league's pages show changed (a game, a player, a season, a setting; and `columns`):
    its data_version moves on."""
    model("League").all_objects.filter(pk=league_id).update(data_version=F("data_version") + 1, **columns)
    announce(league_topic(league_id))


def results_changed(league_id: int) -> None:
    """The league's standings and ratings changed: its results_version moves on, and its data_version
    with it (the public pages show them)."""
    model("League").all_objects.filter(pk=league_id).update(
        results_version=F("results_version") + 1, data_version=F("data_version") + 1
    )
    announce(league_topic(league_id))


def _night_topics(games: Sequence[Game | int]) -> list[str]:
    """The topics of the club nights these games are played at: from what lock_for_writing read with
    each game, else one query for the games read without it."""
    nights = {getattr(game, AT_NIGHT) for game in games if hasattr(game, AT_NIGHT)}
    unread = [game if isinstance(game, int) else game.pk for game in games if not hasattr(game, AT_NIGHT)]
    if unread:
        tables = model("NightTable").objects.filter(game_id__in=unread)
        nights.update(tables.values_list("round__night_id", flat=True))
    return [night_topic(night) for night in sorted(night for night in nights if night is not None)]
