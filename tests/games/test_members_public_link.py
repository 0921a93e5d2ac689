"""The league's public link: on, renewed (the old one dies) and off."""

import pytest
from django.urls import reverse

from games.models import League
from tests.conftest import HTMX
from tests.games.league_seed import members

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(league):
    return members(league)


def switch(client, league, action, **headers):
    return client.post(reverse("games:public-link", args=[league.pk]), {"action": action}, headers=headers)


def token(league):
    return League.objects.get(pk=league.pk).public_token


def test_turning_the_link_on_shows_it_to_organizers(client, league, people):
    client.force_login(people["organizer"])
    response = switch(client, league, "on")
    assert response.status_code == 302
    assert len(token(league)) >= 43
    html = client.get(reverse("games:league-members", args=[league.pk])).content.decode()
    assert f"http://testserver{reverse('games:public-standings', args=[token(league)])}" in html


def test_renewing_kills_the_old_link(client, league, people):
    client.force_login(people["owner"])
    switch(client, league, "on")
    old = token(league)
    switch(client, league, "renew")
    new = token(league)
    assert new != old
    client.logout()
    assert client.get(reverse("games:public-standings", args=[old])).status_code == 404
    assert client.get(reverse("games:public-standings", args=[new])).status_code == 200


def test_turning_the_link_off(client, league, people):
    client.force_login(people["owner"])
    switch(client, league, "on")
    old = token(league)
    response = switch(client, league, "off", **HTMX)
    assert response.template_name == "members/members.html#public-link"
    assert "The public link is off." in response.content.decode()
    assert token(league) == ""
    assert client.get(reverse("games:public-games", args=[old])).status_code == 404


def test_an_unknown_action_changes_nothing(client, league, people):
    client.force_login(people["owner"])
    response = switch(client, league, "explode")
    assert response.status_code == 422
    assert response.template_name == "members/members.html"
    assert "Choose to turn the public link on, renew it or turn it off." in response.content.decode()
    assert token(league) == ""


@pytest.mark.parametrize(("role", "status"), [("scorer", 403), ("viewer", 403), ("outsider", 404)])
def test_only_organizers_switch_the_link(client, league, people, role, status):
    client.force_login(people[role])
    assert switch(client, league, "on").status_code == status
    assert token(league) == ""


def test_visitors_are_sent_to_log_in(client, league):
    assert switch(client, league, "on").status_code == 302
    assert token(league) == ""


def test_scorers_do_not_see_the_link(client, league, people):
    League.objects.filter(pk=league.pk).update(public_token="a-secret-token-for-organizers-only")
    client.force_login(people["scorer"])
    html = client.get(reverse("games:league-members", args=[league.pk])).content.decode()
    assert "a-secret-token-for-organizers-only" not in html
