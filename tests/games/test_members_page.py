"""The members page: who belongs, changing roles and removing members."""

import pytest
from django.urls import reverse

from games.models import Membership
from tests.conftest import HTMX
from tests.games.league_seed import members

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(league):
    return members(league)


def page(league):
    return reverse("games:league-members", args=[league.pk])


def role_url(league, member):
    return reverse("games:member-role", args=[league.pk, member.pk])


def remove_url(league, member):
    return reverse("games:member-remove", args=[league.pk, member.pk])


def membership(league, user):
    return Membership.objects.get(league=league, user=user)


@pytest.mark.parametrize("role", ["owner", "organizer", "scorer", "viewer"])
def test_every_member_sees_who_belongs(client, league, people, role):
    client.force_login(people[role])
    response = client.get(page(league))
    assert response.status_code == 200
    html = response.content.decode()
    for name in ("owner", "organizer", "scorer", "viewer"):
        assert people[name].get_username() in html
    assert people["outsider"].get_username() not in html


def test_only_organizers_see_the_controls(client, league, people):
    client.force_login(people["organizer"])
    html = client.get(page(league)).content.decode()
    assert role_url(league, membership(league, people["scorer"])) in html
    assert 'id="invites"' in html
    assert 'id="public-link"' in html
    client.force_login(people["scorer"])
    html = client.get(page(league)).content.decode()
    assert "/role/" not in html
    assert 'id="invites"' not in html
    assert 'id="public-link"' not in html


def test_the_owner_has_no_controls_at_all(client, league, people):
    client.force_login(people["organizer"])
    html = client.get(page(league)).content.decode()
    assert role_url(league, membership(league, people["owner"])) not in html
    assert "owner, organizer" in html


def test_outsiders_get_404_and_visitors_are_sent_to_log_in(client, league, people):
    client.force_login(people["outsider"])
    assert client.get(page(league)).status_code == 404
    client.logout()
    assert client.get(page(league)).status_code == 302


def test_an_organizer_changes_a_role(client, league, people):
    client.force_login(people["owner"])
    scorer = membership(league, people["scorer"])
    response = client.post(role_url(league, scorer), {"role": "viewer"})
    assert response.status_code == 302
    assert response["Location"] == page(league)
    assert membership(league, people["scorer"]).role == "viewer"


def test_changing_a_role_with_htmx_swaps_the_list(client, league, people):
    client.force_login(people["owner"])
    viewer = membership(league, people["viewer"])
    response = client.post(role_url(league, viewer), {"role": "scorer"}, headers=HTMX)
    assert response.status_code == 200
    assert response.template_name == "members/members.html#members"
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="members"')
    assert 'hx-swap-oob="innerHTML"' in html
    assert "is now scorer" in html
    assert membership(league, people["viewer"]).role == "scorer"


def test_an_unknown_role_is_refused(client, league, people):
    client.force_login(people["owner"])
    scorer = membership(league, people["scorer"])
    response = client.post(role_url(league, scorer), {"role": "king"}, headers=HTMX)
    assert response.status_code == 422
    assert "Choose organizer, scorer or viewer." in response.content.decode()
    assert membership(league, people["scorer"]).role == "scorer"


def test_an_unknown_role_without_javascript_shows_the_members_page_saying_why(client, league, people):
    client.force_login(people["owner"])
    scorer = membership(league, people["scorer"])
    response = client.post(role_url(league, scorer), {"role": "king"})
    assert response.status_code == 422
    assert response.template_name == "members/members.html"
    html = response.content.decode()
    assert "<h1" in html
    assert "Choose organizer, scorer or viewer." in html
    assert membership(league, people["scorer"]).role == "scorer"


@pytest.mark.parametrize("role", ["scorer", "viewer"])
def test_scorers_and_viewers_may_not_change_roles(client, league, people, role):
    client.force_login(people[role])
    other = membership(league, people["viewer" if role == "scorer" else "scorer"])
    assert client.post(role_url(league, other), {"role": "organizer"}).status_code == 403
    assert membership(league, other.user).role != "organizer"


def test_the_owner_cannot_be_demoted(client, league, people):
    client.force_login(people["organizer"])
    owner = membership(league, people["owner"])
    assert client.post(role_url(league, owner), {"role": "viewer"}).status_code == 403
    assert membership(league, people["owner"]).role == "organizer"


def test_another_leagues_member_is_404(client, league, people):
    client.force_login(people["owner"])
    stranger = Membership.objects.get(user=people["outsider"])
    assert client.post(role_url(league, stranger), {"role": "viewer"}).status_code == 404
    assert Membership.objects.get(user=people["outsider"]).role == "organizer"


def test_an_organizer_who_steps_down_is_sent_back_to_the_page(client, league, people):
    client.force_login(people["organizer"])
    me = membership(league, people["organizer"])
    response = client.post(role_url(league, me), {"role": "viewer"}, headers=HTMX)
    assert response["HX-Redirect"] == page(league)
    assert membership(league, people["organizer"]).role == "viewer"


def test_removing_a_member_asks_first(client, league, people):
    client.force_login(people["owner"])
    scorer = membership(league, people["scorer"])
    response = client.get(remove_url(league, scorer))
    assert response.status_code == 200
    assert f"Remove {people['scorer'].get_username()}" in response.content.decode()
    assert Membership.objects.filter(pk=scorer.pk).exists()


def test_removing_a_member(client, league, people):
    client.force_login(people["organizer"])
    scorer = membership(league, people["scorer"])
    response = client.post(remove_url(league, scorer))
    assert response.status_code == 302
    assert not Membership.objects.filter(pk=scorer.pk).exists()
    # Their access goes with it.
    client.force_login(people["scorer"])
    assert client.get(reverse("games:league-standings", args=[league.pk])).status_code == 404


def test_the_owner_cannot_be_removed(client, league, people):
    client.force_login(people["organizer"])
    owner = membership(league, people["owner"])
    assert client.post(remove_url(league, owner)).status_code == 403
    assert Membership.objects.filter(pk=owner.pk).exists()


@pytest.mark.parametrize("role", ["scorer", "viewer"])
def test_scorers_and_viewers_may_not_remove_anyone(client, league, people, role):
    client.force_login(people[role])
    organizer = membership(league, people["organizer"])
    assert client.post(remove_url(league, organizer)).status_code == 403
    assert Membership.objects.filter(pk=organizer.pk).exists()


def test_visitors_cannot_change_anything(client, league, people):
    scorer = membership(league, people["scorer"])
    assert client.post(role_url(league, scorer), {"role": "organizer"}).status_code == 302
    assert client.post(remove_url(league, scorer)).status_code == 302
    assert membership(league, people["scorer"]).role == "scorer"
