"""The organizer's night page on a phone at 360x740: with the longest names, every table's total
stands beside its own player's name, never a line below where the next name starts (issue 35:
"Liam 27 / Murphy 3" was read where Fatima had 27 and Liam 3)."""

import pytest
from playwright.sync_api import Page, expect

from games.models import Night, Player
from rules import HandEntry
from tests.games.test_night_screen import tables

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Names as a club writes them, near the longest the app keeps (PLAYER_NAME_LENGTH, 40 characters).
LONG = [
    "Fatima Al-Sayed Rodríguez de la Fuente",
    "Liam O'Brien-MacGillicuddy Fitzgerald",
    "Nguyễn Văn An Thị Hoàng Phương Linh",
    "Łukasz Wójcik-Brzęczyszczykiewicz",
    "Ольга Александровна Константинова",
    "Zoë van der Berg-Vandenbroucke",
    "Maximilian Alexander von Hohenberg",
    "李雷 Li Lei Wang Xiaoming Zhang",
]


def test_every_total_stands_beside_its_own_name_at_360_px(phone: Page, live_server, league, user):
    seated = [Player.objects.get_or_create(league=league, name=name)[0] for name in LONG]
    night = Night.begin(league, seated, "standard", {}, 2, league.today(), name="Friday", seed=1)
    night.start_round(1, user)
    for table in tables(night):
        # 10 hearts, the Q♠, 3 hearts, none: totals 10, 13, 3, 0, each a different width.
        table.game.record_hand(1, HandEntry.cards([10, 0, 3, 0], 1), user)
    phone.goto(f"{live_server.url}{night.get_absolute_url()}")
    seats = phone.locator(".night-seats li")
    expect(seats).to_have_count(len(LONG))
    for index in range(len(LONG)):
        seat = seats.nth(index)
        name = seat.locator(".night-seat-name").bounding_box()
        total = seat.locator(".night-total").bounding_box()
        assert name is not None
        assert total is not None
        line = name["height"] / max(1, round(name["height"] / total["height"]))
        # The total sits on its name's first line, to its right, and inside the seat's own box.
        assert abs(total["y"] - name["y"]) < line / 2, (index, name, total)
        assert total["x"] >= name["x"] + name["width"] - 1, (index, name, total)
        box = seat.bounding_box()
        assert box is not None
        assert total["y"] + total["height"] <= box["y"] + box["height"] + 1
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
