"""What can't be undone by the table is asked first, in the browser too."""

from __future__ import annotations

import pytest
from playwright.sync_api import Dialog, Page, expect

from games.models import Game
from rules import HandEntry
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def answer(page: Page, accept: bool) -> list[str]:
    asked: list[str] = []

    def on_dialog(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.on("dialog", on_dialog)
    return asked


def test_abandoning_asks_and_a_no_keeps_the_game(phone: Page, live_server, league, user):
    game = make_game(league)
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], 1), user)
    asked = answer(phone, accept=False)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.locator("summary", has_text="Abandon this game").click()
    phone.get_by_test_id("declare-abandoned").click()
    expect(phone.get_by_test_id("declare-abandoned")).to_be_visible()
    assert asked == ["Abandon the game? It stays listed with no winner and takes no more hands."]
    assert Game.objects.get(pk=game.pk).declared == ""


def test_abandoning_after_a_yes_can_be_taken_back_by_the_organizer(phone: Page, live_server, league, user):
    game = make_game(league)
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], 1), user)
    answer(phone, accept=True)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.locator("summary", has_text="Abandon this game").click()
    phone.get_by_test_id("declare-abandoned").click()
    expect(phone.locator("#status")).to_contain_text("Abandoned.")
    expect(phone.get_by_test_id("history")).to_contain_text("declared the game abandoned")
    phone.get_by_test_id("reopen").click()
    expect(phone.get_by_test_id("hand-submit")).to_be_visible()
    expect(phone.get_by_test_id("history")).to_contain_text("took back the abandoned declaration")
    assert Game.objects.get(pk=game.pk).declared == ""


def test_delete_hand_asks_first(phone: Page, live_server, league, user):
    game = make_game(league)
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], 1), user)
    asked = answer(phone, accept=True)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.get_by_test_id("hand-delete").click()
    expect(phone.get_by_test_id("hand-delete")).to_have_count(0)
    assert asked == ["Delete hand 1?"]
    assert game.hands.count() == 0
