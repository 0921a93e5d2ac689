"""Nobody gets into an account they don't hold (issue 34).

The attack: a victim signs up and joins nothing; an attacker signs up, imports a
league file naming the victim as a member, then makes the organizer's password
link for that member and logs in as the victim. Its variants reach the victim
as a member some other way (an invite link, a share link), or aim at a member
who owns another league, or at the attacker's co-organizer. Each must leave
the victim's account as its holder left it: the same password, no new member
of anything without their yes, and no page of the attacker's that sets it."""

import json
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import urls as games_urls
from games.league_file.export import export_league
from games.models import Invite, League, Membership, NamedInvitation
from games.views.sharing import join_token
from tests.factories import PASSWORD, make_game
from tests.ops.routes import pattern_names

pytestmark = pytest.mark.django_db

ATTACKERS_PASSWORD = "attackers-own-long-phrase"
NEW_PASSWORD = "the-attackers-choice-99"


def sign_up(username: str, password: str, email: str = "") -> Client:
    """A newcomer's phone: the sign-up form, logged in at once."""
    client = Client()
    response = client.post(
        reverse("games:signup"), {"username": username, "email": email, "password1": password, "password2": password}
    )
    assert response.status_code == 302
    return client


def import_file(client: Client, document: dict) -> object:
    upload = SimpleUploadedFile("league.json", json.dumps(document).encode(), "application/json")
    return client.post(reverse("games:league-import"), {"file": upload}, follow=True)


def a_file_naming(*members: dict) -> dict:
    return {
        "format": "hearts-league",
        "version": 2,
        "league": {"name": "Friendly league"},
        "players": ["Ann", "Ben", "Cat"],
        "members": list(members),
        "games": [],
    }


def attackers_league() -> League:
    return League.objects.get(owner__username="mallory")


def the_old_password_link(league: League, membership: Membership) -> str:
    """Where the organizer's password link was: no such page any more."""
    return f"/leagues/{league.pk}/members/{membership.pk}/password-link/"


def assert_still_theirs(username: str, password: str) -> None:
    """The account opens with its holder's password, and with no other the attacker could have set."""
    assert Client().login(username=username, password=password)
    assert not Client().login(username=username, password=NEW_PASSWORD)


def assert_no_way_to_set_their_password(attacker: Client, league: League, membership: Membership) -> None:
    for method in (attacker.get, attacker.post):
        response = method(the_old_password_link(league, membership), {"new_password1": NEW_PASSWORD})
        assert response.status_code == 404
    members_page = attacker.get(reverse("games:league-members", args=[league.pk])).content.decode()
    assert "password-link" not in members_page
    assert "/accounts/reset/" not in members_page


def test_no_page_of_a_league_sets_or_resets_a_members_password():
    assert [name for name in pattern_names(games_urls.urlpatterns) if "password" in name] == []


def test_the_takeover_by_a_league_file_fails():
    sign_up("victim", PASSWORD)
    attacker = sign_up("mallory", ATTACKERS_PASSWORD)

    response = import_file(attacker, a_file_naming({"username": "victim", "role": "viewer"}))

    assert response.status_code == 200
    league = attackers_league()
    assert not Membership.objects.filter(user__username="victim").exists()
    assert NamedInvitation.objects.filter(league=league, username="victim").exists()
    members_page = attacker.get(reverse("games:league-members", args=[league.pk])).content.decode()
    assert "victim" in members_page  # as an invitation waiting for a yes, withdrawn at will
    assert "Waiting for their yes" in members_page
    # The victim's membership never existed, so there is none to make a link for.
    assert attacker.get(f"/leagues/{league.pk}/members/1/password-link/").status_code == 404
    assert_still_theirs("victim", PASSWORD)


def test_an_accepted_invitation_gives_the_organizer_no_way_into_the_account():
    victim = sign_up("victim", PASSWORD)
    attacker = sign_up("mallory", ATTACKERS_PASSWORD)
    import_file(attacker, a_file_naming({"username": "victim", "role": "viewer"}))
    invitation = NamedInvitation.objects.get(username="victim")
    assert victim.post(reverse("games:invitation-accept", args=[invitation.pk])).status_code == 302

    league = attackers_league()
    membership = Membership.objects.get(league=league, user__username="victim")
    assert membership.role == "viewer"
    assert_no_way_to_set_their_password(attacker, league, membership)
    assert_still_theirs("victim", PASSWORD)


def test_an_invite_link_then_the_password_link_fails():
    attacker = sign_up("mallory", ATTACKERS_PASSWORD)
    attacker.post(reverse("games:league-new"), {"name": "Bait"})
    league = attackers_league()
    invite = Invite.objects.create(
        league=league, role="scorer", created_by=league.owner, expires_at=timezone.now() + timedelta(days=7)
    )
    victim = sign_up("victim", PASSWORD)
    assert victim.post(reverse("games:invite-accept", args=[invite.token])).status_code == 302

    membership = Membership.objects.get(league=league, user__username="victim")
    assert_no_way_to_set_their_password(attacker, league, membership)
    assert_still_theirs("victim", PASSWORD)


def test_a_member_who_owns_another_league_keeps_their_account():
    victim = sign_up("victim", PASSWORD)
    victim.post(reverse("games:league-new"), {"name": "Victim's own"})
    attacker = sign_up("mallory", ATTACKERS_PASSWORD)
    attacker.post(reverse("games:league-new"), {"name": "Bait"})
    league = attackers_league()
    membership = Membership.objects.create(league=league, user=get_user_model().objects.get(username="victim"))

    assert_no_way_to_set_their_password(attacker, league, membership)
    assert_still_theirs("victim", PASSWORD)


def test_an_account_that_joined_through_a_share_link_keeps_its_password():
    attacker = sign_up("mallory", ATTACKERS_PASSWORD)
    attacker.post(reverse("games:league-new"), {"name": "Bait"})
    league = attackers_league()
    game = make_game(league, "standard", ["Ann", "Ben", "Cat", "Dan"])
    token = join_token(game, "viewer", Membership.objects.get(league=league, user=league.owner))
    victim = sign_up("victim", PASSWORD)
    assert victim.post(reverse("games:game-join", args=[game.pk, token])).status_code == 302

    membership = Membership.objects.get(league=league, user__username="victim")
    assert_no_way_to_set_their_password(attacker, league, membership)
    assert_still_theirs("victim", PASSWORD)


def test_a_league_file_naming_the_organizers_co_organizer_makes_them_no_member_of_anything_new():
    attacker = sign_up("mallory", ATTACKERS_PASSWORD)
    attacker.post(reverse("games:league-new"), {"name": "Shared house"})
    shared = attackers_league()
    sign_up("colleague", PASSWORD)
    colleague = get_user_model().objects.get(username="colleague")
    Membership.objects.create(league=shared, user=colleague, role="organizer")
    document = export_league(shared)
    shared.discard()

    import_file(attacker, {**document, "league": {"name": "Second house"}})

    second = League.objects.get(name="Second house")
    assert list(second.memberships.values_list("user__username", flat=True)) == ["mallory"]
    assert NamedInvitation.objects.get(league=second, username="colleague").role == "organizer"
    assert_still_theirs("colleague", PASSWORD)


def test_a_reset_asked_for_someone_elses_address_goes_only_to_that_address():
    sign_up("victim", PASSWORD, email="victim@example.com")
    attacker = sign_up("mallory", ATTACKERS_PASSWORD, email="mallory@example.com")

    attacker.post(reverse("password_reset"), {"email": "victim@example.com"})

    assert [message.to for message in mail.outbox] == [["victim@example.com"]]
    assert_still_theirs("victim", PASSWORD)
