"""A restore racing `manage.py purge_trash` (issue 34): the purge listed a game in the trash, the restore
answered "is back", then the purge deleted it by id. Now the purge removes only what is still in the
trash when it removes it, checked under the lock a restore takes; whichever comes first wins, whatever
either clock says."""

import threading
import time
from datetime import timedelta

import pytest
from django.db import connections
from django.utils import timezone

from games.models import ActivityEntry, Game, League, LeaguePreset, Night, Player, Season, purge_trash
from tests.factories import LeagueFactory, make_game

pytestmark = pytest.mark.django_db(transaction=True)

LONG_AGO = timedelta(days=31)


def trashed(kind):
    """A thing of `kind` in the trash for 31 days (TRASH_DAYS is 30): the purge's to remove."""
    league = LeagueFactory()
    if kind == "league":
        thing = league
    elif kind == "game":
        thing = make_game(league, "standard")
    elif kind == "season":
        thing = Season.add(league, "Autumn", timezone.localdate().replace(month=9, day=1), timezone.localdate())
    elif kind == "house rules":
        thing = LeaguePreset(league=league, name="Friday rules")
        thing.set_rules("standard", {"target": 50})
        thing.save()
    else:
        here = [Player.objects.create(league=league, name=name) for name in ("Ann", "Ben", "Cat", "Dan", "Eve")]
        thing = Night.begin(league, here, "standard", {}, 1, league.today(), name="Friday", seed=1)
    thing.trash()
    type(thing).all_objects.filter(pk=thing.pk).update(trashed_at=timezone.now() - LONG_AGO)
    return type(thing).all_objects.get(pk=thing.pk)


def race(thing, monkeypatch, purge_ahead=timedelta(seconds=15)):
    """The restore takes its lock and holds it a moment; meanwhile the purge (its clock 15 s ahead)
    lists the thing, still in the trash as far as it can read, and comes for it. Each in its own thread
    and connection. Returns what the purge said it removed."""
    holding, results = threading.Event(), {}
    record = ActivityEntry.record

    def held_record(*args, **kwargs):
        # The restore's last step inside its transaction: it has the lock and has put the thing back.
        if threading.current_thread().name == "restore":
            holding.set()
            time.sleep(0.5)
        return record(*args, **kwargs)

    monkeypatch.setattr(ActivityEntry, "record", held_record)

    def restore():
        try:
            thing.restore()
            results["restore"] = "back"
        except Exception as error:  # pragma: no cover - the test says which
            results["restore"] = error
        finally:
            connections.close_all()

    def purge():
        try:
            holding.wait(10)
            results["purge"] = purge_trash(timezone.now() + purge_ahead)
        except Exception as error:  # pragma: no cover
            results["purge"] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=restore, name="restore"), threading.Thread(target=purge, name="purge")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert results["restore"] == "back", results
    assert not isinstance(results["purge"], Exception), results
    return results["purge"]


@pytest.mark.parametrize("kind", ["game", "league", "season", "house rules", "club night"])
def test_a_restore_during_the_purge_keeps_what_it_restored(kind, monkeypatch):
    thing = trashed(kind)
    removed = race(thing, monkeypatch)
    assert removed == []
    back = type(thing).objects.filter(pk=thing.pk).first()
    assert back is not None
    assert back.trashed_at is None


def test_the_purge_still_removes_what_stays_in_the_trash():
    game, league = trashed("game"), trashed("league")
    removed = purge_trash(timezone.now() + timedelta(seconds=15))
    assert len(removed) == 2
    assert not Game.all_objects.filter(pk=game.pk).exists()
    assert not League.all_objects.filter(pk=league.pk).exists()


def test_a_game_restored_before_the_purge_comes_is_kept_whatever_the_purges_clock():
    game = trashed("game")
    game.restore()
    assert purge_trash(timezone.now() + timedelta(days=400)) == []
    assert Game.objects.filter(pk=game.pk).exists()
