"""Share and invite links cannot be guessed, and stop working when they expire or are revoked."""

import base64
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Invite, League, Membership, new_token
from tests.factories import UserFactory


def token_bits(token: str) -> int:
    padded = token + "=" * (-len(token) % 4)
    return len(base64.urlsafe_b64decode(padded)) * 8


def test_a_link_token_carries_at_least_128_random_bits():
    assert token_bits(new_token()) >= 128


def test_link_tokens_do_not_repeat():
    tokens = {new_token() for _ in range(2000)}
    assert len(tokens) == 2000


@pytest.mark.django_db
def test_new_invites_get_an_unguessable_token(league, user):
    invite = Invite.objects.create(league=league, created_by=user, expires_at=timezone.now() + timedelta(days=1))
    assert token_bits(invite.token) >= 128
    assert invite.is_usable


@pytest.mark.django_db
def test_an_invite_stops_working_when_it_expires_is_revoked_or_is_used(league, user, outsider):
    tomorrow = timezone.now() + timedelta(days=1)
    expired = Invite.objects.create(league=league, created_by=user, expires_at=timezone.now() - timedelta(seconds=1))
    revoked = Invite.objects.create(league=league, created_by=user, expires_at=tomorrow, revoked_at=timezone.now())
    used = Invite.objects.create(
        league=league, created_by=user, expires_at=tomorrow, used_by=outsider, used_at=timezone.now()
    )
    assert [invite.is_usable for invite in (expired, revoked, used)] == [False, False, False]
    assert Membership.objects.filter(user=outsider).count() == 0


# Through the screens -------------------------------------------------------


@pytest.mark.django_db
def test_a_renewed_public_link_kills_the_old_one_and_turning_it_off_kills_it(table, client):
    organizer = table.client("organizer")
    old = reverse("games:public-standings", args=[table.league.public_token])
    assert client.get(old).status_code == 200
    organizer.post(reverse("games:public-link", args=[table.league.pk]), {"action": "renew"})
    new_token_value = League.objects.get(pk=table.league.pk).public_token
    assert token_bits(new_token_value) >= 128
    assert client.get(old).status_code == 404
    new = reverse("games:public-standings", args=[new_token_value])
    assert client.get(new).status_code == 200
    organizer.post(reverse("games:public-link", args=[table.league.pk]), {"action": "off"})
    assert client.get(new).status_code == 404
    assert client.get(reverse("games:public-games", args=[new_token_value])).status_code == 404


@pytest.mark.django_db
def test_invites_made_on_the_members_page_are_unguessable(table):
    table.client("organizer").post(reverse("games:invite-new", args=[table.league.pk]), {"role": "viewer", "days": 1})
    invite = Invite.objects.filter(league=table.league).latest("pk")
    assert token_bits(invite.token) >= 128
    assert invite.expires_at - timezone.now() <= timedelta(days=1)


def accept(client, invite):
    return client.post(reverse("games:invite-accept", args=[invite.token]))


@pytest.mark.django_db
def test_an_expired_invite_lets_nobody_in(table):
    Invite.objects.filter(pk=table.invite.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    response = accept(table.client("outsider"), table.invite)
    assert response.status_code == 410
    assert "expired" in response.content.decode()
    assert not Membership.objects.filter(league=table.league, user=table.users["outsider"]).exists()


@pytest.mark.django_db
def test_a_revoked_invite_lets_nobody_in(table):
    table.client("organizer").post(reverse("games:invite-revoke", args=[table.league.pk, table.invite.pk]))
    response = accept(table.client("outsider"), table.invite)
    assert response.status_code == 410
    assert "revoked" in response.content.decode()
    assert not Membership.objects.filter(league=table.league, user=table.users["outsider"]).exists()


@pytest.mark.django_db
def test_an_invite_lets_one_person_in_once(table):
    assert accept(table.client("outsider"), table.invite).status_code == 302
    assert Membership.objects.get(league=table.league, user=table.users["outsider"]).role == "scorer"
    second = UserFactory(username="second")
    client = table.client("outsider")
    client.force_login(second)
    assert accept(client, table.invite).status_code == 410
    assert not Membership.objects.filter(league=table.league, user=second).exists()
