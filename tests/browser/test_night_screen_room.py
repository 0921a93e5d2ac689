"""The night's screen fits the room (issue 35): at 1920x1080 and 1280x720, with 64 players, every table,
every standings row and the follow-on-your-phone QR code are on screen, page by page where they need
more than one (the pages turn by themselves; a key turns them too), and the smallest text is at least
2% of the screen's height, readable from 5 m."""

import pytest
from playwright.sync_api import Page, expect

from games.models import Night, Player
from tests.games.test_night_screen import screen_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# 40-character names, the longest a league keeps, all different.
NAMES = [f"{first}{second} {'Wójcik-Brzęczyszczykiewicz' * 2}"[:40] for first in "ABCDEFGH" for second in "abcdefgh"]

OFF_SCREEN = """(selector) => {
  const width = innerWidth, height = innerHeight;
  return [...document.querySelectorAll(selector)].filter((element) => {
    if (!element.getClientRects().length) return false;  // on another page
    const box = element.getBoundingClientRect();
    return box.top < -1 || box.left < -1 || box.bottom > height + 1 || box.right > width + 1;
  }).length;
}"""

SHOWN = """(selector) => [...document.querySelectorAll(selector)].filter((element) => element.getClientRects().length).length"""

SMALLEST_TEXT = """() => {
  let smallest = Infinity;
  const walker = document.createTreeWalker(document.querySelector("#screen"), NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, element = node.parentElement;
    if (!node.textContent.trim() || !element.getClientRects().length) continue;
    if (element.closest(".visually-hidden, svg, .share-result")) continue;
    smallest = Math.min(smallest, parseFloat(getComputedStyle(element).fontSize));
  }
  return smallest;
}"""


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
def test_every_row_and_the_qr_code_are_on_the_tv_at_64_players(new_phone, live_server, league, user, size):
    here = [Player.objects.create(league=league, name=name) for name in NAMES]
    night = Night.begin(league, here, "standard", {}, 3, league.today(), name="Big night", seed=1)
    night.start_round(1, user)
    night.end_round(1, user)  # 16 tables abandoned: every player on the standings, round 2 seated
    width, height = size
    tv: Page = new_phone(None, viewport={"width": width, "height": height}, device_scale_factor=1)
    tv.goto(f"{live_server.url}{screen_url(night)}")
    expect(tv.get_by_test_id("night-round")).to_be_visible()
    seen_tables, seen_rows = set(), set()
    for _turn in range(4):
        assert tv.evaluate(OFF_SCREEN, ".night-screen-table, .night-screen-ranking tr, .night-screen-qr svg") == 0
        assert tv.evaluate(SHOWN, ".night-screen-qr svg") == 1
        assert tv.evaluate(SMALLEST_TEXT) >= 0.02 * height
        seen_tables |= set(
            tv.locator(".night-screen-table:visible").evaluate_all("els => els.map(e => e.dataset.testid)")
        )
        seen_rows |= set(
            tv.locator(".night-screen-ranking tbody tr:visible").evaluate_all("els => els.map(e => e.textContent)")
        )
        tv.keyboard.press("ArrowRight")
    assert len(seen_tables) == 16
    assert len(seen_rows) == 64
    assert tv.evaluate("document.documentElement.scrollHeight") <= height
