"""A backup restored into an empty database gives the same league back.

Two ways: the whole database (dumpdata/loaddata), and one league through
export_league/import_league, the league's own backup format.
"""

import io

import pytest
from django.core.management import call_command

from games import stats
from games.models import Game, Hand, League
from rules import HandEntry
from tests.factories import LeagueFactory, UserFactory, make_game

pytestmark = pytest.mark.django_db(transaction=True)


def standings(league_name):
    """Each game's totals by player, as the engine replays them from the stored hands."""
    league = League.objects.get(name=league_name)
    result = {}
    for game in Game.objects.filter(league=league).prefetch_related("seats__player", "hands").order_by("pk"):
        names = [seat.player.name for seat in game.ordered_seats()]
        result[game.pk] = (game.status, dict(zip(names, game.state().totals, strict=True)))
    return result


def test_a_dump_restored_into_an_empty_database_keeps_every_game(tmp_path):
    league = LeagueFactory(name="Thursday house")
    finished = make_game(league, "standard", options={"target": 50})
    for number in (1, 2, 3):
        # Ann takes 10 hearts and the queen each time (23, 46, 69), Ben 2, Cat 1.
        finished.record_hand(number, HandEntry.cards([10, 2, 1, 0], 0))
    ongoing = make_game(league, "omnibus", ["Ann", "Ben", "Cat", "Dan", "Eve"])
    ongoing.record_hand(1, HandEntry.cards([3, 4, 6, 0, 0], 2, jack=3))
    before = standings("Thursday house")
    assert before[finished.pk] == ("over", {"Ann": 69, "Ben": 6, "Cat": 3, "Dan": 0})
    # Omnibus: Cat 6 + 13, Dan -10 for the J♦.
    assert before[ongoing.pk] == ("in_progress", {"Ann": 3, "Ben": 4, "Cat": 19, "Dan": -10, "Eve": 0})

    backup = tmp_path / "backup.json"
    call_command("dumpdata", "auth.user", "games", output=str(backup), verbosity=0)
    call_command("flush", interactive=False, verbosity=0)
    assert League.objects.count() == 0
    call_command("loaddata", str(backup), verbosity=0)

    assert standings("Thursday house") == before
    assert Hand.objects.count() == 4


def standings_rows(league_name):
    """The league's standings as its page shows them, without the database's ids."""
    league = League.objects.get(name=league_name)
    return [
        (row.name, row.games, row.wins, row.total, row.points, row.hands, row.moons, row.queens, row.wraps,
         row.sixty_nine, None if row.rating is None else round(row.rating, 6))
        for row in stats.standings(league)
    ]  # fmt: skip


def test_a_league_exported_and_imported_into_an_empty_database_has_identical_standings(tmp_path):
    owner = UserFactory(username="ann")
    league = League.create_for(owner, "Thursday house")
    for target, queen in ((50, 0), (50, 1), (30, 2)):
        game = make_game(league, "standard", options={"target": target})
        # The queen's taker takes 10 hearts, the next seats 2, 1 and 0: the
        # last of them wins when the game ends (after 3 hands at 50, 2 at 30).
        hearts = [0, 0, 0, 0]
        for offset, taken in enumerate([10, 2, 1, 0]):
            hearts[(queen + offset) % 4] = taken
        for number in range(1, 4 if target == 50 else 3):
            game.record_hand(number, HandEntry.cards(hearts, queen), owner)
        assert Game.objects.get(pk=game.pk).status == "over"
    omnibus = make_game(league, "omnibus", ["Ann", "Ben", "Cat", "Eve"])
    omnibus.record_hand(1, HandEntry.cards([3, 4, 6, 0], 2, jack=3), owner)
    before = standings("Thursday house"), standings_rows("Thursday house")
    assert len(before[1]) == 4  # Ann, Ben, Cat, Dan: Eve's only game is unfinished
    assert sum(row[2] for row in before[1]) == 3  # one winner a game

    backup = tmp_path / "league.json"
    call_command("export_league", str(league.pk), output=str(backup), verbosity=0)
    call_command("flush", interactive=False, verbosity=0)
    assert League.objects.count() == 0
    UserFactory(username="ann")
    call_command("import_league", str(backup), owner="ann", stdout=io.StringIO())

    after_games, after_rows = standings("Thursday house"), standings_rows("Thursday house")
    assert after_rows == before[1]
    # Game by game (new ids, same order): the same status and totals.
    assert list(after_games.values()) == list(before[0].values())
