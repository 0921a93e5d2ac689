"""Invite links: single use, expiring, revocable; joining needs an account."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Invite, Membership
from tests.conftest import HTMX
from tests.factories import UserFactory
from tests.games.league_seed import members

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(league):
    return members(league)


def new_url(league):
    return reverse("games:invite-new", args=[league.pk])


def accept_url(invite):
    return reverse("games:invite-accept", args=[invite.token])


def make_invite(league, role="scorer", **fields):
    return Invite.objects.create(
        league=league, role=role, created_by=league.owner, expires_at=timezone.now() + timedelta(days=7), **fields
    )


# Creating and revoking ----------------------------------------------------------------------


def test_an_organizer_creates_a_link_valid_for_seven_days(client, league, people):
    client.force_login(people["organizer"])
    response = client.post(new_url(league), {"role": "viewer", "days": "7"})
    assert response.status_code == 302
    invite = Invite.objects.get(league=league)
    assert invite.role == "viewer"
    assert invite.created_by == people["organizer"]
    assert timedelta(days=6, hours=23) < invite.expires_at - timezone.now() <= timedelta(days=7)
    assert len(invite.token) >= 43  # 256 random bits
    html = client.get(reverse("games:league-members", args=[league.pk])).content.decode()
    assert accept_url(invite) in html


def test_creating_a_link_with_htmx_swaps_the_invites(client, league, people):
    client.force_login(people["owner"])
    response = client.post(new_url(league), {"role": "scorer", "days": "1"}, headers=HTMX)
    assert response.template_name == "members/members.html#invites"
    assert accept_url(Invite.objects.get()) in response.content.decode()


@pytest.mark.parametrize("data", [{"role": "emperor", "days": "7"}, {"role": "scorer", "days": "365"}, {}])
def test_a_bad_invite_request_creates_nothing(client, league, people, data):
    client.force_login(people["owner"])
    response = client.post(new_url(league), data)
    assert response.status_code == 422
    # Without JavaScript: the whole members page, saying why, not a blank page.
    assert response.template_name == "members/members.html"
    html = response.content.decode()
    assert "<h1" in html
    assert "Choose a role and how long the link is valid." in html
    assert not Invite.objects.exists()


@pytest.mark.parametrize("role", ["scorer", "viewer", "outsider"])
def test_only_organizers_invite(client, league, people, role):
    client.force_login(people[role])
    assert client.post(new_url(league), {"role": "organizer", "days": "7"}).status_code in (403, 404)
    assert not Invite.objects.exists()


def test_revoking_a_link(client, league, people):
    invite = make_invite(league)
    client.force_login(people["organizer"])
    response = client.post(reverse("games:invite-revoke", args=[league.pk, invite.pk]))
    assert response.status_code == 302
    invite.refresh_from_db()
    assert invite.revoked_at is not None
    assert accept_url(invite) not in client.get(reverse("games:league-members", args=[league.pk])).content.decode()


def test_revoking_another_leagues_invite_is_404(client, league, people):
    other = make_invite(Membership.objects.get(user=people["outsider"]).league)
    client.force_login(people["owner"])
    assert client.post(reverse("games:invite-revoke", args=[league.pk, other.pk])).status_code == 404
    other.refresh_from_db()
    assert other.revoked_at is None


def test_a_scorer_may_not_revoke(client, league, people):
    invite = make_invite(league)
    client.force_login(people["scorer"])
    assert client.post(reverse("games:invite-revoke", args=[league.pk, invite.pk])).status_code == 403


# Accepting -----------------------------------------------------------------------------------


def test_a_visitor_is_asked_to_log_in_or_sign_up_first(client, league):
    invite = make_invite(league)
    response = client.get(accept_url(invite))
    assert response.status_code == 200
    html = response.content.decode()
    assert f"{reverse('login')}?next={accept_url(invite)}" in html
    assert reverse("games:signup") in html
    assert "Log in" in html
    assert "Sign up" in html
    response = client.post(accept_url(invite))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert Invite.objects.get().used_at is None


def test_joining_with_a_link(client, league):
    invite = make_invite(league, role="viewer")
    newcomer = UserFactory()
    client.force_login(newcomer)
    assert "Join as viewer" in client.get(accept_url(invite)).content.decode()
    response = client.post(accept_url(invite))
    assert response.status_code == 302
    assert response["Location"] == reverse("games:league-standings", args=[league.pk])
    assert Membership.objects.get(league=league, user=newcomer).role == "viewer"
    invite.refresh_from_db()
    assert invite.used_by == newcomer
    assert invite.used_at is not None


def test_a_used_link_is_gone(client, league):
    invite = make_invite(league)
    client.force_login(UserFactory())
    client.post(accept_url(invite))
    second = UserFactory()
    client.force_login(second)
    response = client.get(accept_url(invite))
    assert response.status_code == 410
    assert "already been used" in response.content.decode()
    assert client.post(accept_url(invite)).status_code == 410
    assert not Membership.objects.filter(user=second).exists()


def test_an_expired_link_is_gone(client, league):
    invite = make_invite(league)
    Invite.objects.filter(pk=invite.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    client.force_login(UserFactory())
    response = client.post(accept_url(invite))
    assert response.status_code == 410
    assert "expired" in response.content.decode()


def test_a_revoked_link_is_gone(client, league):
    invite = make_invite(league, revoked_at=timezone.now())
    response = client.get(accept_url(invite))
    assert response.status_code == 410
    assert "revoked" in response.content.decode()


def test_an_unknown_link_is_404(client, user):
    client.force_login(user)
    assert client.get(reverse("games:invite-accept", args=["no-such-token"])).status_code == 404


def test_a_member_following_a_link_keeps_their_role_and_the_link(client, league, people):
    invite = make_invite(league, role="viewer")
    client.force_login(people["scorer"])
    assert "already a member" in client.get(accept_url(invite)).content.decode()
    response = client.post(accept_url(invite))
    assert response.status_code == 302
    assert Membership.objects.get(league=league, user=people["scorer"]).role == "scorer"
    assert Invite.objects.get().used_at is None
