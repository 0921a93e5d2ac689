"""Light or dark by hand, next to the system's default: the footer's switch, kept on the phone."""

import pytest
from playwright.sync_api import Page, expect

from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def theme(page: Page):
    return expect(page.locator("html"))


def test_the_switch_overrides_the_system_and_is_remembered(phone: Page, live_server, league, screen):
    game = make_game(league, "standard")
    phone.emulate_media(color_scheme="dark")
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    theme(phone).to_have_attribute("data-bs-theme", "dark")
    switch = phone.get_by_role("group", name="Colours")
    expect(switch.get_by_label("System")).to_be_checked()
    screen(phone, "game-dark")

    switch.get_by_text("Light").click()
    theme(phone).to_have_attribute("data-bs-theme", "light")
    phone.reload()
    theme(phone).to_have_attribute("data-bs-theme", "light")
    expect(phone.get_by_role("group", name="Colours").get_by_label("Light")).to_be_checked()
    screen(phone, "game-light-by-hand")

    phone.get_by_role("group", name="Colours").get_by_text("Dark").click()
    phone.emulate_media(color_scheme="light")
    theme(phone).to_have_attribute("data-bs-theme", "dark")

    phone.get_by_role("group", name="Colours").get_by_text("System").click()
    theme(phone).to_have_attribute("data-bs-theme", "light")
