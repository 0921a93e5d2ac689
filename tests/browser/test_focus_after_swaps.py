"""Focus stays where the person is after a swap (issue 39): a standings sort, a season link and a
seat button of the new-game page each replace the region holding them, which took the focus to
the top of the page; the same control, in its new region, has it now (static/js/focus_keeper.js).
The game page's own swaps (Record, Delete, another phone's hand) are in test_game_announces_itself."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_every_page_axe import sign_in
from tests.ops.conftest import table  # noqa: F401 (the URL-wide tests' league, as a fixture here)
from tests.ops.routes import BY_NAME

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

IN_REGION = "(selector) => document.activeElement.closest(selector) !== null"


def open_as_organizer(page: Page, league_table, name: str, live_server) -> None:
    sign_in(page, league_table, "organizer", live_server)
    page.goto(f"{live_server.url}{BY_NAME[name].url(league_table, 'organizer')}")


def test_a_sort_and_a_season_link_keep_the_focus_on_the_link_used(page: Page, table, live_server):  # noqa: F811
    page.set_viewport_size({"width": 360, "height": 740})
    open_as_organizer(page, table, "league-standings", live_server)
    wins = page.locator("#standings-table thead th").nth(1)
    sorted_before = wins.get_attribute("aria-sort")
    wins.locator("a").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#standings-table thead th").nth(1)).not_to_have_attribute("aria-sort", sorted_before or "")
    # The same column's link, in the table drawn anew.
    page.wait_for_function(IN_REGION, arg="#standings-table thead th:nth-child(2)")

    every_date = page.locator("nav.season-years a").filter(has_text="every date")
    every_date.focus()
    page.keyboard.press("Enter")
    expect(page.locator("nav.season-years a[aria-current=page]")).to_have_text("every date")
    page.wait_for_function(IN_REGION, arg="nav.season-years")
    expect(page.locator("nav.season-years a").filter(has_text="every date")).to_be_focused()


def test_a_seat_button_hands_the_focus_to_the_next_player_to_seat(page: Page, table, live_server):  # noqa: F811
    page.set_viewport_size({"width": 360, "height": 740})
    open_as_organizer(page, table, "game-new", live_server)
    first = page.locator("button[name=add_player]").first
    seated = first.get_attribute("value")
    following = page.locator("button[name=add_player]").nth(1).get_attribute("value")
    first.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".seat-row .seat-name")).to_have_text([seated])
    page.wait_for_function(IN_REGION, arg="#seats")
    assert page.evaluate("() => document.activeElement.value") == following
