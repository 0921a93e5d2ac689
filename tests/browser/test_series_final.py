"""The organizer's series page on a phone at 360x740: its standings and night-by-night points fit the
screen, and one tap seats the final table of its top four (issue 35)."""

import pytest
from playwright.sync_api import Page, expect

from games.models import NightSeries
from tests.games.test_series import played_night

pytestmark = [pytest.mark.browser, pytest.mark.both_databases, pytest.mark.django_db(transaction=True)]

# Names near the longest the app keeps (40 characters), as in test_night_totals.
FATIMA = "Fatima Al-Sayed Rodríguez de la Fuente"
LIAM = "Liam O'Brien-MacGillicuddy Fitzgerald"
OLGA = "Ольга Александровна Константинова"
ZOE = "Zoë van der Berg-Vandenbroucke"
EVE = "Eve"


def test_the_organizer_seats_the_final_table_from_the_series_page(phone: Page, live_server, league, screen):
    series = NightSeries.add(league, "Winter 2026", 4)
    # Night 1: Fatima takes 7 hearts and the queen a hand, Liam 3, Olga 2, Zoë 1 (100, 15, 10, 5);
    # night 2 without Zoë: Eve 100, Fatima 5, Liam 10, Olga 15. Zoë scores 1 over one night, Eve 0.
    played_night(league, {FATIMA: 7, LIAM: 3, OLGA: 2, ZOE: 1}, FATIMA, series, "First")
    played_night(league, {FATIMA: 1, LIAM: 2, OLGA: 3, EVE: 7}, EVE, series, "Second")
    phone.goto(f"{live_server.url}{series.get_absolute_url()}")
    expect(phone.locator("#series-standings tbody tr")).to_have_count(5)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    screen(phone, "series-before-final")
    button = phone.get_by_role("button", name="Seat the final table")
    box = button.bounding_box()
    assert box is not None
    assert box["height"] >= 44
    button.click()
    # On to the final's game, seated with the top four in a drawn order.
    expect(phone.locator("body")).to_contain_text("The final table is seated")
    series.refresh_from_db()
    assert series.final is not None
    assert phone.url.endswith(series.final.get_absolute_url())
    assert sorted(seat.player.name for seat in series.final.seats.all()) == sorted([FATIMA, LIAM, OLGA, ZOE])
    phone.goto(f"{live_server.url}{series.get_absolute_url()}")
    expect(phone.get_by_test_id("final-game")).to_be_visible()
    expect(phone.get_by_role("button", name="Seat the final table")).to_have_count(0)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    screen(phone, "series-final-seated")
