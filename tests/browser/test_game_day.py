"""A paper game entered later was dated today: the scorer puts the day right from the game page."""

from datetime import date

import pytest
from playwright.sync_api import Page, expect

from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.both_databases, pytest.mark.django_db(transaction=True)]


def test_a_scorer_puts_the_day_played_right(phone: Page, live_server, league, screen, csp_violations):
    game = make_game(league, played_on=date(2025, 3, 8))
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.get_by_role("link", name="Day played").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("When was game 1 played?")
    screen(phone, "game-day")
    phone.get_by_label("Played on").fill("2025-03-01")
    phone.get_by_test_id("day-save").click()
    expect(phone.get_by_role("status").filter(has_text="Game 1 is now dated 1 Mar 2025")).to_be_visible()
    expect(phone.locator(".game-sub")).to_contain_text("1 Mar 2025")
    game.refresh_from_db()
    assert game.played_on == date(2025, 3, 1)
    assert csp_violations == []
