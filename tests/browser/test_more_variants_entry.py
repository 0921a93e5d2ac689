"""RULES.md's More variants entered on a phone at 360x740, as a person does: a tap on a
taker or a heart, a tap into a hearts box and the digits typed, a tap on Record or Enter.

Taps are counted as the test performs them: each click, each tap into a box and each
digit typed on the keypad (Record or Enter included). Figures worked out by hand:

- Spot (hearts at face value, J 11 Q 12 K 13 A 14, the Q♠ 50): Ann 2 3 4 = 9,
  Ben A K = 27 and the Q♠ = 77, Dan J Q = 23, Cat the rest, 5 to 10 = 45.
- Cancellation, 5 players, 26 hearts: Ben takes both Q♠ and 6 hearts = 32; Ann,
  Cat, Dan 5 each, Eve the rest (5).
- Cancellation by rank, 5 players, the Q♥ 13 and the other hearts 1 (two decks: 2 x 25
  = 50 in hearts, P = 76 with both Q♠): Ann and Ben one Q♥ each, 13 each; Cat both
  K♥ (one tap per copy) and both Q♠, 2 + 26 = 28; Dan both A♥, 2; Eve the rest, the
  2 to the J twice, 20.
- Turbo, the Q♠ charged: Ann 4 hearts doubled by the 10♣ = 8, Ben 5, Cat 4 and the
  charged Q♠ 26 = 30, Dan the J♦ -10. Money (sum 33 - 4 x own): 1, 13, -87, 73.
- Partners (Ann+Cat, Ben+Dan) to 50: each hand Ben the Q♠ and a heart, Cat the other
  12: Ann+Cat 12, Ben+Dan 14 a hand; after 4 hands 48 and 56, and Ann+Cat win.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from games.models import Game, Hand
from tests.browser.conftest import overflows_phone, small_targets
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ANN, BEN, CAT, DAN, EVE = range(5)


class Person:
    """A phone's user: taps, taps into a box and types, presses Enter; every one counted."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0

    def tap(self, test_id: str) -> None:
        self.page.get_by_test_id(test_id).click()
        self.taps += 1

    def type_into(self, box: Locator, digits: str) -> None:
        box.focus()
        self.page.keyboard.type(digits)
        self.taps += 1 + len(digits)

    def enter(self) -> None:
        self.page.keyboard.press("Enter")
        self.taps += 1

    def take(self) -> int:
        taps, self.taps = self.taps, 0
        return taps


def note(artifacts_dir: Path, line: str) -> None:
    """The figures the issue asks for (taps, Record's bottom edge), kept beside the screenshots."""
    with (artifacts_dir / "more-variants-taps.txt").open("a", encoding="utf-8") as figures:
        figures.write(line.strip() + "\n")


def record_bottom(page: Page) -> float:
    box = page.get_by_test_id("hand-submit").bounding_box()
    assert box is not None
    return box["y"] + box["height"]


def totals(page: Page) -> Locator:
    return page.get_by_test_id("totals").locator(".totals-score")


def first_screen(page: Page, name: str) -> float:
    """Record's bottom edge on the entry's first screen, checked in reach at 360x740."""
    assert page.evaluate("() => scrollY") == 0
    bottom = record_bottom(page)
    assert bottom <= page.viewport_size["height"], f"Record is below the first screen ({name}): {bottom}px"
    assert small_targets(page) == []
    assert not overflows_phone(page)
    return bottom


def test_a_spot_hand_is_tapped_heart_by_heart(phone: Page, live_server, league, screen, artifacts_dir):
    game = make_game(league, "spot", first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    bottom = first_screen(phone, "spot")
    person = Person(phone)
    person.tap(f"queen-{BEN}")
    for seat, ranks in ((ANN, "2 3 4"), (BEN, "A K"), (DAN, "J Q")):
        for rank in ranks.split():
            person.tap(f"ranks_{seat}-{rank}")
    expect(phone.get_by_test_id(f"strip-total-{BEN}")).to_have_text("2 ♥ · 27")
    person.tap(f"ranks-rest-{CAT}")
    expect(phone.get_by_test_id(f"strip-total-{CAT}")).to_have_text("6 ♥ · 45")
    expect(phone.locator("[data-entry-status]")).to_have_text("Ready to record")
    screen(phone, "more-variants-spot")
    person.tap("hand-submit")
    expect(totals(phone)).to_have_text(["9", "77", "45", "23"])
    taps = person.take()
    assert taps <= 16
    assert Hand.objects.get(game=game).entry["ranks"] == [
        ["2", "3", "4"],
        ["K", "A"],
        [str(n) for n in range(5, 11)],
        ["J", "Q"],
    ]
    note(artifacts_dir, f"spot: {taps} taps, Record's bottom edge {bottom:.0f}px")


def test_a_heart_tapped_for_one_player_leaves_anothers_strip(phone: Page, live_server, league):
    game = make_game(league, "standard", options={"heart_points": {"Q": 13}}, first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.get_by_test_id(f"ranks_{ANN}-Q").click()
    expect(phone.get_by_test_id(f"strip-total-{ANN}")).to_have_text("1 ♥ · 13")
    phone.get_by_test_id(f"ranks_{BEN}-Q").click()
    expect(phone.get_by_test_id(f"strip-total-{ANN}")).to_have_text("")
    expect(phone.get_by_test_id(f"strip-total-{BEN}")).to_have_text("1 ♥ · 13")
    expect(phone.locator("[data-entry-status]")).to_contain_text("1 of 13 hearts")


def test_a_cancellation_hand_with_both_queens_to_one_player(phone: Page, live_server, league, screen, artifacts_dir):
    game = make_game(league, "cancellation", players=5, first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    bottom = first_screen(phone, "cancellation")
    person = Person(phone)
    person.tap(f"queen-{BEN}")
    person.tap(f"queen_2-{BEN}")
    for seat, hearts in ((ANN, "5"), (BEN, "6"), (CAT, "5"), (DAN, "5")):
        person.type_into(phone.locator(f"input[name='hearts_{seat}']"), hearts)
    person.tap(f"hearts-rest-{EVE}")
    expect(phone.locator("[data-entry-status]")).to_have_text("Ready to record")
    screen(phone, "more-variants-cancellation")
    person.tap("hand-submit")
    expect(totals(phone)).to_have_text(["5", "32", "5", "5", "5"])
    taps = person.take()
    entry = Hand.objects.get(game=game).entry
    assert entry["queen"] == BEN
    assert entry["twins"] == {"Q♠": BEN}
    note(artifacts_dir, f"cancellation: {taps} taps, Record's bottom edge {bottom:.0f}px")


def test_a_cancellation_hand_by_rank_with_one_heart_to_two_players(
    phone: Page, live_server, league, screen, artifacts_dir
):
    game = make_game(league, "cancellation", players=5, options={"heart_points": {"Q": 13}}, first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    assert phone.evaluate("() => scrollY") == 0
    bottom = record_bottom(phone)
    assert small_targets(phone) == []
    assert not overflows_phone(phone)
    person = Person(phone)
    # Two players take one copy each of the Q♥: a tap each.
    person.tap(f"ranks_{ANN}-Q")
    person.tap(f"ranks_{BEN}-Q")
    expect(phone.get_by_test_id(f"strip-total-{ANN}")).to_have_text("1 ♥ · 13")
    expect(phone.get_by_test_id(f"strip-total-{BEN}")).to_have_text("1 ♥ · 13")
    # One player takes both copies: a second tap on the same heart, which then says ×2.
    person.tap(f"ranks_{CAT}-K")
    person.tap(f"ranks_{CAT}-K")
    expect(phone.get_by_test_id(f"ranks_{CAT}-K").locator("[data-rank-twice]")).to_be_visible()
    expect(phone.get_by_test_id(f"strip-total-{CAT}")).to_have_text("2 ♥ · 2")
    person.tap(f"ranks_{DAN}-A")
    person.tap(f"ranks_{DAN}-A")
    expect(phone.get_by_test_id(f"strip-total-{DAN}")).to_have_text("2 ♥ · 2")
    person.tap(f"queen-{CAT}")
    person.tap(f"queen_2-{CAT}")
    person.tap(f"ranks-rest-{EVE}")
    # The rest: the 2 to the J, both copies, nobody's yet.
    expect(phone.get_by_test_id(f"strip-total-{EVE}")).to_have_text("20 ♥ · 20")
    expect(phone.locator("[data-entry-status]")).to_have_text("Ready to record")
    screen(phone, "more-variants-cancellation-by-rank")
    person.tap("hand-submit")
    expect(totals(phone)).to_have_text(["13", "13", "28", "2", "20"])
    taps = person.take()
    assert taps == 10
    entry = Hand.objects.get(game=game).entry
    twice = [rank for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J") for _copy in range(2)]
    assert entry["ranks"] == [["Q"], ["Q"], ["K", "K"], ["A", "A"], twice]
    note(artifacts_dir, f"cancellation by rank: {taps} taps, Record's bottom edge {bottom:.0f}px")


def test_a_third_tap_clears_both_copies(phone: Page, live_server, league):
    game = make_game(league, "cancellation", players=5, options={"heart_points": {"Q": 13}}, first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    for _tap in range(3):
        phone.get_by_test_id(f"ranks_{ANN}-Q").click()
    expect(phone.get_by_test_id(f"strip-total-{ANN}")).to_have_text("")
    expect(phone.get_by_test_id(f"ranks_{ANN}-Q").locator("[data-rank-twice]")).to_be_hidden()
    assert phone.locator(f"input[name='ranks_{ANN}']:checked").count() == 0


def test_a_turbo_hand_with_a_charge(phone: Page, live_server, league, screen, artifacts_dir):
    game = make_game(league, "turbo", first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    bottom = first_screen(phone, "turbo")
    person = Person(phone)
    person.tap("charged-Q♠")
    person.tap(f"queen-{CAT}")
    person.tap(f"jack-{DAN}")
    person.tap(f"ten-{ANN}")
    person.type_into(phone.locator(f"input[name='hearts_{ANN}']"), "4")
    person.type_into(phone.locator(f"input[name='hearts_{BEN}']"), "5")
    person.tap(f"hearts-rest-{CAT}")
    expect(phone.locator("[data-entry-status]")).to_have_text("Ready to record")
    screen(phone, "more-variants-turbo")
    # The focus is on Cat's rest button: Enter there is a click on it, so back into Ben's box first.
    phone.locator(f"input[name='hearts_{BEN}']").focus()
    person.enter()
    expect(totals(phone)).to_have_text(["8", "5", "30", "−10"])
    expect(phone.get_by_test_id("hand-money-1")).to_have_text(["+1", "+13", "−87", "+73"])
    taps = person.take()
    assert taps <= 10
    assert Hand.objects.get(game=game).entry["charged"] == ["Q♠"]
    note(artifacts_dir, f"turbo: {taps} taps, Record's bottom edge {bottom:.0f}px")


def test_a_team_game_to_its_end(phone: Page, live_server, league, screen, artifacts_dir):
    game = make_game(league, "standard", options={"teams": True, "target": 50}, first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    bottom = first_screen(phone, "teams")
    # Partners side by side: the Q♠ row lists Ann, Cat, Ben, Dan.
    expect(phone.locator("[data-single-card] label")).to_have_text(["Ann", "Cat", "Ben", "Dan"])
    person = Person(phone)
    per_hand = play_partners_to_the_end(phone, person, game, screen, "more-variants-teams-over")
    note(artifacts_dir, f"teams: {per_hand} taps a hand, Record's bottom edge {bottom:.0f}px")


def test_a_spot_hand_tapped_offline_is_sent_once_when_back_online(phone: Page, live_server, league):
    game = make_game(league, "spot", first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.evaluate("() => navigator.serviceWorker.ready")
    phone.context.set_offline(True)
    phone.get_by_test_id(f"queen-{BEN}").click()
    for seat, ranks in ((ANN, "2 3 4"), (BEN, "A K"), (DAN, "J Q")):
        for rank in ranks.split():
            phone.get_by_test_id(f"ranks_{seat}-{rank}").click()
    phone.get_by_test_id(f"ranks-rest-{CAT}").click()
    phone.get_by_test_id("hand-submit").click()
    note = phone.get_by_test_id("offline-note")
    expect(note).to_contain_text("Waiting to send: hand 1", timeout=10_000)
    # The form goes on to hand 2 with every heart unticked.
    expect(phone.locator("[data-rank-strip] input:checked")).to_have_count(0)
    assert not Hand.objects.filter(game=game).exists()

    phone.context.set_offline(False)
    expect(totals(phone)).to_have_text(["9", "77", "45", "23"])
    expect(note).to_have_text("Hand 1, kept on this phone, is recorded.")
    assert Hand.objects.filter(game=game).count() == 1


def play_partners_to_the_end(
    phone: Page, person: Person, game: Game, screen: Callable[[Page, str], None], shot: str
) -> list[int]:
    """Ann+Cat against Ben+Dan to 50: each hand Ben takes the Q♠ and one heart, Cat the rest (12 to
    14 a hand, by hand), until Ann+Cat win; the taps of each hand."""
    per_hand = []
    for expected in (["12", "14"], ["24", "28"], ["36", "42"], ["48", "56"]):
        person.tap(f"queen-{BEN}")
        person.tap(f"hearts-plus-{BEN}")
        person.tap(f"hearts-rest-{CAT}")
        person.tap("hand-submit")
        expect(totals(phone)).to_have_text(expected)
        per_hand.append(person.take())
    expect(phone.get_by_test_id("totals")).to_contain_text("Ann+Cat")
    expect(phone.locator("form[data-hand-form]")).to_have_count(0)
    screen(phone, shot)
    game.refresh_from_db()
    assert game.status == Game.Status.OVER
    assert list(game.seats.order_by("position").values_list("won", flat=True)) == [True, False, True, False]
    return per_hand
