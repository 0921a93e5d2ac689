"""A club night of nine over two rounds, run from the organizer's phone at 360x740, with a phone at each table."""

import pytest
from playwright.sync_api import Page, expect

from games.models import Game, NightRound, NightTable, Player
from rules.night import count_repeats
from tests.browser.club_night import enter_hand, join_links, join_table, start_night, tap_round_button
from tests.browser.conftest import field, overflows_phone, small_targets
from tests.factories import UserFactory
from tests.games.test_night_screen import screen_url

pytestmark = [pytest.mark.browser, pytest.mark.both_databases, pytest.mark.django_db(transaction=True)]

NINE = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
TV = {"width": 1920, "height": 1080}
SHOWS_WITHIN_MS = 5_000


def seating(night, number):
    night_round = night.round_set.get(number=number)
    return [
        [seat.player.name for seat in table.seats.order_by("position")]
        for table in night_round.tables.order_by("number")
    ]


def test_an_organizer_runs_a_night_of_nine_over_two_rounds_with_two_table_phones(
    phone: Page, new_phone, live_server, league, screen
):
    for name in NINE:
        Player.objects.create(league=league, name=name)
    night = start_night(phone, live_server.url, league, NINE, rounds=2, minutes=30)
    first, second = seating(night, 1)
    assert sorted(len(table) for table in (first, second)) == [4, 5]
    assert not overflows_phone(phone)
    phone.get_by_text("Swap or move players", exact=True).click()
    phone.get_by_text("Someone arrives or leaves", exact=True).click()
    assert small_targets(phone) == []
    screen(phone, "night-round-1-proposed")
    phone.get_by_text("Someone arrives or leaves", exact=True).click()
    phone.get_by_text("Swap or move players", exact=True).click()

    # The organizer swaps the first players of the two tables before the round starts.
    phone.get_by_text("Swap or move players", exact=True).click()
    seats = phone.locator("#change-seats")
    field(seats, "Change").select_option("swap")
    field(seats, "Player").select_option(label=first[0])
    field(seats, "Swap with").select_option(label=second[0])
    phone.get_by_role("button", name="Change the seats").click()
    expect(phone.get_by_text("The seats are changed.")).to_be_visible()
    assert seating(night, 1) == [[second[0], *first[1:]], [first[0], *second[1:]]]

    tap_round_button(phone, "Start round 1")
    games = [table.game for table in NightTable.objects.filter(round__night=night).order_by("number")]
    assert [[seat.player.name for seat in game.ordered_seats()] for game in games] == seating(night, 1)

    # A phone at each table joins from the card's QR code and enters a hand.
    links = join_links(phone, live_server.url, night)
    assert sorted(links) == [1, 2]
    screen(phone, "night-table-cards")
    tables = {}
    for number, link in links.items():
        tables[number] = new_phone(UserFactory())
        join_table(tables[number], link)
    # The club's TV shows the night from the start of the round, and follows the tables by itself.
    tv = new_phone(None, viewport=TV)
    tv.goto(f"{live_server.url}{screen_url(night)}")
    expect(tv.get_by_test_id("night-round")).to_have_text("Round 1 of 2")
    expect(tv.get_by_test_id("screen-hand-2")).to_have_text("first hand")
    tv.evaluate("() => { window.notReloaded = true; }")
    # One lowest total at each table (seat 2's 1 at a 4-table, seat 5's 0 at a 5-table), so time can end it.
    for number in (1, 2):
        enter_hand(tables[number], queen=0, rest_to=3, hearts={1: 1, 2: 2})
    # Table 2's hand is on the TV within 5 seconds, without a reload.
    expect(tv.get_by_test_id("screen-hand-2")).to_have_text("after 1 hand", timeout=SHOWS_WITHIN_MS)
    assert tv.evaluate("() => window.notReloaded") is True
    assert [Game.objects.get(pk=game.pk).hand_count for game in games] == [1, 1]

    # The time is up: the organizer ends the round; each game ends by the time-limit rule after its hand.
    phone.goto(f"{live_server.url}{night.get_absolute_url()}")
    tap_round_button(phone, "End the round now")
    assert [Game.objects.get(pk=game.pk).status for game in games] == [Game.Status.OVER, Game.Status.OVER]
    expect(phone.get_by_role("heading", name="Round 2")).to_be_visible()
    standings = phone.locator(".night-standings tbody tr")
    expect(standings).to_have_count(9)

    round_two = seating(night, 2)
    five_before = next(set(table) for table in seating(night, 1) if len(table) == 5)
    five_now = next(set(table) for table in round_two if len(table) == 5)
    # Fewer repeats before the 5's rotation (CLUBNIGHT.md): three of round 1's 5 stay at it, 6 repeats in all,
    # where handing it to the four from the 4 would cost 12.
    assert count_repeats([seating(night, 1), round_two]) == 6
    assert len(five_before & five_now) == 3
    tap_round_button(phone, "Start round 2")
    assert night.round_set.get(number=2).status == NightRound.Status.PLAYING
    assert Game.objects.filter(league=league).count() == 4
    assert not overflows_phone(phone)
    screen(phone, "night-round-2-playing")
