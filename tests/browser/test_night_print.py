"""A club night's printed pages: the night sheet holds 16 players over 5 rounds, and 21 over 4, on one page of
A4 and of Letter."""

import pytest
from django.urls import reverse

from games.models import Game, Night, NightTable, Player
from rules import HandEntry
from tests.browser.test_print import PAPERS, log_in, print_pages

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Sixteen of the longest names a league allows (40 characters).
LONG_NAMES = [f"{letter}{'abcdefghij' * 4}"[:40] for letter in "ABCDEFGHIJKLMNOP"]


def played_night(league, names, rounds):
    """A night of `rounds` rounds, each table's game one hand in and ended by the time limit."""
    here = [Player.objects.create(league=league, name=name) for name in names]
    night = Night.begin(league, here, "standard", {"time_limit": 30}, rounds, league.today(), name="Friday", seed=3)
    for number in range(1, rounds + 1):
        night.start_round(number)
        for table in NightTable.objects.filter(round__night=night, round__number=number):
            seats = len(table.game.seats.all())
            Game.objects.get(pk=table.game.pk).record_hand(1, HandEntry.cards([1, 2, 3, 7, 0][:seats], seats - 1))
        night.end_round(number)
        if number < rounds:
            night.seat_next_round()
    return night


# The night of issue 35's club: 21 players over 4 rounds at tables of 5, 4, 4, 4 and 4.
LONG_21 = [f"{letter}{'abcdefghij' * 4}"[:40] for letter in "ABCDEFGHIJKLMNOPQRSTU"]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(("names", "rounds"), [(LONG_NAMES, 5), (LONG_21, 4)], ids=["16x5", "21x4"])
def test_the_night_sheet_prints_on_one_page(page, live_server, artifacts_dir, league, user, paper, names, rounds):
    night = played_night(league, names, rounds)
    log_in(page, live_server, user)
    url = f"{live_server.url}{reverse('games:night-sheet', args=[night.pk])}"
    assert print_pages(page, url, paper, f"night-sheet-{len(names)}-{paper}", artifacts_dir) == 1
    page.emulate_media(media="print")
    assert page.locator(".night-sheet-round").count() == rounds + 1
    assert not page.get_by_role("button", name="Print").is_visible()
    assert not page.get_by_role("navigation").is_visible()


@pytest.mark.parametrize("paper", PAPERS)
def test_the_table_cards_of_a_round_of_16_print_two_to_a_row(page, live_server, artifacts_dir, league, user, paper):
    here = [Player.objects.create(league=league, name=name) for name in LONG_NAMES]
    night = Night.begin(league, here, "standard", {}, 5, league.today(), seed=3)
    night.start_round(1)
    log_in(page, live_server, user)
    url = f"{live_server.url}{reverse('games:night-cards', args=[night.pk])}"
    # Four cards with their QR codes: two pages at most, none of the screen's buttons.
    assert print_pages(page, url, paper, f"night-cards-{paper}", artifacts_dir) <= 2
    page.emulate_media(media="print")
    assert page.locator(".night-card-qr svg").count() == 4
    assert not page.get_by_role("button", name="Print").is_visible()
