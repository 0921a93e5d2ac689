"""A member who forgot their password: no reset by email (sign-up takes none), a one-time link from an organizer."""

import html
import re

import pytest
from django.urls import NoReverseMatch, reverse

from games.models import Membership
from tests.factories import LeagueFactory, MembershipFactory
from tests.games.league_seed import members

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-new-long-pass-phrase"


@pytest.fixture
def people(league):
    return members(league)


def link_url(league, user):
    return reverse("games:member-password-link", args=[league.pk, Membership.objects.get(league=league, user=user).pk])


def make_link(client, league, user):
    response = client.post(link_url(league, user))
    assert response.status_code == 200
    return re.search(r'value="(http://testserver/accounts/reset/[^"]+)"', response.content.decode())[1]


@pytest.mark.parametrize("path", ["/accounts/password_reset/", "/accounts/password_reset/done/"])
def test_there_is_no_reset_by_email(client, path):
    assert client.get(path).status_code == 404
    assert client.post(path, {"email": "ann@example.com"}).status_code == 404


def test_the_reset_by_email_has_no_name_to_link_to():
    with pytest.raises(NoReverseMatch):
        reverse("password_reset")


def test_the_login_page_says_whom_to_ask(client):
    assert "Ask an organizer of your league for a link" in client.get(reverse("login")).content.decode()


def test_an_organizer_makes_a_link_and_the_member_sets_a_new_password_with_it(client, league, people):
    viewer = people["viewer"]
    client.force_login(people["organizer"])
    members_page = client.get(reverse("games:league-members", args=[league.pk])).content.decode()
    assert link_url(league, viewer) in members_page
    asking = client.get(link_url(league, viewer))
    assert "Make the link" in asking.content.decode()
    link = make_link(client, league, viewer)
    client.logout()

    # The link redirects to a form under a session-held token, as Django's reset does.
    form_page = client.get(link, follow=True)
    assert "Set a new password" in form_page.content.decode()
    done = client.post(
        form_page.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}, follow=True
    )
    assert "Password set" in done.content.decode()
    assert client.login(username=viewer.username, password=NEW_PASSWORD)

    # Used once, the link is dead.
    client.logout()
    again = client.get(link, follow=True).content.decode()
    assert "This link has been used or is too old." in again


@pytest.mark.parametrize("role", ["scorer", "viewer"])
def test_only_organizers_make_links(client, league, people, role):
    client.force_login(people[role])
    assert client.post(link_url(league, people["organizer"])).status_code == 403


@pytest.mark.parametrize(
    ("who", "for_whom", "says"),
    [
        ("organizer", "owner", "only the site's administrator can reset the owner's password"),
        ("owner", "owner", "To change your own password, use Change password"),
        ("owner", "outsider-member", "is also a member of a league you don't organize"),
    ],
)
def test_a_link_that_would_hand_over_more_than_the_organizer_holds_is_refused(
    client, league, people, who, for_whom, says
):
    if for_whom == "outsider-member":
        # A scorer here who owns another league: a link would hand that league over too.
        target = people["outsider"]
        MembershipFactory(league=league, user=target, role=Membership.Role.SCORER)
    else:
        target = people[for_whom]
    client.force_login(people[who])
    response = client.post(link_url(league, target))
    assert response.status_code == 422
    assert says in html.unescape(response.content.decode())
    assert "/accounts/reset/" not in response.content.decode()


def test_a_member_of_two_leagues_both_organized_by_the_organizer_can_be_helped(client, league, people):
    other = LeagueFactory(owner=league.owner)
    MembershipFactory(league=other, user=people["viewer"], role=Membership.Role.VIEWER)
    client.force_login(league.owner)
    assert make_link(client, league, people["viewer"]).startswith("http://testserver/accounts/reset/")


def test_staff_accounts_are_left_to_the_administrator(client, league, people):
    staff = people["scorer"]
    staff.is_staff = True
    staff.save()
    client.force_login(league.owner)
    response = client.post(link_url(league, staff))
    assert response.status_code == 422
    assert "administers the site" in response.content.decode()
