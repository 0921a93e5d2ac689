"""The smaller slips a table saw (issue 19), as a person meets them at 360x740."""

from __future__ import annotations

import pytest
from playwright.sync_api import Dialog, Page, expect

from games.models import Game, Hand
from tests.factories import PlayerFactory, make_game

pytestmark = [pytest.mark.browser, pytest.mark.both_databases, pytest.mark.django_db(transaction=True)]

ANN, BEN, CAT = 0, 1, 2


class Answers:
    """The page's questions (window.confirm), answered yes or no as `accept` says at the time."""

    def __init__(self, page: Page, accept: bool) -> None:
        self.asked: list[str] = []
        self.accept = accept
        page.on("dialog", self.reply)

    def reply(self, dialog: Dialog) -> None:
        self.asked.append(dialog.message)
        dialog.accept() if self.accept else dialog.dismiss()


def test_a_revoke_is_asked_first_saying_what_typed_entry_it_discards(phone: Page, live_server, league, csp_violations):
    game = make_game(league, first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.get_by_test_id(f"queen-{BEN}").click()
    phone.locator("input[name='hearts_0']").click()
    phone.keyboard.type("10")
    phone.locator("summary", has_text="Revoke…").click()
    phone.get_by_test_id(f"revoke-{CAT}").click()

    answers = Answers(phone, accept=False)
    phone.get_by_test_id("revoke-submit").click()
    expect(phone.get_by_test_id("revoke-submit")).to_be_visible()
    assert answers.asked == [
        "Charge the revoke to Cat? The offender scores 26, everyone else 0 for that hand (no moon)."
        " What is typed for this hand is not recorded: Q♠ Ben, ♥ Ann 10."
    ]
    phone.wait_for_timeout(300)
    assert not Hand.objects.filter(game=game).exists()
    # A no keeps the typing.
    expect(phone.locator("input[name='hearts_0']")).to_have_value("10")
    expect(phone.locator(f"#queen-{BEN}")).to_be_checked()

    answers.accept = True
    phone.get_by_test_id("revoke-submit").click()
    expect(phone.get_by_test_id("totals").locator(".totals-score")).to_have_text(["0", "0", "26", "0"])
    assert len(answers.asked) == 2
    assert Hand.objects.get(game=game).entry == {"revoke": CAT}
    assert csp_violations == []


def test_a_revoke_on_an_empty_entry_is_asked_without_a_list(phone: Page, live_server, league):
    game = make_game(league, "omnibus", first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.locator("summary", has_text="Revoke…").click()
    phone.get_by_test_id(f"revoke-{ANN}").click()
    answers = Answers(phone, accept=True)
    phone.get_by_test_id("revoke-submit").click()
    expect(phone.get_by_test_id("hand-edit-1")).to_be_attached()
    assert answers.asked == [
        "Charge the revoke to Ann? The offender scores 26, everyone else 0 for that hand (no moon, no J♦ bonus)."
    ]


def test_enter_in_new_player_adds_the_player_once_someone_is_seated(phone: Page, live_server, league, csp_violations):
    # A league player not yet seated: Enter used to seat them instead (their "+ Zoe" came first).
    PlayerFactory(league=league, name="Zoe")
    phone.goto(f"{live_server.url}/leagues/{league.pk}/games/new/")
    seats = phone.locator("#seats .seat-name")
    for count, name in enumerate(["Ann", "Ben", "Cat"], start=1):
        phone.get_by_label("New player").click()
        phone.keyboard.type(name)
        phone.keyboard.press("Enter")
        expect(seats).to_have_count(count)
    expect(seats).to_have_text(["Ann", "Ben", "Cat"])
    expect(phone.get_by_label("New player")).to_have_value("")
    assert not Game.objects.exists()
    assert csp_violations == []


@pytest.mark.parametrize(
    ("options", "points"),
    [
        ({"extra_cards": {"K♠": 10, "A♠": 7}}, ["+10", "+7"]),
        ({"queen_points": 15, "extra_cards": {"K♠": 10}}, ["+15", "+10"]),
    ],
    ids=["black-maria", "queen-15"],
)
def test_a_cards_points_are_shown_whole_at_360px(phone: Page, live_server, league, screen, options, points):
    game = make_game(league, "standard", options=options, first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    labels = phone.locator(".card-points")
    expect(labels).to_have_text(points)
    for label in labels.all():
        fits = label.evaluate(
            """(el) => {
                const legend = el.closest("legend");
                const row = legend.parentElement.querySelector(".tap-row").getBoundingClientRect();
                const box = el.getBoundingClientRect();
                return legend.scrollWidth <= legend.clientWidth && box.right <= row.left && box.width > 0;
            }"""
        )
        assert fits, f"{label.inner_text()} is cut or under the players' buttons"
    screen(phone, f"card-points-{'-'.join(points)}")
