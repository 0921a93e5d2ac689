"""Every seat visible on a 360px phone, 3 to 8 players: the totals on one row,
the hand entry and the game-over page without sideways scrolling of the page,
and a hands table whose hand number stays put when long names make it scroll
sideways inside its own region.

The games are played out by the model with a simple rota (one seat takes all
the hearts but one, the next seat one heart, a third the Q♠) until the engine
says the game is over; what the page shows is the engine's to say.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from rules import HandEntry
from tests.browser.conftest import PHONE_WIDTH, overflows_phone, small_targets
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHORT = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
LONG = ["Annabelle", "Bartholomew", "Catherine", "Dominique", "Evangeline", "Fitzgerald", "Guinevere", "Hildegard"]


def play_out(game, players: int) -> None:
    """Hands until the game is over: the rota keeps the totals apart."""
    setup = game.setup()
    in_play = setup.hearts_in_play
    number = 1
    while not game.state().is_over:
        hearts = [0] * players
        hearts[number % players] = in_play - 1
        hearts[(number + 1) % players] = 1
        jack = (number + 2) % players if setup.variant.key in ("omnibus", "3d") else None
        game.record_hand(number, HandEntry.cards(hearts, (number + 3) % players, jack))
        game.refresh_from_db()
        number += 1


def assert_every_total_on_screen(phone: Page) -> None:
    scores = phone.get_by_test_id("totals").locator(".totals-seat")
    for seat in scores.all():
        box = seat.bounding_box()
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= PHONE_WIDTH, f"{seat.inner_text()} is off the right edge"


@pytest.mark.parametrize(
    ("variant", "names"),
    [("standard", SHORT[:3]), ("standard", SHORT[:6]), ("standard", LONG[:7]), ("3d", SHORT), ("3d", LONG)],
    ids=["3", "6", "7-long-names", "8", "8-long-names"],
)
def test_every_seat_is_visible_while_playing_and_at_the_end(phone: Page, live_server, league, screen, variant, names):
    game = make_game(league, variant, players=names, first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    assert not overflows_phone(phone), "the hand entry scrolls sideways"
    assert_every_total_on_screen(phone)
    assert small_targets(phone) == []

    play_out(game, len(names))
    phone.reload()
    expect(phone.get_by_role("status").filter(has_text="Game over")).to_be_visible()
    assert not overflows_phone(phone), "the game-over page scrolls sideways"
    assert_every_total_on_screen(phone)
    # Every winner named by the engine is a seat on screen.
    expect(phone.get_by_test_id("totals").locator(".totals-seat.is-leading")).not_to_have_count(0)

    # A wide table scrolls inside its region; the hand number does not move.
    region = phone.get_by_role("region", name="Hands table")
    number = phone.locator(".hands-table tbody th.hand-number").first
    before = number.bounding_box()["x"]
    region.evaluate("(el) => { el.scrollLeft = el.scrollWidth; }")
    assert number.bounding_box()["x"] == before
    screen(phone, f"every-seat-{variant}-{len(names)}-{'long' if names[0] == LONG[0] else 'short'}")
