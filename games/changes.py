"""What changed, said once the write that changed it commits.

A write that moves what a page shows (a game's hands, a night's tables, a league's
results) names its topics here; listeners (the live streams) hear them only after
the transaction commits, so nobody is sent to read what a rollback undid.
"""

from __future__ import annotations

from django.db import transaction
from django.dispatch import Signal

# Sent after the commit, with `topics`: a frozenset of topic strings (see the *_topic functions).
committed = Signal()


def game_topic(game_id: int) -> str:
    return f"game:{game_id}"


def night_topic(night_id: int) -> str:
    return f"night:{night_id}"


def league_topic(league_id: int) -> str:
    return f"league:{league_id}"


def announce(*topics: str) -> None:
    """Tell the listeners these topics moved, once the current transaction commits (at once outside one)."""
    chosen = frozenset(topics)
    transaction.on_commit(lambda: committed.send(sender=announce, topics=chosen))
