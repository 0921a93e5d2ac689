"""A player's page: statistics, rating chart, head-to-head and their games."""

import pytest
from django.urls import reverse

from games.models import League, new_token
from tests.factories import PlayerFactory
from tests.games.league_seed import hand_worked_league, members, seed_league

pytestmark = pytest.mark.django_db


@pytest.fixture
def games(league, user):
    return hand_worked_league(league, user)


def url(league, player, query=""):
    return reverse("games:player-detail", args=[league.pk, player.pk]) + (f"?{query}" if query else "")


@pytest.fixture
def ann(league, games):
    return league.players.get(name="Ann")


@pytest.mark.parametrize("role", ["owner", "organizer", "scorer", "viewer"])
def test_every_member_sees_a_players_page(client, league, ann, role):
    client.force_login(members(league)[role])
    response = client.get(url(league, ann))
    assert response.status_code == 200
    assert response.template_name == "history/player.html"


def test_outsiders_get_404_and_visitors_are_sent_to_log_in(client, league, ann):
    client.force_login(members(league)["outsider"])
    assert client.get(url(league, ann)).status_code == 404
    client.logout()
    assert client.get(url(league, ann)).status_code == 302


def test_another_leagues_player_is_404(client, league, games, user):
    stranger = PlayerFactory()
    client.force_login(user)
    assert client.get(url(league, stranger)).status_code == 404


def test_the_statistics_are_anns(client, league, ann, user):
    client.force_login(user)
    response = client.get(url(league, ann))
    row = response.context_data["row"]
    assert (row.games, row.wins, row.queens, row.wraps, row.sixty_nine) == (3, 2, 2, 1, 1)
    html = response.content.decode()
    assert "<dt>Wins</dt><dd>2 <small>(67%)</small></dd>" in html
    assert "<dt>Avg score</dt><dd>37.7</dd>" in html


def test_head_to_head_and_who_beats_ann_most(client, league, ann, user):
    client.force_login(user)
    html = client.get(url(league, ann)).content.decode()
    assert "<td>2-1-0</td>" in html  # against Ben, and against Cat
    assert "<td>1-2-0</td>" in html  # against Dan
    assert "Beaten most often by <strong>" in html
    dan = league.players.get(name="Dan")
    assert f'<a href="{url(league, dan)}">Dan</a></strong>: 2 times in 3 games together.' in html


def test_the_rating_chart_has_a_text_alternative(client, league, ann, user):
    client.force_login(user)
    html = client.get(url(league, ann)).content.decode()
    assert '<title id="rating-chart-title">Rating game by game</title>' in html
    assert "Ann&#x27;s rating after 3 games:" in html
    assert "style=" not in html


def test_the_latest_games_are_listed_with_a_link_to_all_of_them(client, league, ann, user):
    client.force_login(user)
    response = client.get(url(league, ann))
    assert len(response.context_data["recent_games"]) == 6
    html = response.content.decode()
    assert f'href="{reverse("games:league-games", args=[league.pk])}?player={ann.pk}"' in html
    assert 'class="game-row-seat winner is-player"' in html


def test_only_the_ten_latest_games_are_listed(client, league, user):
    people = seed_league(league, games=40, players=4)
    client.force_login(user)
    assert len(client.get(url(league, people[0])).context_data["recent_games"]) == 10


def test_a_player_without_games(client, league, games, user):
    eve = PlayerFactory(league=league, name="Eve")
    client.force_login(user)
    response = client.get(url(league, eve))
    assert response.status_code == 200
    assert "Eve has no counted game yet" in response.content.decode()


def test_players_pages_are_not_public(client, league, ann):
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    assert client.get(url(league, ann)).status_code == 302


# Session, user, membership, player, their standing, rating history, head-to-head,
# and the seats of their latest games.
PLAYER_QUERIES = 8


@pytest.mark.parametrize("games_played", [50, 500])
def test_the_player_page_takes_the_same_queries_for_50_and_500_games(
    client, league, user, django_assert_num_queries, games_played
):
    people = seed_league(league, games=games_played, players=12)
    client.force_login(user)
    with django_assert_num_queries(PLAYER_QUERIES):
        response = client.get(url(league, people[0]))
    assert response.context_data["row"].games > 0
