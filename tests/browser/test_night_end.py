"""Ending a round from the organizer's phone at 360x740 while tables still play: the app asks first, lists
each table with its hands and totals, and keeps each table's choice (issue 35: one tap voided every game)."""

import pytest
from playwright.sync_api import Page, expect

from games.models import Game, Night, NightRound, NightTable, Player
from rules import HandEntry
from tests.browser.conftest import overflows_phone, small_targets

pytestmark = [pytest.mark.browser, pytest.mark.both_databases, pytest.mark.django_db(transaction=True)]

EIGHT = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def test_ending_a_round_with_tables_playing_asks_and_keeps_each_tables_choice(phone: Page, live_server, league, user):
    here = [Player.objects.create(league=league, name=name) for name in EIGHT]
    night = Night.begin(league, here, "standard", {}, 2, league.today(), name="Friday", seed=1)
    night.start_round(1, user)
    first, second = NightTable.objects.filter(round__night=night).select_related("game").order_by("number")
    Game.objects.get(pk=first.game.pk).record_hand(1, HandEntry.cards([10, 0, 3, 0], 1))

    phone.goto(f"{live_server.url}{night.get_absolute_url()}")
    phone.get_by_role("button", name="End the round now").click()
    question = phone.get_by_test_id("end-round-question")
    expect(question).to_be_visible()
    expect(phone.get_by_test_id("end-table-1")).to_contain_text("after 1 hand")
    expect(phone.get_by_test_id("end-table-2")).to_contain_text("after 0 hands")
    assert not overflows_phone(phone)
    assert small_targets(phone) == []
    # Nothing has changed while the question is on the screen.
    assert NightRound.objects.get(night=night, number=1).status == NightRound.Status.PLAYING

    # Table 1 counted as it stands (a tap on the words), table 2 kept for later (the choice already made).
    phone.get_by_test_id("end-table-1").get_by_text("Count it as it stands").click()
    expect(phone.get_by_test_id("end-table-2").get_by_label("Finish it later")).to_be_checked()
    phone.get_by_test_id("end-round-confirm").click()
    # Round 2 is seated; round 1's tables say what became of their games, each with its way back.
    expect(phone.get_by_test_id("table-ended-1-1")).to_have_text("Table 1: counted as it stood when the round ended.")
    expect(phone.get_by_test_id("table-ended-1-2")).to_have_text(
        "Table 2: finishing later; it counts for its round when it ends."
    )
    expect(phone.get_by_test_id("bring-back-1-1")).to_be_visible()
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.ended_as, second.ended_as) == ("counted", "later")
    assert {Game.objects.get(pk=table.game.pk).status for table in (first, second)} == {Game.Status.IN_PROGRESS}
