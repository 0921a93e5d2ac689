"""The referee on a phone: answers swap in as the form changes, and a revoke is charged."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from games.models import Hand
from rules import HandEntry
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(page, live_server, user) -> None:
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie.value, "url": live_server.url}])


def test_the_answer_changes_as_the_player_changes_the_question(page, live_server, league, user, artifacts_dir):
    game = make_game(league, "ricketts")
    log_in(page, live_server, user)
    page.goto(f"{live_server.url}/games/{game.pk}/referee/")
    page.get_by_label("The card").select_option("heart")
    answer = page.locator("#answer")
    answer.get_by_text("No:", exact=False).wait_for()
    assert "hearts may not be led until they are broken" in answer.inner_text()
    page.get_by_label("The Q♠ has been played this hand").check()
    answer.get_by_text("Yes:", exact=False).wait_for()
    assert "(rule: Leading hearts)" in answer.inner_text()
    assert page.url.endswith("/referee/")  # answered in place, no page load
    page.screenshot(path=artifacts_dir / "referee-phone.png", full_page=True)


def test_charging_a_revoke_updates_the_next_deal_in_place(page, live_server, league, user):
    game = make_game(league, "standard")
    log_in(page, live_server, user)
    page.goto(f"{live_server.url}/games/{game.pk}/referee/")
    asked = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.get_by_label("Who revoked?").select_option(label="Cat")
    page.get_by_role("button", name="Charge hand 1").click()
    page.get_by_text(
        "Hand 1: revoke charged to Cat, who scores 26, everyone else 0 for that hand (no moon)."
    ).wait_for()
    assert asked == [
        "Charge the revoke as hand 1? The offender takes the penalty and nobody else scores for that hand."
    ]
    assert "Ben deals hand 2" in page.locator("#next-deal").inner_text()
    assert Hand.objects.get(game=game).entry == {"revoke": 2}


def test_a_revoke_beaten_by_another_phone_shows_why(page, live_server, league, user):
    game = make_game(league, "standard")
    log_in(page, live_server, user)
    page.goto(f"{live_server.url}/games/{game.pk}/referee/")
    game.record_hand(1, HandEntry.cards([13, 0, 0, 0], 1), user)  # another phone, meanwhile
    page.on("dialog", lambda dialog: dialog.accept())
    page.get_by_label("Who revoked?").select_option(label="Cat")
    page.get_by_role("button", name="Charge hand 1").click()
    page.get_by_text("Hand 1 was just recorded by someone else. Nothing was charged.").wait_for()
    assert "Ben deals hand 2" in page.locator("#next-deal").inner_text()
    assert page.get_by_role("button", name="Charge hand 2").is_visible()
    assert Hand.objects.filter(game=game).count() == 1


def test_a_revoke_is_asked_first_and_cancelling_charges_nothing(page, live_server, league, user):
    game = make_game(league, "standard")
    log_in(page, live_server, user)
    page.goto(f"{live_server.url}/games/{game.pk}/referee/")
    asked = []
    posts = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
    page.get_by_label("Who revoked?").select_option(label="Cat")
    page.get_by_role("button", name="Charge hand 1").click()
    page.wait_for_timeout(300)  # long enough for a request that should not go to start
    expect(page.get_by_role("button", name="Charge hand 1")).to_be_enabled()
    assert len(asked) == 1
    assert asked[0].startswith("Charge the revoke as hand 1?")
    assert posts == []
    assert not Hand.objects.filter(game=game).exists()


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_the_referee_has_no_accessibility_violations(page, live_server, league, user, color_scheme):
    game = make_game(league, "3d", 5)
    log_in(page, live_server, user)
    page.emulate_media(color_scheme=color_scheme)
    page.goto(f"{live_server.url}/games/{game.pk}/referee/?card=heart&play=follow&suit_led=%E2%99%A3&hand=mixed")
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()
