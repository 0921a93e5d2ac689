"""A phone at a club night's table with no account: it opens the table card's QR code, names
itself, records three hands (one offline, sent once when back online), can open nothing else of
the league, and is told the link has stopped a few seconds after the organizer stops it."""

import pytest
from playwright.sync_api import Page, expect

from games.models import Game, Hand, HandRevision, Night
from tests.browser.club_night import enter_hand, join_links
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.both_databases, pytest.mark.django_db(transaction=True)]

FOLLOW_TIMEOUT_MS = 10_000
ANN, BEN, CAT, DAN = range(4)


def test_a_phone_without_an_account_scores_its_table_until_the_link_is_stopped(
    phone: Page, new_phone, live_server, league, screen
):
    players = [league.players.create(name=name) for name in ("Ann", "Ben", "Cat", "Dan")]
    night = Night.begin(league, players, "standard", {}, 1, league.today(), user=league.owner, seed=1)
    night.start_round(1, league.owner)
    game = Game.objects.get(night_table__round__night=night)
    seats = [seat.player.name for seat in game.ordered_seats()]
    other = make_game(league)

    # The organizer opens the table cards: the URL table 1's QR code holds.
    link = join_links(phone, live_server.url, night)[1]
    assert "/t/" in link

    table = new_phone(None)  # no account, no cookie
    table.goto(link)
    name = table.get_by_label("Your name (optional)")
    name.focus()
    table.keyboard.type("Zoe")
    screen(table, "table-phone-start")
    table.keyboard.press("Enter")
    expect(table.get_by_test_id("hand-submit")).to_be_visible()
    expect(table.get_by_test_id("totals").locator(".totals-name")).to_have_text(seats)
    screen(table, "table-phone-game")

    # Hand 1: the Q♠ to seat 2, every heart to seat 1.
    enter_hand(table, queen=BEN, rest_to=ANN)
    expect(table.get_by_test_id("totals").locator(".totals-score")).to_have_text(["13", "13", "0", "0"])

    # Hand 2, offline: kept on the phone, sent once when the Wi-Fi is back.
    table.evaluate("() => navigator.serviceWorker.ready")
    table.context.set_offline(True)
    table.get_by_test_id(f"queen-{CAT}").click()
    table.get_by_test_id(f"hearts-rest-{DAN}").click()
    table.get_by_test_id("hand-submit").click()
    note = table.get_by_test_id("offline-note")
    expect(note).to_contain_text("Waiting to send: hand 2", timeout=FOLLOW_TIMEOUT_MS)
    assert Hand.objects.filter(game=game).count() == 1
    table.context.set_offline(False)
    expect(table.get_by_test_id("totals").locator(".totals-score")).to_have_text(["13", "13", "13", "13"])
    expect(note).to_have_text("Hand 2, kept on this phone, is recorded.")

    # Hand 3, online again: Ann takes 5 hearts, the rest and the Q♠ go to Dan.
    enter_hand(table, queen=DAN, rest_to=DAN, hearts={ANN: 5})
    expect(table.get_by_test_id("totals").locator(".totals-score")).to_have_text(["18", "13", "13", "34"])
    assert list(Hand.objects.filter(game=game).values_list("number", flat=True)) == [1, 2, 3]
    assert set(HandRevision.objects.filter(game=game).values_list("user_name", flat=True)) == {"Zoe's phone"}
    table.get_by_text("History").click()
    expect(table.get_by_test_id("history")).to_contain_text("Zoe's phone")

    # The league's page and another game are not this phone's.
    for url in (league.get_absolute_url(), other.get_absolute_url()):
        response = table.goto(f"{live_server.url}{url}")
        assert response.status == 403
        expect(table.get_by_test_id("table-guest-only")).to_be_visible()
    screen(table, "table-phone-refused")
    table.get_by_role("link", name="Back to the game").click()
    expect(table.get_by_test_id("hand-submit")).to_be_visible()

    # The organizer stops table 1's link on the night's page: the phone says so within seconds.
    phone.goto(f"{live_server.url}{night.get_absolute_url()}")
    phone.get_by_test_id("table-link-stop-1").click()
    expect(phone.get_by_text("The scoring link of game")).to_be_visible()
    expect(table.get_by_test_id("table-link-gone")).to_have_text(
        "This table's scoring link has stopped: ask an organizer for the game's new one.", timeout=FOLLOW_TIMEOUT_MS
    )
    screen(table, "table-phone-stopped")
    assert table.goto(f"{live_server.url}{game.get_absolute_url()}").status == 410
