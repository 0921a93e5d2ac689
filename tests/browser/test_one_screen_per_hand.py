"""One screen per hand: a hand is entered and recorded without scrolling, and
right after recording the new totals and the next deal are on screen.

Measured in Chromium at 360x740 and 412x915 as a person does it: tap the Q♠
taker, tap a hearts box and type, then tap Record once or press Enter. Every
control the hand needs must lie inside the viewport while the page has not
scrolled. With 6 to 8 players the hearts boxes run on below the first
screen, but Record, in its bar at the screen's foot, does not; afterwards the
phone is back at the top all the same.

Hand (standard, seats Ann Ben Cat Dan, first hand): Ben takes the Q♠ and 3
hearts, Ann 10: totals 10 16 0 0; Ben deals hand 2, passing right. In Omnibus
Dan also takes the J♦ (−10), a row more on the screen: 10 16 0 −10.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONES = {"360x740": {"width": 360, "height": 740}, "412x915": {"width": 412, "height": 915}}


def on_screen(page: Page, target: Locator) -> bool:
    """The whole of `target` lies inside the viewport as the page is scrolled now."""
    box = target.bounding_box()
    size = page.viewport_size
    assert box is not None
    assert size is not None
    return box["y"] >= 0 and box["y"] + box["height"] <= size["height"] and box["x"] + box["width"] <= size["width"]


def scrolled(page: Page) -> int:
    return page.evaluate("() => window.scrollY")


def totals(page: Page) -> Locator:
    return page.get_by_test_id("totals").locator(".totals-score")


@pytest.mark.parametrize("size", PHONES)
@pytest.mark.parametrize(("variant", "record_with"), [("standard", "tap"), ("standard", "enter"), ("omnibus", "tap")])
def test_a_four_player_hand_is_entered_and_recorded_on_one_screen(
    phone: Page, live_server, league, screen, csp_violations, size, variant, record_with
):
    phone.set_viewport_size(PHONES[size])
    # A league's name as long as real ones get: the line under the title stays one line.
    league.name = "Thursday night at the Red Lion, upstairs"
    league.save()
    game = make_game(league, variant, first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    jack = variant == "omnibus"

    needed = [phone.get_by_test_id(f"queen-{seat}") for seat in range(4)]
    needed += [phone.get_by_test_id(f"jack-{seat}") for seat in range(4) if jack]
    needed += [phone.locator(f"input[name='hearts_{seat}']") for seat in range(4)]
    needed += [phone.get_by_test_id("next-deal"), phone.get_by_test_id("totals"), phone.get_by_test_id("hand-submit")]
    for control in needed:
        assert on_screen(phone, control), f"{control} is off the {size} screen"

    phone.get_by_test_id("queen-1").click()
    if jack:  # Dan takes the J♦: −10
        phone.get_by_test_id("jack-3").click()
    phone.locator("input[name='hearts_0']").click()
    phone.keyboard.type("10")
    phone.locator("input[name='hearts_1']").click()
    phone.keyboard.type("3")
    expect(phone.locator("[data-entry-status]")).to_have_text("Ready to record")
    if record_with == "tap":
        phone.get_by_test_id("hand-submit").click()
    else:
        phone.keyboard.press("Enter")
    expect(totals(phone)).to_have_text(["10", "16", "0", "−10" if jack else "0"])
    assert scrolled(phone) == 0, "entering the hand scrolled the page"

    # Right after: what was recorded, the new totals and who deals next, and
    # the next hand's Record button, all without a scroll.
    expect(phone.get_by_role("status").filter(has_text="Hand 1 recorded")).to_be_visible()
    expect(phone.get_by_test_id("next-deal")).to_contain_text("Hand 2: Ben deals")
    # The next hand's Record too, with "Hand 1 recorded" above the totals (in
    # Omnibus it used to sit just past 740px until the entry was complete).
    for region in ("totals", "next-deal", "hand-submit"):
        assert on_screen(phone, phone.get_by_test_id(region)), f"{region} is off the {size} screen after recording"
    screen(phone, f"one-screen-after-{variant}-{size}-{record_with}")
    assert csp_violations == []


def test_eight_player_3d_keeps_record_on_screen_and_comes_back_to_the_top(phone: Page, live_server, league, screen):
    game = make_game(league, "3d", players=8, first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    # It was one scroll down (1,070px); now in the bar at the screen's foot.
    assert on_screen(phone, phone.get_by_test_id("hand-submit")), "Record is off the first screen"

    # Q♠ and J♦ to Ben, hearts 10 to Ann and the other 16 to Ben.
    phone.get_by_test_id("queen-1").click()
    phone.get_by_test_id("jack-1").click()
    phone.locator("input[name='hearts_0']").click()
    phone.keyboard.type("10")
    phone.get_by_test_id("hearts-rest-1").click()
    phone.get_by_test_id("hand-submit").click()
    expect(phone.get_by_test_id("hand-edit-1")).to_be_attached()
    phone.wait_for_function("() => window.scrollY === 0")
    for region in ("totals", "next-deal"):
        assert on_screen(phone, phone.get_by_test_id(region)), f"{region} is off screen after recording"
    expect(totals(phone)).to_have_count(8)
    for total in totals(phone).all():
        assert on_screen(phone, total)
    screen(phone, "one-screen-3d-8-after")


def test_a_moons_question_comes_into_view_with_record(phone: Page, live_server, league, screen):
    """The add-or-subtract question appears below the hearts: the page brings it
    into view above Record's bar itself, so the four taps need no scroll by hand."""
    game = make_game(league, "standard", first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.get_by_test_id("queen-0").click()
    phone.get_by_test_id("hearts-rest-0").click()
    expect(phone.get_by_test_id("moon-add")).to_be_visible()
    phone.wait_for_function(
        "() => document.querySelector('[data-testid=hand-submit]').getBoundingClientRect().bottom <= innerHeight"
    )
    for control in ("moon-add", "moon-subtract", "hand-submit"):
        assert on_screen(phone, phone.get_by_test_id(control)), f"{control} is off screen"
    bar = phone.get_by_test_id("record-bar").bounding_box()
    for control in ("moon-add", "moon-subtract"):
        box = phone.get_by_test_id(control).bounding_box()
        assert box["y"] + box["height"] <= bar["y"], f"{control} is under Record's bar"
    screen(phone, "one-screen-moon")
    phone.get_by_test_id("moon-add").click()
    phone.get_by_test_id("hand-submit").click()
    expect(totals(phone)).to_have_text(["0", "26", "26", "26"])
    phone.wait_for_function("() => window.scrollY === 0")
    assert on_screen(phone, phone.get_by_test_id("next-deal"))
