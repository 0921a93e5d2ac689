"""The screens this branch added or reshaped pass axe in dark mode too (the
other browser tests check them in light), with no target under 44px."""

import pytest
from playwright.sync_api import Page, expect

from rules import HandEntry
from tests.browser.conftest import small_targets
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_new_game_share_pad_and_a_played_game_pass_axe(phone: Page, live_server, league, screen, color_scheme):
    phone.emulate_media(color_scheme=color_scheme)
    game = make_game(league, "omnibus", players=6, first_dealer=0)
    game.record_hand(1, HandEntry.cards([13, 0, 0, 0, 0, 0], 0, 1, moon="add"))  # a moon: a note in the table
    phone.goto(f"{live_server.url}/leagues/{league.pk}/games/new/?variant=ricketts")
    phone.locator("#options > summary").click()
    phone.locator(".more-options > summary").click()
    screen(phone, f"game-new-options-{color_scheme}")
    assert small_targets(phone) == []

    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.get_by_test_id("share-open").click()
    # The share link's QR code, the first of the panel (the table's scoring link has its own below it).
    expect(phone.get_by_test_id("share").locator("svg").first).to_be_visible()
    phone.locator("#history summary").click()
    screen(phone, f"game-shared-{color_scheme}")
    assert small_targets(phone) == []

    phone.goto(f"{live_server.url}/games/{game.pk}/pad/")
    screen(phone, f"score-pad-{color_scheme}")
