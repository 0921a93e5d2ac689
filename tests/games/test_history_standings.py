"""The standings page: who may see it, sorting, seasons, HTMX, and its query count."""

import re
from datetime import UTC, datetime

import pytest
from django.urls import reverse

from games.models import Game, League, new_token
from tests.conftest import HTMX
from tests.factories import LeagueFactory
from tests.games.league_seed import MOON_AND_QUEEN, hand_worked_league, members, played, seed_league

pytestmark = pytest.mark.django_db


@pytest.fixture
def games(league, user):
    return hand_worked_league(league, user)


@pytest.fixture
def people(league):
    return members(league)


def url(league, **params):
    query = "&".join(f"{key}={value}" for key, value in params.items())
    return reverse("games:league-standings", args=[league.pk]) + (f"?{query}" if query else "")


def names_in_order(response):
    return [row.name for row in response.context_data["rows"]]


@pytest.mark.parametrize("role", ["owner", "organizer", "scorer", "viewer"])
def test_every_member_sees_the_standings(client, league, games, people, role):
    client.force_login(people[role])
    response = client.get(url(league))
    assert response.status_code == 200
    assert response.template_name == "history/standings.html"
    assert sorted(names_in_order(response)) == ["Ann", "Ben", "Cat", "Dan"]
    assert "Standings" in response.content.decode()


def test_a_member_of_another_league_gets_404(client, league, games, people):
    client.force_login(people["outsider"])
    assert client.get(url(league)).status_code == 404


def test_an_anonymous_visitor_is_sent_to_log_in(client, league, games):
    response = client.get(url(league))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_an_unknown_league_is_404(client, user):
    client.force_login(user)
    assert client.get(reverse("games:league-standings", args=[999999])).status_code == 404


def test_posting_is_not_allowed(client, league, user):
    client.force_login(user)
    assert client.post(url(league)).status_code == 405


def test_the_table_shows_each_players_figures(client, league, games, user):
    client.force_login(user)
    html = client.get(url(league, sort="player")).content.decode()
    # Ann: 2 wins, 3 games, 67%, average 37.7, a rating, 7.94 a hand, no moon, 2 Q♠, 1 wrap, one 69 for 5.
    assert re.search(r">Ann</a></th>\s*<td>2</td><td>3</td><td>67%</td><td>37.7</td><td>-?\d+\.\d</td>"
                     r"<td>7.94</td><td>0</td><td>2</td><td>1</td><td>1</td>", html)  # fmt: skip


def test_by_default_most_wins_come_first_then_the_lower_average(client, league, games, user):
    client.force_login(user)
    response = client.get(url(league))
    # Ann 2 wins, Ben 1; Cat and Dan none, both 0%: Cat averages (30+78+13)/3 = 40.3, Dan (30+65+40)/3 = 45.
    assert names_in_order(response) == ["Ann", "Ben", "Cat", "Dan"]
    assert 'aria-sort="descending"' in response.content.decode()


def test_a_win_rate_from_too_few_games_is_shown_in_brackets(client, league, games, user):
    League.objects.filter(pk=league.pk).update(min_games=4)
    client.force_login(user)
    html = client.get(url(league)).content.decode()
    assert "<td>(67%)</td>" in html  # Ann's 2 of 3
    assert "fewer than 4 games: shown, not ranked" in html


def test_names_link_to_the_players_pages(client, league, games, user):
    client.force_login(user)
    html = client.get(url(league)).content.decode()
    ann = league.players.get(name="Ann")
    assert f'href="{reverse("games:player-detail", args=[league.pk, ann.pk])}"' in html


def test_sorting_by_average_score_shows_the_lowest_first(client, league, games, user):
    client.force_login(user)
    response = client.get(url(league, sort="avg_total"))
    assert names_in_order(response) == ["Ben", "Ann", "Cat", "Dan"]
    assert 'aria-sort="ascending"' in response.content.decode()


def test_sorting_can_be_turned_round(client, league, games, user):
    client.force_login(user)
    response = client.get(url(league, sort="avg_total", order="desc"))
    assert names_in_order(response) == ["Dan", "Cat", "Ann", "Ben"]
    # The sorted column's link now turns it back.
    assert "sort=avg_total&amp;order=asc" in response.content.decode()


def test_column_links_keep_the_season(client, league, games, user):
    client.force_login(user)
    html = client.get(url(league, variant="ricketts")).content.decode()
    assert "variant=ricketts&amp;sort=games&amp;order=desc" in html


def test_a_variant_and_dates_narrow_the_table(client, league, games, user):
    client.force_login(user)
    response = client.get(url(league, variant="standard", since="2025-03-03", until="2025-03-03"))
    rows = {row.name: row for row in response.context_data["rows"]}
    assert rows["Ann"].games == 1
    assert rows["Ann"].wins == 1
    assert "Hearts, games played from 3 Mar 2025 to 3 Mar 2025" in response.content.decode()


def test_a_seasons_sums_follow_a_new_game_and_a_new_name_at_once(client, league, games, user):
    client.force_login(user)
    season = url(league, variant="standard", since="2025-03-03", until="2025-03-04")
    assert {row.name: row.games for row in client.get(season).context_data["rows"]} == {
        "Ann": 1, "Ben": 1, "Cat": 1, "Dan": 1,
    }  # fmt: skip
    # Another counted game on 4 March: Ben shoots the moon and wins.
    played(league, "standard", MOON_AND_QUEEN, datetime(2025, 3, 4, 21, tzinfo=UTC), {"target": 30})
    rows = {row.name: row for row in client.get(season).context_data["rows"]}
    assert (rows["Ben"].games, rows["Ben"].wins) == (2, 1)
    ben = league.players.get(name="Ben")
    ben.name = "Benedict"
    ben.save()
    rows = {row.name: row for row in client.get(season).context_data["rows"]}
    assert (rows["Benedict"].games, rows["Benedict"].wins) == (2, 1)


def test_a_bad_date_says_so_and_shows_every_game(client, league, games, user):
    client.force_login(user)
    response = client.get(url(league, since="yesterday"))
    assert response.status_code == 422
    assert "Enter a valid date." in response.content.decode()
    assert len(response.context_data["rows"]) == 4


def test_dates_the_wrong_way_round_are_refused(client, league, games, user):
    client.force_login(user)
    response = client.get(url(league, since="2025-03-03", until="2025-03-01"))
    assert response.status_code == 422
    assert "The &#x27;from&#x27; date is after the &#x27;to&#x27; date." in response.content.decode()


@pytest.mark.parametrize("params", [{"sort": "password"}, {"order": "sideways"}, {"variant": "poker"}])
def test_tampered_parameters_get_422(client, league, games, user, params):
    client.force_login(user)
    assert client.get(url(league, **params)).status_code == 422


def test_htmx_gets_just_the_table(client, league, games, user):
    client.force_login(user)
    response = client.get(url(league, sort="wins"), headers=HTMX)
    assert response.status_code == 200
    assert response.template_name == "history/standings.html#standings-table"
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="standings-table"')
    assert "<html" not in html


def test_the_plain_page_carries_htmx_and_plain_links_alike(client, league, games, user):
    client.force_login(user)
    html = client.get(url(league)).content.decode()
    assert 'hx-get="?sort=games&amp;order=desc"' in html
    assert 'href="?sort=games&amp;order=desc"' in html
    assert f'action="{url(league)}"' in html


def test_a_league_without_finished_games_says_so(client, league, user):
    client.force_login(user)
    response = client.get(url(league))
    assert response.context_data["rows"] == []
    assert "No game counts here yet" in response.content.decode()


def test_no_inline_styles_or_scripts(client, league, games, user):
    client.force_login(user)
    html = client.get(url(league)).content.decode()
    assert "style=" not in html
    assert "<script>" not in html


# The public link ----------------------------------------------------------------------


def public_url(league):
    return reverse("games:public-standings", args=[league.public_token])


def test_the_public_link_shows_the_standings_read_only(client, league, games, people):
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    response = client.get(public_url(league))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Ann" in html
    # No members' pages, no account names, no downloads; players' pages through the public link only.
    assert f"/leagues/{league.pk}/players/" not in html
    assert f"/public/{league.public_token}/players/" in html
    assert reverse("games:league-members", args=[league.pk]) not in html
    for person in people.values():
        assert person.get_username() not in html
    assert 'name="robots" content="noindex, nofollow"' in html


def test_the_public_link_works_for_a_logged_in_outsider_too(client, league, games, people):
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    client.force_login(people["outsider"])
    assert client.get(public_url(league)).status_code == 200


def test_a_wrong_or_switched_off_public_link_is_404(client, league, games):
    assert client.get(reverse("games:public-standings", args=["not-the-token"])).status_code == 404
    assert league.public_token == ""
    assert client.get("/public//").status_code == 404


def test_the_public_standings_swap_with_htmx(client, league, games):
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    response = client.get(public_url(league) + "?sort=player", headers=HTMX)
    assert response.template_name == "history/standings.html#standings-table"


# Query counts ---------------------------------------------------------------------------

# Session, user, membership, the league's seasons (the season links), the Standing rows: whatever the league's size.
STANDINGS_QUERIES = 5
# Dates of no season read the league's first and last day; when they cut the
# league's games they sum its seats, then read the players' names and ratings;
# the sums come from the cache the next time, until the results change.
SEASON_QUERIES = 7
CACHED_SEASON_QUERIES = 6
# Dates that take in every game read the Standing rows.
WHOLE_SEASON_QUERIES = 6
# A saved season (its dates, or chosen by id) reads its SeasonStanding rows.
SAVED_SEASON_QUERIES = 5


@pytest.mark.parametrize("games_played", [50, 500])
def test_the_standings_take_the_same_queries_for_50_and_500_games(
    client, league, user, django_assert_num_queries, games_played
):
    seed_league(league, games=games_played, players=30)
    client.force_login(user)
    with django_assert_num_queries(STANDINGS_QUERIES):
        response = client.get(url(league, sort="avg_total"))
    assert len(response.context_data["rows"]) == 30
    with django_assert_num_queries(SEASON_QUERIES):
        client.get(url(league, variant="standard", since="2024-01-03", until="2024-12-31"))
    with django_assert_num_queries(CACHED_SEASON_QUERIES):
        client.get(url(league, variant="standard", since="2024-01-03", until="2024-12-31"))
    with django_assert_num_queries(WHOLE_SEASON_QUERIES):
        whole = client.get(url(league, since="2020-01-01", until="2026-12-31"))
    assert len(whole.context_data["rows"]) == 30
    # The seeded games run from 2024 into 2025: each year is an automatic season.
    with django_assert_num_queries(SAVED_SEASON_QUERIES):
        year = client.get(url(league, since="2024-01-01", until="2024-12-31"))
    assert year.context_data["span"].season.name == "2024"
    LeagueFactory()  # another league's games are no business of this page
    assert Game.objects.filter(league=league).count() == games_played


def test_a_chosen_sort_survives_a_change_of_season(client, league, games, user):
    client.force_login(user)
    html = client.get(url(league, sort="avg_total", order="desc")).content.decode()
    assert '<input type="hidden" name="sort" value="avg_total"><input type="hidden" name="order" value="desc">' in html
    assert 'type="hidden" name="sort"' not in client.get(url(league)).content.decode()


@pytest.mark.parametrize(
    "params",
    [{"until": "9999-12-31"}, {"since": "9999-12-31"}, {"since": "0001-01-01"}, {"until": "1899-12-31"}],
)
def test_dates_no_season_can_have_are_refused_on_every_history_page(client, league, games, user, params):
    """?until=9999-12-31 raised OverflowError (the midnight after it) on each of these pages."""
    client.force_login(user)
    league.public_token = new_token()
    league.save()
    pages = [
        url(league),
        reverse("games:league-games", args=[league.pk]),
        reverse("games:public-standings", args=[league.public_token]),
        reverse("games:public-games", args=[league.public_token]),
    ]
    for page in pages:
        response = client.get(page, params)
        assert response.status_code == 422, page
        assert "Choose a date from 1900 to the end of" in response.content.decode(), page


def test_the_standings_fetch_themselves_again_every_minute_with_their_season(client, league, games):
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    html = client.get(public_url(league) + "?variant=standard&sort=avg_total").content.decode()
    assert f'hx-get="{public_url(league)}?variant=standard&amp;sort=avg_total" hx-trigger="every 60s"' in html
    # What the poll asks for is the table alone, as it stands now.
    response = client.get(public_url(league) + "?variant=standard&sort=avg_total", headers=HTMX)
    assert response.template_name == "history/standings.html#standings-table"


def test_each_year_played_is_a_season_to_pick(client, league, games, user):
    # One more counted game, in 2023: the links run from 2025 back to 2023.
    played(league, "standard", MOON_AND_QUEEN, datetime(2023, 6, 1, 20, tzinfo=UTC), {"target": 30}, user=user)
    client.force_login(user)
    response = client.get(url(league, since="2024-01-01", until="2024-12-31"))
    seasons = response.context_data["seasons"]
    assert [(season["name"], season["current"]) for season in seasons] == [
        ("2025", False),
        ("2024", True),
        ("2023", False),
    ]
    html = response.content.decode()
    assert 'href="?since=2025-01-01&amp;until=2025-12-31"' in html
    assert 'aria-current="page">2024</a>' in html
    # 2024 had no game: nobody in its table.
    assert response.context_data["rows"] == []
