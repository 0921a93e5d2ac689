"""A whole short game with the keyboard alone, at 360x740, no click (issue 39), counting keys.

Four players are seated and the game started, a hand entered from the page as it loads, one from
where Record left the focus, a moon, an edit, and a last hand that ends the game. Every key is counted, Tab included (Tab is pressed until the control wanted has
the focus, so the count is what a person would press). The counts before issue 39's work, by
the same path: a typical hand 23 keys, a moon hand 26, starting a 4-player game 92, editing a
hand 49. What the test holds the app to is written beside each step.
"""

import pytest
from playwright.sync_api import Page, expect

from games.models import Game
from rules import VARIANTS
from rules.variants import resolve_options
from tests.factories import LeaguePresetFactory, PlayerFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOCUSED = "(selector) => document.activeElement !== null && document.activeElement.matches(selector)"


class Keys:
    """The keyboard, counted."""

    def __init__(self, page: Page):
        self.page = page
        self.pressed = 0

    def press(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.page.keyboard.press(key)
            self.pressed += 1

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.pressed += len(text)

    def tab_to(self, selector: str, most: int = 80) -> None:
        """Tab until the focus is on selector (no key if it is there already)."""
        while not self.page.evaluate(FOCUSED, selector):
            assert most > 0, f"Tab never reached {selector}"
            self.press("Tab")
            most -= 1

    def counted(self) -> int:
        pressed, self.pressed = self.pressed, 0
        return pressed


def enter_hand(keys: Keys, queen: int, hearts: list[int]) -> None:
    """The Q♠'s taker by the arrows (Space for the first seat), each player's hearts typed, Enter in the last box."""
    keys.tab_to("#entry input[name=queen]")
    if queen:
        keys.press("ArrowRight", queen)
    else:
        keys.press("Space")
    typed = [(seat, count) for seat, count in enumerate(hearts) if count]
    for seat, count in typed:
        keys.tab_to(f"#entry input[name=hearts_{seat}]")
        keys.type(str(count))
    keys.press("Enter")


def test_a_whole_game_is_played_with_the_keyboard_alone_in_few_keys(phone: Page, live_server, league):
    for name in ("Ann", "Ben", "Cat", "Dan"):
        PlayerFactory(league=league, name=name)
    preset = LeaguePresetFactory(league=league, options=resolve_options(VARIANTS["standard"], {"target": 60}).as_dict())
    phone.set_viewport_size({"width": 360, "height": 740})
    keys = Keys(phone)
    counts = {}

    # Starting: each "+ name" keeps the focus on the next one, then Start.
    phone.goto(f"{live_server.url}/leagues/{league.pk}/games/new/?preset={preset.pk}")
    for seated, name in enumerate(("Ann", "Ben", "Cat", "Dan"), start=1):
        keys.tab_to(f"button[name=add_player][value={name}]")
        keys.press("Enter")
        expect(phone.locator(".seat-row")).to_have_count(seated)
    keys.tab_to("button[name=start]")
    keys.press("Enter")
    expect(phone.get_by_test_id("totals")).to_be_visible()
    counts["start"] = keys.counted()

    # Hand 1, from the page as it loads: Ann 3, Ben Q♠ and 2, Cat 4, Dan 4.
    enter_hand(keys, 1, [3, 2, 4, 4])
    expect(phone.get_by_test_id("totals").locator(".totals-score")).to_have_text(["3", "15", "4", "4"])
    counts["first hand"] = keys.counted()

    # Hand 2, from where Record left the focus: the next hand's first row.
    enter_hand(keys, 3, [4, 4, 3, 2])
    expect(phone.get_by_test_id("totals").locator(".totals-score")).to_have_text(["7", "19", "7", "19"])
    counts["typical hand"] = keys.counted()

    # Hand 3: Cat shoots the moon; Enter brings the focus to add or subtract.
    enter_hand(keys, 2, [0, 0, 13, 0])
    expect(phone.get_by_test_id("moon-add")).to_be_visible()
    expect(phone.locator("#moon-add")).to_be_focused()
    keys.press("Space")
    keys.press("Enter")
    expect(phone.get_by_test_id("totals").locator(".totals-score")).to_have_text(["33", "45", "7", "45"])
    counts["moon hand"] = keys.counted()

    # Hand 1 edited: Ann 4 and Ben 1, on its own page, whose first row has the focus.
    keys.tab_to("[data-testid=hand-edit-1]")
    keys.press("Enter")
    expect(phone.locator("h1")).to_have_text("Edit hand 1")
    keys.tab_to("input[name=hearts_0]")
    keys.type("4")
    keys.tab_to("input[name=hearts_1]")
    keys.type("1")
    keys.press("Enter")
    expect(phone.get_by_test_id("totals").locator(".totals-score")).to_have_text(["34", "44", "7", "45"])
    counts["edit"] = keys.counted()

    # Hand 4, from the page as the edit left it, ends the game.
    enter_hand(keys, 1, [0, 5, 0, 8])
    expect(phone.get_by_test_id("announcer")).to_have_text(
        "Hand 4 recorded: Ben queen of spades and 5 hearts; Dan 8 hearts. "
        "Totals: Ann 34, Ben 62, Cat 7, Dan 53. Game over: Cat wins the game: Ben passes 60."
    )
    assert Game.objects.get().status == "over"
    # Before: 92 to start, 23 a typical hand, 26 a moon hand, 49 to edit one.
    assert counts == {"start": 21, "first hand": 15, "typical hand": 12, "moon hand": 10, "edit": 15}
