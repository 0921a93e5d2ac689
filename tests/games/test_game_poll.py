"""Several phones: the page polls, and gets 204 until the game changes."""

import pytest
from django.urls import reverse

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


def test_an_unchanged_game_answers_204_in_one_query_past_the_login(client, user, game, django_assert_num_queries):
    client.force_login(user)
    # session, user, then the one query that checks membership and version.
    with django_assert_num_queries(3):
        response = poll(client, game, 0)
    assert response.status_code == 204
    assert response.content == b""


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
