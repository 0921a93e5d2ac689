"""The game announces itself (issue 39): when any phone records or deletes a hand, every phone's
one polite announcer says it once, in its reader's language, cards by name, with the totals and
the next deal, and the same words stay on the page as its last-change line; the focus stays where
the person was. The hand form's status line is said once the typing rests, and Record, refused
while the entry is incomplete, is still reached and says why.

Expected sentences are written by hand from the catalogs (rules/announce.py's sentences)."""

import pytest
from playwright.sync_api import Page, expect

from games.models import Hand, Membership
from rules import HandEntry
from tests.factories import MembershipFactory, make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOLLOW_TIMEOUT_MS = 10_000
ANN, BEN = 0, 1

SAID_IN_ENGLISH = (
    "Hand 1 recorded: Ann 13 hearts; Ben queen of spades. "
    "Totals: Ann 13, Ben 13, Cat 0, Dan 0. Next: Ben deals, pass right."
)
SAID_IN_GERMAN = (
    "Runde 1 eingetragen: Ann 13 Herzen; Ben Pik-Dame. "
    "Summen: Ann 13, Ben 13, Cat 0, Dan 0. Als Nächstes: Ben gibt, weitergeben: rechts."
)


def test_a_hand_recorded_on_one_phone_is_said_on_both_and_nobody_loses_their_place(
    phone: Page, new_phone, live_server, league
):
    game = make_game(league, "standard", first_dealer=0)
    german = new_phone(MembershipFactory(league=league, role=Membership.Role.SCORER).user, locale="de-DE")
    german.set_extra_http_headers({"Accept-Language": "de"})
    german.goto(f"{live_server.url}{game.get_absolute_url()}")
    # The following phone is reading the History, opened, when the hand comes in.
    german.locator("#history > summary").focus()
    german.keyboard.press("Enter")
    expect(german.get_by_test_id("history")).to_have_attribute("open", "")
    expect(german.get_by_test_id("last-change")).to_be_hidden()  # no change yet, nothing to read

    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.get_by_test_id(f"queen-{BEN}").click()
    phone.get_by_test_id(f"hearts-rest-{ANN}").click()
    phone.get_by_test_id("hand-submit").focus()
    phone.keyboard.press("Enter")

    expect(phone.get_by_test_id("announcer")).to_have_text(SAID_IN_ENGLISH)
    expect(phone.get_by_test_id("last-change")).to_have_text(f"Last change: {SAID_IN_ENGLISH}")
    # The recording phone's own "Hand 1 recorded" is shown, and said by the announcer alone.
    expect(phone.locator("#messages .alert")).to_have_attribute("aria-live", "off")
    # Its focus is where the next hand starts: the Q♠'s first seat, not the page's top.
    expect(phone.locator("#queen-0")).to_be_focused()

    expect(german.get_by_test_id("announcer")).to_have_text(SAID_IN_GERMAN, timeout=FOLLOW_TIMEOUT_MS)
    expect(german.get_by_test_id("last-change")).to_have_text(f"Letzte Änderung: {SAID_IN_GERMAN}")
    expect(german.locator("#history > summary")).to_be_focused()
    expect(german.get_by_test_id("history")).to_have_attribute("open", "")


def test_the_announcer_says_a_change_once_and_a_page_load_says_none(phone: Page, live_server, league):
    game = make_game(league, "standard", first_dealer=0)
    game.record_hand(1, HandEntry.cards([13, 0, 0, 0], BEN))
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    expect(phone.get_by_test_id("last-change")).to_contain_text("Hand 1 recorded")
    said = []
    phone.expose_function("heard", lambda text: said.append(text))
    phone.evaluate(
        """() => new MutationObserver(() => {
             const text = document.getElementById('announcer').textContent;
             if (text) { window.heard(text); }
           }).observe(document.getElementById('announcer'), {childList: true, characterData: true, subtree: true})"""
    )
    # Another phone's hand comes in by the poll; the poll after it brings nothing new.
    game.record_hand(2, HandEntry.cards([0, 0, 13, 0], ANN))
    expect(phone.get_by_test_id("announcer")).to_contain_text("Hand 2 recorded", timeout=FOLLOW_TIMEOUT_MS)
    phone.wait_for_timeout(3500)
    assert said == [
        "Hand 2 recorded: Ann queen of spades; Cat 13 hearts. "
        "Totals: Ann 26, Ben 13, Cat 13, Dan 0. Next: Cat deals, pass across."
    ]


def test_deleting_a_hand_is_said_and_the_focus_stays_on_delete(phone: Page, live_server, league):
    game = make_game(league, "standard", first_dealer=0)
    game.record_hand(1, HandEntry.cards([13, 0, 0, 0], BEN))
    game.record_hand(2, HandEntry.cards([0, 0, 13, 0], ANN))
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.on("dialog", lambda dialog: dialog.accept())
    phone.get_by_test_id("hand-delete").focus()
    phone.keyboard.press("Enter")
    expect(phone.get_by_test_id("announcer")).to_have_text(
        "Hand 2 deleted. Totals: Ann 13, Ben 13, Cat 0, Dan 0. Next: Ben deals, pass right."
    )
    expect(phone.get_by_test_id("hand-delete")).to_have_text("Delete hand 1")
    expect(phone.get_by_test_id("hand-delete")).to_be_focused()


def test_the_status_line_is_said_once_the_typing_rests_and_record_says_why_it_waits(phone: Page, live_server, league):
    game = make_game(league, "standard", first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    said = []
    phone.expose_function("heard", lambda text: said.append(text))
    phone.evaluate(
        """() => { const said = document.querySelector('[data-entry-said]');
                   new MutationObserver(() => window.heard(said.textContent))
                     .observe(said, {childList: true, characterData: true, subtree: true}); }"""
    )
    phone.locator("input[name='hearts_0']").focus()
    phone.keyboard.type("13", delay=150)
    phone.wait_for_timeout(2000)
    # Two keystrokes, two texts on screen ("1 of 13 hearts…", then the question): said once.
    assert said == ["Who took the queen of spades?"]
    expect(phone.locator("[data-entry-status]")).to_have_text("Who took the Q♠?")

    record = phone.get_by_test_id("hand-submit")
    expect(record).to_have_attribute("aria-disabled", "true")
    expect(record).to_have_accessible_description("Who took the queen of spades?")
    record.focus()  # reached, not skipped: no `disabled`
    phone.keyboard.press("Enter")
    phone.wait_for_timeout(500)
    assert Hand.objects.filter(game=game).count() == 0
    assert said[-1] == "Who took the queen of spades?"

    phone.get_by_test_id(f"queen-{BEN}").click()
    expect(record).not_to_have_attribute("aria-disabled", "true")
    record.press("Enter")
    expect(phone.get_by_test_id("totals").locator(".totals-score")).to_have_text(["13", "13", "0", "0"])


def test_a_confirmation_shown_by_a_full_page_load_is_said_once_the_page_is_read(phone: Page, live_server, league):
    game = make_game(league, "standard", first_dealer=0)
    game.record_hand(1, HandEntry.cards([13, 0, 0, 0], BEN))
    phone.goto(f"{live_server.url}/games/{game.pk}/hands/1/edit/")
    phone.locator("input[name='hearts_0']").fill("12")
    phone.locator("input[name='hearts_1']").fill("1")
    phone.get_by_test_id("hand-submit").click()
    shown = phone.locator("#messages .alert")
    expect(shown).to_have_text("Hand 1 changed; the hands after it are rescored")
    # Present as the page loaded, the alert is not heard by itself: the announcer says it once the page is read.
    expect(phone.get_by_test_id("announcer")).to_have_text("Hand 1 changed; the hands after it are rescored")
