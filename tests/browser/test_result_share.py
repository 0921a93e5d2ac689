"""A finished game's result sent to the group chat with one tap at 360x740: to the phone's share
sheet (navigator.share, stubbed here to see what it was given), or copied where there is none."""

from datetime import UTC, datetime

import pytest
from playwright.sync_api import Page, expect

from games.models import League, new_token
from tests.games.league_seed import WRAPS, played

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DAY = datetime(2025, 3, 1, 20, tzinfo=UTC)
# WRAPS ends Ann 0, Ben 17, Cat 13, Dan 40 (added up on paper in league_seed.py).
TABLE = "1. Ann 0 · 2. Cat 13 · 3. Ben 17 · 4. Dan 40"

# What the phone's share sheet was handed, kept for the test to read.
SHARE_SHEET = """
Object.defineProperty(navigator, "share", {configurable: true, value: (shared) => {
    window.sharedWith = (window.sharedWith || []).concat([shared]);
    return Promise.resolve();
}});
Object.defineProperty(navigator, "canShare", {configurable: true, value: () => true});
"""
NO_SHARE_SHEET = 'Object.defineProperty(navigator, "share", {configurable: true, value: undefined});'
# Plain http: no secure context, so neither the share sheet nor navigator.clipboard.
PLAIN_HTTP = NO_SHARE_SHEET + 'Object.defineProperty(navigator, "clipboard", {configurable: true, value: undefined});'


@pytest.fixture
def finished(league, user):
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    return played(league, "standard", WRAPS, DAY, {"target": 40, "wraps": [30]}, user=user)


def test_share_hands_the_result_to_the_phones_share_sheet(phone: Page, live_server, league, finished, screen):
    phone.add_init_script(SHARE_SHEET)
    phone.goto(f"{live_server.url}{finished.get_absolute_url()}")
    share = phone.get_by_test_id("share-result")
    expect(share).to_be_visible()
    screen(phone, "result-share")
    share.click()
    phone.wait_for_function("() => window.sharedWith && window.sharedWith.length === 1")
    shared = phone.evaluate("() => window.sharedWith[0]")
    assert shared == {
        "title": f"Game {finished.number}: Hearts",
        "text": f"{league.name}, game {finished.number} (Hearts): won by Ann\n{TABLE}",
        "url": f"{live_server.url}/public/{league.public_token}/games/{finished.pk}/",
    }
    expect(phone).to_have_url(f"{live_server.url}{finished.get_absolute_url()}")  # the link was not followed


def test_without_a_share_sheet_the_text_and_link_are_copied(phone: Page, live_server, league, finished):
    phone.context.grant_permissions(["clipboard-read", "clipboard-write"])
    phone.add_init_script(NO_SHARE_SHEET)
    phone.goto(f"{live_server.url}{finished.get_absolute_url()}")
    phone.get_by_test_id("share-result").click()
    expect(phone.locator("[data-share-status]")).to_have_text("Copied: paste it in the chat.")
    copied = phone.evaluate("() => navigator.clipboard.readText()")
    assert copied == (
        f"{league.name}, game {finished.number} (Hearts): won by Ann\n{TABLE}\n"
        f"{live_server.url}/public/{league.public_token}/games/{finished.pk}/"
    )


def test_on_plain_http_the_text_is_copied_from_its_box(phone: Page, live_server, league, finished):
    phone.context.grant_permissions(["clipboard-read", "clipboard-write"])
    phone.add_init_script(PLAIN_HTTP)
    phone.goto(f"{live_server.url}{finished.get_absolute_url()}")
    phone.get_by_test_id("share-result").click()
    expect(phone.locator("[data-share-status]")).to_have_text("Copied: paste it in the chat.")
    expect(phone.locator("[data-share-copy]")).to_be_hidden()
    expect(phone.get_by_test_id("share-result")).to_be_focused()
    # Read back from another tab of the same phone, which has the clipboard.
    other = phone.context.new_page()
    other.goto(f"{live_server.url}/healthz")
    other.bring_to_front()
    copied = other.evaluate("() => navigator.clipboard.readText()")
    assert copied.startswith(f"{league.name}, game {finished.number} (Hearts): won by Ann\n{TABLE}\n")


def test_the_result_page_a_chat_opens_shares_itself(page: Page, live_server, league, finished):
    page.add_init_script(SHARE_SHEET)
    url = f"{live_server.url}/public/{league.public_token}/games/{finished.pk}/"
    page.goto(url)
    page.get_by_test_id("share-result").click()
    page.wait_for_function("() => window.sharedWith && window.sharedWith.length === 1")
    assert page.evaluate("() => window.sharedWith[0].url") == url
