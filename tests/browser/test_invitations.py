"""A league file's member answers the invitation on their phone, and a forgotten password's pages
fit it too (issue 34). Each screen is checked by axe and photographed (tests/browser/conftest.py)."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from games.models import Membership, NamedInvitation
from tests.browser.conftest import overflows_phone, small_targets
from tests.factories import LeagueFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.both_databases, pytest.mark.django_db(transaction=True)]


def test_an_invited_member_accepts_on_the_home_page_of_a_phone(new_phone, live_server, screen):
    bob = UserFactory(username="bob")
    league = LeagueFactory(name="Thursday Hearts at the Corner Café, upstairs")
    NamedInvitation.objects.create(league=league, username="bob", role="scorer", invited_by=league.owner)
    NamedInvitation.objects.create(league=LeagueFactory(name="Family"), username="bob", role="viewer")
    phone = new_phone(bob)

    phone.goto(f"{live_server.url}/")
    invitations = phone.get_by_test_id("invitations")
    expect(invitations).to_contain_text(f"{league.owner.username} invites you to {league.name} as scorer.")
    assert small_targets(phone) == []
    assert not overflows_phone(phone), "the home page scrolls sideways at 360px"
    screen(phone, "home-invitations")

    invitations.get_by_role("button", name=f"Accept the invitation to {league.name}").click()

    expect(phone).to_have_url(f"{live_server.url}{reverse('games:league-standings', args=[league.pk])}")
    assert Membership.objects.get(league=league, user=bob).role == "scorer"
    phone.goto(f"{live_server.url}/")
    expect(phone.get_by_test_id("invitations")).to_contain_text("Family")
    expect(phone.get_by_test_id("invitations")).not_to_contain_text(league.name)


def test_the_reset_and_address_pages_fit_a_phone(new_phone, live_server, user, screen):
    screens = [
        (new_phone(None), reverse("password_reset"), "password-reset"),
        (new_phone(None), reverse("password_reset_done"), "password-reset-done"),
        (new_phone(user), reverse("games:account-email"), "account-email"),
    ]
    for phone, path, name in screens:
        phone.goto(f"{live_server.url}{path}")
        assert small_targets(phone) == [], name
        assert not overflows_phone(phone), f"{name} scrolls sideways at 360px"
        screen(phone, name)
