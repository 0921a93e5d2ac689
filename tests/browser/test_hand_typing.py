"""Hand entry as a person types it on a phone, not as a test finds easiest.

A person taps the Q♠ taker, taps a hearts box, types the numbers, and then
taps "Record" once, or presses the keyboard's Go/Enter. Leaving the box fires
`change`; that used to restart the moon check and disable the button under
the finger, so the first tap was lost. Each test here records with exactly one
action and then checks the hand is stored.

Hand (seats Ann, Ben, Cat, Dan, standard game, first hand): Ben takes the Q♠
and 3 hearts, Ann 10: Ann 10, Ben 16, Cat 0, Dan 0.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from games.models import Game, Hand
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ANN, BEN = 0, 1


def expect_stored(phone: Page, game) -> None:
    expect(phone.get_by_test_id("totals").locator(".totals-score")).to_have_text(["10", "16", "0", "0"])
    hand = Hand.objects.get(game=game)
    assert hand.number == 1
    assert hand.entry["hearts"] == [10, 3, 0, 0]
    assert hand.entry["queen"] == BEN


def test_one_tap_on_record_after_typing_records_the_hand(phone: Page, live_server, league):
    game = make_game(league)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.get_by_test_id(f"queen-{BEN}").click()
    for seat, hearts in ((ANN, "10"), (BEN, "3")):
        phone.locator(f"input[name='hearts_{seat}']").focus()
        phone.keyboard.type(hearts)
    # The focus is still in Ben's box: the tap is what makes it leave.
    phone.get_by_test_id("hand-submit").click()
    expect_stored(phone, game)


def test_enter_in_a_hearts_box_records_the_hand(phone: Page, live_server, league):
    game = make_game(league)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.get_by_test_id(f"queen-{BEN}").click()
    for seat, hearts in ((ANN, "10"), (BEN, "3")):
        phone.locator(f"input[name='hearts_{seat}']").focus()
        phone.keyboard.type(hearts)
    phone.keyboard.press("Enter")
    expect_stored(phone, game)


def test_a_tap_on_record_the_moment_typing_ends_waits_for_the_moon_check(phone: Page, live_server, league):
    """Ann types 13 and taps at once: whether the tap lands while the moon check is
    still out (it waits for it) or after (Record is off), the page asks add or
    subtract instead of recording."""
    game = make_game(league)  # standard: the shooter chooses add or subtract
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.get_by_test_id(f"queen-{ANN}").click()
    record = phone.get_by_test_id("hand-submit").bounding_box()
    assert record is not None
    phone.locator(f"input[name='hearts_{ANN}']").focus()
    phone.keyboard.type("13")
    # A finger lands where Record was: Playwright's click would wait for the
    # button to be enabled, and the moon question rightly keeps it off.
    phone.mouse.click(record["x"] + record["width"] / 2, record["y"] + record["height"] / 2)
    expect(phone.locator(".moon-box")).to_contain_text("Ann shot the moon")
    assert not Hand.objects.filter(game=game).exists()
    phone.get_by_test_id("moon-add").click()
    phone.get_by_test_id("hand-submit").click()
    expect(phone.get_by_test_id("totals").locator(".totals-score")).to_have_text(["0", "26", "26", "26"])
    assert Hand.objects.filter(game=game).count() == 1


def test_a_negative_number_says_why_record_is_off(phone: Page, live_server, league):
    game = make_game(league)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.get_by_test_id(f"queen-{BEN}").click()
    phone.locator(f"input[name='hearts_{ANN}']").focus()
    phone.keyboard.type("-2")
    expect(phone.locator("[data-entry-status]")).to_contain_text("Hearts can't be negative (Ann)")
    expect(phone.get_by_test_id("hand-submit")).to_be_disabled()


def test_a_black_maria_hand_is_typed_tapped_and_sent_with_enter(phone: Page, live_server, league):
    """Black Maria's K♠ (10) and A♠ (7) as house rules: a row of players for each.

    Ann takes 5 hearts and the K♠ (15), Ben 8 hearts and the A♠ (15), Cat the Q♠ (13)."""
    options = {"extra_cards": {"K♠": 10, "A♠": 7}, "moon": "add"}
    game = make_game(league, players=3, options=options)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.get_by_test_id("queen-2").click()
    phone.get_by_test_id("card_ks-0").click()
    for seat, hearts in ((ANN, "5"), (BEN, "8")):
        phone.locator(f"input[name='hearts_{seat}']").focus()
        phone.keyboard.type(hearts)
    # The A♠ is still to place: Enter cannot record, and the line says so.
    expect(phone.locator("[data-entry-status]")).to_contain_text("Who took the A♠?")
    expect(phone.get_by_test_id("hand-submit")).to_be_disabled()
    phone.get_by_test_id("card_as-1").click()
    phone.locator(f"input[name='hearts_{BEN}']").focus()
    phone.keyboard.press("Enter")
    expect(phone.get_by_test_id("totals").locator(".totals-score")).to_have_text(["15", "15", "13"])
    assert Hand.objects.get(game=game).entry["cards"] == {"K♠": ANN, "A♠": BEN}


def test_once_the_time_is_up_one_tap_records_the_last_hand_and_ends_the_game(phone: Page, live_server, league):
    """A 60-minute limit whose clock started 61 minutes ago (a clock the test sets, not waits for):
    the form proposes 'the time ran out' already ticked. Ann 10, Ben 3 and the Q♠ (16): Cat and
    Dan tie on 0, so a tie-break hand is due."""
    game = make_game(league, options={"time_limit": 60})
    Game.objects.filter(pk=game.pk).update(clock_started_at=timezone.now() - timedelta(minutes=61))
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    expect(phone.get_by_test_id("clock")).to_contain_text("Time is up")
    expect(phone.locator("#id_time_up")).to_be_checked()
    phone.get_by_test_id(f"queen-{BEN}").click()
    for seat, hearts in ((ANN, "10"), (BEN, "3")):
        phone.locator(f"input[name='hearts_{seat}']").focus()
        phone.keyboard.type(hearts)
    phone.get_by_test_id("hand-submit").click()
    expect(phone.get_by_test_id("clock")).to_contain_text("Time ran out in hand 1")
    expect(phone.locator("#status")).to_contain_text("Tie for lowest")
    assert Hand.objects.get(game=game).entry["time_up"] is True
