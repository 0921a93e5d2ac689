"""The next phone in with one scan: the organizer opens Share on the game page,
the newcomer's phone opens the link the QR code carries, signs up, taps Join
once, and lands on the game's live page as a viewer, which then follows the
next hand."""

import re

import pytest
from playwright.sync_api import Page, expect

from games.models import Membership
from tests.browser.conftest import field
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOLLOW_TIMEOUT_MS = 10_000


def test_a_newcomer_scans_signs_up_and_lands_on_the_live_game(phone: Page, new_phone, live_server, league, screen):
    game = make_game(league, "standard", first_dealer=0)
    phone.context.grant_permissions(["clipboard-read", "clipboard-write"])
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.get_by_test_id("share-open").click()
    share = phone.get_by_test_id("share")
    expect(share.locator("svg").first).to_be_visible()  # the share link's; the table's scoring link has its own
    phone.get_by_test_id("copy-link").click()
    expect(share).to_contain_text("Link copied.")
    link = phone.evaluate("() => navigator.clipboard.readText()")
    assert re.search(rf"/games/{game.pk}/join/", link)
    expect(phone.get_by_label("Who scans this joins as")).to_have_value("viewer")
    screen(phone, "share-panel")

    newcomer = new_phone(None)
    newcomer.goto(link)
    expect(newcomer.get_by_role("heading", level=1)).to_have_text("Log in")
    newcomer.get_by_role("link", name="Sign up").click()
    field(newcomer, "Username").fill("eve")
    field(newcomer, "Password").fill("queen-of-spades-13")
    field(newcomer, "Password again").fill("queen-of-spades-13")
    newcomer.get_by_role("button", name="Sign up").click()
    newcomer.get_by_test_id("join-game").click()

    expect(newcomer).to_have_url(f"{live_server.url}{game.get_absolute_url()}")
    expect(newcomer.get_by_role("status").filter(has_text="you joined as viewer")).to_be_visible()
    assert Membership.objects.get(league=league, user__username="eve").role == Membership.Role.VIEWER
    expect(newcomer.get_by_test_id("hand-submit")).to_have_count(0)  # a viewer follows, never enters

    # The organizer records a hand; the newcomer's page follows by itself.
    phone.get_by_test_id("queen-1").click()
    phone.get_by_test_id("hearts-rest-0").click()
    phone.get_by_test_id("hand-submit").click()
    expect(newcomer.get_by_test_id("totals").locator(".totals-score")).to_have_text(
        ["13", "13", "0", "0"], timeout=FOLLOW_TIMEOUT_MS
    )


def test_the_organizer_may_let_scorers_in_instead(phone: Page, live_server, league):
    game = make_game(league, "standard")
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.get_by_test_id("share-open").click()
    phone.get_by_label("Who scans this joins as").select_option("scorer")
    expect(phone.get_by_test_id("share")).to_contain_text("as scorer")


def test_a_link_sent_to_the_wrong_chat_is_stopped_with_one_tap(phone: Page, new_phone, live_server, league, screen):
    game = make_game(league, "standard")
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.get_by_test_id("share-open").click()
    old = phone.locator("[data-share-link]").input_value()
    phone.get_by_test_id("share-stop").click()
    expect(phone.get_by_role("status").filter(has_text="no longer let anyone join")).to_be_visible()
    expect(phone.locator("[data-share-link]")).not_to_have_value(old)
    screen(phone, "share-stopped")

    stranger = new_phone(None)
    stranger.goto(old)
    expect(stranger.get_by_text("An organizer has stopped this share link")).to_be_visible()
