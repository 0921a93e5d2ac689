"""The live streams: an event the moment what a page shows moves, to whoever may poll that page, and to no one else.

The stream's news comes through games.live.HUB (test_live_broker.py tests how a
write gets there); here the hub is told directly, as the broker would tell it.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.test import AsyncClient, Client
from django.urls import reverse

from games.changes import game_topic, night_topic
from games.live import HUB
from games.models import Game
from games.views import live
from games.views.night_screen import fingerprint, screen_token
from rules import HandEntry
from tests.factories import make_game
from tests.games.test_night_screen import started, tables
from tests.games.test_table_link import link_of, phone

pytestmark = pytest.mark.django_db

# Hearts 4, 3, 3, 3; the queen to Ben.
HAND = HandEntry.cards([4, 3, 3, 3], 1)


@pytest.fixture(autouse=True)
def _quick_heartbeat(monkeypatch):
    monkeypatch.setattr(live, "HEARTBEAT_SECONDS", 0.2)


@pytest.fixture
def game(league):
    return make_game(league)


def stream_url(game: Game, version: int | str | None = None) -> str:
    url = reverse("games:game-stream", args=[game.pk])
    return url if version is None else f"{url}?version={version}"


def opened(client: Client, url: str, **headers: str):
    """The stream's response and its parts, read one at a time (the first, the browser's retry delay, is read)."""
    response = client.get(url, headers={"Accept-Encoding": "gzip", **headers})
    assert response.status_code == 200, response.status_code
    # Not gzipped: Django's gzip holds a stream's parts back until more come.
    assert not response.has_header("Content-Encoding")
    assert response["Content-Type"] == "text/event-stream"
    assert response["Cache-Control"] == "no-store"
    assert response["X-Accel-Buffering"] == "no"
    # The test client's own wrapper of the stream (streaming_content maps it): closing it keeps the
    # test's database connection open, as closing the response would not.
    parts = response._iterator
    assert next(parts).startswith(b"retry: ")
    return parts


def event(version) -> bytes:
    return f"id: {version}\ndata: {version}\n\n".encode()


def record(game: Game, user, number: int) -> int:
    game.record_hand(number, HAND, user)
    game.refresh_from_db()
    return game.version


def test_a_member_hears_of_a_hand_recorded_on_another_phone(client, user, game):
    client.force_login(user)
    parts = opened(client, stream_url(game, game.version))
    assert next(parts) == b": still here\n\n"  # nothing moved: the heartbeat
    version = record(game, user, 1)
    assert HUB.publish([game_topic(game.pk)]) == 1
    assert next(parts) == event(version)
    parts.close()
    assert HUB.publish([game_topic(game.pk)]) == 0  # its stream's ear is gone


def test_news_of_another_game_wakes_the_stream_but_sends_nothing(client, user, game, league):
    client.force_login(user)
    parts = opened(client, stream_url(game, game.version))
    other = make_game(league)
    assert HUB.publish([game_topic(other.pk)]) == 0
    # A word for this game that moved nothing (a doubled NOTIFY) sends nothing either.
    assert HUB.publish([game_topic(game.pk)]) == 1
    assert next(parts) == b": still here\n\n"
    parts.close()


def test_a_page_behind_hears_at_once_when_it_connects(client, user, game):
    client.force_login(user)
    drawn_at = game.version
    version = record(game, user, 1)
    parts = opened(client, stream_url(game, drawn_at))
    assert next(parts) == event(version)
    parts.close()


def test_a_reconnect_catches_up_from_its_last_event(client, user, game):
    client.force_login(user)
    heard = game.version
    version = record(game, user, 1)
    # The browser sends the last event's id, which names a newer version than the page's address.
    parts = opened(client, stream_url(game, 0), **{"Last-Event-ID": str(heard)})
    assert next(parts) == event(version)
    parts.close()
    parts = opened(client, stream_url(game, 0), **{"Last-Event-ID": str(version)})
    assert next(parts) == b": still here\n\n"
    parts.close()


def test_a_table_links_phone_holds_a_stream_and_its_stopped_link_ends_it(game):
    client = phone(game)
    parts = opened(client, stream_url(game, game.version))
    link_of(game).stop()
    HUB.publish([game_topic(game.pk)])
    with pytest.raises(StopIteration):
        next(parts)
    parts.close()
    # The browser comes back and is refused, as the poll is: an EventSource does not retry a 410.
    assert client.get(stream_url(game, game.version)).status_code == 410


def test_a_removed_members_stream_ends_at_the_next_look(client, user, game, league):
    from tests.factories import MembershipFactory

    member = MembershipFactory(league=league)
    client.force_login(member.user)
    parts = opened(client, stream_url(game, game.version))
    member.delete()
    with pytest.raises(StopIteration):
        next(parts)  # the heartbeat's look finds the membership gone
    parts.close()
    assert client.get(stream_url(game, game.version)).status_code == 404


@pytest.mark.parametrize("version", ["x", "-1", "1.5", "9" * 5 + "a"])
def test_a_malformed_version_is_400(client, user, game, version):
    client.force_login(user)
    assert client.get(stream_url(game, version)).status_code == 400
    assert client.get(stream_url(game), headers={"Last-Event-ID": version}).status_code == 400


def test_no_one_else_gets_a_stream(client, game, outsider):
    assert client.get(stream_url(game, 1)).status_code == 302  # to the login page, as the poll
    client.force_login(outsider)
    assert client.get(stream_url(game, 1)).status_code == 404


def test_the_nights_screen_hears_a_hand_at_one_of_its_tables(client, league, user):
    night = started(league, user)
    url = reverse("games:night-screen-stream", args=[screen_token(night)])
    parts = opened(client, f"{url}?v={fingerprint(night.pk)}")
    table = tables(night)[0]
    table.game.record_hand(1, HAND, user)
    # A hand announces its game's topic; a change of the night's own (a round, a seat), the night's.
    assert HUB.publish([game_topic(table.game.pk)]) == 1
    assert next(parts) == event(fingerprint(night.pk))
    assert HUB.publish([night_topic(night.pk)]) == 1
    assert next(parts) == b": still here\n\n"
    parts.close()


def test_a_stopped_screen_link_ends_its_stream_and_a_tampered_one_is_404(client, league, user):
    night = started(league, user)
    token = screen_token(night)
    url = reverse("games:night-screen-stream", args=[token])
    parts = opened(client, f"{url}?v={fingerprint(night.pk)}")
    night.stop_link("screen", user)
    HUB.publish([night_topic(night.pk)])
    with pytest.raises(StopIteration):
        next(parts)
    parts.close()
    assert client.get(url).status_code == 410
    assert client.get(reverse("games:night-screen-stream", args=[token[:-2] + "xx"])).status_code == 404


def test_a_public_nights_stream_lasts_as_long_as_the_public_link(client, league, user):
    night = started(league, user)
    league.public_token = "a" * 43
    league.save()
    url = reverse("games:public-night-stream", args=[league.public_token, night.pk])
    parts = opened(client, f"{url}?v={fingerprint(night.pk)}")
    league.public_token = ""
    league.save()
    HUB.publish([night_topic(night.pk)])
    with pytest.raises(StopIteration):
        next(parts)
    parts.close()
    assert client.get(url).status_code == 404


@pytest.mark.django_db(transaction=True)
def test_under_asgi_the_stream_is_a_coroutine_and_hears_the_same(user, game):
    """Production serves through ASGI (gunicorn's asgi worker): the stream is a coroutine, and every stream
    of the process reads in one thread (live.READS), with one database connection: committed data only."""
    client = AsyncClient()
    client.force_login(user)
    drawn_at = game.version
    version = record(game, user, 1)

    async def first_parts(count: int) -> list[bytes]:
        response = await client.get(stream_url(game, drawn_at))
        assert response.status_code == 200
        assert response.is_async
        parts, found = response.streaming_content, []
        async for part in parts:
            found.append(part)
            if len(found) == count:
                break
        await parts.aclose()
        return found

    # In a thread of its own: the browser tests' Playwright keeps an event loop in the test's thread.
    with ThreadPoolExecutor(1) as aside:
        opening, caught_up = aside.submit(asyncio.run, first_parts(2)).result()
    assert opening.startswith(b"retry: ")
    assert caught_up == event(version)
    assert HUB.publish([game_topic(game.pk)]) == 0  # its stream's ear is gone
