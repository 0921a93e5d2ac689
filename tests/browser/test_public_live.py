"""The public link on a screen at the club: a game's scoresheet follows the table by itself.

The page's clock is Playwright's, moved on by hand: no test waits 30 real seconds.
"""

import pytest
from playwright.sync_api import Page, expect

from games.models import League, new_token
from rules import HandEntry
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_public_scoresheet_shows_a_hand_recorded_at_the_table(page: Page, live_server, league, user):
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    game = make_game(league)
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], 1), user)
    page.clock.install()
    page.goto(f"{live_server.url}/public/{league.public_token}/games/{game.pk}/")
    expect(page.locator(".hand-number")).to_have_count(1)

    # Hand 1: Ann 3, Ben the Q♠ 13, Cat 10. Hand 2: Ben 8, Cat 5, Dan the Q♠ 13: totals 3, 21, 15, 13.
    game.record_hand(2, HandEntry.cards([0, 8, 5, 0], 3), user)
    page.clock.run_for(31_000)
    expect(page.locator(".hand-number")).to_have_count(2)
    expect(page.locator(".final-total")).to_have_text(["3", "21", "15", "13"])


def test_the_public_scoresheet_is_left_as_it_is_while_nothing_changes(page: Page, live_server, league, user):
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    game = make_game(league)
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], 1), user)
    answers = []
    page.on("response", lambda response: answers.append(response.status) if "/games/" in response.url else None)
    page.clock.install()
    page.goto(f"{live_server.url}/public/{league.public_token}/games/{game.pk}/")
    # A mark on the region: an htmx swap would replace the element, and the mark with it.
    page.locator("#scoresheet-body").evaluate("element => element.dataset.seen = 'before'")

    page.clock.run_for(31_000)
    expect(page.locator("#scoresheet-body")).to_have_attribute("data-seen", "before")
    page.wait_for_timeout(200)
    assert answers[-1] == 304
    expect(page.locator(".hand-number")).to_have_count(1)

    game.record_hand(2, HandEntry.cards([0, 8, 5, 0], 3), user)
    page.clock.run_for(31_000)
    expect(page.locator(".hand-number")).to_have_count(2)
    expect(page.locator("#scoresheet-body")).not_to_have_attribute("data-seen", "before")
    assert answers[-1] == 200
