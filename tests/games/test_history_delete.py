"""Deleting a game: organizers only, after a confirmation page."""

from datetime import UTC, datetime

import pytest
from django.urls import reverse

from games.models import Game, Hand, Seat, Standing
from tests.games.league_seed import MOON_AND_QUEEN, WRAPS, members, played

pytestmark = pytest.mark.django_db

DAY = datetime(2025, 3, 1, 20, tzinfo=UTC)


@pytest.fixture
def game(league, user):
    played(league, "standard", WRAPS, DAY, {"target": 40, "wraps": [30]}, user=user)
    return played(league, "standard", MOON_AND_QUEEN, DAY.replace(day=2), {"target": 30}, user=user)


def url(game):
    return reverse("games:game-delete", args=[game.pk])


@pytest.mark.parametrize("role", ["owner", "organizer"])
def test_an_organizer_is_asked_to_confirm(client, league, game, role):
    client.force_login(members(league)[role])
    response = client.get(url(game))
    assert response.status_code == 200
    assert "Delete this game?" in response.content.decode()
    assert Game.objects.filter(pk=game.pk).exists()


def test_confirming_deletes_the_game_and_its_hands(client, league, game, user):
    client.force_login(user)
    response = client.post(url(game))
    assert response.status_code == 302
    assert response["Location"] == reverse("games:league-games", args=[league.pk])
    assert not Game.objects.filter(pk=game.pk).exists()
    assert not Hand.objects.filter(game_id=game.pk).exists()
    assert not Seat.objects.filter(game_id=game.pk).exists()


def test_the_standings_forget_a_deleted_game(client, league, game, user):
    client.force_login(user)
    client.post(url(game))
    ben = Standing.objects.get(player__name="Ben", variant="")
    # Only the wraps game is left, which Ann won.
    assert (ben.games, ben.wins, ben.moons) == (1, 0, 0)


@pytest.mark.parametrize("role", ["scorer", "viewer"])
def test_scorers_and_viewers_may_not_delete(client, league, game, role):
    client.force_login(members(league)[role])
    assert client.get(url(game)).status_code == 403
    assert client.post(url(game)).status_code == 403
    assert Game.objects.filter(pk=game.pk).exists()


def test_outsiders_get_404_and_visitors_are_sent_to_log_in(client, league, game):
    client.force_login(members(league)["outsider"])
    assert client.post(url(game)).status_code == 404
    client.logout()
    assert client.post(url(game)).status_code == 302
    assert Game.objects.filter(pk=game.pk).exists()


def test_an_unknown_game_is_404(client, user):
    client.force_login(user)
    assert client.post(reverse("games:game-delete", args=[424242])).status_code == 404
