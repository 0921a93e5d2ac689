"""No Content-Security-Policy error in the console (every browser test fails on one:
see no_csp_violations in conftest.py), even when something outside the app
(axe, a browser extension, a page translator) has put a style attribute on a
region that htmx then swaps."""

import pytest
from playwright.sync_api import Page, expect

from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_style_attribute_on_a_swapped_region_is_not_copied_by_htmx(phone: Page, live_server, league, csp_violations):
    game = make_game(league, "standard", first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    # Through the CSSOM, as an extension would: allowed by the CSP, but htmx
    # used to copy the attribute onto the new region with setAttribute.
    phone.evaluate("""() => ['totals', 'next-deal', 'entry', 'hands', 'history', 'status'].forEach((id) => {
        const region = document.getElementById(id);
        if (region) region.style.outline = '1px solid transparent';
    })""")
    phone.get_by_test_id("queen-1").click()
    phone.locator("input[name='hearts_0']").click()
    phone.keyboard.type("13")
    phone.get_by_test_id("hand-submit").click()
    expect(phone.get_by_test_id("totals").locator(".totals-score")).to_have_text(["13", "13", "0", "0"])
    assert csp_violations == []
