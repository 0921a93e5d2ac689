"""Starting RULES.md's More variants from the new-game form on a phone at 360x740, as a person
does (a tap, a box focused and typed into, Enter), then playing a partners game to its end.

Figures worked out by hand: partners Ann+Cat and Ben+Dan (sitting opposite) to 50; each hand
Ben takes the Q♠ and one heart and Cat the other 12: Ann+Cat 12 and Ben+Dan 14 a hand; after
four hands 48 and 56, past 50, and Ann+Cat win: a win for Ann and for Cat in the standings.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from games.models import Game
from tests.browser.test_more_variants_entry import Person, first_screen, note, play_partners_to_the_end

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOUR = ["Ann", "Ben", "Cat", "Dan"]


def seat_new_players(phone: Page, person: Person) -> None:
    """Each name typed into New player and Enter pressed, as at a table of newcomers."""
    seats = phone.locator("#seats .seat-name")
    for count, name in enumerate(FOUR, start=1):
        person.type_into(phone.get_by_label("New player"), name)
        person.enter()
        expect(seats).to_have_count(count)


def test_a_turbo_game_starts_from_the_new_game_form(phone: Page, live_server, league, screen):
    phone.goto(f"{live_server.url}/leagues/{league.pk}/games/new/")
    person = Person(phone)
    phone.get_by_label("Variant").select_option("turbo")
    person.taps += 1
    expect(phone.locator("#options > summary")).to_contain_text("Turbo Hearts")
    phone.locator("#options > summary").click()
    expect(phone.get_by_label("Hands in a game")).to_have_value("4")
    seat_new_players(phone, person)
    screen(phone, "game-new-turbo")
    phone.get_by_role("button", name="Start the game").click()
    expect(phone).to_have_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.get(league=league)
    assert (game.variant, game.setup().players) == ("turbo", tuple(FOUR))
    # The table's Turbo screen: the charges row before the takers.
    expect(phone.get_by_test_id("charged-Q♠")).to_be_visible()


def test_a_partners_game_starts_from_the_form_and_is_played_to_its_end(
    phone: Page, live_server, league, screen, artifacts_dir: Path
):
    phone.goto(f"{live_server.url}/leagues/{league.pk}/games/new/")
    person = Person(phone)
    seat_new_players(phone, person)
    phone.get_by_label("First dealer").select_option(label="Ann")
    person.taps += 1
    phone.locator("#options > summary").click()
    phone.locator(".more-options > summary").click()
    person.taps += 2
    target = phone.get_by_label("Game ends at")
    target.focus()
    phone.keyboard.press("Control+A")
    person.taps += 1
    person.type_into(target, "50")
    phone.get_by_label("Partners", exact=True).check()
    person.taps += 1
    # Ticking Partners shows the pairs the seats make: opposite, 1st and 3rd, 2nd and 4th.
    expect(phone.get_by_test_id("partners")).to_contain_text("Ann+Cat · Ben+Dan")
    screen(phone, "game-new-partners")
    phone.get_by_role("button", name="Start the game").click()
    person.taps += 1
    start_taps = person.take()
    expect(phone).to_have_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.get(league=league)
    assert (game.options["teams"], game.options["target"]) == (True, 50)

    bottom = first_screen(phone, "partners from the form")
    per_hand = play_partners_to_the_end(phone, person, game, screen, "partners-from-the-form-over")
    assert max(per_hand) <= 4

    # The league counts it as a win for both partners.
    phone.goto(f"{live_server.url}/leagues/{league.pk}/standings/")
    rows = phone.locator("table.standings tbody tr")
    expect(rows.first.locator("th")).to_have_text(re.compile("Ann|Cat"))
    expect(phone.locator("table.standings tbody tr", has_text="Ann").locator("td").first).to_have_text("1")
    expect(phone.locator("table.standings tbody tr", has_text="Cat").locator("td").first).to_have_text("1")
    expect(phone.locator("table.standings tbody tr", has_text="Ben").locator("td").first).to_have_text("0")
    note(
        artifacts_dir,
        f"teams from the new-game form: {start_taps} taps to start, {per_hand} taps a hand, "
        f"Record's bottom edge {bottom:.0f}px",
    )
