"""A Ricketts game at the table, on two phones.

The scorer starts the game and taps in the hands; a second phone, another
member's, follows the game without anyone reloading it. Taps are counted as
the clicks the test performs: a typical hand must take at most 7, a moon at
most 4, submit included. Every screen is checked by axe and photographed.

Hands (seats Ann, Ben, Cat, Dan), worked out by hand with RULES.md:

1. Ann takes all 13 hearts and the Q♠: a moon. Under the ricketts moon rule
   it is added, because adding ends nothing: 0 26 26 26.
2. Ben the Q♠ and 12 hearts (25), Ann 1:                    1 51 26 26.
3. The same again:                                            2 76 26 26.
4. Ben the Q♠ and 2 hearts (15), Dan 1, Ann the other 10:   12 91 26 27.
5. Ben the Q♠: 91 + 13 = 104, a wrap to 0; Cat all 13 hearts
   without the queen, so no moon:                            12  0 39 27.

Then hand 2 is corrected (Cat, not Ann, took the odd heart) and every later
hand is scored again: 0 51 27 26, 1 76 27 26, 11 91 27 27, 11 0 40 27.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from games.models import Game, Hand, Membership
from tests.browser.conftest import overflows_phone, small_targets
from tests.factories import MembershipFactory, PlayerFactory, make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
ANN, BEN, CAT, DAN = range(4)
# The other phone polls every 3 s; allow a missed beat on a busy machine.
FOLLOW_TIMEOUT_MS = 10_000


class Taps:
    """Clicks the test performs on the phone, counted hand by hand."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def on(self, test_id: str) -> None:
        self.tap(self.page.get_by_test_id(test_id))

    def tap(self, target: Locator) -> None:
        target.click()
        self.count += 1

    def take(self) -> int:
        count, self.count = self.count, 0
        return count


def totals(page: Page) -> Locator:
    return page.get_by_test_id("totals").locator(".totals-score")


def expect_totals(page: Page, expected: list[int], timeout: int | None = None) -> None:
    expect(totals(page)).to_have_text([str(total) for total in expected], timeout=timeout)


def test_a_ricketts_game_on_two_phones(phone: Page, new_phone, live_server, user, league, screen, csp_violations):
    for name in PLAYERS:
        PlayerFactory(league=league, name=name)
    viewer = MembershipFactory(league=league, role=Membership.Role.VIEWER).user

    # Start the game from the league's page.
    phone.goto(f"{live_server.url}{league.get_absolute_url()}")
    phone.get_by_role("link", name="Start a game").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("New game")
    screen(phone, "game-new")
    phone.get_by_label("Variant").select_option("ricketts")
    expect(phone.locator("#options > summary")).to_contain_text("Ricketts House Hearts")
    seats = phone.locator("#seats .seat-name")
    for count, name in enumerate(PLAYERS, start=1):
        phone.locator("#seats").get_by_role("button", name=name, exact=True).click()
        expect(seats).to_have_count(count)
    expect(seats).to_have_text(PLAYERS)
    phone.get_by_label("First dealer").select_option(label="Ann")
    screen(phone, "game-new-seated")
    phone.get_by_role("button", name="Start the game").click()

    expect(phone).to_have_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.get(league=league)
    assert game.variant == "ricketts"
    expect_totals(phone, [0, 0, 0, 0])
    screen(phone, "game-start")

    # The other phone opens the game now and is never reloaded.
    follower = new_phone(viewer)
    follower.goto(f"{live_server.url}{game.get_absolute_url()}")
    expect_totals(follower, [0, 0, 0, 0])
    follower.evaluate("() => { window.sameDocument = true; }")
    screen(follower, "game-follower")

    taps = Taps(phone)

    # Hand 1, a moon: the Q♠ and the rest of the hearts to Ann, then submit.
    taps.on(f"queen-{ANN}")
    taps.on(f"hearts-rest-{ANN}")
    expect(phone.locator(".moon-box")).to_contain_text("Ann shot the moon")
    screen(phone, "hand-entry-moon")
    taps.on("hand-submit")
    expect_totals(phone, [0, 26, 26, 26])
    assert taps.take() <= 4
    expect_totals(follower, [0, 26, 26, 26], timeout=FOLLOW_TIMEOUT_MS)

    # Hands 2 and 3: Q♠ to Ben, one heart to Ann, the rest to Ben.
    for expected in ([1, 51, 26, 26], [2, 76, 26, 26]):
        taps.on(f"queen-{BEN}")
        taps.on(f"hearts-plus-{ANN}")
        taps.on(f"hearts-rest-{BEN}")
        taps.on("hand-submit")
        expect_totals(phone, expected)
        assert taps.take() <= 7

    # Hand 4, a typical spread: Q♠ and two hearts to Ben, one to Dan, the rest to Ann.
    taps.on(f"queen-{BEN}")
    taps.on(f"hearts-plus-{BEN}")
    taps.on(f"hearts-plus-{BEN}")
    taps.on(f"hearts-plus-{DAN}")
    taps.on(f"hearts-rest-{ANN}")
    expect(phone.locator("[data-entry-status]")).to_have_text("Ready to record")
    screen(phone, "hand-entry")
    taps.on("hand-submit")
    expect_totals(phone, [12, 91, 26, 27])
    assert taps.take() == 6

    # Hand 5: Ben's queen takes him to exactly 104, which wraps to 0.
    taps.on(f"queen-{BEN}")
    taps.on(f"hearts-rest-{CAT}")
    taps.on("hand-submit")
    expect_totals(phone, [12, 0, 39, 27])
    assert taps.take() <= 7
    expect(phone.get_by_test_id("hand-notes-5")).to_contain_text("Ben wrapped to 0")
    expect_totals(follower, [12, 0, 39, 27], timeout=FOLLOW_TIMEOUT_MS)
    screen(phone, "game-after-wrap")
    assert small_targets(phone) == []
    assert not overflows_phone(phone), "the game page scrolls sideways at 360px"

    # Correct hand 2: the odd heart was Cat's, not Ann's.
    phone.get_by_test_id("hand-edit-2").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Edit hand 2")
    screen(phone, "hand-edit")
    assert small_targets(phone) == []
    assert not overflows_phone(phone), "the hand form scrolls sideways at 360px"
    phone.get_by_test_id(f"hearts-minus-{ANN}").click()
    phone.get_by_test_id(f"hearts-plus-{CAT}").click()
    phone.get_by_test_id("hand-submit").click()
    expect(phone).to_have_url(re.compile(rf"/games/{game.pk}/$"))
    expect_totals(phone, [11, 0, 40, 27])
    expect(phone.get_by_test_id("history")).to_contain_text("hand 2")
    screen(phone, "game-after-edit")

    # The follower caught up with every change by itself, on the same page.
    expect_totals(follower, [11, 0, 40, 27], timeout=FOLLOW_TIMEOUT_MS)
    expect(follower.get_by_test_id("history")).to_contain_text("hand 2")
    assert follower.evaluate("() => window.sameDocument") is True
    screen(follower, "game-follower-after-edit")

    assert Hand.objects.get(game=game, number=2).entry["hearts"] == [0, 12, 1, 0]
    assert list(game.seats.order_by("position").values_list("total", flat=True)) == [11, 0, 40, 27]
    assert csp_violations == []


def test_a_moon_under_the_choice_rule_takes_four_taps(phone: Page, live_server, league, screen):
    game = make_game(league, "standard", first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    taps = Taps(phone)
    taps.on("queen-0")
    taps.on("hearts-rest-0")
    expect(phone.get_by_test_id("moon-add")).to_be_visible()
    screen(phone, "hand-entry-moon-choice")
    taps.on("moon-add")
    taps.on("hand-submit")
    # Ann shot the moon and chose to add: everyone else scores 26.
    expect_totals(phone, [0, 26, 26, 26])
    assert taps.take() == 4


def test_the_hand_form_page_without_the_game_around_it(phone: Page, live_server, league, screen):
    game = make_game(league, "omnibus")
    phone.goto(f"{live_server.url}/games/{game.pk}/hands/new/")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Enter hand 1")
    expect(phone.get_by_test_id("jack-0")).to_be_visible()
    screen(phone, "hand-form-page")


def test_the_game_page_asks_to_keep_the_screen_on(phone: Page, live_server, league):
    game = make_game(league, "ricketts")
    phone.add_init_script(
        "window.wakeLocks = [];"
        "Object.defineProperty(navigator, 'wakeLock', {value: {request(kind) {"
        " window.wakeLocks.push(kind); return Promise.resolve({released: false}); }}});"
    )
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.wait_for_function("() => window.wakeLocks.length === 1")
    assert phone.evaluate("() => window.wakeLocks") == ["screen"]
