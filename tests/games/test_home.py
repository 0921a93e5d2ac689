"""The home page: a landing for visitors, a member's leagues and unfinished games."""

import pytest
from django.urls import reverse

from games.models import Game, NamedInvitation
from rules import HandEntry
from tests.factories import LeagueFactory, MembershipFactory, UserFactory, make_game

pytestmark = pytest.mark.django_db

URL = reverse("games:home")


def finished_game(league, user):
    """A standard game to 10, over after one hand: Cat, on 0, wins alone."""
    game = make_game(league, "standard", options={"target": 10})
    # Ann 10 hearts, Ben 3, Dan the Q♠: 10, 3, 0, 13 and Dan is past 10.
    game.record_hand(1, HandEntry.cards([10, 3, 0, 0], 3), user)
    assert game.status == Game.Status.OVER
    return game


def test_visitors_get_the_landing_page_with_sign_up_log_in_and_the_rules(client):
    response = client.get(URL)
    assert response.status_code == 200
    assert response.template_name == "games/landing.html"
    page = response.content.decode()
    rules = ["/rules/standard/", "/rules/omnibus/", "/rules/ricketts/", "/rules/3d/"]
    for href in [reverse("games:signup"), reverse("login"), *rules]:
        assert f'href="{href}"' in page


def test_members_see_their_leagues_and_unfinished_games_with_continue(client, user, league):
    game = make_game(league, "ricketts")
    client.force_login(user)
    response = client.get(URL)
    assert response.template_name == "games/home.html"
    page = response.content.decode()
    assert league.name in page
    assert f'href="/games/{game.pk}/">Continue' in page
    assert "Ricketts House Hearts" in page


def test_finished_games_are_not_offered_to_continue(client, user, league):
    game = finished_game(league, user)
    client.force_login(user)
    page = client.get(URL).content.decode()
    assert f"/games/{game.pk}/" not in page
    assert "No game in progress" in page


def test_other_leagues_do_not_appear(client, user, league):
    other = LeagueFactory(name="Somebody else's table")
    make_game(other, "standard")
    client.force_login(user)
    response = client.get(URL)
    assert list(response.context_data["leagues"]) == [league]
    assert "Somebody else" not in response.content.decode()


def test_a_member_without_a_league_is_invited_to_create_one(client, outsider):
    client.force_login(outsider)
    page = client.get(URL).content.decode()
    assert "You're not in a league yet" in page
    assert f'href="{reverse("games:league-new")}"' in page


def test_the_home_page_costs_the_same_queries_however_many_games(client, user, django_assert_num_queries):
    for _ in range(3):
        league = LeagueFactory()
        MembershipFactory(league=league, user=user)
        make_game(league, "standard")
        make_game(league, "ricketts")
        NamedInvitation.objects.create(league=LeagueFactory(), username=user.username, invited_by=UserFactory())
    client.force_login(user)
    # session, user, leagues, their unfinished games, those games' seats with players, the user's leagues in
    # the trash, the invitations waiting for the user's yes (with their leagues and inviters)
    with django_assert_num_queries(7):
        response = client.get(URL)
    assert response.content.decode().count(">Continue<") == 6
    assert response.content.decode().count("invites you to") == 3


def test_a_head_request_is_answered_for_uptime_checks(client):
    assert client.head(URL).status_code == 200
