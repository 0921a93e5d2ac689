"""The footer's language switch beside the colours: a pick changes the page's language, and it is kept."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_picking_dutch_turns_the_page_dutch_and_it_stays_so(phone: Page, live_server, league, screen):
    game = make_game(league, "standard")
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    expect(phone.locator("html")).to_have_attribute("lang", "en")
    expect(phone.get_by_role("heading", name=re.compile(r"^Hand 1: \w+ deals$"))).to_be_visible()
    # With JavaScript the pick is enough: the form's own button is not shown.
    expect(phone.get_by_role("button", name="Change language")).to_be_hidden()

    phone.get_by_label("Language").select_option(label="Nederlands")
    expect(phone.locator("html")).to_have_attribute("lang", "nl")
    expect(phone.get_by_role("heading", name=re.compile(r"^Spel 1: \w+ geeft$"))).to_be_visible()
    expect(phone.get_by_role("button", name="Uitloggen")).to_be_visible()
    # Back on the page it was picked on.
    assert phone.url == f"{live_server.url}{game.get_absolute_url()}"
    screen(phone, "game-in-dutch")

    phone.reload()
    expect(phone.locator("html")).to_have_attribute("lang", "nl")
    expect(phone.get_by_label("Taal")).to_have_value("nl")
