"""The game archive: every game, filtered and paginated, with a constant query count."""

import pytest
from django.urls import reverse

from games.models import Game, League, new_token
from games.views.history import GAMES_PER_PAGE
from tests.conftest import HTMX
from tests.factories import PlayerFactory, make_game
from tests.games.league_seed import hand_worked_league, members, seed_league

pytestmark = pytest.mark.django_db


@pytest.fixture
def games(league, user):
    return hand_worked_league(league, user)


def url(league, query=""):
    return reverse("games:league-games", args=[league.pk]) + (f"?{query}" if query else "")


def listed(response):
    """The games the page lists, in order, as Games (the page holds them as values: ListedGame)."""
    listed_pks = [game.pk for game in response.context_data["page"]]
    found = Game.all_objects.in_bulk(listed_pks)
    return [found[pk] for pk in listed_pks]


@pytest.mark.parametrize("role", ["owner", "organizer", "scorer", "viewer"])
def test_every_member_sees_every_game(client, league, games, role):
    client.force_login(members(league)[role])
    response = client.get(url(league))
    assert response.status_code == 200
    # Newest first, null, abandoned and unfinished games included.
    assert listed(response) == [
        games[name] for name in ("in_progress", "null", "abandoned", "wraps", "sixty_nine", "moon")
    ]


def test_outsiders_get_404_and_visitors_are_sent_to_log_in(client, league, games):
    client.force_login(members(league)["outsider"])
    assert client.get(url(league)).status_code == 404
    client.logout()
    assert client.get(url(league)).status_code == 302


def test_each_game_shows_its_date_variant_players_winners_and_status(client, league, games, user):
    client.force_login(user)
    html = client.get(url(league)).content.decode()
    assert "2 Mar 2025 · Ricketts House Hearts" in html
    assert '<span class="visually-hidden">winner: </span>Ann 69</span>' in html
    assert "Ben 74" in html
    assert ">Abandoned</span>" in html
    assert ">Declared null</span>" in html
    assert ">In progress</span>" in html
    assert f'href="{reverse("games:game-scoresheet", args=[games["moon"].pk])}"' in html


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("variant=ricketts", ["sixty_nine"]),
        ("status=over", ["wraps", "sixty_nine", "moon"]),
        ("status=abandoned", ["abandoned"]),
        ("since=2025-03-02&until=2025-03-03", ["wraps", "sixty_nine"]),
        ("variant=standard&status=over&until=2025-03-01", ["moon"]),
    ],
)
def test_filters_narrow_the_list(client, league, games, user, query, expected):
    client.force_login(user)
    assert listed(client.get(url(league, query))) == [games[name] for name in expected]


def test_filtering_by_player(client, league, games, user):
    eve = PlayerFactory(league=league, name="Eve")
    client.force_login(user)
    assert listed(client.get(url(league, f"player={eve.pk}"))) == []
    ann = league.players.get(name="Ann")
    assert len(listed(client.get(url(league, f"player={ann.pk}")))) == 6


@pytest.mark.parametrize("query", ["player=abc", "status=won", "since=31/12/2024", "variant=poker"])
def test_bad_filters_get_422_with_a_message(client, league, games, user, query):
    client.force_login(user)
    response = client.get(url(league, query))
    assert response.status_code == 422
    assert 'role="alert"' in response.content.decode()


def test_another_leagues_player_is_refused(client, league, games, user):
    stranger = PlayerFactory()
    client.force_login(user)
    assert client.get(url(league, f"player={stranger.pk}")).status_code == 422


def test_pages_of_games(client, league, user):
    seed_league(league, games=GAMES_PER_PAGE + 5, players=8)
    client.force_login(user)
    first = client.get(url(league))
    assert len(listed(first)) == GAMES_PER_PAGE
    assert "page=2" in first.content.decode()
    second = client.get(url(league, "page=2"))
    assert len(listed(second)) == 5
    # Nonsense page numbers fall back to a real page rather than failing.
    assert client.get(url(league, "page=abc")).status_code == 200
    assert listed(client.get(url(league, "page=99"))) == listed(second)


def test_page_links_keep_the_filters(client, league, user):
    seed_league(league, games=2 * GAMES_PER_PAGE + 1, players=8)
    client.force_login(user)
    html = client.get(url(league, "status=over&page=1")).content.decode()
    assert "status=over&amp;page=2" in html


def test_htmx_gets_just_the_list(client, league, games, user):
    client.force_login(user)
    response = client.get(url(league, "status=over"), headers=HTMX)
    assert response.template_name == "history/games.html#games-list"
    assert response.content.decode().lstrip().startswith('<section id="games-list"')


def test_members_are_offered_the_downloads(client, league, games, user):
    client.force_login(user)
    html = client.get(url(league)).content.decode()
    assert reverse("games:league-export-json", args=[league.pk]) in html
    assert reverse("games:league-export-games", args=[league.pk]) in html
    assert reverse("games:league-export-hands", args=[league.pk]) in html


def test_the_public_archive_links_public_scoresheets_and_offers_no_downloads(client, league, games):
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    response = client.get(reverse("games:public-games", args=[league.public_token]))
    assert response.status_code == 200
    html = response.content.decode()
    assert reverse("games:public-scoresheet", args=[league.public_token, games["moon"].pk]) in html
    assert reverse("games:game-scoresheet", args=[games["moon"].pk]) not in html
    assert "/export/" not in html


# Query counts -----------------------------------------------------------------------------

# Session, user, membership, the league's players (filter), count, the page's games, their seats.
ARCHIVE_QUERIES = 7


@pytest.mark.parametrize("games_played", [50, 500])
def test_the_archive_takes_the_same_queries_for_50_and_500_games(
    client, league, user, django_assert_num_queries, games_played
):
    people = seed_league(league, games=games_played, players=30)
    client.force_login(user)
    with django_assert_num_queries(ARCHIVE_QUERIES):
        response = client.get(url(league, "page=2"))
    assert len(listed(response)) == GAMES_PER_PAGE
    with django_assert_num_queries(ARCHIVE_QUERIES):
        client.get(url(league, f"variant=standard&status=over&player={people[0].pk}&since=2024-01-01"))


def test_the_archive_fetches_its_list_again_every_minute(client, league, user):
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    url = reverse("games:public-games", args=[league.public_token])
    assert f'hx-get="{url}" hx-trigger="every 60s"' in client.get(url).content.decode()
    response = client.get(url, headers={"HX-Request": "true"})
    assert response.template_name == "history/games.html#games-list"


def test_the_archive_counts_the_games_again_only_after_the_league_changed(
    client, league, user, django_assert_num_queries
):
    seed_league(league, games=30, players=8)
    client.force_login(user)
    client.get(url(league))
    with django_assert_num_queries(ARCHIVE_QUERIES - 1):  # the count is kept
        response = client.get(url(league, "page=2"))
    assert response.context_data["page"].paginator.count == 30
    filtered = client.get(url(league, "status=in_progress"))
    assert filtered.context_data["page"].paginator.count == 0  # each choice of filters has its own
    make_game(league, "standard")
    response = client.get(url(league))
    assert response.context_data["page"].paginator.count == 31
    assert client.get(url(league, "status=in_progress")).context_data["page"].paginator.count == 1
