"""Share and invite links cannot be guessed, and stop working when they expire or are revoked."""

import base64
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Invite, Membership, new_token


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
