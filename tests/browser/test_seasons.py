"""Seasons on a 360x740 phone: an organizer names one, and the standings offer it with its own ratings."""

from datetime import date

import pytest
from django.urls import reverse

from games.models import Season
from tests.browser.conftest import overflows_phone, small_targets
from tests.games.league_seed import hand_worked_league

pytestmark = [pytest.mark.browser, pytest.mark.both_databases]


def test_an_organizer_adds_a_season_and_the_standings_show_it(transactional_db, phone, live_server, league, user,
                                                                screen, csp_violations):  # fmt: skip
    # Three counted games on 1, 2 and 3 March 2025 (Ann, Ben, Cat and Dan).
    hand_worked_league(league, user)
    phone.goto(live_server.url + reverse("games:league-standings", args=[league.pk]))
    # Until one is named, the calendar year is the league's season.
    assert phone.get_by_role("navigation", name="Seasons").get_by_role("link", name="2025").is_visible()
    phone.get_by_role("link", name="name seasons…").click()
    phone.get_by_role("heading", name=f"{league.name}: seasons").wait_for()
    # The form proposes this calendar year; the organizer names the first two days of March instead.
    assert phone.get_by_label("Season's name").input_value() == str(league.today().year)
    phone.get_by_label("Season's name").fill("Early March")
    phone.get_by_label("First day").fill("2025-03-01")
    phone.get_by_label("Last day").fill("2025-03-02")
    screen(phone, "seasons-new")
    assert small_targets(phone) == []
    phone.get_by_role("button", name="Add the season").click()
    phone.get_by_text("Season Early March is saved: the standings offer it.").wait_for()
    assert not overflows_phone(phone)

    phone.get_by_role("link", name="Standings").click()
    seasons = phone.get_by_role("navigation", name="Seasons")
    # The organizer's season replaces the calendar years.
    assert seasons.get_by_role("link", name="2025").count() == 0
    seasons.get_by_role("link", name="Early March").click()
    phone.wait_for_url("**since=2025-03-01&until=2025-03-02**")
    phone.get_by_text("Season Early March: All variants, games played from 1 Mar 2025 to 2 Mar 2025").wait_for()
    phone.get_by_text("Ratings over season Early March's games alone").wait_for()
    assert seasons.get_by_role("link", name="Early March").get_attribute("aria-current") == "page"
    # The two games of the season: Ann, Ben, Cat and Dan played both.
    assert phone.locator("table.standings tbody tr").count() == 4
    assert Season.objects.get(league=league, name="Early March").first_day == date(2025, 3, 1)
    screen(phone, "seasons-standings")
    assert not overflows_phone(phone)
    assert csp_violations == []
