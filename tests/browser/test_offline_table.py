"""Offline, the table keeps going (issue 38): a phone that keeps hands says whose deal the next one
is, the pass and who leads, for each hand it goes on to; the totals say they wait for the hands kept;
the Record bar keeps its size with one line about the queue, and no red "try again" beside it. The
kept hands outlive the tab: in IndexedDB, sent by the service worker's Background Sync once the page
is closed (Chromium fires it headless when the connection comes back), and a queue an older page
left in localStorage is moved in and sent once.

Before: offline after two hands the page still said "Hand 1: Ann deals · pass left" with every total
0 as if current, the bar grew to about 225 px over the hearts rows, and a red "Couldn't reach the
server… try again" sat beside the yellow "saved on this phone".
"""

import json
import time

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from games.models import Hand, HandRevision
from rules import HandEntry
from tests.browser.conftest import kept_on_the_phone
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.both_databases, pytest.mark.django_db(transaction=True)]

FOLLOW_TIMEOUT_MS = 10_000
ANN, BEN, CAT, DAN = range(4)


def bar_height(phone: Page) -> float:
    return phone.get_by_test_id("record-bar").evaluate("(bar) => bar.getBoundingClientRect().height")


def scores(phone: Page):
    return phone.get_by_test_id("totals").locator(".totals-score")


def entries(game):
    return [(hand.entry["queen"], hand.entry["hearts"]) for hand in Hand.objects.filter(game=game).order_by("number")]


def stored_within(game, count: int, seconds: float = 20) -> list:
    """The game's hands once `count` are stored (a service worker sends them, not the page)."""
    deadline = time.monotonic() + seconds
    while Hand.objects.filter(game=game).count() < count and time.monotonic() < deadline:
        time.sleep(0.25)
    return entries(game)


def test_a_phone_offline_records_two_hands_and_shows_the_next_deal_for_each(phone: Page, live_server, league, screen):
    game = make_game(league, "standard", first_dealer=ANN)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.evaluate("() => navigator.serviceWorker.ready")
    deal = phone.get_by_test_id("next-deal")
    expect(deal).to_contain_text("Hand 1: Ann deals")
    online = bar_height(phone)

    phone.context.set_offline(True)
    # Hand 1: the Q♠ to Ben, Ann's 13 hearts typed in her box, one tap on Record.
    phone.get_by_test_id(f"queen-{BEN}").click()
    phone.locator("input[name='hearts_0']").focus()
    phone.keyboard.type("13")
    phone.get_by_test_id("hand-submit").click()
    # Worked out by hand: 4 players pass left, right, across, hold; the deal moves left; the 2♣ leads.
    expect(deal).to_contain_text("Hand 2: Ben deals", timeout=FOLLOW_TIMEOUT_MS)
    expect(deal).to_contain_text("Pass 3 cards to the right")
    expect(deal).to_contain_text("Whoever holds the 2♣ leads")
    expect(phone.get_by_test_id("totals-waiting")).to_have_text("Waiting for 1 hand: the totals are without it")

    # Hand 2: the Q♠ to Cat, Dan's 13 hearts, Enter in his box.
    phone.get_by_test_id(f"queen-{CAT}").click()
    phone.locator("input[name='hearts_3']").focus()
    phone.keyboard.type("13")
    phone.keyboard.press("Enter")
    expect(deal).to_contain_text("Hand 3: Cat deals", timeout=FOLLOW_TIMEOUT_MS)
    expect(deal).to_contain_text("Pass 3 cards across")
    expect(deal).not_to_contain_text("Hand 1")
    expect(phone.get_by_test_id("totals-waiting")).to_have_text("Waiting for 2 hands: the totals are without them")
    expect(scores(phone)).to_have_text(["0", "0", "0", "0"])
    expect(phone.get_by_test_id("hand-submit")).to_have_text("Record hand 3")
    # One line about the queue beside Record, the bar no taller than online, no red "try again".
    expect(phone.get_by_test_id("entry-queue")).to_have_text("2 hands waiting to send")
    assert bar_height(phone) <= online, (bar_height(phone), online)
    expect(phone.locator("[data-connection-alert]")).to_have_count(0)
    screen(phone, "offline-two-hands-next-deal")
    assert not Hand.objects.filter(game=game).exists()

    phone.context.set_offline(False)
    expect(scores(phone)).to_have_text(["13", "13", "13", "13"], timeout=FOLLOW_TIMEOUT_MS)
    expect(phone.get_by_test_id("totals-waiting")).to_have_count(0)
    expect(deal).to_contain_text("Hand 3: Cat deals")
    expect(phone.get_by_test_id("entry-queue")).to_be_hidden()
    assert entries(game) == [(BEN, [13, 0, 0, 0]), (CAT, [0, 0, 0, 13])]
    assert kept_on_the_phone(phone) == []


def test_a_german_phone_offline_says_the_next_deal_and_the_waiting_totals_in_german(phone: Page, live_server, league):
    """The script's words and the later hands' deals come from the page, drawn in its language."""
    game = make_game(league, "standard", first_dealer=ANN)
    phone.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": "de", "url": live_server.url}])
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.context.set_offline(True)
    phone.get_by_test_id(f"queen-{BEN}").click()
    phone.get_by_test_id(f"hearts-rest-{ANN}").click()
    phone.get_by_test_id("hand-submit").click()
    deal = phone.get_by_test_id("next-deal")
    expect(deal).to_contain_text("Runde 2: Ben gibt", timeout=FOLLOW_TIMEOUT_MS)
    expect(deal).to_contain_text("3 Karten nach rechts weitergeben")
    expect(phone.get_by_test_id("totals-waiting")).to_have_text("Wartet auf 1 Runde: die Summen sind ohne sie")
    expect(phone.get_by_test_id("entry-queue")).to_have_text("1 Runde wartet aufs Senden")
    phone.context.set_offline(False)
    expect(scores(phone)).to_have_text(["13", "13", "0", "0"], timeout=FOLLOW_TIMEOUT_MS)


def test_a_hand_kept_and_the_page_closed_is_sent_by_background_sync_when_the_connection_returns(
    phone: Page, live_server, league
):
    game = make_game(league, "standard", first_dealer=ANN)
    page_url = f"{live_server.url}{game.get_absolute_url()}"
    phone.goto(page_url)
    phone.evaluate("() => navigator.serviceWorker.ready")
    context = phone.context
    context.set_offline(True)
    phone.get_by_test_id(f"queen-{BEN}").click()
    phone.get_by_test_id(f"hearts-rest-{ANN}").click()
    phone.get_by_test_id("hand-submit").click()
    expect(phone.get_by_test_id("entry-queue")).to_have_text("1 hand waiting to send", timeout=FOLLOW_TIMEOUT_MS)
    assert [item["number"] for item in kept_on_the_phone(phone)] == [1]
    phone.close()

    # No page of the app is open: the service worker sends it once the connection is back.
    context.set_offline(False)
    assert stored_within(game, 1) == [(BEN, [13, 0, 0, 0])]

    # The next start of the app says what became of it, and sends nothing twice.
    again = context.new_page()
    again.goto(page_url)
    expect(again.get_by_test_id("offline-note")).to_have_text("Hand 1, kept on this phone, is recorded.")
    expect(scores(again)).to_have_text(["13", "13", "0", "0"])
    assert kept_on_the_phone(again) == []
    assert Hand.objects.filter(game=game).count() == 1


def test_a_hand_the_service_worker_finds_taken_waits_for_the_scorers_decision_at_the_next_start(
    phone: Page, live_server, league, user, caplog
):
    game = make_game(league, "standard", first_dealer=ANN)
    page_url = f"{live_server.url}{game.get_absolute_url()}"
    phone.goto(page_url)
    phone.evaluate("() => navigator.serviceWorker.ready")
    context = phone.context
    context.set_offline(True)
    phone.get_by_test_id(f"queen-{BEN}").click()
    phone.get_by_test_id(f"hearts-rest-{ANN}").click()
    phone.get_by_test_id("hand-submit").click()
    expect(phone.get_by_test_id("entry-queue")).to_have_text("1 hand waiting to send", timeout=FOLLOW_TIMEOUT_MS)
    phone.close()

    game.record_hand(1, HandEntry.cards([0, 0, 13, 0], DAN), user)  # another phone, online
    context.set_offline(False)
    deadline = time.monotonic() + 20
    while not any("Conflict" in record.getMessage() for record in caplog.records) and time.monotonic() < deadline:
        time.sleep(0.25)  # the service worker's send meets the other phone's hand 1

    again = context.new_page()
    again.goto(page_url)
    expect(again.get_by_test_id("queue-decision")).to_contain_text("Hand 1: another phone recorded it first.")
    expect(again.get_by_test_id("queue-mine")).to_have_text("Ann 13♥, Ben Q♠")
    again.get_by_test_id("queue-record-mine").click()
    expect(scores(again)).to_have_text(["13", "13", "13", "13"], timeout=FOLLOW_TIMEOUT_MS)
    assert entries(game) == [(DAN, [0, 0, 13, 0]), (BEN, [13, 0, 0, 0])]


def test_a_table_links_phone_closed_with_a_hand_kept_has_it_sent_under_the_link(new_phone, live_server, league):
    """A phone without an account: the service worker sends with the session the link gave it."""
    game = make_game(league, "standard", first_dealer=ANN)
    link = game.table_links.live().get()
    table = new_phone(None)
    table.goto(f"{live_server.url}{link.get_absolute_url()}")
    table.get_by_label("Your name (optional)").focus()
    table.keyboard.type("Zoe")
    table.keyboard.press("Enter")
    expect(table.get_by_test_id("hand-submit")).to_be_visible()
    table.evaluate("() => navigator.serviceWorker.ready")
    context = table.context
    context.set_offline(True)
    table.get_by_test_id(f"queen-{DAN}").click()
    table.get_by_test_id(f"hearts-rest-{CAT}").click()
    table.get_by_test_id("hand-submit").click()
    expect(table.get_by_test_id("entry-queue")).to_have_text("1 hand waiting to send", timeout=FOLLOW_TIMEOUT_MS)
    table.close()

    context.set_offline(False)
    assert stored_within(game, 1) == [(DAN, [0, 0, 13, 0])]
    assert list(HandRevision.objects.filter(game=game).values_list("user_name", flat=True)) == ["Zoe's phone"]


def test_a_queue_an_older_page_left_in_local_storage_is_moved_in_and_sent_once(phone: Page, live_server, league):
    """A phone updated mid-game: the page before this one kept its hands in localStorage."""
    game = make_game(league, "standard", first_dealer=ANN)
    page_url = f"{live_server.url}{game.get_absolute_url()}"
    phone.goto(page_url)
    phone.evaluate("() => navigator.serviceWorker.ready")
    phone.reload()  # under the service worker, which keeps the page for opening offline
    phone.wait_for_function("() => navigator.serviceWorker.controller !== null")
    body = f"number=1&key=0123456789abcdef0123456789abcdef&action=cards&queen={CAT}&hearts_0=0&hearts_1=0&hearts_2=0&hearts_3=13"
    old = [
        {
            "key": "0123456789abcdef0123456789abcdef",
            "url": f"/games/{game.pk}/hands/new/",
            "page": game.get_absolute_url(),
            "number": 1,
            "body": body,
            "state": "waiting",
            "tries": 0,
        }
    ]
    phone.evaluate("(queue) => localStorage.setItem('scorekeeper-queue', queue)", json.dumps(old))

    # Opened offline, the new page moves the queue into IndexedDB and out of localStorage.
    phone.context.set_offline(True)
    phone.goto(page_url)
    expect(phone.get_by_test_id("entry-queue")).to_have_text("1 hand waiting to send")
    phone.wait_for_function("() => localStorage.getItem('scorekeeper-queue') === null")
    assert [item["key"] for item in kept_on_the_phone(phone)] == [old[0]["key"]]

    phone.context.set_offline(False)
    expect(scores(phone)).to_have_text(["0", "0", "13", "13"], timeout=FOLLOW_TIMEOUT_MS)
    phone.reload()
    expect(scores(phone)).to_have_text(["0", "0", "13", "13"])
    assert entries(game) == [(CAT, [0, 0, 0, 13])]
    assert kept_on_the_phone(phone) == []
