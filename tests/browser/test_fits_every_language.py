"""Every language fits a 360x740 phone (issue 36).

Measured in Chromium before the change: Record's label took two lines in de, fr and es ("Runde 1
eintragen", "Enregistrer la donne 1", "Anotar la mano 1"), and so did fr's "Se déconnecter"; the
scoresheet scrolled the whole page sideways in every language (406 px in English, 453 in German:
a cell's screen-reader-only "total" escaped the table's own scroller); the cheat-sheets' tables
kept each cell on one line, 388/399 px wide in French/Spanish and Cancellation's 415-570 px.

One test per language, the language the footer switch's cookie, as a reader who picked it has;
controls are found by their test ids, not their words, so one test reads every language.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse
from playwright.sync_api import Page, expect

from rules import HandEntry
from rules.variants import PRESETS
from tests.browser.conftest import PHONE_WIDTH, overflows_phone
from tests.browser.test_record_in_reach import in_reach
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = [code for code, _name in settings.LANGUAGES]
PHONE_HEIGHT = 740

# How many lines a box's text takes: the distinct tops of its text's line boxes (a button's height is
# its tap target's, not its text's).
LINES = """(el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
}"""

# Each table wider than the screen, and whether a named, focusable scroller of its own holds it with a hint.
WIDE_TABLES = """(width) => [...document.querySelectorAll('table')]
    .filter((table) => table.getBoundingClientRect().right > width || table.getBoundingClientRect().left < 0)
    .map((table) => {
        const region = table.parentElement;
        const hint = document.getElementById(region.getAttribute('aria-describedby') || '');
        return {
            table: table.className,
            scrolls: getComputedStyle(region).overflowX === 'auto' && region.getBoundingClientRect().right <= width,
            focusable: region.tabIndex === 0,
            named: region.getAttribute('role') === 'region'
                && !!(region.getAttribute('aria-label') || region.getAttribute('aria-labelledby')),
            hint: hint !== null && hint.offsetParent !== null && hint.textContent.trim() !== '',
        };
    })"""


def in_language(phone: Page, live_server, language: str) -> Page:
    phone.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}])
    return phone


def below_the_bar(phone: Page) -> float:
    return phone.get_by_test_id("record-bar").evaluate("(el) => el.getBoundingClientRect().top")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_of_a_hand_fits_the_phone_in_every_language(phone: Page, live_server, league, user, language):
    # A league's name as long as real ones get, as test_record_in_reach has it.
    league.name = "Thursday night at the Red Lion, upstairs"
    league.save()
    game = make_game(league, "standard", players=4, first_dealer=0)
    played = make_game(league, "standard", players=4, first_dealer=0)
    # A moon subtracted, a moon added and a revoke: the scoresheet's widest cells.
    played.record_hand(1, HandEntry.cards([13, 0, 0, 0], 0, moon="subtract"), user)
    played.record_hand(2, HandEntry.cards([0, 13, 0, 0], 1, moon="add"), user)
    played.record_hand(3, HandEntry.revoked(2), user)
    in_language(phone, live_server, language).goto(live_server.url + game.get_absolute_url())
    expect(phone.locator("html")).to_have_attribute("lang", language)

    # The first screen: Record on one line, wholly on it and uncovered, and every hearts row above the bar.
    assert phone.evaluate("() => [innerWidth, innerHeight, scrollY]") == [PHONE_WIDTH, PHONE_HEIGHT, 0]
    record = phone.get_by_test_id("hand-submit")
    assert record.evaluate(LINES) == 1, f"Record's label wraps: {record.inner_text()!r}"
    assert phone.locator(".app-logout .btn").evaluate(LINES) == 1, "Log out wraps"
    assert in_reach(phone, record), "Record is not on the first screen"
    rows = phone.locator(".hearts-row")
    expect(rows).to_have_count(4)
    bar = below_the_bar(phone)
    for seat, row in enumerate(rows.all()):
        box = row.bounding_box()
        assert box is not None
        assert box["y"] >= 0
        assert box["y"] + box["height"] <= min(bar, PHONE_HEIGHT), f"hearts row {seat + 1} is under the Record bar"
    assert not overflows_phone(phone)

    # A moon: Ann takes the Q♠ and every heart; the add/subtract choice comes into view above the bar.
    phone.get_by_test_id("queen-0").click()
    phone.get_by_test_id("hearts-rest-0").click()
    expect(phone.get_by_test_id("moon-add")).to_be_visible()
    phone.wait_for_function(
        "() => document.querySelector('.moon-box').getBoundingClientRect().bottom"
        " <= document.querySelector('[data-testid=record-bar]').getBoundingClientRect().top"
    )
    for control in ("moon-add", "moon-subtract"):
        assert in_reach(phone, phone.get_by_test_id(control)), f"{control} is out of reach"
    assert in_reach(phone, record)

    # The scoresheet: no sideways page; its table scrolls in a named region of its own and says so.
    phone.goto(live_server.url + reverse("games:game-scoresheet", args=[played.pk]))
    expect(phone.locator(".scoresheet")).to_be_visible()
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE_WIDTH
    wide = phone.evaluate(WIDE_TABLES, PHONE_WIDTH)
    assert wide == [] or all(
        table["scrolls"] and table["focusable"] and table["named"] and table["hint"] for table in wide
    ), wide

    # Every cheat-sheet: each table within the screen, no sideways page.
    for variant in PRESETS:
        phone.goto(live_server.url + reverse("games:rules-variant", args=[variant]))
        expect(phone.locator(".sheet-table").first).to_be_attached()
        assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE_WIDTH, variant
        assert phone.evaluate(WIDE_TABLES, PHONE_WIDTH) == [], variant
