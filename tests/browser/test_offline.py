"""Offline at the table: a hand recorded offline waits on the phone, is sent
exactly once when the connection returns, and the last game page seen opens
offline, saying it may be out of date."""

import pytest
from playwright.sync_api import Page, expect

from games.models import Hand
from rules import HandEntry
from tests.browser.conftest import kept_on_the_phone
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.both_databases, pytest.mark.django_db(transaction=True)]


def test_a_hand_recorded_offline_is_sent_once_when_back_online(phone: Page, live_server, league, screen):
    game = make_game(league, "standard", first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.evaluate("() => navigator.serviceWorker.ready")

    phone.context.set_offline(True)
    phone.get_by_test_id("queen-1").click()
    phone.locator("input[name='hearts_0']").click()
    phone.keyboard.type("13")
    # Offline the moon check cannot answer: the tap waits for it to give up, then is kept.
    phone.get_by_test_id("hand-submit").click()
    note = phone.get_by_test_id("offline-note")
    expect(note).to_contain_text("Waiting to send: hand 1", timeout=10_000)
    expect(note).to_contain_text("You're offline")
    screen(phone, "offline-waiting")
    assert not Hand.objects.filter(game=game).exists()

    phone.context.set_offline(False)
    expect(phone.get_by_test_id("totals").locator(".totals-score")).to_have_text(["13", "13", "0", "0"])
    expect(note).to_have_text("Hand 1, kept on this phone, is recorded.")
    assert Hand.objects.filter(game=game).count() == 1


def test_the_last_game_page_seen_opens_offline(phone: Page, live_server, league):
    game = make_game(league, "standard", first_dealer=0)
    url = f"{live_server.url}{game.get_absolute_url()}"
    phone.goto(url)
    phone.evaluate("() => navigator.serviceWorker.ready")
    phone.reload()  # now under the service worker, which keeps the page
    phone.wait_for_function("() => navigator.serviceWorker.controller !== null")
    phone.context.set_offline(True)
    phone.goto(url)
    expect(phone.get_by_test_id("totals")).to_be_visible()
    expect(phone.get_by_test_id("offline-note")).to_have_text("You're offline: this page may be out of date.")
    phone.context.set_offline(False)


def test_a_kept_hand_another_phone_recorded_first_is_reported_not_doubled(phone: Page, live_server, league):
    game = make_game(league, "standard", first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.context.set_offline(True)
    phone.get_by_test_id("queen-1").click()
    phone.get_by_test_id("hearts-rest-2").click()
    phone.get_by_test_id("hand-submit").click()
    expect(phone.get_by_test_id("offline-note")).to_contain_text("Waiting to send: hand 1", timeout=10_000)

    game.record_hand(1, HandEntry.cards([13, 0, 0, 0], 2))  # another phone, online
    phone.context.set_offline(False)
    # Shown beside this phone's entry, for the scorer to decide; nothing is dropped meanwhile.
    decision = phone.get_by_test_id("queue-decision")
    expect(decision).to_contain_text("Hand 1: another phone recorded it first.", timeout=10_000)
    expect(phone.get_by_test_id("queue-theirs")).to_have_text("Ann 13♥, Cat Q♠")
    expect(phone.get_by_test_id("queue-mine")).to_have_text("Ben Q♠, Cat 13♥")
    phone.get_by_test_id("queue-keep-theirs").click()
    expect(decision).to_be_hidden()
    assert kept_on_the_phone(phone) == []
    assert Hand.objects.filter(game=game).count() == 1


def test_a_moon_recorded_offline_under_the_shooters_choice_is_sent_with_it(phone: Page, live_server, league):
    """Offline nobody can ask the server whether it is a moon: the table says so, the engine checks it on sending.

    Ann takes all 13 hearts and the Q♠ and adds: everyone else 26."""
    game = make_game(league, "standard", first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    question = phone.locator("[data-offline-moon]")
    expect(question).to_be_hidden()

    phone.context.set_offline(True)
    expect(question).to_be_visible()
    phone.get_by_test_id("queen-0").click()
    phone.locator("input[name='hearts_0']").click()
    phone.keyboard.type("13")
    phone.get_by_test_id("offline-moon-add").click()
    phone.get_by_test_id("hand-submit").click()
    expect(phone.get_by_test_id("offline-note")).to_contain_text("Waiting to send: hand 1", timeout=10_000)

    phone.context.set_offline(False)
    expect(phone.get_by_test_id("totals").locator(".totals-score")).to_have_text(["0", "26", "26", "26"])
    assert Hand.objects.get(game=game).entry["moon"] == "add"


def test_a_refused_kept_hand_comes_back_with_a_heart_taken_twice_still_twice(phone: Page, live_server, league):
    """Cancellation: Cat took both copies of the K♥ (two taps on one heart). The kept hand, refused
    when sent (the refusal routed in), comes back to the form with both copies, not one."""
    ann, ben, cat, dan, eve = range(5)
    game = make_game(league, "cancellation", players=5, options={"heart_points": {"Q": 13}}, first_dealer=0)
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.evaluate("() => navigator.serviceWorker.ready")
    phone.context.set_offline(True)
    for taker, heart in [(ann, "Q"), (ben, "Q"), (cat, "K"), (cat, "K"), (dan, "A"), (dan, "A")]:
        phone.get_by_test_id(f"ranks_{taker}-{heart}").click()
    phone.get_by_test_id(f"queen-{cat}").click()
    phone.get_by_test_id(f"queen_2-{cat}").click()
    phone.get_by_test_id(f"ranks-rest-{eve}").click()
    expect(phone.get_by_test_id(f"strip-total-{cat}")).to_have_text("2 ♥ · 2")
    phone.get_by_test_id("hand-submit").click()
    expect(phone.get_by_test_id("offline-note")).to_contain_text("Waiting to send: hand 1", timeout=10_000)

    refusal = '{"outcome": "refused", "number": 1, "message": "Put it right, please"}'
    phone.route(
        f"**/games/{game.pk}/hands/new/**",
        lambda route: route.fulfill(status=422, content_type="application/json", body=refusal),
    )
    phone.context.set_offline(False)
    expect(phone.get_by_test_id("offline-note")).to_contain_text("Put it right, please", timeout=10_000)
    # Both copies ticked again, as the scorer tapped them.
    expect(phone.get_by_test_id(f"strip-total-{cat}")).to_have_text("2 ♥ · 2")
    expect(phone.get_by_test_id(f"ranks_{cat}-K").locator("[data-rank-twice]")).to_be_visible()
    assert phone.locator(f"input[name='ranks_{cat}'][value='K']:checked").count() == 2
    assert not Hand.objects.filter(game=game).exists()

    phone.unroute(f"**/games/{game.pk}/hands/new/**")
    phone.get_by_test_id("hand-submit").click()
    expect(phone.get_by_test_id("totals").locator(".totals-score")).to_have_text(["13", "13", "28", "2", "20"])
    assert Hand.objects.get(game=game).entry["ranks"][cat] == ["K", "K"]
