"""A league file is written a chunk of games at a time, each chunk its own short transaction, so
that other leagues' tables are not kept waiting; the new league stays hidden until the last chunk
is in, and a failure anywhere leaves nothing behind (issue 22)."""

import gc
from datetime import date, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.league_file import restore
from games.league_file.export import export_league
from games.league_file.restore import import_league
from games.models import (
    ActivityEntry,
    Game,
    Hand,
    HandRevision,
    League,
    Membership,
    Player,
    ResultsChange,
    Rivalry,
    Season,
    SeasonStanding,
    Seat,
    Standing,
    new_token,
    purge_trash,
)
from rules import HandEntry
from tests.factories import UserFactory, make_game
from tests.games.league_seed import hand_worked_league, seed_league
from tests.games.test_more_variants_kept import TEAMS

pytestmark = pytest.mark.django_db


@pytest.fixture
def document(league, user):
    hand_worked_league(league, user)  # six games
    return export_league(league)


def everything_stored():
    return {
        model.__name__: model.all_objects.count() if hasattr(model, "all_objects") else model.objects.count()
        for model in (League, Game, Seat, Hand, HandRevision, Player, Membership, ActivityEntry, ResultsChange)
    }


def test_the_games_are_written_in_chunks_while_the_league_is_hidden(document, monkeypatch):
    monkeypatch.setattr(restore, "CHUNK_GAMES", 2)
    written, seen = restore._store_games, []

    def store_games(league, rows):
        assert not League.objects.filter(pk=league.pk).exists()  # hidden while it is written
        assert not gc.isenabled()  # games.bulk.collector_paused: no walk over the file's objects
        seen.append(len(rows.games))
        return written(league, rows)

    monkeypatch.setattr(restore, "_store_games", store_games)
    restored = import_league(document, UserFactory())
    assert seen == [2, 2, 2]
    assert gc.isenabled()
    assert League.objects.filter(pk=restored.pk).exists()
    assert restored.games.count() == 6
    assert not League.all_objects.get(pk=restored.pk).importing


@pytest.mark.parametrize(
    "failing",
    [
        "the second chunk",
        "the second chunk's rows",
        "the ratings",
        "the standings",
        "the standings' rows",
        "a season's figures",
        "a season's rows",
        "the results' log",
    ],
)
def test_a_failure_in_any_write_leaves_nothing_behind(document, monkeypatch, failing):
    importer = UserFactory()
    before = everything_stored()
    monkeypatch.setattr(restore, "CHUNK_GAMES", 2)
    if failing in ("the second chunk", "the second chunk's rows"):
        # A chunk's rows are made before its transaction, then written in it.
        name = "_store_games" if failing == "the second chunk" else "game_rows"
        written, calls = getattr(restore, name), []

        def second_fails(*args):
            calls.append(1)
            if len(calls) == 2:
                raise RuntimeError("the disk is full")
            return written(*args)

        monkeypatch.setattr(restore, name, second_fails)
    else:
        # The seats are rated before the first chunk; the other figures are worked out, then
        # written in steps, each its own transaction (League.rebuild_results_in_steps).
        target, name = {
            "the ratings": (restore, "rate_played"),
            "the standings": (League, "_store_standings"),
            "the standings' rows": (League, "_standing_rows"),
            "a season's figures": (Season, "store_standings"),
            "a season's rows": (Season, "standing_rows"),
            "the results' log": (ResultsChange, "log"),
        }[failing]

        def full(*args, **kwargs):
            raise RuntimeError("the disk is full")

        monkeypatch.setattr(target, name, full)
    with pytest.raises(RuntimeError, match="the disk is full"):
        import_league(document, importer)
    assert everything_stored() == before
    assert gc.isenabled()
    assert not League.all_objects.filter(owner=importer).exists()


@pytest.fixture
def being_imported(client):
    owner = UserFactory()
    league = League.create_for(owner, "Half written")
    game = make_game(league, "standard")
    League.all_objects.filter(pk=league.pk).update(importing=True, public_token=new_token())
    client.force_login(owner)
    return League.all_objects.get(pk=league.pk), game


def test_a_league_being_imported_is_on_no_list(client, being_imported):
    league, _ = being_imported
    assert league.name not in client.get(reverse("games:home")).content.decode()
    assert not League.objects.for_user(league.owner).exists()


@pytest.mark.parametrize(
    "page",
    [
        lambda league, game: reverse("games:league-detail", args=[league.pk]),
        lambda league, game: reverse("games:league-standings", args=[league.pk]),
        lambda league, game: reverse("games:league-games", args=[league.pk]),
        lambda league, game: reverse("games:game-detail", args=[game.pk]),
        lambda league, game: reverse("games:game-scoresheet", args=[game.pk]),
        lambda league, game: reverse("games:public-standings", args=[league.public_token]),
        lambda league, game: reverse("games:public-games", args=[league.public_token]),
    ],
    ids=["league", "standings", "archive", "game", "scoresheet", "public standings", "public archive"],
)
def test_a_league_being_imported_is_not_reachable_even_by_its_owner(client, being_imported, page):
    league, game = being_imported
    assert client.get(page(league, game)).status_code == 404


def test_an_import_that_never_finished_is_purged_after_a_day(being_imported):
    league, _ = being_imported
    assert purge_trash() == []
    League.all_objects.filter(pk=league.pk).update(created_at=timezone.now() - timedelta(days=2))
    assert purge_trash() == [f"league {league.pk} 'Half written', an import never finished"]
    assert not League.all_objects.filter(pk=league.pk).exists()


def figures(league):
    """Every figure the league keeps: standings, rivalries, seasons' standings and seats' ratings."""
    standings = ["player_id", "variant", *Standing.FIGURES, "rating"]
    return {
        "standings": sorted(Standing.objects.filter(league=league).values_list(*standings)),
        "rivalries": sorted(
            Rivalry.objects.filter(league=league).values_list("player_id", "opponent_id", "wins", "losses", "ties")
        ),
        "seasons": sorted(SeasonStanding.objects.filter(season__league=league).values_list("season_id", *standings)),
        "ratings": sorted(Seat.objects.filter(game__league=league).values_list("pk", "rating_mu", "rating_sigma")),
    }


def test_the_figures_rebuilt_in_steps_are_those_of_a_rebuild_in_one(league):
    # Its reading is done outside the steps' transactions: the same figures all the same, for a
    # season that takes in part of the league (rated afresh) as for the league's.
    seed_league(league, games=40, players=7)
    Season.objects.create(league=league, name="Opening days", first_day=date(2024, 1, 1), last_day=date(2024, 1, 3))
    league.results_changed()
    rebuilt_in_one = figures(league)
    assert rebuilt_in_one["seasons"]
    assert rebuilt_in_one["rivalries"]
    Standing.objects.filter(league=league).delete()
    Rivalry.objects.filter(league=league).delete()
    SeasonStanding.objects.filter(season__league=league).delete()
    ratings, changed = league._rating_changes(None, ())
    assert changed == []  # the seats hold their ratings, as an import writes them
    league.rebuild_results_in_steps(ratings)
    assert figures(league) == rebuilt_in_one


def test_an_import_rates_its_games_before_storing_them_as_the_league_would_rate_them(league, user):
    """The seats are written with their ratings, rated from the file in the database's order of
    play: by day, then start, then id, the id being the file's order. Here the file lists the games
    backwards, games were moved to another day, one started after the next on the same day, two
    share a day and a start, a partners game rates a team, and an abandoned game rates nobody."""
    seed_league(league, games=40, players=7)
    games = {game.number: game for game in Game.objects.filter(league=league)}
    games[3].move_to_day(games[30].played_on, user)
    games[35].move_to_day(games[2].played_on, user)
    Game.all_objects.filter(pk=games[12].pk).update(played_on=games[11].played_on, created_at=games[11].created_at)
    Game.all_objects.filter(pk=games[5].pk).update(
        played_on=games[6].played_on, created_at=games[6].created_at + timedelta(minutes=1), finished_at=None
    )
    teams = Game.import_scoresheet(league, TEAMS, user)
    Game.all_objects.filter(pk=teams.pk).update(played_on=games[20].played_on)
    abandoned = make_game(league, players=["Player 001", "Player 002", "Player 003"], user=user)
    abandoned.record_hand(1, HandEntry.cards([13, 0, 0], 2), user)
    abandoned.declare("abandoned", user)
    league.results_changed()
    document = export_league(league)
    document["games"].reverse()

    imported = import_league(document, user, as_copy=True)

    written = figures(imported)
    rated = [rating for _, mu, sigma in written["ratings"] for rating in (mu, sigma) if rating is not None]
    assert len(rated) == 2 * Seat.objects.counted().filter(game__league=league).count()
    # The league rates its seats afresh to the same figures, from the same seats and games.
    Seat.all_objects.filter(game__in=Game.all_objects.filter(league=imported).values("pk")).update(
        rating_mu=None, rating_sigma=None
    )
    imported.results_changed()
    assert figures(imported) == written
