"""axe-core with the WCAG 2.2 AA rules finds nothing on any page (issue 39), kept in the tests.

Every HTML page of the permission matrix's route table (tests/ops/routes.py), as the visitor the
translation check reads it as (tests/ops/untranslated.py), at 360x740 in English, light and dark;
and the table's pages (the game, the hand form, the referee, the club night and its screen) in all
five languages at 1440x900. One browser context, the pages visited in a loop: every violation is
gathered and reported at once, with axe's own words for the rule, the element and the fix.
"""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import Page

from tests.browser.conftest import AXE
from tests.ops.conftest import table  # noqa: F401 (the URL-wide tests' league, as a fixture here)
from tests.ops.routes import BY_NAME, ROUTES
from tests.ops.untranslated import reader

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WCAG_22_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]}}
TABLE_PAGES = ("game-detail", "hand-new", "game-referee", "night-detail", "night-screen")
LANGUAGES = [code for code, _name in settings.LANGUAGES]


def sign_in(page: Page, league_table, role: str, live_server) -> None:
    """The browser as this visitor: their session, or none for a visitor without an account."""
    page.context.clear_cookies()
    user = league_table.users.get(role)
    if user is None:
        return
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}])


def visit(page: Page, league_table, route_name: str, live_server) -> str | None:
    """Open a route's page as its reader; the role, or None when the URL is a region (a poll's, a preview's)."""
    route = BY_NAME[route_name]
    role = reader(route)
    sign_in(page, league_table, role, live_server)
    query = route.query(league_table)
    url = f"{live_server.url}{route.url(league_table, role)}" + (f"?{urlencode(query, doseq=True)}" if query else "")
    response = page.goto(url)
    assert response is not None
    assert response.ok, f"{route_name} as {role}: {response.status}"
    return role if page.locator("body > main").count() else None


def axe_says(page: Page, what: str) -> list[str]:
    """axe's report on the page as it is, or nothing when it finds nothing."""
    results = AXE.run(page, options=WCAG_22_AA)
    return [] if results.violations_count == 0 else [f"{what} {page.url}:\n{results.generate_report()}"]


def in_scheme(page: Page, scheme: str) -> None:
    """The phone's colour scheme changed under the open page: theme.js follows it (the switch is on System)."""
    page.emulate_media(color_scheme=scheme)
    page.wait_for_function("(scheme) => document.documentElement.dataset.bsTheme === scheme", arg=scheme)


def test_every_page_of_the_route_table_passes_axe_at_360_light_and_dark(page: Page, table, live_server):  # noqa: F811
    page.set_viewport_size({"width": 360, "height": 740})
    page.set_extra_http_headers({"Accept-Language": "en"})
    found = []
    checked = 0
    for route in ROUTES:
        if not route.html or reader(route) is None:
            continue
        page.emulate_media(color_scheme="light")
        role = visit(page, table, route.name, live_server)
        if role is None:
            continue
        for scheme in ("light", "dark"):
            in_scheme(page, scheme)
            found += axe_says(page, f"{route.name} ({scheme}, as {role})")
        checked += 1
    assert checked >= 60  # every HTML page of the route table was visited
    assert found == [], "\n\n".join(found)


def test_the_tables_pages_pass_axe_in_every_language_at_1440(page: Page, table, live_server):  # noqa: F811
    page.set_viewport_size({"width": 1440, "height": 900})
    found = []
    for language in LANGUAGES:
        page.set_extra_http_headers({"Accept-Language": language})
        for name in TABLE_PAGES:
            role = visit(page, table, name, live_server)
            found += axe_says(page, f"{name} ({language}, as {role})")
    assert found == [], "\n\n".join(found)
