"""The night's screen on the club's TV at 1920x1080, and a table's phone at 360x740: a hand
entered at table 2 shows on the screen within 5 seconds, without a reload."""

import pytest
from playwright.sync_api import Page, expect

from games.models import Night, Player
from tests.browser.conftest import overflows_phone
from tests.games.test_night_screen import screen_url, seat_names, tables

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TV = {"width": 1920, "height": 1080}
# Nine: a table of 4 and one of 5 (the law's Tables rule).
NINE = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
SHOWS_WITHIN_MS = 5_000


@pytest.fixture
def night(league, user):
    seated = [Player.objects.get_or_create(league=league, name=name)[0] for name in NINE]
    night = Night.begin(league, seated, "standard", {}, 2, league.today(), name="Friday", seed=1)
    night.start_round(1, user)
    return night


def test_a_hand_entered_at_table_two_shows_on_the_clubs_screen(phone: Page, new_phone, live_server, night, screen):
    tv = new_phone(None, viewport=TV)
    tv.goto(f"{live_server.url}{screen_url(night)}")
    expect(tv.get_by_test_id("night-round")).to_have_text("Round 1 of 2")
    assert sorted(len(seat_names(table)) for table in tables(night)) == [4, 5]
    second = tables(night)[1]
    names = seat_names(second)
    table_two = tv.get_by_test_id("screen-table-2")
    expect(table_two).to_contain_text(names[0])
    expect(tv.get_by_test_id("screen-hand-2")).to_have_text("first hand")
    screen(tv, "night-screen-tv")
    tv.evaluate("() => { window.notReloaded = true; }")

    # Table 2's phone: its first seat takes the Q♠ and the second every heart.
    phone.goto(f"{live_server.url}{second.game.get_absolute_url()}")
    phone.get_by_test_id("queen-0").click()
    phone.get_by_test_id("hearts-rest-1").click()
    phone.get_by_test_id("hand-submit").click()
    after = ["13", "13"] + ["0"] * (len(names) - 2)
    expect(phone.get_by_test_id("totals").locator(".totals-score")).to_have_text(after)

    # The TV follows by itself: 13 and 13 for the first two seats, after 1 hand.
    expect(tv.get_by_test_id("screen-hand-2")).to_have_text("after 1 hand", timeout=SHOWS_WITHIN_MS)
    expect(table_two.locator("td")).to_have_text(after, timeout=SHOWS_WITHIN_MS)
    assert tv.evaluate("() => window.notReloaded") is True


def test_the_screen_reads_on_a_phone_too(page: Page, live_server, night, screen):
    page.goto(f"{live_server.url}{screen_url(night)}")
    expect(page.get_by_test_id("night-standings").or_(page.get_by_text("The standings come with"))).to_be_visible()
    expect(page.get_by_test_id("screen-table-1")).to_be_visible()
    assert not overflows_phone(page)
    screen(page, "night-screen-phone")


def test_the_screens_type_is_large_across_a_room(new_phone, live_server, night):
    tv = new_phone(None, viewport=TV)
    tv.goto(f"{live_server.url}{screen_url(night)}")
    size = tv.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.night-screen-totals th')).fontSize)")
    # At 1920 wide a name is set at 1.45vw (about 28px), twice a phone's body text.
    assert size >= 26
