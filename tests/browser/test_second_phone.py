"""Two scorers' phones at one table. The second had started typing when the
first recorded the hand: it is told, and keeps what it had typed for the next
hand when that still fits; its own Record meeting a 409 does the same."""

import pytest
from playwright.sync_api import Page, expect

from games.models import Hand, Membership
from tests.factories import MembershipFactory, make_game

pytestmark = [pytest.mark.browser, pytest.mark.both_databases, pytest.mark.django_db(transaction=True)]

FOLLOW_TIMEOUT_MS = 10_000
ANN, BEN, CAT = 0, 1, 2


def record_on(phone: Page, queen: int, rest_to: int) -> None:
    phone.get_by_test_id(f"queen-{queen}").click()
    phone.get_by_test_id(f"hearts-rest-{rest_to}").click()
    phone.get_by_test_id("hand-submit").click()


def test_a_partial_entry_is_kept_for_the_next_hand_with_a_word(phone: Page, new_phone, live_server, league, screen):
    game = make_game(league, "standard", first_dealer=0)
    second = new_phone(MembershipFactory(league=league, role=Membership.Role.SCORER).user)
    second.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")

    # The second phone has tapped Cat for the Q♠ and typed Cat's 3 hearts.
    second.get_by_test_id(f"queen-{CAT}").click()
    second.locator(f"input[name='hearts_{CAT}']").click()
    second.keyboard.type("3")

    record_on(phone, queen=BEN, rest_to=ANN)
    expect(phone.get_by_test_id("totals").locator(".totals-score")).to_have_text(["13", "13", "0", "0"])

    notice = second.locator("[data-entry-notice]")
    expect(notice).to_have_text(
        "Hand 1 was recorded on another phone. What you had typed is kept for hand 2: check it before recording.",
        timeout=FOLLOW_TIMEOUT_MS,
    )
    expect(second.locator("#entry input[name='number']")).to_have_value("2")
    expect(second.locator(f"#queen-{CAT}")).to_be_checked()
    expect(second.locator(f"input[name='hearts_{CAT}']")).to_have_value("3")
    screen(second, "second-phone-kept")


def test_a_record_that_meets_a_409_keeps_the_entry_too(phone: Page, new_phone, live_server, league):
    game = make_game(league, "standard", first_dealer=0)
    second = new_phone(MembershipFactory(league=league, role=Membership.Role.SCORER).user)
    second.goto(f"{live_server.url}{game.get_absolute_url()}")
    # The poll must not get there first: this phone's own Record meets the 409.
    second.evaluate("() => document.getElementById('poll').remove()")
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    record_on(phone, queen=BEN, rest_to=ANN)
    expect(phone.get_by_test_id("totals").locator(".totals-score")).to_have_text(["13", "13", "0", "0"])

    second.get_by_test_id(f"queen-{CAT}").click()
    second.locator(f"input[name='hearts_{CAT}']").click()
    second.keyboard.type("13")
    second.get_by_test_id("moon-add").click()
    second.get_by_test_id("hand-submit").click()
    expect(second.locator("[data-entry-notice]")).to_contain_text("kept for hand 2")
    expect(second.locator(f"input[name='hearts_{CAT}']")).to_have_value("13")
    assert Hand.objects.filter(game=game).count() == 1
