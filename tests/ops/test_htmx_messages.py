"""Every HTMX swap carries the messages region out of band (scorekeeper.middleware.HtmxMessagesMiddleware)."""

import pytest
from django.urls import reverse

from tests.conftest import HTMX

pytestmark = pytest.mark.django_db

OOB = '<div id="messages" aria-live="polite" hx-swap-oob="innerHTML">'


def test_a_swapped_region_carries_the_views_message(scorer, league):
    response = scorer.post(reverse("games:player-new", args=[league.pk]), {"name": "Ann"}, headers=HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="players"')
    assert html.count('id="messages"') == 1
    assert OOB in html
    assert f"Ann joined {league.name}." in html.split(OOB)[1]


def test_a_swap_without_a_message_clears_the_last_one(scorer, league):
    response = scorer.get(reverse("games:league-standings", args=[league.pk]), headers=HTMX)
    html = response.content.decode()
    assert html.count('id="messages"') == 1
    assert html.split(OOB)[1].split("</div>")[0].strip() == ""


def test_a_refused_region_carries_the_reason(scorer, league):
    response = scorer.post(reverse("games:public-link", args=[league.pk]), {"action": "explode"}, headers=HTMX)
    assert response.status_code == 422
    assert "Choose to turn the public link on, renew it or turn it off." in response.content.decode().split(OOB)[1]


def test_whole_pages_and_redirects_are_left_alone(scorer, league):
    page = scorer.get(league.get_absolute_url())
    assert page.content.decode().count('id="messages"') == 1
    assert 'hx-swap-oob="innerHTML"' not in page.content.decode()
    redirect = scorer.post(reverse("games:player-new", args=[league.pk]), {"name": "Ben"})
    assert redirect.status_code == 302
    assert redirect.content == b""
    # The message waits for the page the redirect leads to.
    assert "Ben joined" in scorer.get(redirect["Location"]).content.decode()
