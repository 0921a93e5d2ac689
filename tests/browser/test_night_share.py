"""The organizer's night page at 360x740: one tap hands the night's lasting public link to the share sheet."""

import pytest
from playwright.sync_api import Page, expect

from games.models import League, Night, Player, new_token
from tests.browser.test_result_share import SHARE_SHEET

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NINE = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]


def test_share_hands_the_nights_public_link_to_the_share_sheet(phone: Page, live_server, league):
    League.objects.filter(pk=league.pk).update(public_token=new_token())
    league.refresh_from_db()
    players = [Player.objects.get_or_create(league=league, name=name)[0] for name in NINE]
    night = Night.begin(league, players, "standard", {}, 2, league.today(), name="Friday", seed=1)
    night.start_round(1)
    phone.add_init_script(SHARE_SHEET)
    phone.goto(f"{live_server.url}{night.get_absolute_url()}")
    share = phone.get_by_test_id("share-result")
    expect(share).to_be_visible()
    share.click()
    phone.wait_for_function("() => window.sharedWith && window.sharedWith.length === 1")
    shared = phone.evaluate("() => window.sharedWith[0]")
    assert shared["title"] == "Friday"
    assert shared["url"] == f"{live_server.url}/public/{league.public_token}/nights/{night.pk}/"
    assert shared["text"].startswith(f"{league.name}, Friday: ")
    expect(phone).to_have_url(f"{live_server.url}{night.get_absolute_url()}")  # the link was not followed
    # The shared link opens for anyone, with the night's standings.
    other = phone.context.browser.new_page()
    assert other.goto(shared["url"]).status == 200
    other.close()
