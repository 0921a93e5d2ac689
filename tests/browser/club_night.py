"""A club night as people run it: the organizer's phone, and a phone at each table that joins from its card.

Helpers for the browser tests of a night (tests/browser/test_club_night.py
runs the organizer's side; the night's screen can run the same night and
look at it from the club's TV between these steps).
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from games.models import Night, NightTable
from tests.browser.conftest import field


def start_night(phone: Page, live_server_url: str, league, names: list[str], rounds: int, minutes: int) -> Night:
    """The organizer ticks who is here, sets the rounds and a time limit, and taps Seat round 1."""
    phone.goto(f"{live_server_url}{league.get_absolute_url()}")
    phone.get_by_role("link", name="Start a club night").click()
    for name in names:
        phone.get_by_label(name, exact=True).check()
    field(phone, "The game every table plays").select_option("standard")
    for label, value in (("Time limit of a round (minutes)", minutes), ("Rounds", rounds)):
        box = field(phone, label)
        box.focus()
        box.fill("")
        phone.keyboard.type(str(value))
    phone.get_by_role("button", name="Seat round 1").click()
    expect(phone.get_by_role("heading", name="Round 1")).to_be_visible()
    return Night.objects.get(league=league)


def tap_round_button(phone: Page, name: str) -> None:
    """Start round N, End the round now, Seat round N: one tap, then the night's page again."""
    phone.get_by_role("button", name=name).click()
    expect(phone.locator(".alert-success, #messages")).not_to_have_count(0)


def join_links(phone: Page, live_server_url: str, night: Night) -> dict[int, str]:
    """The organizer opens the round's table cards: each table's scoring link, as its QR code holds it."""
    phone.goto(f"{live_server_url}/nights/{night.pk}/")
    phone.get_by_role("link", name="Table cards").click()
    links = {}
    for table in NightTable.objects.filter(round=night.round_set.order_by("-number").first()):
        links[table.number] = phone.get_by_test_id(f"join-{table.number}").get_attribute("data-join")
    return links


def join_table(table_phone: Page, link: str) -> None:
    """A phone at the table scans its card's QR code (the table's scoring link) and taps Start scoring once:
    the game's page, to score it, whether or not the phone has an account."""
    table_phone.goto(link)
    table_phone.get_by_test_id("table-link-start").click()
    expect(table_phone.get_by_test_id("hand-submit")).to_be_visible()


def enter_hand(table_phone: Page, queen: int, rest_to: int, hearts: dict[int, int] | None = None) -> None:
    """The table's scorer taps who took the Q♠, types some seats' hearts, taps who took the rest, then Record."""
    table_phone.get_by_test_id(f"queen-{queen}").click()
    for seat, taken in (hearts or {}).items():
        table_phone.locator(f"input[name='hearts_{seat}']").click()
        table_phone.keyboard.type(str(taken))
    table_phone.get_by_test_id(f"hearts-rest-{rest_to}").click()
    number = table_phone.locator("#entry input[name='number']")
    next_number = str(int(number.input_value()) + 1)
    table_phone.get_by_test_id("hand-submit").click()
    expect(number).to_have_value(next_number)
