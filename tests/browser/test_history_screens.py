"""The league's history on a 360x640 phone: standings, a scoresheet with its chart, a player.

Screenshots go to test-artifacts/ to be looked at; the assertions check what
only a browser shows: nothing wider than the screen, the sort swap, the
chart drawn, no Content-Security-Policy complaints, no serious axe findings.
Screenshots keep the caret (caret="initial"): hiding it, Playwright injects
an inline <style> that the page's policy rightly refuses, and says so.
"""

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from django.urls import reverse

from games.models import Game
from tests.games.league_seed import hand_worked_league, seed_league

pytestmark = [pytest.mark.browser]


@pytest.fixture
def league_with_history(transactional_db, league, user):
    games = hand_worked_league(league, user)
    seed_league(league, games=60, players=8, seed=3)
    return games


@pytest.fixture
def phone(page, live_server, client, user, chromium_path):
    """The page, logged in as the league's owner through the session cookie."""
    client.force_login(user)
    page.context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            }
        ]  # fmt: skip
    )
    complaints = []

    def listen(message):
        # A missing favicon is the browser's guess, not the page's doing.
        if message.type == "error" and "favicon" not in message.location.get("url", ""):
            complaints.append(message.text)

    page.on("console", listen)
    page.on("pageerror", lambda error: complaints.append(str(error)))
    page.complaints = complaints
    return page


def fits_the_screen(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def serious(page) -> list[str]:
    results = Axe().run(page)
    return [v["id"] for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


def test_standings_on_a_phone(phone, live_server, league, league_with_history, artifacts_dir):
    phone.goto(live_server.url + reverse("games:league-standings", args=[league.pk]))
    assert phone.get_by_role("heading", name=f"{league.name}: standings").is_visible()
    phone.screenshot(path=artifacts_dir / "history-standings.png", full_page=True, caret="initial")
    assert fits_the_screen(phone)

    # Sorting swaps the table in place and puts the address in the history.
    phone.get_by_role("link", name="Avg", exact=True).click()
    phone.wait_for_url("**sort=avg_total**")
    phone.locator('th[aria-sort="ascending"]').wait_for()
    averages = phone.locator("#standings-table tbody tr td:nth-child(5)").all_inner_texts()
    assert [float(value) for value in averages] == sorted(float(value) for value in averages)
    assert not phone.complaints
    assert serious(phone) == []


def test_standings_in_dark_mode(phone, live_server, league, league_with_history, artifacts_dir):
    phone.emulate_media(color_scheme="dark")
    phone.goto(live_server.url + reverse("games:league-standings", args=[league.pk]) + "?variant=standard")
    assert phone.locator("html").get_attribute("data-bs-theme") == "dark"
    phone.screenshot(path=artifacts_dir / "history-standings-dark.png", full_page=True, caret="initial")


def test_a_scoresheet_with_its_chart_on_a_phone(phone, live_server, league_with_history, artifacts_dir):
    game = league_with_history["sixty_nine"]
    phone.goto(live_server.url + reverse("games:game-scoresheet", args=[game.pk]))
    chart = phone.locator("svg.chart-svg")
    assert chart.is_visible()
    box = chart.bounding_box()
    assert box["width"] <= 360 and box["height"] > 150
    assert phone.locator("svg.chart-svg g[class^=chart-s] path[stroke-dasharray]").count() == 3
    assert fits_the_screen(phone)
    phone.screenshot(path=artifacts_dir / "history-scoresheet.png", full_page=True, caret="initial")
    chart.screenshot(path=artifacts_dir / "history-scoresheet-chart.png", caret="initial")
    assert not phone.complaints
    assert serious(phone) == []


def test_a_scoresheet_in_dark_mode_and_in_print(phone, live_server, league_with_history, artifacts_dir):
    game = league_with_history["wraps"]
    phone.emulate_media(color_scheme="dark")
    phone.goto(live_server.url + reverse("games:game-scoresheet", args=[game.pk]))
    phone.locator("svg.chart-svg").screenshot(path=artifacts_dir / "history-scoresheet-chart-dark.png", caret="initial")
    phone.emulate_media(media="print", color_scheme="light")
    phone.screenshot(path=artifacts_dir / "history-scoresheet-print.png", full_page=True, caret="initial")


def test_a_players_page_on_a_phone(phone, live_server, league, league_with_history, artifacts_dir):
    ann = league.players.get(name="Ann")
    phone.goto(live_server.url + reverse("games:player-detail", args=[league.pk, ann.pk]))
    assert phone.get_by_role("heading", name="Ann", exact=True).is_visible()
    assert phone.locator("#rating-chart svg.chart-svg").is_visible()
    assert phone.get_by_text("Beaten most often by").is_visible()
    assert fits_the_screen(phone)
    phone.screenshot(path=artifacts_dir / "history-player.png", full_page=True, caret="initial")
    assert not phone.complaints
    assert serious(phone) == []


def test_the_public_link_on_a_phone(page, live_server, league, league_with_history, artifacts_dir):
    league.public_token = "a-public-token-for-the-browser-test"
    league.save(update_fields=["public_token"])
    page.goto(live_server.url + reverse("games:public-games", args=[league.public_token]))
    assert page.get_by_role("heading", name=f"{league.name}: every game").is_visible()
    assert Game.objects.filter(league=league).count() == 66
    page.get_by_role("link", name="Older ›").click()
    page.wait_for_url("**page=2**")
    assert fits_the_screen(page)
    page.screenshot(path=artifacts_dir / "history-public-games.png", full_page=True, caret="initial")
