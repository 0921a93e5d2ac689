"""What a phone does with the base page: install it, keep the screen on, report a lost connection."""

import json

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import field

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# A stand-in for the Screen Wake Lock API that records each request, and lets
# the test hide and show the page (document.visibilityState is read-only).
FAKE_WAKE_LOCK = """
window.wakeLockRequests = [];
window.pageVisibility = "visible";
Object.defineProperty(document, "visibilityState", {get: () => window.pageVisibility});
Object.defineProperty(navigator, "wakeLock", {value: {
  request(kind) {
    const sentinel = {released: false};
    window.wakeLockRequests.push({kind, sentinel});
    return Promise.resolve(sentinel);
  },
}});
"""

NO_WAKE_LOCK = "Object.defineProperty(Navigator.prototype, 'wakeLock', {get: () => undefined});"


def serve_page(page: Page, live_server, body_attrs: str) -> str:
    """A bare page on the live server's origin that loads the real wakelock.js."""
    url = f"{live_server.url}/wake-lock-check/"
    script = '<script src="/static/js/wakelock.js" defer></script>'
    html = f'<!doctype html><html lang="en"><body {body_attrs}>{script}</body></html>'
    page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=html))
    return url


def requests(page: Page) -> int:
    return page.evaluate("() => window.wakeLockRequests.length")


def test_a_game_page_keeps_the_screen_on_and_asks_again_after_being_hidden(page: Page, live_server):
    page.add_init_script(FAKE_WAKE_LOCK)
    page.goto(serve_page(page, live_server, "data-wake-lock"))
    page.wait_for_function("() => window.wakeLockRequests.length === 1")
    assert page.evaluate("() => window.wakeLockRequests[0].kind") == "screen"

    # Hidden, the browser releases the lock; shown again, the page asks anew.
    page.evaluate("""() => {
        window.wakeLockRequests[0].sentinel.released = true;
        window.pageVisibility = "hidden";
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    assert requests(page) == 1
    page.evaluate("""() => {
        window.pageVisibility = "visible";
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    page.wait_for_function("() => window.wakeLockRequests.length === 2")

    # Shown while the lock is still held: no second lock.
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    page.evaluate("() => new Promise((resolve) => setTimeout(resolve, 0))")
    assert requests(page) == 2


def test_other_pages_let_the_screen_sleep(page: Page, live_server):
    page.add_init_script(FAKE_WAKE_LOCK)
    page.goto(serve_page(page, live_server, ""))
    page.wait_for_load_state("load")
    assert requests(page) == 0


def test_a_browser_without_wake_lock_shows_no_error(page: Page, live_server):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script(NO_WAKE_LOCK)
    page.goto(serve_page(page, live_server, "data-wake-lock"))
    page.wait_for_load_state("load")
    assert page.evaluate("() => navigator.wakeLock") is None
    assert errors == []


def test_a_refused_wake_lock_shows_no_error(page: Page, live_server):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script(
        "Object.defineProperty(navigator, 'wakeLock', {value: {"
        "request: () => Promise.reject(new DOMException('No', 'NotAllowedError'))}});"
    )
    page.goto(serve_page(page, live_server, "data-wake-lock"))
    page.wait_for_load_state("load")
    assert errors == []


def test_chromium_reads_the_manifest_without_errors(page: Page, live_server):
    page.goto(live_server.url)
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/static/manifest.webmanifest")
    assert manifest["errors"] == []
    assert json.loads(manifest["data"])["display"] == "standalone"
    for icon in json.loads(manifest["data"])["icons"]:
        response = page.request.get(f"{live_server.url}/static/{icon['src']}")
        assert response.ok, icon["src"]
        assert response.headers["content-type"] == icon["type"]


def test_a_lost_connection_is_reported_instead_of_a_dead_tap(phone: Page, live_server, league):
    phone.goto(f"{live_server.url}{league.get_absolute_url()}")
    phone.route("**/players/new/", lambda route: route.abort("internetdisconnected"))
    field(phone, "Add a player").fill("Ann")
    phone.get_by_role("button", name="Add", exact=True).click()
    expect(phone.get_by_role("alert")).to_have_text("Couldn't reach the server. Check the connection and try again.")
    assert league.players.count() == 0

    # Back on the network, the retry goes through and the warning goes away.
    phone.unroute("**/players/new/")
    phone.get_by_role("button", name="Add", exact=True).click()
    expect(phone.get_by_role("status")).to_have_text(f"Ann joined {league.name}.")
    expect(phone.get_by_role("alert")).to_have_count(0)
    assert list(league.players.values_list("name", flat=True)) == ["Ann"]


def test_the_skip_link_is_the_first_stop_and_moves_the_focus_to_the_content(phone: Page, live_server, league):
    phone.goto(f"{live_server.url}{league.get_absolute_url()}")
    phone.keyboard.press("Tab")
    skip = phone.get_by_role("link", name="Skip to content")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    phone.keyboard.press("Enter")
    expect(phone.locator("main")).to_be_focused()
    # The next Tab lands inside the content, past the header's controls: on the league's first tab.
    phone.keyboard.press("Tab")
    expect(phone.get_by_role("navigation", name=league.name).get_by_role("link", name="League")).to_be_focused()
