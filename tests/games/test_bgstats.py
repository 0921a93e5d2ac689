"""A finished game sent to BG Stats: the createPlay link's JSON, checked field by field against
BG Stats' documented play fields (the module's docstring lists them)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from urllib.parse import unquote

import pytest
from django.urls import reverse

from games import bgstats
from games.models import Game, Seat
from rules import VARIANTS
from rules.entry import HandEntry
from tests.games.league_seed import MOON_AND_QUEEN, played

pytestmark = pytest.mark.django_db

DOCUMENTED_PLAY = {"sourceName", "sourcePlayId", "playDate", "durationMin", "comments", "game", "players", "location"}
DOCUMENTED_GAME = {"name", "sourceGameId", "bggId", "highestWins", "noPoints", "cooperative"}
DOCUMENTED_PLAYER = {"name", "sourcePlayerId", "score", "winner", "rank", "team", "startPlayer", "role"}


def data_of(link: str, address: str) -> dict:
    assert link.startswith(address)
    return json.loads(unquote(link.removeprefix(address)))


def seats_of(game: Game) -> list[Seat]:
    return list(game.seats.select_related("player").order_by("position"))


def test_a_standard_game_to_30_is_one_play_with_its_totals_ranks_and_winner(league):
    # Hand 1: Ben shoots the moon (add): Ann, Cat, Dan 26. Hand 2: Ann 5 hearts and the Q♠ (18),
    # Cat 4, Dan 4: Ann 44, Ben 0, Cat 30, Dan 30; Ben wins, Cat and Dan share second place.
    day = datetime(2025, 3, 1, 20, tzinfo=UTC)
    game = played(league, "standard", MOON_AND_QUEEN, day, {"target": 30})
    Game.objects.filter(pk=game.pk).update(finished_at=day + timedelta(minutes=47))
    game.refresh_from_db()

    data = bgstats.play_data(game, seats_of(game))

    assert data["sourceName"] == "Scorekeeper"
    assert data["sourcePlayId"] == f"scorekeeper-game-{game.pk}"
    assert data["playDate"] == "2025-03-01 20:47:00"  # the league's zone is UTC
    assert data["durationMin"] == 47
    assert data["game"] == {
        "name": "Hearts",
        "sourceGameId": "hearts-standard",
        "bggId": 6887,
        "highestWins": False,
        "noPoints": False,
        "cooperative": False,
    }
    players = [(p["name"], p["score"], p["rank"], p["winner"]) for p in data["players"]]
    assert players == [("Ann", 44, 4, False), ("Ben", 0, 1, True), ("Cat", 30, 2, False), ("Dan", 30, 2, False)]


def test_the_play_date_is_the_leagues_local_time(league):
    league.time_zone = "Europe/Amsterdam"
    league.save()
    day = datetime(2025, 3, 1, 20, tzinfo=UTC)  # 21:00 in Amsterdam (winter time, UTC+1)
    game = played(league, "standard", MOON_AND_QUEEN, day, {"target": 30})
    Game.objects.filter(pk=game.pk).update(finished_at=day + timedelta(minutes=30))
    game.refresh_from_db()
    assert bgstats.play_data(game, seats_of(game))["playDate"] == "2025-03-01 21:30:00"


def test_a_game_entered_days_later_is_dated_its_day_at_noon_with_no_duration(league):
    day = datetime(2025, 3, 1, 20, tzinfo=UTC)
    game = played(league, "standard", MOON_AND_QUEEN, day, {"target": 30})
    Game.objects.filter(pk=game.pk).update(finished_at=day + timedelta(days=3))
    game.refresh_from_db()
    data = bgstats.play_data(game, seats_of(game))
    assert data["playDate"] == "2025-03-01 12:00:00"
    assert "durationMin" not in data


def test_the_app_and_web_links_carry_the_same_json(league):
    game = played(league, "standard", MOON_AND_QUEEN, datetime(2025, 3, 1, 20, tzinfo=UTC), {"target": 30})
    data = bgstats.play_data(game, seats_of(game))
    assert data_of(bgstats.app_link(data), "bgstats://app.bgstatsapp.com/createPlay.html?data=") == data
    assert data_of(bgstats.web_link(data), "https://app.bgstatsapp.com/createPlay.html?data=") == data
    # One query parameter: nothing in the JSON may end it or start another.
    assert not set("&#? ").intersection(bgstats.web_link(data).removeprefix(bgstats.WEB_ADDRESS))


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_variant_gives_only_documented_fields(league, variant):
    game = played(league, variant, [], datetime(2025, 3, 1, 20, tzinfo=UTC))  # each takes four players
    data = bgstats.play_data(game, seats_of(game))
    assert set(data) <= DOCUMENTED_PLAY
    assert set(data["game"]) == DOCUMENTED_GAME
    for player in data["players"]:
        assert set(player) <= DOCUMENTED_PLAYER
        assert isinstance(player["score"], int)
        assert isinstance(player["winner"], bool)
    assert data["comments"].startswith(str(VARIANTS[variant].name))


def test_partners_are_sent_as_two_teams(league):
    game = played(league, "standard", [HandEntry.cards([5, 0, 8, 0], 1)], datetime(2025, 3, 1, 20, tzinfo=UTC),
                  {"teams": True})  # fmt: skip
    teams = [player.get("team") for player in bgstats.play_data(game, seats_of(game))["players"]]
    # Seats across the table play together: 0 and 2, 1 and 3.
    assert teams == ["1", "2", "1", "2"]


def test_the_finished_games_page_and_scoresheet_offer_it_and_an_unfinished_game_does_not(client, league, user):
    day = datetime(2025, 3, 1, 20, tzinfo=UTC)
    over = played(league, "standard", MOON_AND_QUEEN, day, {"target": 30})
    going = played(league, "standard", MOON_AND_QUEEN[:1], day, {"target": 30})
    client.force_login(user)
    for url in (over.get_absolute_url(), reverse("games:game-scoresheet", args=[over.pk])):
        html = client.get(url).content.decode()
        assert 'href="bgstats://app.bgstatsapp.com/createPlay.html?data=' in html
        assert 'href="https://app.bgstatsapp.com/createPlay.html?data=' in html
    assert "bgstats://" not in client.get(going.get_absolute_url()).content.decode()
