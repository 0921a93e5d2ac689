"""Deleting a league: its name typed first, its backup offered."""

import pytest
from django.urls import reverse

from games.models import Game, League, Player, Seat
from tests.conftest import HTMX
from tests.factories import make_game
from tests.games.league_seed import hand_worked_league, members

pytestmark = pytest.mark.django_db


def url(league):
    return reverse("games:league-delete", args=[league.pk])


@pytest.fixture
def games(league, user):
    return hand_worked_league(league, user)


def test_the_page_offers_the_backup_first(scorer, league, games):
    response = scorer.get(url(league))
    assert response.status_code == 200
    html = response.content.decode()
    assert reverse("games:league-export-json", args=[league.pk]) in html
    assert "with its 6 games" in html


def test_typing_the_name_deletes_the_league_and_everything_in_it(scorer, league, games):
    other = make_game(members(league)["outsider"].memberships.get().league)
    response = scorer.post(url(league), {"name": league.name})
    assert response.status_code == 302
    assert response["Location"] == reverse("games:home")
    assert not League.objects.filter(pk=league.pk).exists()
    assert not Game.objects.filter(league_id=league.pk).exists()
    assert not Player.objects.filter(league_id=league.pk).exists()
    # Another league keeps its game.
    assert Seat.objects.filter(game=other).count() == 4


@pytest.mark.parametrize("typed", ["", "house", "something else"])
def test_a_wrong_name_is_refused_and_nothing_is_deleted(scorer, league, games, typed):
    response = scorer.post(url(league), {"name": typed}, headers=HTMX if typed else {})
    assert response.status_code == 422
    if typed:
        assert f"That is not the league&#x27;s name: type {league.name} exactly" in response.content.decode()
    assert Game.objects.filter(league=league).count() == 6


@pytest.mark.parametrize(("role", "status"), [("scorer", 403), ("viewer", 403), ("outsider", 404)])
def test_only_organizers_may_delete_a_league(client, league, games, role, status):
    client.force_login(members(league)[role])
    assert client.get(url(league)).status_code == status
    assert client.post(url(league), {"name": league.name}).status_code == status
    assert League.objects.filter(pk=league.pk).exists()


def test_an_anonymous_visitor_is_sent_to_log_in(client, league, games):
    assert client.post(url(league), {"name": league.name}).status_code == 302
    assert League.objects.filter(pk=league.pk).exists()
