"""The live streams: a game page, a night's screen and a public night hear of a change the moment it commits.

Each is a Server-Sent Events stream beside the page's poller. It sends an
event whenever what the page shows moved (the game's version, the night's
fingerprint: the same figures the polls compare), and the page's script
(static/js/live.js) then fires the poller's own request, so regions are
drawn one way, by the poll. The stream only says "ask now".

Who may hold a stream is who may poll: the game's members and the phone its
table link lets in (games.permissions.get_table_for), the screen's live link,
the league's public link. A refused stream answers as the poll does (404, 410,
the login page), which an EventSource does not retry: the page's poller then
hears why. The stream looks again at every word from games/live.py and every
HEARTBEAT_SECONDS, with the poll's one-query check, so a stopped link or a
removed member ends their stream within a heartbeat; the browser comes back
and is refused.

A reconnect catches up: the browser sends the last event's id (Last-Event-ID),
or the page's address names the version it was drawn at; when what the page
shows has moved since, the first thing sent is an event.

The views themselves are sync: they check access and return at once. Under
ASGI (production: gunicorn's asgi worker) the stream they return is a
coroutine that holds no thread, its reads in one shared thread (READS). Under
WSGI (the test server, `manage.py runserver`) it is a generator in the
request's thread, as every response there is. (Async views would be run
through async_to_sync under WSGI, which refuses a thread that already runs an
event loop, as the test process's does once a Playwright browser is open.)
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from http import HTTPStatus
from typing import Any, TypeVar

from django.contrib.auth.views import redirect_to_login
from django.core.handlers.asgi import ASGIRequest
from django.db import close_old_connections
from django.http import HttpResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from games.changes import game_topic, league_topic, night_topic
from games.live import HUB, Ear, start_listening
from games.models import Game
from games.permissions import VIEW, TableLinkStopped, get_public_league, get_table_for, polled_version, table_grant
from games.views import night_screen
from games.views.guests import link_stopped
from scorekeeper.middleware import HtmxHttpRequest

# A comment line this often keeps proxies from closing a quiet stream (nginx's 60 s, Caddy's none),
# and the stream looks at what its page shows each time.
HEARTBEAT_SECONDS = 20.0
# How long a browser waits before it reconnects, spread so a restarted server is not asked by every page at once.
RETRY_MS = (1000, 5000)


@dataclass
class Watch:
    """What one stream follows: its topics, and what its page shows now (None once its reader may no longer see it)."""

    topics: Callable[[], frozenset[str]]
    current: Callable[[], str | None]

    def look(self) -> tuple[str | None, frozenset[str]]:
        """What the page shows now, and the topics to listen to from now on: one trip to READS."""
        current = self.current()
        return current, (self.topics() if current is not None else frozenset())


def _asked_since(request: HtmxHttpRequest, name: str) -> str:
    """What the page holds: the last event's id on a reconnect, else the version its address names."""
    return request.headers.get("Last-Event-ID") or request.GET.get(name, "")


def _event(current: str) -> bytes:
    return f"id: {current}\ndata: {current}\n\n".encode()


def _opening() -> bytes:
    return f"retry: {random.randint(*RETRY_MS)}\n\n".encode()


HEARTBEAT = b": still here\n\n"
T = TypeVar("T")


# Every stream of the process reads in this one thread, with one database connection between them.
# Not sync_to_async's: under ASGI Django gives each request a thread of its own for its sync code, for
# the request's life, so a stream's reads there would each hold a connection as long as the stream.
READS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="live-reads")


def _fresh(read: Callable[..., T], *args: Any) -> T:
    # As at a request's start: a connection past DB_CONN_MAX_AGE, or broken, is replaced.
    close_old_connections()
    return read(*args)


async def _read(read: Callable[..., T], *args: Any) -> T:
    return await asyncio.get_running_loop().run_in_executor(READS, partial(_fresh, read, *args))


async def _events_async(watch: Watch, since: str) -> AsyncIterator[bytes]:
    ear = Ear(await _read(watch.topics), asyncio.get_running_loop())
    HUB.add(ear)
    try:
        await _read(start_listening)
        yield _opening()
        while True:
            if ear.ending:
                return
            current, topics = await _read(watch.look)
            if current is None:
                return
            HUB.listen_to(ear, topics)
            if current != since:
                since = current
                yield _event(current)
            if not await ear.heard(HEARTBEAT_SECONDS):
                yield HEARTBEAT
    finally:
        HUB.remove(ear)


def _events_here(watch: Watch, since: str) -> Iterator[bytes]:
    ear = Ear(watch.topics())
    HUB.add(ear)
    try:
        start_listening()
        yield _opening()
        while True:
            if ear.ending:
                return
            current, topics = watch.look()
            if current is None:
                return
            HUB.listen_to(ear, topics)
            if current != since:
                since = current
                yield _event(current)
            if not ear.heard_here(HEARTBEAT_SECONDS):
                yield HEARTBEAT
    finally:
        HUB.remove(ear)


def _stream(request: HtmxHttpRequest, watch: Watch, since: str) -> StreamingHttpResponse:
    if isinstance(request, ASGIRequest):
        response = StreamingHttpResponse(_events_async(watch, since), content_type="text/event-stream")
    else:
        response = StreamingHttpResponse(_events_here(watch, since), content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    # nginx passes this response on as it comes instead of buffering it (README, Deploy).
    response["X-Accel-Buffering"] = "no"
    return response


def _game_watch(request: HtmxHttpRequest, game_id: int) -> Watch | HttpResponse:
    """The game's members and its table link's phone, as its poll (game_poll) lets them in."""
    if not request.user.is_authenticated and table_grant(request, game_id) is None:
        return redirect_to_login(request.get_full_path())
    try:
        game, _reader = get_table_for(request, game_id, VIEW)
    except TableLinkStopped:
        return link_stopped(request)
    holder = getattr(request, "poll_holder", "")
    topics = frozenset([game_topic(game.pk)])

    def current() -> str | None:
        version = polled_version(game_id, holder)
        if version is None:
            # Gone, or a phone's game just ended (its grace is the full check's to weigh).
            try:
                version = get_table_for(request, game_id, VIEW)[0].version
            except Exception:
                return None
        return str(version)

    return Watch(lambda: topics, current)


@require_GET
def game_stream(request: HtmxHttpRequest, game_id: int) -> HttpResponseBase:
    since = _asked_since(request, "version")
    if since and not since.isdigit():
        return HttpResponse("version must be a whole number", status=HTTPStatus.BAD_REQUEST, content_type="text/plain")
    watch = _game_watch(request, game_id)
    if isinstance(watch, HttpResponse):
        return watch
    return _stream(request, watch, since)


def _night_topics(night_id: int) -> Callable[[], frozenset[str]]:
    """The night's topic and its games' (a hand announces its game's; a night's change, the night's)."""

    def topics() -> frozenset[str]:
        games = Game.objects.filter(night_table__round__night_id=night_id).values_list("pk", flat=True)
        return frozenset([night_topic(night_id), *(game_topic(pk) for pk in games)])

    return topics


def _gone_is_none(read: Callable[[], str]) -> Callable[[], str | None]:
    def current() -> str | None:
        try:
            return read()
        except Exception:  # the link stopped, the night deleted, the public link turned off
            return None

    return current


def _screen_watch(request: HtmxHttpRequest, token: str) -> Watch | HttpResponse:
    """The screen's live link, as its poll lets it in: 404 for a bad token, 410 once it is stopped or expired."""
    try:
        night_id, _current = night_screen._screen_fingerprint(token)
    except night_screen.LinkGone as gone:
        return night_screen.link_gone(request, gone.reason, HTTPStatus.GONE)
    return Watch(_night_topics(night_id), _gone_is_none(lambda: night_screen._screen_fingerprint(token)[1]))


@require_GET
def night_screen_stream(request: HtmxHttpRequest, token: str) -> HttpResponseBase:
    watch = _screen_watch(request, token)
    if isinstance(watch, HttpResponse):
        return watch
    return _stream(request, watch, _asked_since(request, "v"))


def _public_watch(request: HtmxHttpRequest, token: str, night_id: int) -> Watch | HttpResponse:
    """A night through the league's public link, while that link is on (404 otherwise, as its poll)."""
    try:
        night_screen._public_night(token, night_id)
    except night_screen.NoPublicNight:
        line = gettext("This link does not work (any more): ask the club for a new one.")
        return night_screen.link_gone(request, line, HTTPStatus.NOT_FOUND)
    night_topics = _night_topics(night_id)
    league = league_topic(get_public_league(token).pk)
    return Watch(lambda: night_topics() | {league}, _gone_is_none(lambda: night_screen._public_night(token, night_id)))


@require_GET
def public_night_stream(request: HtmxHttpRequest, token: str, night_id: int) -> HttpResponseBase:
    watch = _public_watch(request, token, night_id)
    if isinstance(watch, HttpResponse):
        return watch
    return _stream(request, watch, _asked_since(request, "v"))
