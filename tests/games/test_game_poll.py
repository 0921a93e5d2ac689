"""Several phones: the page polls, and gets 204 until the game changes."""

import html
import re
import time
from urllib.parse import quote

import pytest
from django.test import Client
from django.urls import reverse

from games.permissions import POLL_PASS_SECONDS
from rules import HandEntry
from tests.conftest import HTMX
from tests.factories import make_game

pytestmark = pytest.mark.django_db

BEN = 1


def poll(client, game, version, hand=1):
    return client.get(reverse("games:game-poll", args=[game.pk]), {"version": version, "hand": hand}, headers=HTMX)


@pytest.fixture
def game(league):
    return make_game(league)


def page_poller(client, game):
    """The poller's address as the game page draws it (version, hand and pass)."""
    page = client.get(reverse("games:game-detail", args=[game.pk])).content.decode()
    return html.unescape(re.search(r'<div id="poll" hidden hx-get="([^"]+)"', page).group(1))


def test_an_unchanged_game_answers_the_pages_poller_204_from_one_query(client, user, game, django_assert_num_queries):
    client.force_login(user)
    url = page_poller(client, game)
    assert "pass=" in url
    # The game's version by its primary key: no session, user or membership read.
    with django_assert_num_queries(1):
        response = client.get(url, headers=HTMX)
    assert response.status_code == 204
    assert response.content == b""


def test_a_poller_without_a_pass_gets_one_then_polls_in_one_query(client, user, game, django_assert_num_queries):
    """A page from before the pass (or one whose pass ran out) is given the poller again, with a pass."""
    client.force_login(user)
    # session, user, membership and version.
    with django_assert_num_queries(3):
        response = poll(client, game, 0)
    assert response.status_code == 200
    poller = html.unescape(re.search(r'<div id="poll" hidden hx-get="([^"]+)"', response.content.decode()).group(1))
    assert "version=0&hand=1&pass=" in poller
    assert 'id="totals"' not in response.content.decode()
    with django_assert_num_queries(1):
        assert client.get(poller, headers=HTMX).status_code == 204


def test_a_changed_game_answers_a_poller_with_a_pass_its_regions(client, user, game):
    client.force_login(user)
    url = page_poller(client, game)
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
    response = client.get(url, headers=HTMX)
    assert response.status_code == 200
    assert 'id="totals"' in response.content.decode()
    assert "version=1&amp;hand=2&amp;pass=" in response.content.decode()


def test_a_pass_holds_only_for_its_own_session(client, user, outsider, game):
    client.force_login(user)
    url = page_poller(client, game)
    other = Client()
    other.force_login(outsider)
    assert other.get(url, headers=HTMX).status_code == 404
    # Nor once its member has logged out (the session, and its cookie, are gone).
    client.logout()
    assert client.get(url, headers=HTMX).status_code == 302


def test_a_pass_holds_only_for_its_own_game(client, user, league, game):
    client.force_login(user)
    url = page_poller(client, game)
    other = make_game(league)
    response = client.get(url.replace(f"/games/{game.pk}/", f"/games/{other.pk}/"), headers=HTMX)
    # The full check, which finds the other game at version 0 and gives its own pass.
    assert response.status_code == 200
    assert f"/games/{other.pk}/poll/" in response.content.decode()


def test_a_pass_runs_out(client, user, game, monkeypatch, django_assert_num_queries):
    client.force_login(user)
    url = page_poller(client, game)
    issued = time.time()
    monkeypatch.setattr(time, "time", lambda: issued + POLL_PASS_SECONDS + 1)
    with django_assert_num_queries(3):
        response = client.get(url, headers=HTMX)
    assert response.status_code == 200
    assert "pass=" in response.content.decode()


def test_a_tampered_pass_is_checked_in_full(client, user, outsider, game):
    client.force_login(outsider)
    url = poll_url(game, 0) + "&pass=" + quote(f"{game.pk}:1vabc:forged")
    assert client.get(url, headers=HTMX).status_code == 404


def poll_url(game, version, hand=1):
    return reverse("games:game-poll", args=[game.pk]) + f"?version={version}&hand={hand}"


def test_a_changed_game_sends_its_regions_out_of_band(client, user, game):
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
    client.force_login(user)
    response = poll(client, game, 0, hand=1)
    assert response.status_code == 200
    page = response.content.decode()
    # The poller itself, now at version 1, then every region out of band,
    # including the entry form since it was open for hand 1 and hand 2 is next.
    assert page.lstrip().startswith('<div id="poll"')
    assert "version=1&amp;hand=2" in page
    for region in ('id="totals"', 'id="hands"', 'id="next-deal"', 'id="history"', 'id="status"'):
        assert region in page
    assert 'id="entry" class="entry mb-3" hx-swap-oob="true"' in page
    assert 'name="number" value="2"' in page


def test_the_entry_form_is_left_alone_when_its_hand_is_still_next(client, user, game):
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
    game.edit_hand(1, HandEntry.cards([4, 0, 9, 0], BEN), user)
    client.force_login(user)
    # The page saw version 1 with the form open for hand 2: the edit bumped the
    # version, but the half-entered hand 2 on this phone must survive.
    page = poll(client, game, 1, hand=2).content.decode()
    assert 'id="totals"' in page
    assert 'id="entry"' not in page


def test_a_malformed_version_is_a_400(client, user, game):
    client.force_login(user)
    assert poll(client, game, "new").status_code == 400


def test_outsiders_get_404(client, outsider, game):
    client.force_login(outsider)
    assert poll(client, game, 0).status_code == 404


def test_anonymous_visitors_are_sent_to_log_in(client, game):
    assert poll(client, game, 0).status_code == 302


def test_a_trashed_leagues_game_stops_answering_unchanged_at_once(client, user, league, game):
    """The pass alone would answer 204 for its ten minutes: trashing the league moves its games on."""
    client.force_login(user)
    url = page_poller(client, game)
    assert client.get(url, headers=HTMX).status_code == 204
    league.trash(user)
    assert client.get(url, headers=HTMX).status_code == 404
    league.restore(user)
    # Back from the trash, the page's poller is given the game's regions again (its version moved).
    assert client.get(url, headers=HTMX).status_code == 200
