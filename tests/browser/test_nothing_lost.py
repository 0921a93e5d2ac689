"""Nothing lost, nothing doubled at the table (issue 19): a hand typed once is stored once, and never lost.

A reply lost on the way back, two phones tapping at once, three hands kept
offline, a server down or a session ended while the queue sends, an edit
made on an old version: each as a person at a 360×740 phone does it.
"""

import pytest
from playwright.sync_api import Page, Route, expect

from games.models import Hand, Membership
from rules import HandEntry
from tests.browser.conftest import kept_on_the_phone, login_cookie
from tests.factories import MembershipFactory, make_game

pytestmark = [pytest.mark.browser, pytest.mark.both_databases, pytest.mark.django_db(transaction=True)]

FOLLOW_TIMEOUT_MS = 10_000
ANN, BEN, CAT, DAN = range(4)


def tap_hand(phone: Page, queen: int, rest_to: int) -> None:
    """The Q♠ to one player, every heart to another, then one tap on Record."""
    phone.get_by_test_id(f"queen-{queen}").click()
    phone.get_by_test_id(f"hearts-rest-{rest_to}").click()
    phone.get_by_test_id("hand-submit").click()


def scores(phone: Page):
    return phone.get_by_test_id("totals").locator(".totals-score")


def entries(game):
    return [(hand.entry["queen"], hand.entry["hearts"]) for hand in Hand.objects.filter(game=game).order_by("number")]


def test_a_reply_lost_after_the_hand_was_stored_clears_the_form_instead_of_offering_the_next_hand(
    phone: Page, live_server, league, screen
):
    game = make_game(league, "standard", first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")

    def lose_the_reply(route: Route) -> None:
        route.fetch()  # the server stores the hand...
        route.abort()  # ...and the Wi-Fi drops its answer

    phone.route("**/hands/new/", lose_the_reply, times=1)
    tap_hand(phone, queen=BEN, rest_to=ANN)

    # Within a poll the phone hears of hand 1, finds its own key on it, and clears the form.
    notice = phone.locator("[data-entry-notice]")
    expect(notice).to_have_text("Hand 1, as typed on this phone, is recorded.", timeout=FOLLOW_TIMEOUT_MS)
    expect(scores(phone)).to_have_text(["13", "13", "0", "0"])
    expect(phone.locator("#entry input[name='number']")).to_have_value("2")
    expect(phone.locator("input[name='hearts_0']")).to_have_value("")
    expect(phone.get_by_test_id("hand-submit")).to_be_disabled()
    screen(phone, "lost-reply-cleared")
    assert entries(game) == [(BEN, [13, 0, 0, 0])]


def test_a_second_tap_after_a_lost_reply_is_the_same_hand(phone: Page, live_server, league):
    game = make_game(league, "standard", first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    # The tap comes before the poll: the form's own key answers it.
    phone.evaluate("() => document.getElementById('poll').remove()")
    phone.route("**/hands/new/", lambda route: (route.fetch(), route.abort()), times=1)
    tap_hand(phone, queen=BEN, rest_to=ANN)
    expect(phone.locator("[data-connection-alert]")).to_contain_text("Couldn't reach the server")

    phone.get_by_test_id("hand-submit").click()
    expect(phone.locator("#messages")).to_contain_text("Hand 1 recorded")
    expect(scores(phone)).to_have_text(["13", "13", "0", "0"])
    assert entries(game) == [(BEN, [13, 0, 0, 0])]


def test_two_phones_recording_the_same_hand_at_once_store_it_once_and_both_clear(
    phone: Page, new_phone, live_server, league
):
    game = make_game(league, "standard", first_dealer=0)
    second = new_phone(MembershipFactory(league=league, role=Membership.Role.SCORER).user)
    for each in (phone, second):
        each.goto(f"{live_server.url}{game.get_absolute_url()}")
        # Their own Records meet, not a poll: one is stored, the other hears 409.
        each.evaluate("() => document.getElementById('poll').remove()")
        each.get_by_test_id(f"queen-{CAT}").click()
        each.get_by_test_id(f"hearts-rest-{DAN}").click()
    phone.get_by_test_id("hand-submit").click()
    second.get_by_test_id("hand-submit").click()

    for each in (phone, second):
        expect(scores(each)).to_have_text(["0", "0", "13", "13"], timeout=FOLLOW_TIMEOUT_MS)
        expect(each.locator("#entry input[name='number']")).to_have_value("2")
        expect(each.locator(f"#queen-{CAT}")).not_to_be_checked()
    # The phone that lost the race is told its hand is in, not offered it again for hand 2.
    notices = [each.locator("[data-entry-notice]") for each in (phone, second)]
    said = [notice.text_content() if notice.count() else "" for notice in notices]
    assert sorted(said) == ["", "Hand 1 was recorded on another phone, the same as you had typed: it is in."]
    assert entries(game) == [(CAT, [0, 0, 0, 13])]


def test_three_hands_kept_offline_are_sent_in_order(phone: Page, live_server, league, screen):
    game = make_game(league, "standard", first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.context.set_offline(True)
    queue = phone.get_by_test_id("entry-queue")
    waiting = ["1 hand waiting to send", "2 hands waiting to send", "3 hands waiting to send"]
    for number, (queen, rest_to) in enumerate([(BEN, ANN), (CAT, DAN), (ANN, BEN)], start=1):
        tap_hand(phone, queen=queen, rest_to=rest_to)
        # Beside Record, where the thumb is: how many wait.
        expect(queue).to_have_text(waiting[number - 1], timeout=10_000)
        expect(phone.get_by_test_id("hand-submit")).to_have_text(f"Record hand {number + 1}")
    expect(phone.get_by_test_id("offline-note")).to_contain_text("Waiting to send: hand 1, hand 2, hand 3.")
    screen(phone, "three-hands-kept")
    assert not Hand.objects.filter(game=game).exists()

    phone.context.set_offline(False)
    expect(scores(phone)).to_have_text(["26", "26", "13", "13"], timeout=FOLLOW_TIMEOUT_MS)
    expect(phone.locator("#entry input[name='number']")).to_have_value("4")
    assert entries(game) == [(BEN, [13, 0, 0, 0]), (CAT, [0, 0, 0, 13]), (ANN, [0, 13, 0, 0])]
    assert kept_on_the_phone(phone) == []


def test_a_server_down_while_the_queue_sends_keeps_the_hand_and_tries_again(phone: Page, live_server, league):
    game = make_game(league, "standard", first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.context.set_offline(True)
    tap_hand(phone, queen=BEN, rest_to=ANN)
    expect(phone.get_by_test_id("offline-note")).to_contain_text("Waiting to send: hand 1", timeout=10_000)

    phone.route("**/hands/new/", lambda route: route.fulfill(status=503, body="down"), times=1)
    phone.context.set_offline(False)
    note = phone.get_by_test_id("offline-note")
    expect(note).to_contain_text("Hand 1 was not sent (the server answered 503): it is kept on this phone")
    assert len(kept_on_the_phone(phone)) == 1
    # The next try gets through: stored once, and said.
    expect(note).to_contain_text("Hand 1, kept on this phone, is recorded.", timeout=FOLLOW_TIMEOUT_MS)
    expect(scores(phone)).to_have_text(["13", "13", "0", "0"], timeout=FOLLOW_TIMEOUT_MS)
    assert entries(game) == [(BEN, [13, 0, 0, 0])]


def test_an_ended_session_keeps_the_queue_and_says_to_log_in_again(phone: Page, client, user, live_server, league):
    game = make_game(league, "standard", first_dealer=0)
    page_url = f"{live_server.url}{game.get_absolute_url()}"
    phone.goto(page_url)
    phone.context.set_offline(True)
    tap_hand(phone, queen=BEN, rest_to=ANN)
    expect(phone.get_by_test_id("offline-note")).to_contain_text("Waiting to send: hand 1", timeout=10_000)

    phone.context.clear_cookies()  # the session ended while the phone was offline
    phone.context.set_offline(False)
    note = phone.get_by_test_id("offline-note")
    expect(note).to_contain_text("Log in again to send the hands kept on this phone: they wait until then.")
    expect(phone.get_by_test_id("queue-login")).to_be_visible()
    assert len(kept_on_the_phone(phone)) == 1
    assert not Hand.objects.filter(game=game).exists()

    phone.context.add_cookies([login_cookie(client, user, live_server)])
    phone.goto(page_url)
    expect(scores(phone)).to_have_text(["13", "13", "0", "0"], timeout=FOLLOW_TIMEOUT_MS)
    assert entries(game) == [(BEN, [13, 0, 0, 0])]
    assert kept_on_the_phone(phone) == []


def test_a_stale_edit_shows_both_versions_and_saves_this_phones_in_one_tap(
    phone: Page, new_phone, live_server, league, user, screen
):
    game = make_game(league, "standard", first_dealer=0)
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
    second = new_phone(MembershipFactory(league=league, role=Membership.Role.SCORER).user)
    edit = f"{live_server.url}/games/{game.pk}/hands/1/edit/"
    phone.goto(edit)
    second.goto(edit)

    # The first phone: Ann 4♥, Cat 9♥.
    for seat, hearts in ((ANN, "4"), (CAT, "9")):
        phone.locator(f"input[name='hearts_{seat}']").click()
        phone.keyboard.type(hearts)
    phone.get_by_test_id("hand-submit").click()
    expect(phone).to_have_url(f"{live_server.url}{game.get_absolute_url()}")

    # The second phone, opened before that save: Ann 2♥, Dan 1♥.
    for seat, hearts in ((ANN, "2"), (DAN, "1")):
        second.locator(f"input[name='hearts_{seat}']").click()
        second.keyboard.type(hearts)
    second.get_by_test_id("hand-submit").click()
    expect(second.get_by_test_id("stale-edit")).to_contain_text("Hand 1 was changed on another phone")
    expect(second.get_by_test_id("stale-now")).to_have_text("Ann 4♥, Ben Q♠, Cat 9♥")
    expect(second.get_by_test_id("stale-typed")).to_have_text("Ann 2♥, Ben Q♠, Cat 10♥, Dan 1♥")
    expect(second.locator("input[name='hearts_3']")).to_have_value("1")
    screen(second, "stale-edit")
    assert Hand.objects.get(game=game, number=1).entry["hearts"] == [4, 0, 9, 0]

    second.get_by_test_id("hand-submit").click()
    expect(second).to_have_url(f"{live_server.url}{game.get_absolute_url()}")
    assert Hand.objects.get(game=game, number=1).entry["hearts"] == [2, 0, 10, 1]


def test_a_kept_hand_beaten_by_another_phone_can_be_recorded_as_the_next_hand(phone: Page, live_server, league, user):
    game = make_game(league, "standard", first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.context.set_offline(True)
    tap_hand(phone, queen=BEN, rest_to=ANN)
    expect(phone.get_by_test_id("offline-note")).to_contain_text("Waiting to send: hand 1", timeout=10_000)

    game.record_hand(1, HandEntry.cards([0, 0, 13, 0], DAN), user)  # another phone, online
    phone.context.set_offline(False)
    expect(phone.get_by_test_id("queue-theirs")).to_have_text("Cat 13♥, Dan Q♠", timeout=FOLLOW_TIMEOUT_MS)
    expect(phone.get_by_test_id("queue-mine")).to_have_text("Ann 13♥, Ben Q♠")
    phone.get_by_test_id("queue-record-mine").click()
    expect(phone.get_by_test_id("offline-note")).to_contain_text("Hand 2, kept on this phone, is recorded.")
    expect(scores(phone)).to_have_text(["13", "13", "13", "13"], timeout=FOLLOW_TIMEOUT_MS)
    assert entries(game) == [(DAN, [0, 0, 13, 0]), (BEN, [13, 0, 0, 0])]
    assert kept_on_the_phone(phone) == []


def test_a_kept_hand_the_server_refuses_comes_back_to_the_form_with_the_reason(phone: Page, live_server, league):
    """Offline the table said "no moon" for Ann's 13♥ and Q♠; the engine asks add or subtract."""
    game = make_game(league, "standard", first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.context.set_offline(True)
    tap_hand(phone, queen=ANN, rest_to=ANN)
    expect(phone.get_by_test_id("offline-note")).to_contain_text("Waiting to send: hand 1", timeout=10_000)

    phone.context.set_offline(False)
    expect(phone.get_by_test_id("offline-note")).to_contain_text(
        "Hand 1, kept on this phone, was refused:", timeout=FOLLOW_TIMEOUT_MS
    )
    expect(phone.get_by_test_id("offline-note")).to_contain_text("It is back in the form to put right.")
    expect(phone.locator("#entry input[name='number']")).to_have_value("1")
    expect(phone.locator(f"#queen-{ANN}")).to_be_checked()
    expect(phone.locator("input[name='hearts_0']")).to_have_value("13")
    assert kept_on_the_phone(phone) == []
    assert not Hand.objects.filter(game=game).exists()

    phone.get_by_test_id("moon-add").click()
    phone.get_by_test_id("hand-submit").click()
    expect(scores(phone)).to_have_text(["0", "26", "26", "26"], timeout=FOLLOW_TIMEOUT_MS)
    assert Hand.objects.get(game=game).entry["moon"] == "add"


def test_a_poll_answered_after_a_record_replaced_it_swaps_nothing_and_logs_no_error(
    phone: Page, live_server, league, user
):
    """A poll out while the Record's answer replaces the poller: its late answer used to log
    htmx:oobErrorNoTarget for every region (eight, once, as a game ended)."""
    game = make_game(league, "standard", first_dealer=0)
    errors = []
    phone.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    held = []
    phone.route("**/poll/**", lambda route: held.append(route))
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    game.record_hand(1, HandEntry.cards([0, 0, 13, 0], DAN), user)  # another phone: the next poll has news
    phone.wait_for_timeout(3_500)
    assert held, "the page polls every 3 s"
    # This phone's Record meets the 409, whose answer replaces the poller while its poll is held.
    tap_hand(phone, queen=BEN, rest_to=ANN)
    expect(phone.locator("[data-entry-notice]")).to_contain_text("Hand 1 was recorded on another phone.")
    for route in held:
        route.continue_()
    phone.unroute("**/poll/**")
    phone.wait_for_timeout(1_000)
    assert [error for error in errors if "oobErrorNoTarget" in error] == []
    expect(scores(phone)).to_have_text(["0", "0", "13", "13"])
