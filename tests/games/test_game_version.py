"""Every change a game's page shows moves its version on, in the change's own write.

The poller answers "nothing changed" from the version alone (games/views/table.py),
so a change that left it as it was would never reach the other phones. The
changes the page shows: a hand recorded, edited or deleted; the game declared
null or abandoned and taken back; the time limit's clock restarted; the day it
was played; a player's name (its seats show it), whether renamed or merged into
another player.
"""

import html
import re
from datetime import date

import pytest
from django.urls import reverse

from games.models import Game, Player
from rules import HandEntry
from tests.conftest import HTMX
from tests.factories import make_game

pytestmark = pytest.mark.django_db

BEN = 1


def record(game, user):
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], BEN), user)


def edit(game, user):
    game.edit_hand(1, HandEntry.cards([4, 0, 9, 0], BEN), user)


def delete(game, user):
    game.delete_last_hand(1, user)


def declare(game, user):
    game.declare(Game.Status.ABANDONED, user)


def undeclare(game, user):
    game.undeclare(user)


def restart_clock(game, user):
    game.restart_clock(user)


def move_to_day(game, user):
    game.move_to_day(date(2025, 3, 1), user)


def rename_through_the_form(game, user, client):
    ann = Player.objects.get(league=game.league, name="Ann")
    url = reverse("games:player-edit", args=[game.league.pk, ann.pk])
    assert client.post(url, {"name": "Annie"}).status_code == 302


def merge(game, user):
    # Ann turns out to be Eve, who has played elsewhere: Ann's seats become Eve's.
    eve = Player.objects.create(league=game.league, name="Eve")
    Player.objects.get(league=game.league, name="Ann").merge_into(eve, user)


# (the change, what must be true of the game before it)
CHANGES = {
    "record a hand": (record, []),
    "edit a hand": (edit, [record]),
    "delete the last hand": (delete, [record]),
    "declare it": (declare, []),
    "take the declaration back": (undeclare, [declare]),
    "restart the clock": (restart_clock, []),
    "move it to another day": (move_to_day, []),
    "merge one of its players into another": (merge, []),
}


@pytest.mark.parametrize("change", CHANGES)
def test_a_change_moves_the_version_on_and_the_next_poll_shows_it(change, client, user, league):
    game = make_game(league, options={"time_limit": 30}, played_on=date(2025, 3, 8))
    do, before = CHANGES[change]
    for step in before:
        step(game, user)
    game.refresh_from_db()
    client.force_login(user)
    poller = _poller(client, game)
    version = game.version

    do(game, user)

    game.refresh_from_db()
    assert game.version > version
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
