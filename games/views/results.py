"""A result sent to the group chat: the Share button's title, text and link, and the link's preview.

The link a chat app can preview is the game's public scoresheet (the
league's read-only public link, members.public_link): its page carries Open
Graph tags, and their image is the final table as a PNG (games.result_image)
at an address that names the game's version, so that it never changes and
is cached (asked again each time: the link can be turned off); a game changed since (a hand edited, a name) gets a
new address. A game of a league without a public link is private: its image
is a 404, like its scoresheet, and its Share sends the members' link.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_safe

from games.models import Game, League
from games.permissions import get_public_league
from games.ratings import finishing_ranks
from games.result_image import HEIGHT, WIDTH, Row, result_png
from rules.describe import join_names
from rules.game import GameState
from scorekeeper.middleware import HtmxHttpRequest

# The image at a version's address never changes (a changed game has a new address), but the link
# that holds it can be turned off: a cache keeps it and asks each time (ETag, a 304 from one read),
# so that a stopped link's image is gone at once, not a year later.
CHECKED_EACH_TIME = "public, no-cache"


def result_rows(state: GameState) -> list[Row]:
    """The players (the teams in a team game), best place first: the winners, then by total, equal
    totals sharing a place."""
    over = state.is_over
    won = [over and seat in state.winners for seat in range(len(state.totals))]
    places = finishing_ranks(state.totals, won)
    rows = [
        Row(place, name, _total(total), winner)
        for place, name, total, winner in zip(places, state.setup.scorers, state.totals, won, strict=True)
    ]
    return sorted(rows, key=lambda row: row.place)


def _total(total: int) -> str:
    return str(total).replace("-", "\N{MINUS SIGN}")


def game_title(game: Game, state: GameState) -> str:
    return _("Game %(number)s: %(variant)s") % {"number": game.number, "variant": state.setup.variant.name}


def game_summary(game: Game, state: GameState) -> str:
    """One line under the title: the day, and how the game stands."""
    day = date_format(game.played_on)
    if game.declared == Game.Status.NULL:
        return _("%(day)s · declared null") % {"day": day}
    if game.declared == Game.Status.ABANDONED:
        return _("%(day)s · abandoned") % {"day": day}
    count = len(state.hands)
    hands = ngettext("%(count)s hand", "%(count)s hands", count) % {"count": count}
    if state.is_over:
        return _("%(day)s · over after %(hands)s") % {"day": day, "hands": hands}
    return _("%(day)s · under way, %(hands)s so far") % {"day": day, "hands": hands}


def share_text(game: Game, state: GameState, league: League) -> str:
    """What the chat reads above the link: the league, the game, the winners, each place and total."""
    rows = result_rows(state)
    winners = [row.name for row in rows if row.winner]
    fields = {"league": league.name, "number": game.number, "variant": state.setup.variant.name}
    if winners:
        # One whole sentence, the winners joined as the engine joins names (rules.describe).
        fields["winners"] = str(join_names(winners))
        head = _("%(league)s, game %(number)s (%(variant)s): won by %(winners)s") % fields
    else:
        head = _("%(league)s, game %(number)s (%(variant)s)") % fields
    table = " · ".join(f"{row.place}. {row.name} {row.total}" for row in rows)
    return f"{head}\n{table}"


def public_result_url(league: League, game: Game) -> str:
    return reverse("games:public-scoresheet", args=[league.public_token, game.pk])


def image_url(token: str, game_id: int, version: int) -> str:
    return reverse("games:public-result-image", args=[token, game_id, version])


def result_share(request: HtmxHttpRequest, game: Game, state: GameState, league: League) -> dict[str, Any]:
    """The Share button's title, text and link: the public result when the league has a public link."""
    public = bool(league.public_token)
    path = public_result_url(league, game) if public else game.get_absolute_url()
    return {
        "title": game_title(game, state),
        "text": share_text(game, state, league),
        "url": request.build_absolute_uri(path),
        "public": public,
        "id": f"game-{game.pk}",
    }


def open_graph(request: HtmxHttpRequest, game: Game, state: GameState, league: League) -> dict[str, Any]:
    """The public scoresheet's preview tags (og:*, twitter:card)."""
    rows = result_rows(state)
    description = game_summary(game, state) + ". " + " · ".join(f"{row.place}. {row.name} {row.total}" for row in rows)
    return {
        "title": f"{game_title(game, state)} · {league.name}",
        "description": description,
        "url": request.build_absolute_uri(public_result_url(league, game)),
        "image": request.build_absolute_uri(image_url(league.public_token, game.pk, game.version)),
        "image_alt": _("The final table: each player's place and total"),
        "width": WIDTH,
        "height": HEIGHT,
    }


@require_safe  # chat apps' crawlers ask with HEAD too
def public_result_image(request: HtmxHttpRequest, token: str, game_id: int, version: int) -> HttpResponse:
    """The result's PNG. A cached copy is checked (If-None-Match) by one read; an old version's
    address is sent on to the current one."""
    current = (
        Game.objects.filter(pk=game_id, league__public_token=token, league__trashed_at=None)
        .values_list("version", flat=True)
        .first()
    )
    if current is None:
        raise Http404("No such game")
    if current != version:
        return redirect(image_url(token, game_id, current))
    tag = f'"result-{game_id}-{version}"'
    if request.headers.get("If-None-Match") == tag:
        response = HttpResponse(status=HTTPStatus.NOT_MODIFIED)
    else:
        league = get_public_league(token)
        game = Game.objects.for_table().filter(league=league, pk=game_id).first()
        if game is None:
            raise Http404("No such game")
        state = game.state()
        winners = _("Winner") if len(state.winners) == 1 else _("Winners")
        png = result_png(
            "\N{BLACK HEART SUIT} " + game_title(game, state), game_summary(game, state), result_rows(state), winners
        )
        response = HttpResponse(png, content_type="image/png")
    response["ETag"] = tag
    response["Cache-Control"] = CHECKED_EACH_TIME
    return response
