"""Every date form in every language, in Chromium: the field shows its day, and the form saved
unchanged keeps it (issue 36: in nl, de, fr and es the date picker was empty, and the day page
saved unchanged was refused as "required").

The language is the footer switch's cookie, as a reader who picked it has. Buttons are found by
their place in the form, not their words, so one test reads every language.
"""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.conf import settings
from django.urls import reverse
from playwright.sync_api import Page, expect

from games.models import Game, Season
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.both_databases, pytest.mark.django_db(transaction=True)]

LANGUAGES = [code for code, _name in settings.LANGUAGES]


def in_language(phone: Page, live_server, language: str) -> Page:
    phone.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}])
    return phone


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_new_game_keeps_todays_date_in_every_language(phone: Page, live_server, league, language):
    in_language(phone, live_server, language).goto(live_server.url + reverse("games:game-new", args=[league.pk]))
    expect(phone.locator("html")).to_have_attribute("lang", language)
    today = league.today().isoformat()
    expect(phone.locator("#id_played_on")).to_have_value(today)
    for count, name in enumerate(["Ann", "Ben", "Cat", "Dan"], start=1):
        phone.locator("#id_new_name").fill(name)
        phone.locator("#id_new_name").press("Enter")
        expect(phone.locator("#seats .seat-name")).to_have_count(count)
    expect(phone.locator("#id_played_on")).to_have_value(today)
    phone.locator("button[name=start]").click()
    expect(phone).to_have_url(re.compile(r"/games/\d+/$"))
    assert Game.objects.get(league=league).played_on == league.today()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_day_page_saved_unchanged_keeps_the_day_in_every_language(phone: Page, live_server, league, language):
    game = make_game(league, played_on=date(2025, 3, 8))
    in_language(phone, live_server, language).goto(live_server.url + reverse("games:game-day", args=[game.pk]))
    expect(phone.locator("#id_played_on")).to_have_value("2025-03-08")
    phone.get_by_test_id("day-save").click()
    expect(phone).to_have_url(re.compile(rf"/games/{game.pk}/$"))
    game.refresh_from_db()
    assert game.played_on == date(2025, 3, 8)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_season_saved_unchanged_keeps_its_days_in_every_language(phone: Page, live_server, league, language):
    season = Season.add(league, "Spring 2025", date(2025, 3, 1), date(2025, 5, 31))
    url = live_server.url + reverse("games:season-edit", args=[league.pk, season.pk])
    in_language(phone, live_server, language).goto(url)
    expect(phone.locator("#id_first_day")).to_have_value("2025-03-01")
    expect(phone.locator("#id_last_day")).to_have_value("2025-05-31")
    phone.locator("main form button[type=submit]").click()
    expect(phone).to_have_url(re.compile(r"/seasons/$"))
    season.refresh_from_db()
    assert (season.first_day, season.last_day) == (date(2025, 3, 1), date(2025, 5, 31))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_standings_dates_shown_again_keep_their_span_in_every_language(phone: Page, live_server, league, language):
    url = live_server.url + reverse("games:league-standings", args=[league.pk]) + "?since=2025-03-01&until=2025-05-31"
    in_language(phone, live_server, language).goto(url)
    expect(phone.locator("#id_since")).to_have_value("2025-03-01")
    expect(phone.locator("#id_until")).to_have_value("2025-05-31")
    phone.locator("form.season-filter button[type=submit]").click()
    expect(phone).to_have_url(re.compile(r"since=2025-03-01&until=2025-05-31"))
    expect(phone.locator("#id_since")).to_have_value("2025-03-01")
