"""A game's version and the poller: a change reaches the other phones, a refused one does not.

The poller answers "nothing changed" from the version alone (games/views/table.py),
so a change that left it as it was would never reach the other phones. Which
writes move it is not listed here: tests/ops/test_versions_follow_writes.py
finds every write of every POST itself and holds each to games.changes.
"""

import html
import re

import pytest
from django.urls import reverse

from games.models import Player
from rules import HandEntry
from tests.conftest import HTMX
from tests.factories import make_game

pytestmark = pytest.mark.django_db

BEN = 1


def record(game, user):
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)


def rename_through_the_form(game, user, client):
    ann = Player.objects.get(league=game.league, name="Ann")
    url = reverse("games:player-edit", args=[game.league.pk, ann.pk])
    assert client.post(url, {"name": "Annie"}).status_code == 302


def test_a_hand_moves_the_version_on_and_the_next_poll_draws_the_regions(client, user, league):
    game = make_game(league)
    client.force_login(user)
    poller = _poller(client, game)

    record(game, user)

    game.refresh_from_db()
    assert game.version == 1
    response = client.get(poller, headers=HTMX)
    assert response.status_code == 200
    assert 'id="totals"' in response.content.decode()


def test_renaming_a_player_moves_the_version_of_their_games_on(client, user, league):
    game = make_game(league)
    other = make_game(league, players=["Eve", "Ben", "Cat", "Dan"])
    client.force_login(user)
    poller = _poller(client, game)

    rename_through_the_form(game, user, client)

    game.refresh_from_db()
    other.refresh_from_db()
    assert (game.version, other.version) == (1, 0)
    response = client.get(poller, headers=HTMX)
    assert response.status_code == 200
    assert "Annie" in response.content.decode()


def test_a_change_refused_leaves_the_version_as_it_was(client, user, league):
    game = make_game(league)
    record(game, user)
    # The same hand again: nothing changes, so the pollers keep their 204.
    game.edit_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)
    game.refresh_from_db()
    assert game.version == 1


def _poller(client, game):
    page = client.get(reverse("games:game-detail", args=[game.pk])).content.decode()
    url = html.unescape(re.search(r'<div id="poll" hidden hx-get="([^"]+)"', page).group(1))
    assert client.get(url, headers=HTMX).status_code == 204
    return url
