"""The hearts boxes as a person types into them: "2.5", "1e1", "e" or letters
are refused naming the player, and Record stays off until the box holds a
whole number (issue 19: "2.5" and "10.5" showed "12 of 13 hearts", and a box
showing "e" counted as 0, so a moon was announced and recorded)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games.models import Hand
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ANN, BEN = 0, 1


def type_into(phone: Page, seat: int, text: str) -> None:
    phone.locator(f"input[name='hearts_{seat}']").click()
    phone.keyboard.type(text)


def test_decimals_are_refused_by_name_and_record_stays_off(phone: Page, live_server, league, screen, csp_violations):
    game = make_game(league)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.get_by_test_id(f"queen-{BEN}").click()
    type_into(phone, ANN, "2.5")
    type_into(phone, BEN, "10.5")
    status = phone.locator("[data-entry-status]")
    expect(status).to_have_text("Hearts must be whole numbers: Ann and Ben")
    record = phone.get_by_test_id("hand-submit")
    expect(record).to_be_disabled()
    expect(phone.locator("input[name='hearts_0']")).to_have_attribute("aria-invalid", "true")
    screen(phone, "whole-numbers-decimals")
    phone.keyboard.press("Enter")
    phone.wait_for_timeout(500)
    assert not Hand.objects.filter(game=game).exists()

    # Put right: the refusal goes, the count is said, and one tap records.
    type_into(phone, ANN, "10")
    expect(status).to_have_text("Ben's hearts must be a whole number")
    type_into(phone, BEN, "3")
    expect(status).to_have_text("Ready to record")
    expect(phone.locator("input[name='hearts_0']")).not_to_have_attribute("aria-invalid", "true")
    record.click()
    expect(phone.get_by_test_id("totals").locator(".totals-score")).to_have_text(["10", "16", "0", "0"])
    assert Hand.objects.get(game=game).entry["hearts"] == [10, 3, 0, 0]
    assert csp_violations == []


@pytest.mark.parametrize("typed", ["e", "1e1", "three"])
def test_an_exponent_or_letters_never_count_as_no_hearts(phone: Page, live_server, league, typed):
    game = make_game(league)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    # Ann takes the Q♠ and 13 hearts: with Ben's box read as 0 it was a moon.
    phone.get_by_test_id(f"queen-{ANN}").click()
    type_into(phone, ANN, "13")
    type_into(phone, BEN, typed)
    expect(phone.locator("input[name='hearts_1']")).to_have_value(typed)
    expect(phone.locator("[data-entry-status]")).to_have_text("Ben's hearts must be a whole number")
    expect(phone.get_by_test_id("hand-submit")).to_be_disabled()
    phone.wait_for_timeout(400)  # the moon check has answered: no moon for an entry that does not parse
    expect(phone.locator(".moon-box")).to_have_count(0)
    phone.keyboard.press("Enter")
    phone.wait_for_timeout(300)
    assert not Hand.objects.filter(game=game).exists()


def test_the_server_refuses_a_decimal_the_page_did_not_stop(phone: Page, live_server, league):
    """A form sent past the page's check (an old page's script, a hand-made post) comes back refused, naming the box."""
    game = make_game(league)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.get_by_test_id(f"queen-{BEN}").click()
    type_into(phone, ANN, "2.5")
    type_into(phone, BEN, "10.5")
    phone.evaluate(
        "() => { const form = document.querySelector('form[data-hand-form]'); HTMLFormElement.prototype.submit.call(form); }"
    )
    expect(
        phone.locator(".field-error").filter(has_text="Ann's hearts must be a whole number, not “2.5”")
    ).to_be_visible()
    assert not Hand.objects.filter(game=game).exists()
