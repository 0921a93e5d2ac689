"""A league's page: its players, its games in progress, its recent games and its charts."""

from datetime import UTC, date, datetime

import pytest
from django.urls import reverse

from games.models import League, Membership
from rules import HandEntry
from tests.factories import LeaguePresetFactory, MembershipFactory, PlayerFactory, make_game
from tests.games.league_seed import MOON_AND_QUEEN, hand_worked_league, played

pytestmark = pytest.mark.django_db


def url(league):
    return reverse("games:league-detail", args=[league.pk])


def member(league, role):
    return MembershipFactory(league=league, role=role).user


def test_the_organizer_sees_players_games_and_every_control(client, user, league):
    game = make_game(league, "ricketts")
    client.force_login(user)
    response = client.get(url(league))
    assert response.status_code == 200
    assert response.template_name == "games/league_detail.html"
    page = response.content.decode()
    assert [p.name for p in response.context_data["players"]] == ["Ann", "Ben", "Cat", "Dan"]
    assert list(response.context_data["games_in_progress"]) == [game]
    assert f'href="{reverse("games:game-new", args=[league.pk])}">Start a game' in page
    assert f'href="/games/{game.pk}/">Continue' in page
    assert reverse("games:player-new", args=[league.pk]) in page
    assert reverse("games:player-edit", args=[league.pk, league.players.get(name="Ann").pk]) in page


def test_a_scorer_may_start_games_and_add_players_but_not_rename(client, league):
    PlayerFactory(league=league, name="Ann")
    client.force_login(member(league, Membership.Role.SCORER))
    page = client.get(url(league)).content.decode()
    assert "Start a game" in page
    assert reverse("games:player-new", args=[league.pk]) in page
    assert "/edit/" not in page


def test_a_viewer_only_looks(client, league):
    PlayerFactory(league=league, name="Ann")
    client.force_login(member(league, Membership.Role.VIEWER))
    response = client.get(url(league))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Ann" in page
    assert "Start a game" not in page
    assert reverse("games:player-new", args=[league.pk]) not in page
    assert "/edit/" not in page


def test_non_members_get_404(client, league, outsider):
    client.force_login(outsider)
    assert client.get(url(league)).status_code == 404


def test_an_unknown_league_is_404(client, user, league):
    client.force_login(user)
    assert client.get(reverse("games:league-detail", args=[league.pk + 1000])).status_code == 404


def test_anonymous_visitors_are_sent_to_log_in(client, league):
    response = client.get(url(league))
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next={url(league)}"


def test_recent_games_show_the_winner_and_at_most_five(client, user, league):
    for _ in range(6):
        game = make_game(league, "standard", options={"target": 10})
        # Ann 10 hearts, Ben 3, Dan the Q♠: Dan passes 10 and Cat, on 0, wins.
        game.record_hand(1, HandEntry.cards([10, 3, 0, 0], 3), user)
    client.force_login(user)
    response = client.get(url(league))
    assert len(response.context_data["recent_games"]) == 5
    assert response.content.decode().count("Won by Cat (0)") == 5
    assert not response.context_data["games_in_progress"]


def test_the_page_costs_the_same_queries_however_many_games_and_players(
    client, user, league, django_assert_num_queries
):
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]
    for start in range(3):
        make_game(league, "standard", players=names[start : start + 4])
    finished = make_game(league, "standard", options={"target": 10})
    finished.record_hand(1, HandEntry.cards([10, 3, 0, 0], 3), user)
    client.force_login(user)
    # session, user, membership with league, players, unfinished games + their
    # seats with players, recent games + their seats with players, house rules,
    # the latest club nights, the nights announced; for the charts, the leaders' standings (the top rows), their ratings and the games per month
    LeaguePresetFactory.create_batch(3, league=league)
    with django_assert_num_queries(14):
        response = client.get(url(league))
    assert response.content.decode().count(">Continue<") == 3


def test_the_league_page_charts_the_leaders_ratings_and_games_per_month(client, user, league):
    hand_worked_league(league, user)
    client.force_login(user)
    html = client.get(url(league)).content.decode()
    assert '<title id="league-ratings-chart-title">Ratings over time</title>' in html
    assert '<title id="games-per-month-chart-title">Games per month</title>' in html
    # Three counted games, all in March 2025.
    assert "3 games in 1 month; the busiest, Mar 2025, had 3." in html


def ratings_chart(html):
    """The league page's ratings chart, from its <figure> to the end of its legend."""
    start = html.index('<figure class="chart" id="league-ratings-chart">')
    return html[start : html.index("</figure>", start)]


def test_the_charts_are_kept_until_the_results_change(client, user, league, django_assert_num_queries):
    hand_worked_league(league, user)
    client.force_login(user)
    assert "3 games in 1 month; the busiest, Mar 2025, had 3." in client.get(url(league)).content.decode()
    # The page without the charts' three queries (the leaders' standings, their ratings, the games per month).
    with django_assert_num_queries(11):
        html = client.get(url(league)).content.decode()
    assert "3 games in 1 month; the busiest, Mar 2025, had 3." in html
    # A fourth counted game, in April: Ben shoots the moon and wins again.
    played(league, "standard", MOON_AND_QUEEN, datetime(2025, 4, 2, 20, tzinfo=UTC), {"target": 30})
    assert "4 games in 2 months; the busiest, Mar 2025, had 3." in client.get(url(league)).content.decode()


def test_the_first_visit_after_a_game_ends_reads_the_leaders_alone(
    client, user, league, django_assert_num_queries, django_capture_on_commit_callbacks
):
    hand_worked_league(league, user)
    client.force_login(user)
    client.get(url(league))
    with django_capture_on_commit_callbacks(execute=True):  # the change goes to the cache on commit
        played(league, "standard", MOON_AND_QUEEN, datetime(2025, 4, 2, 20, tzinfo=UTC), {"target": 30})
    # The page's eleven and the leaders' standings: the leaders' rated games are mended from the change
    # itself (ResultsChange.rated), which adds the game to April, and is read from the cache.
    with django_assert_num_queries(12):
        html = client.get(url(league)).content.decode()
    assert "4 games in 2 months; the busiest, Mar 2025, had 3." in html


def test_a_finished_game_and_a_deleted_one_move_the_leagues_results_version(user, league):
    games = hand_worked_league(league, user)
    league.refresh_from_db()
    before = league.results_version
    games["wraps"].trash()
    league.refresh_from_db()
    assert league.results_version == before + 1
    # A hand that does not finish its game moves no result.
    games["in_progress"].record_hand(2, HandEntry.cards([3, 3, 3, 4], 1), user)
    league.refresh_from_db()
    assert league.results_version == before + 1


def test_a_leaders_new_name_is_drawn_at_once(client, user, league):
    hand_worked_league(league, user)
    client.force_login(user)
    assert "Ann" in ratings_chart(client.get(url(league)).content.decode())
    ann = league.players.get(name="Ann")
    ann.name = "Annie"
    ann.save()
    chart = ratings_chart(client.get(url(league)).content.decode())
    assert "Annie" in chart
    assert "Ann " not in chart.replace("Annie", "")


def test_a_new_minimum_of_games_draws_the_charts_again(client, user, league, django_assert_num_queries):
    hand_worked_league(league, user)
    client.force_login(user)
    client.get(url(league))
    League.objects.filter(pk=league.pk).update(min_games=1)
    # The leaders may be others now: the charts are drawn again from the standings' query; each
    # player's ratings and the games per month are kept (games.stats) while the results stand.
    with django_assert_num_queries(12):
        client.get(url(league))


def test_games_in_progress_are_listed_latest_first(client, user, league):
    older = make_game(league, "standard", played_on=date(2025, 3, 1))
    newer = make_game(league, "standard", played_on=date(2025, 3, 2))
    same_day_later = make_game(league, "standard", played_on=date(2025, 3, 2))
    client.force_login(user)
    response = client.get(url(league))
    assert response.context_data["games_in_progress"] == [same_day_later, newer, older]
