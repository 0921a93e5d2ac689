"""Record always in reach (issue 19): at 360x740, for 3 to 8 players, every
variant and the house rules that add rows, Record and the entry's status line
are on the first screen, uncovered, with the moon's question open or not;
the bar they sit in never hides a row for good; no control is under 44px;
and the hands this phone keeps to send offline are said beside Record.

Before this, Record's bottom edge on first load was at 655px for 3 players,
757 for Black Maria, 787-827 for 5 players and up to 1,070 for 3D with 8.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from games.models import Hand
from tests.browser.conftest import overflows_phone, small_targets
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TABLES = {
    "3 players": ("standard", 3, {}),
    "4 players": ("standard", 4, {}),
    "Black Maria": ("standard", 4, {"extra_cards": {"K♠": 10, "A♠": 7}}),
    "5 players": ("standard", 5, {}),
    "6 players": ("standard", 6, {}),
    "7 players": ("standard", 7, {}),
    "Omnibus 5 players": ("omnibus", 5, {}),
    "Omnibus 7, sun and time limit": ("omnibus", 7, {"sun": True, "time_limit": 90}),
    "3D 6 players": ("3d", 6, {}),
    "3D 8 players": ("3d", 8, {}),
}
# 3D plays no moon.
CASES = [(table, False) for table in TABLES] + [
    (table, True) for table, (variant, _, _) in TABLES.items() if variant != "3d"
]


def in_reach(page: Page, target: Locator) -> bool:
    """All of `target` inside the viewport as the page is scrolled now, and its middle not under anything."""
    return target.evaluate(
        """(el) => {
            const box = el.getBoundingClientRect();
            if (box.top < 0 || box.bottom > innerHeight || box.left < 0 || box.right > innerWidth) return false;
            // A disabled Record lets taps through (Bootstrap's pointer-events: none): hit-test it as enabled.
            const was = el.style.pointerEvents;
            el.style.pointerEvents = "auto";
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            el.style.pointerEvents = was;
            return hit !== null && (hit === el || el.contains(hit));
        }"""
    )


def bar_top(page: Page) -> float:
    return page.get_by_test_id("record-bar").evaluate("(el) => el.getBoundingClientRect().top")


@pytest.mark.parametrize(("table", "moon"), CASES, ids=[f"{t}{' moon' if m else ''}" for t, m in CASES])
def test_record_and_the_status_line_are_on_the_first_screen(phone: Page, live_server, league, screen, table, moon):
    variant, players, options = TABLES[table]
    # A league's name as long as real ones get.
    league.name = "Thursday night at the Red Lion, upstairs"
    league.save()
    game = make_game(league, variant, players=players, options=options, first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    record = phone.get_by_test_id("hand-submit")
    status = phone.locator("[data-entry-status]")

    assert phone.evaluate("() => scrollY") == 0
    assert in_reach(phone, record), f"Record is not on the first screen ({table})"
    expect(status).to_contain_text("Who took the")
    assert in_reach(phone, status), "the status line is not beside Record"
    assert small_targets(phone) == []
    assert not overflows_phone(phone)

    if moon:
        # Ann takes every point card and every heart: the moon's question opens under the hearts.
        for row in phone.locator("[data-single-card]").all():
            row.locator("label").first.click()
        phone.get_by_test_id("hearts-rest-0").click()
        expect(phone.get_by_test_id("moon-add")).to_be_visible()
        expect(status).to_have_text("Moon: add or subtract?")
        # The page brings the question into view above the bar by itself.
        phone.wait_for_function(
            "() => document.querySelector('.moon-box').getBoundingClientRect().bottom"
            " <= document.querySelector('[data-testid=record-bar]').getBoundingClientRect().top"
        )
        for control in ("moon-add", "moon-subtract"):
            assert in_reach(phone, phone.get_by_test_id(control)), f"{control} is hidden"
        if "time_limit" in options:  # the box between the question and the bar too
            assert in_reach(phone, phone.locator("#id_time_up")), "the time limit's box is under the bar"
        assert in_reach(phone, record)
        assert in_reach(phone, status)
        assert small_targets(phone) == []
        screen(phone, f"record-in-reach-{variant}-{players}-moon")
        phone.get_by_test_id("moon-add").click()
        expect(status).to_have_text("Ready to record")
        record.click()
        expect(phone.get_by_test_id("hand-edit-1")).to_be_attached()
        assert Hand.objects.get(game=game).entry["moon"] == "add"
        # The next hand's Record too, on the first screen, the page back at the top.
        phone.wait_for_function("() => scrollY === 0")
        assert in_reach(phone, phone.get_by_test_id("hand-submit"))
    else:
        screen(phone, f"record-in-reach-{variant}-{players}")


@pytest.mark.parametrize("players", [7, 8])
def test_the_bar_never_hides_a_row_for_good(phone: Page, live_server, league, players):
    """Moving from box to box with the keyboard's Next brings each box clear of the bar,
    and at the form's end the bar is back under the last row."""
    game = make_game(league, "3d", players=players, first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.locator("input[name='hearts_0']").click()
    phone.keyboard.type("1")
    for seat in range(1, players):
        phone.keyboard.press("Tab")  # −, +, rest are buttons: Tab through to the next box
        while not phone.evaluate(f"() => document.activeElement.name === 'hearts_{seat}'"):
            phone.keyboard.press("Tab")
        phone.keyboard.type("1")
        box = phone.locator(f"input[name='hearts_{seat}']").bounding_box()
        assert box["y"] + box["height"] <= bar_top(phone), f"box {seat + 1} is under the bar"
    phone.mouse.wheel(0, 5000)
    phone.wait_for_function("() => innerHeight + scrollY >= document.documentElement.scrollHeight - 1")
    last = phone.locator(".hearts-row").last.bounding_box()
    assert last["y"] + last["height"] <= bar_top(phone)


def test_the_hands_waiting_to_send_are_said_beside_record(phone: Page, live_server, league, screen):
    game = make_game(league, "standard", players=6, first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.evaluate("() => navigator.serviceWorker.ready")
    queue = phone.get_by_test_id("entry-queue")
    expect(queue).to_be_hidden()

    phone.context.set_offline(True)
    phone.get_by_test_id("queen-1").click()
    phone.locator("input[name='hearts_0']").click()
    phone.keyboard.type("13")
    phone.get_by_test_id("hand-submit").click()
    expect(queue).to_have_text("1 hand waiting to send", timeout=10_000)
    assert in_reach(phone, queue), "the waiting hand is not said beside Record"
    screen(phone, "record-bar-waiting")

    phone.context.set_offline(False)
    expect(phone.get_by_test_id("totals").locator(".totals-score")).to_have_text(["13", "13", "0", "0", "0", "0"])
    expect(phone.get_by_test_id("entry-queue")).to_be_hidden()
    assert Hand.objects.filter(game=game).count() == 1
