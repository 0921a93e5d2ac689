"""The news the live streams wait for: which topics moved, heard in every process that serves a stream.

A write names its topics (games/changes.py), and once it commits `committed`
is sent; `carry` (connected in games/apps.py) hands them to the broker:

- on SQLite (one instance) straight to this process's `HUB`;
- on PostgreSQL through `pg_notify` on one channel. Each process that holds a
  stream keeps one connection LISTENing to it (a thread, started with the
  first stream) and hands what it hears to its own `HUB`, so every instance
  on the one database hears every write, with no broker to run beside it.

The `HUB` holds this process's streams by topic and wakes each one whose
topics moved, from whichever thread the news comes in. A woken stream reads
what its page shows again (one query) and tells the page only if that moved:
the news says where to look, never what changed, so a lost or doubled word
costs at most a read. A stream also looks every HEARTBEAT_SECONDS on its
own (games/views/live.py), which bounds what a lost word can cost.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db import connections

logger = logging.getLogger(__name__)

CHANNEL = "scorekeeper_live"
# PostgreSQL's limit for a NOTIFY payload is 8000 bytes; the topics go in as many as it takes.
PAYLOAD_BYTES = 7000


class Ear:
    """One stream's hearing: `wake()` from any thread; `heard()` (async) or `heard_here()` (a thread) waits.

    A stream clears its ear before it reads what changed, so a word that
    comes while it reads wakes it once more, and nothing committed is missed."""

    def __init__(self, topics: Iterable[str], loop: asyncio.AbstractEventLoop | None = None) -> None:
        self.topics = frozenset(topics)
        self._loop = loop
        self._woken_async = asyncio.Event()
        self._woken = threading.Event()
        # Set when the process stops: the stream ends, and its browser reconnects to a process that is up.
        self.ending = False

    def wake(self) -> None:
        if self._loop is None:
            self._woken.set()
            return
        # A closed loop (RuntimeError): the stream is gone.
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(self._woken_async.set)

    async def heard(self, timeout: float) -> bool:
        try:
            await asyncio.wait_for(self._woken_async.wait(), timeout)
        except TimeoutError:
            return False
        self._woken_async.clear()
        return True

    def heard_here(self, timeout: float) -> bool:
        woken = self._woken.wait(timeout)
        self._woken.clear()
        return woken


class Hub:
    """This process's streams, by the topics each listens to."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ears: dict[str, set[Ear]] = defaultdict(set)

    def add(self, ear: Ear) -> None:
        with self._lock:
            for topic in ear.topics:
                self._ears[topic].add(ear)

    def remove(self, ear: Ear) -> None:
        with self._lock:
            for topic in ear.topics:
                listening = self._ears.get(topic)
                if listening is not None:
                    listening.discard(ear)
                    if not listening:
                        del self._ears[topic]

    def listen_to(self, ear: Ear, topics: Iterable[str]) -> None:
        """The ear's topics are now these (a night's screen, when its rounds bring new games)."""
        chosen = frozenset(topics)
        if chosen != ear.topics:
            self.remove(ear)
            ear.topics = chosen
            self.add(ear)

    def publish(self, topics: Iterable[str]) -> int:
        """Wake every ear listening to one of `topics`; how many were woken."""
        with self._lock:
            woken = set().union(*(self._ears.get(topic, ()) for topic in topics))
        for ear in woken:
            ear.wake()
        return len(woken)

    def wake_all(self) -> None:
        """Every stream reads again: news may have been lost (the listening connection was down)."""
        with self._lock:
            woken = set().union(*self._ears.values())
        for ear in woken:
            ear.wake()

    def end_all(self) -> None:
        """Every stream ends (the worker is stopping)."""
        with self._lock:
            ending = set().union(*self._ears.values())
        for ear in ending:
            ear.ending = True
            ear.wake()

    def __len__(self) -> int:
        with self._lock:
            return len(set().union(*self._ears.values()))


HUB = Hub()


def on_postgresql() -> bool:
    return connections["default"].vendor == "postgresql"


def carry(sender: Any = None, topics: frozenset[str] = frozenset(), **kwargs: Any) -> None:
    """`committed`'s receiver: the topics to every process's streams (PostgreSQL), or to this one's."""
    if not topics:
        return
    if not on_postgresql():
        HUB.publish(topics)
        return
    try:
        with connections["default"].cursor() as cursor:
            for payload in payloads(topics):
                cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, payload])
    except Exception:
        # The write has committed; the streams look again within a heartbeat.
        logger.exception("could not announce %s", sorted(topics))


def payloads(topics: Iterable[str]) -> list[str]:
    """The topics as comma-separated NOTIFY payloads of at most PAYLOAD_BYTES each."""
    chunks: list[str] = []
    current = ""
    for topic in sorted(topics):
        if current and len(current) + 1 + len(topic) > PAYLOAD_BYTES:
            chunks.append(current)
            current = ""
        current = f"{current},{topic}" if current else topic
    return [*chunks, current] if current else chunks


class Listener:
    """The process's one LISTEN connection to PostgreSQL, in a thread, handing what it hears to the HUB."""

    RETRY_SECONDS = 1.0
    # How often the thread looks up from waiting, to stop when asked.
    WAKE_SECONDS = 1.0

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pid = 0
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self.listening = threading.Event()

    def start(self) -> None:
        """Listen, if this process does not yet (a forked worker starts its own)."""
        with self._lock:
            if self._pid == os.getpid():
                return
            self._pid = os.getpid()
            self.listening.clear()
            self._stopping.clear()
            params = connections["default"].get_connection_params()
            self._thread = threading.Thread(target=self._run, args=(params,), name="live-listener", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Stop listening and close the connection (the tests, before their database is dropped)."""
        with self._lock:
            thread, self._thread, self._pid = self._thread, None, 0
            self._stopping.set()
        if thread is not None:
            thread.join()

    @property
    def running(self) -> bool:
        return self._thread is not None

    def _run(self, params: dict[str, Any]) -> None:
        import psycopg

        while not self._stopping.is_set():
            try:
                with psycopg.connect(**params, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    # What was announced while nobody here listened: every stream looks again.
                    HUB.wake_all()
                    while not self._stopping.is_set():
                        for note in connection.notifies(timeout=self.WAKE_SECONDS):
                            HUB.publish(note.payload.split(","))
            except Exception:
                logger.warning("the live streams' listening connection dropped; connecting again", exc_info=True)
            self.listening.clear()
            self._stopping.wait(self.RETRY_SECONDS)


LISTENER = Listener()


def start_listening() -> None:
    """Called by every stream as it opens: on PostgreSQL, this process's listener runs."""
    if on_postgresql():
        LISTENER.start()
