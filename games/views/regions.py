"""The game page's regions after a change, drawn once for every phone at the table.

When a hand is recorded, each phone's next poll asks for the same regions at
the same version of the game: forty phones on one game meant forty draws of
the whole table within a second, and the polls that came in meanwhile waited
behind them. The first poll draws the regions and keeps them (in the default
cache, a short while); the phones after it get that copy.

A copy is kept under everything its text depends on: the game's version
(every change the page shows moves it), what the reader may do there (score,
change, organize; a table link's phone), the page's entry key it was asked
from, the language, and the address the share link is built on. Two things in it are each reader's
own and go in on the way out: the CSRF token, and the new hand's idempotency
key (HandForm.initial_for draws one per form; two phones holding the same key
would have the second one's hand answered as the first's). The poller itself
carries the session's pass, so it is drawn for each reader, after the copy.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.translation import get_language

from games.models import Game
from games.permissions import TableGuest, TableReader, game_locked_for
from games.views.pages import render_partial
from rules import GameState
from rules.announce import ANNOUNCED, announce_change
from scorekeeper.middleware import HtmxHttpRequest

REGIONS = "games/game_regions.html"
PAGE = "games/game_detail.html"

# Long enough for every phone's next poll after a change (they poll every few
# seconds), short enough that a clock's minutes left are never old for long.
REGIONS_SECONDS = 30

# Stand-ins drawn into the kept copy where each reader's own value goes: words
# that no region can hold, and that HTML escaping leaves as they are.
CSRF_MARK = "csrf-token-of-the-reader-goes-here"
KEY_MARK = "hand-key-of-the-reader-goes-here"


def last_change(game: Game, state: GameState) -> dict[str, Any] | None:
    """The game's last change the table is told of (rules.announce), and the History line it comes from:
    the page announces it once, when a swap brings a change it has not yet said (static/js/announce.js)."""
    revision = next((revision for revision in game.revisions.all() if revision.action in ANNOUNCED), None)
    if revision is None:
        return None
    declared = (revision.after or {}).get("declared", "") if revision.action == "declared" else ""
    return {"id": revision.pk, "text": announce_change(state, revision.action, revision.number, declared)}


def regions_key(request: HtmxHttpRequest, game: Game, membership: TableReader, since: int) -> str:
    """The cache key of the regions this reader would be drawn (see the module's docstring)."""
    can_score = membership.can_score
    parts = (
        game.pk,
        game.version,
        since,
        can_score,
        can_score and not game_locked_for(game, membership),
        membership.can_organize,
        # A table link's phone is shown its hands and none of the game's other actions.
        isinstance(membership, TableGuest),
        get_language(),
        request.scheme,
        request.get_host(),
        game.league.public_token,
    )
    return "game-regions:" + hashlib.sha256(repr(parts).encode()).hexdigest()


def changed_regions(
    request: HtmxHttpRequest,
    game: Game,
    membership: TableReader,
    since: int,
    table_context: Callable[[], dict[str, Any]],
) -> HttpResponse:
    """The poller's answer when the game moved on: a new poller, then every region out of band.

    `table_context` draws the page's context (views.table.table_context); it is
    called only when no copy is kept for this version and reader."""
    key = regions_key(request, game, membership, since)
    kept = cache.get(key)
    if kept is None:
        context = table_context()
        context.update(main="poll", entry_changed=context["entry_key"] != since, csrf_token=CSRF_MARK)
        text = str(render_to_string(REGIONS, context, request))
        form = context["hand_form"]
        if form is not None:
            text = text.replace(form.initial["key"], KEY_MARK)
        kept = (text, context["entry_key"])
        cache.set(key, kept, REGIONS_SECONDS)
    text, entry_key = kept
    poller = render_partial(request, PAGE, "poll", {"game": game, "entry_key": entry_key}).render()
    regions = text.replace(CSRF_MARK, get_token(request)).replace(KEY_MARK, uuid.uuid4().hex)
    return HttpResponse(poller.content + regions.encode())
