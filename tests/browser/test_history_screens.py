"""The league's history on a 360x640 phone: standings, a scoresheet with its chart, a player.

Each screen goes through `screen` (tests/browser/conftest.py): a screenshot in
test-artifacts/ to be looked at, and axe. The assertions check what only a
browser shows: nothing wider than the phone, the sort swap, the chart drawn,
44px targets, and no Content-Security-Policy complaint.
"""

import pytest
from django.urls import reverse

from tests.browser.conftest import overflows_phone, small_targets
from tests.games.league_seed import hand_worked_league, seed_league

pytestmark = [pytest.mark.browser]


@pytest.fixture
def league_with_history(transactional_db, league, user):
    games = hand_worked_league(league, user)
    seed_league(league, games=60, players=8, seed=3)
    return games


def test_standings_on_a_phone(phone, live_server, league, league_with_history, screen, csp_violations):
    phone.goto(live_server.url + reverse("games:league-standings", args=[league.pk]))
    assert phone.get_by_role("heading", name=f"{league.name}: standings").is_visible()
    screen(phone, "history-standings")
    assert not overflows_phone(phone)
    assert small_targets(phone) == []

    # Sorting swaps the table in place and puts the address in the history.
    phone.get_by_role("link", name="Avg", exact=True).click()
    phone.wait_for_url("**sort=avg_total**")
    phone.locator('th[aria-sort="ascending"]').wait_for()
    averages = phone.locator("#standings-table tbody tr td:nth-child(5)").all_inner_texts()
    assert [float(value) for value in averages] == sorted(float(value) for value in averages)
    # A season keeps that sort.
    phone.get_by_label("Variant", exact=True).select_option("standard")
    phone.get_by_role("button", name="Show").click()
    phone.wait_for_url("**variant=standard**")
    assert "sort=avg_total" in phone.url
    screen(phone, "history-standings-sorted")
    assert csp_violations == []


def test_standings_in_dark_mode(phone, live_server, league, league_with_history, screen):
    phone.emulate_media(color_scheme="dark")
    phone.goto(live_server.url + reverse("games:league-standings", args=[league.pk]) + "?variant=standard")
    assert phone.locator("html").get_attribute("data-bs-theme") == "dark"
    screen(phone, "history-standings-dark")


def test_a_scoresheet_with_its_chart_on_a_phone(
    phone, live_server, league_with_history, screen, csp_violations, artifacts_dir
):
    game = league_with_history["sixty_nine"]
    phone.goto(live_server.url + reverse("games:game-scoresheet", args=[game.pk]))
    chart = phone.locator("svg.chart-svg")
    assert chart.is_visible()
    box = chart.bounding_box()
    assert box["width"] <= 360
    assert box["height"] > 150
    # Four lines; all but the first dashed.
    assert phone.locator("svg.chart-svg g[class^=chart-s] path[stroke-dasharray]").count() == 3
    screen(phone, "history-scoresheet")
    chart.screenshot(path=str(artifacts_dir / "history-scoresheet-chart.png"))
    assert not overflows_phone(phone)
    assert csp_violations == []


def test_a_scoresheet_in_dark_mode_and_in_print(phone, live_server, league_with_history, screen, artifacts_dir):
    game = league_with_history["wraps"]
    phone.emulate_media(color_scheme="dark")
    phone.goto(live_server.url + reverse("games:game-scoresheet", args=[game.pk]))
    screen(phone, "history-scoresheet-dark")
    assert phone.evaluate("document.documentElement.dataset.bsTheme") == "dark"
    assert brightness(phone.evaluate("getComputedStyle(document.body).backgroundColor")) < 0.25
    phone.locator("svg.chart-svg").screenshot(path=str(artifacts_dir / "history-scoresheet-chart-dark.png"))
    phone.emulate_media(media="print", color_scheme="light")
    phone.screenshot(path=str(artifacts_dir / "history-scoresheet-print.png"), full_page=True)
    # On paper: the sheet and its chart, light, without the app's header and footer.
    assert phone.locator("svg.chart-svg").is_visible()
    assert phone.get_by_role("table").first.is_visible()
    assert not phone.locator(".app-header").is_visible()
    assert not phone.locator(".app-footer").is_visible()
    assert brightness(phone.evaluate("getComputedStyle(document.body).backgroundColor")) > 0.9


def brightness(css_colour: str) -> float:
    """0 for black to 1 for white, from a computed rgb()/rgba() colour."""
    red, green, blue = (int(part) for part in css_colour[css_colour.index("(") + 1 : -1].split(",")[:3])
    return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255


def test_a_players_page_on_a_phone(phone, live_server, league, league_with_history, screen, csp_violations):
    ann = league.players.get(name="Ann")
    phone.goto(live_server.url + reverse("games:player-detail", args=[league.pk, ann.pk]))
    assert phone.get_by_role("heading", name="Ann", exact=True).is_visible()
    assert phone.locator("#rating-chart svg.chart-svg").is_visible()
    assert phone.get_by_text("Beaten most often by").is_visible()
    screen(phone, "history-player")
    assert not overflows_phone(phone)
    assert csp_violations == []


def test_the_league_page_leads_to_the_history(phone, live_server, league, league_with_history, screen):
    phone.goto(live_server.url + reverse("games:league-detail", args=[league.pk]))
    phone.get_by_role("navigation", name=league.name).get_by_role("link", name="Games").click()
    phone.wait_for_url(f"**{reverse('games:league-games', args=[league.pk])}")
    assert phone.get_by_role("heading", name=f"{league.name}: every game").is_visible()
    screen(phone, "history-games")
    assert not overflows_phone(phone)


def test_the_members_page_on_a_phone(phone, live_server, league, league_with_history, screen, csp_violations):
    phone.goto(live_server.url + reverse("games:league-members", args=[league.pk]))
    phone.get_by_role("button", name="Create invite link").click()
    phone.get_by_text("Open invite links").wait_for()
    phone.get_by_role("button", name="Turn on").click()
    phone.get_by_label("The league's public link").wait_for()
    screen(phone, "history-members")
    assert not overflows_phone(phone)
    assert small_targets(phone) == []
    assert csp_violations == []


def test_the_public_link_on_a_phone(page, live_server, league, league_with_history, screen):
    league.public_token = "a-public-token-for-the-browser-test"
    league.save(update_fields=["public_token"])
    page.goto(live_server.url + reverse("games:public-games", args=[league.public_token]))
    assert page.get_by_role("heading", name=f"{league.name}: every game").is_visible()
    page.get_by_role("link", name="Older ›").click()
    page.wait_for_url("**page=2**")
    screen(page, "history-public-games")
    assert not overflows_phone(page)


def test_a_desktop_shows_every_column_of_the_standings(
    new_phone, user, live_server, league, league_with_history, screen, csp_violations
):
    desk = new_phone(user, viewport={"width": 1280, "height": 800})
    desk.goto(live_server.url + reverse("games:league-standings", args=[league.pk]))
    assert desk.get_by_role("heading", name=f"{league.name}: standings").is_visible()
    screen(desk, "history-standings-desktop")
    headers = desk.locator("#standings-table thead th")
    labels = [text.strip() for text in headers.all_inner_texts()]
    assert "Wraps" in labels[-2]
    assert "69×5" in labels[-1]
    # Every column in view, none behind the table's sideways scroll.
    for index in range(headers.count()):
        box = headers.nth(index).bounding_box()
        assert box is not None, labels[index]
        assert 0 <= box["x"] <= box["x"] + box["width"] <= 1280, labels[index]
    assert desk.evaluate(
        "[...document.querySelectorAll('#standings-table .table-scroll')].every(s => s.scrollWidth <= s.clientWidth)"
    )
    assert csp_violations == []


def test_a_desktop_gives_the_other_history_pages_its_width_too(
    new_phone, user, live_server, league, league_with_history
):
    desk = new_phone(user, viewport={"width": 1280, "height": 800})
    for url in (
        reverse("games:league-games", args=[league.pk]),
        reverse("games:game-scoresheet", args=[league_with_history["sixty_nine"].pk]),
    ):
        desk.goto(live_server.url + url)
        assert desk.locator("main").bounding_box()["width"] > 1000, url
