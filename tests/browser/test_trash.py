"""The trash on a phone and on a desktop: an organizer deletes a game, finds it in the trash, restores it,
and the standings count it again."""

import re

import pytest
from django.urls import reverse

from tests.browser.conftest import overflows_phone, small_targets
from tests.games.league_seed import hand_worked_league

pytestmark = [pytest.mark.browser, pytest.mark.both_databases]

SCREENS = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}


def anns_games(page, live_server, league) -> str:
    """The Games cell of Ann's row in the standings (Player, Wins, Games, ...)."""
    page.goto(live_server.url + reverse("games:league-standings", args=[league.pk]))
    row = page.locator("table.standings tbody tr", has_text="Ann")
    return row.locator("th, td").nth(2).inner_text().strip()


@pytest.mark.parametrize("size", SCREENS)
def test_an_organizer_deletes_a_game_and_restores_it_from_the_trash(transactional_db, phone, live_server, league,
                                                                     user, screen, csp_violations, size):  # fmt: skip
    phone.set_viewport_size(SCREENS[size])
    # Three counted games on 1, 2 and 3 March 2025, Ann, Ben, Cat and Dan at each.
    games = hand_worked_league(league, user)
    assert anns_games(phone, live_server, league) == "3"

    phone.goto(live_server.url + reverse("games:game-scoresheet", args=[games["wraps"].pk]))
    phone.get_by_role("link", name="Delete this game…").click()
    phone.get_by_role("heading", name="Delete this game?").wait_for()
    phone.get_by_text("go to the league's trash").wait_for()
    phone.get_by_role("button", name="Delete the game").click()
    phone.get_by_text("Game 3, of 3 Mar 2025, is in the trash").wait_for()
    assert anns_games(phone, live_server, league) == "2"

    phone.goto(live_server.url + reverse("games:league-detail", args=[league.pk]))
    phone.get_by_role("link", name="Trash").click()
    phone.get_by_role("heading", name=f"{league.name}: the trash").wait_for()
    trashed = phone.get_by_test_id("trashed-game-3")
    assert "Ann" in trashed.inner_text()
    screen(phone, f"trash-{size}")
    if size == "phone":
        assert small_targets(phone) == []
        assert not overflows_phone(phone)
    trashed.get_by_role("button", name="Restore game 3").click()
    phone.get_by_text("Game 3, of 3 Mar 2025, is back, in the standings again.").wait_for()
    phone.get_by_role("heading", name=re.compile(r"^Game 3: .*, 3 Mar 2025$")).wait_for()

    assert anns_games(phone, live_server, league) == "3"
    screen(phone, f"trash-restored-standings-{size}")
    assert csp_violations == []
