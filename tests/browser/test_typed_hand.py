"""A hand typed in one line at 360x740, as a person does it (issue 39): open the box below the
form, type the line, press Enter; the form fills in and says what it understood, Record has the
focus, and Enter records it. In German the queen is typed with its own letter."""

import pytest
from playwright.sync_api import Page, expect

from games.models import Hand
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def game(league):
    return make_game(league, "standard", ["Ann", "Ben", "Cat", "Dan"], first_dealer=0)


def test_a_typed_line_then_enter_twice_records_the_hand(phone: Page, live_server, game):
    phone.set_viewport_size({"width": 360, "height": 740})
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.get_by_test_id("typed-line").locator("summary").click()
    box = phone.locator("#typed-line")
    box.click()
    box.type("q ben; ann 3; cat 4; rest dan")
    box.press("Enter")
    expect(phone.locator("#typed-said")).to_contain_text("Understood: Q♠ Ben; hearts Ann 3, Cat 4, Dan 6")
    # The form holds the hand: Dan's box 6, Ben's queen chosen; nothing is recorded yet.
    expect(phone.locator("input[name=hearts_3]")).to_have_value("6")
    expect(phone.locator("#queen-1")).to_be_checked()
    assert not Hand.objects.filter(game=game).exists()
    record = phone.get_by_test_id("hand-submit")
    expect(record).to_be_focused()
    phone.keyboard.press("Enter")
    expect(phone.get_by_test_id("hand-submit")).to_contain_text("Record hand 2")
    hand = Hand.objects.get(game=game)
    assert (hand.number, hand.entry["hearts"], hand.entry["queen"]) == (1, [3, 0, 4, 6], 1)


def test_a_word_it_cannot_read_is_named_beside_the_box(phone: Page, live_server, game):
    phone.set_viewport_size({"width": 360, "height": 740})
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.get_by_test_id("typed-line").locator("summary").click()
    box = phone.locator("#typed-line")
    box.click()
    box.type("q bem; ann 13")
    box.press("Enter")
    expect(phone.locator("#typed-said")).to_have_text("“bem” is not a player of this game")
    expect(phone.locator("#typed-line")).to_be_focused()
    assert not Hand.objects.filter(game=game).exists()


def test_a_german_table_types_d_for_the_dame(phone: Page, live_server, game):
    phone.context.add_cookies([{"name": "django_language", "value": "de", "url": live_server.url}])
    phone.set_viewport_size({"width": 360, "height": 740})
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.get_by_test_id("typed-line").locator("summary").click()
    expect(phone.get_by_test_id("typed-line")).to_contain_text("d Ben; Ann 3; Cat 4; rest Dan")
    box = phone.locator("#typed-line")
    box.click()
    box.type("d ben; ann 13")
    box.press("Enter")
    expect(phone.locator("#typed-said")).to_contain_text("D♠ Ben")
    phone.keyboard.press("Enter")
    expect(phone.get_by_test_id("hand-submit")).to_contain_text("2")
    assert Hand.objects.get(game=game).entry["queen"] == 1
