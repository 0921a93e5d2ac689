"""Adding a player to a league, from the league's page."""

import pytest
from django.urls import reverse

from games.forms import PlayerForm
from games.models import Membership, Player
from tests.conftest import HTMX
from tests.factories import LeagueFactory, MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def url(league):
    return reverse("games:player-new", args=[league.pk])


def names(league):
    return list(league.players.values_list("name", flat=True))


def test_the_organizer_adds_a_player_and_returns_to_the_league(client, user, league):
    client.force_login(user)
    response = client.post(url(league), {"name": "Ann"})
    assert response.status_code == 302
    assert response["Location"] == league.get_absolute_url()
    assert names(league) == ["Ann"]
    assert "Ann joined" in client.get(response["Location"]).content.decode()


def test_with_htmx_the_players_region_comes_back_with_the_new_player(client, user, league):
    client.force_login(user)
    response = client.post(url(league), {"name": "Ann"}, headers=HTMX)
    assert response.status_code == 200
    assert response.template_name == "games/league_detail.html#players"
    page = response.content.decode()
    assert page.lstrip().startswith('<section id="players"')
    assert '<span class="grow">Ann</span>' in page
    # The confirmation rides along as an out-of-band swap of the messages region.
    assert 'hx-swap-oob="innerHTML"' in page
    assert "Ann joined" in page
    # A fresh, empty form with the focus, ready for the next name.
    assert response.context_data["form"].is_bound is False
    assert "autofocus" in page
    assert names(league) == ["Ann"]


def test_a_scorer_may_add_players(client, league):
    scorer = MembershipFactory(league=league, role=Membership.Role.SCORER).user
    client.force_login(scorer)
    client.post(url(league), {"name": "Ann"})
    assert names(league) == ["Ann"]


def test_a_viewer_may_not(client, league):
    viewer = MembershipFactory(league=league, role=Membership.Role.VIEWER).user
    client.force_login(viewer)
    assert client.post(url(league), {"name": "Ann"}).status_code == 403
    assert client.post(url(league), {"name": "Ann"}, headers=HTMX).status_code == 403
    assert names(league) == []


def test_non_members_get_404_and_nothing_is_saved(client, league, outsider):
    client.force_login(outsider)
    assert client.post(url(league), {"name": "Ann"}).status_code == 404
    assert client.post(url(league), {"name": "Ann"}, headers=HTMX).status_code == 404
    assert Player.objects.count() == 0


def test_anonymous_posts_are_sent_to_log_in_and_nothing_is_saved(client, league):
    response = client.post(url(league), {"name": "Ann"})
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert Player.objects.count() == 0


def test_an_unknown_league_is_404(client, user, league):
    client.force_login(user)
    assert client.post(reverse("games:player-new", args=[league.pk + 1000]), {"name": "Ann"}).status_code == 404
    assert Player.objects.count() == 0


def test_get_is_not_allowed(client, user, league):
    client.force_login(user)
    assert client.get(url(league)).status_code == 405


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_a_name_already_used_in_any_case_is_refused_with_a_clear_message(client, user, league, headers):
    PlayerFactory(league=league, name="Ann")
    client.force_login(user)
    response = client.post(url(league), {"name": "ANN"}, headers=headers)
    assert response.status_code == 422
    assert "Ann is already a player in" in response.content.decode()
    assert names(league) == ["Ann"]


def test_the_plain_branch_shows_the_error_on_the_whole_league_page(client, user, league):
    PlayerFactory(league=league, name="Ann")
    client.force_login(user)
    response = client.post(url(league), {"name": "ann"})
    assert response.template_name == "games/league_detail.html"
    assert "<h1>" in response.content.decode()


def test_the_same_name_in_another_league_is_fine(client, user, league):
    PlayerFactory(league=LeagueFactory(), name="Ann")
    client.force_login(user)
    client.post(url(league), {"name": "Ann"})
    assert names(league) == ["Ann"]


@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_name_is_refused(client, user, league, name):
    client.force_login(user)
    response = client.post(url(league), {"name": name}, headers=HTMX)
    assert response.status_code == 422
    assert "This field is required." in response.content.decode()
    assert 'aria-invalid="true"' in response.content.decode()
    assert Player.objects.count() == 0


def test_a_name_over_forty_characters_is_refused(client, user, league):
    client.force_login(user)
    response = client.post(url(league), {"name": "x" * 41})
    assert "at most 40 characters" in response.content.decode()
    assert Player.objects.count() == 0


def test_spaces_around_a_name_are_dropped(client, user, league):
    client.force_login(user)
    client.post(url(league), {"name": "  Ann  "})
    assert names(league) == ["Ann"]


def test_a_name_taken_by_another_phone_a_moment_ago_is_a_message_not_an_error_page(client, user, league, monkeypatch):
    # Both phones passed the form's check; the database's constraint catches the second.
    PlayerFactory(league=league, name="Ann")
    monkeypatch.setattr(PlayerForm, "clean_name", lambda form: form.cleaned_data["name"])
    client.force_login(user)
    response = client.post(url(league), {"name": "ann"}, headers=HTMX)
    assert response.status_code == 422
    assert "ann is already a player in" in response.content.decode()
    assert names(league) == ["Ann"]
