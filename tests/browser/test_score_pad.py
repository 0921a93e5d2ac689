"""The score pad prints on one page of A4 and of US Letter, 3 to 8 players,
long names included, with 20 hands' deals as the engine gives them."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_print import LONG_NAMES, PAPERS, log_in, print_pages
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CASES = {
    "standard-4": ("standard", 4),
    "standard-7-long-names": ("standard", LONG_NAMES[:7]),
    "3d-8": ("3d", 8),
}


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_the_score_pad_prints_on_one_page(page: Page, live_server, artifacts_dir, league, user, case, paper):
    variant, players = CASES[case]
    game = make_game(league, variant, players, first_dealer=1)
    log_in(page, live_server, user)
    pages = print_pages(page, f"{live_server.url}/games/{game.pk}/pad/", paper, f"pad-{case}-{paper}", artifacts_dir)
    assert pages == 1
    rows = page.locator(".pad-table tbody tr")
    expect(rows).to_have_count(21)  # the totals so far, then 20 hands


def test_the_pad_lists_the_engines_deals_from_the_next_hand(phone: Page, live_server, league, screen):
    game = make_game(league, "ricketts", first_dealer=2)
    setup = game.setup()
    phone.goto(f"{live_server.url}/games/{game.pk}/pad/")
    first = phone.locator(".pad-table tbody tr").nth(1).locator("th, td")
    deal = setup.deal(1)
    expect(first.nth(0)).to_have_text("1")
    expect(first.nth(1)).to_have_text(setup.players[deal.dealer])
    expect(first.nth(2)).to_have_text(deal.pass_direction)
    screen(phone, "score-pad")
