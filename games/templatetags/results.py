"""{% result_share game state league as share %}: the Share button's title, text and link (games.views.results);
{% bgstats_play game as play %}: the game as a BG Stats play's two links (games.bgstats)."""

from typing import Any

from django import template

from games import bgstats
from games.models import Game, League, Seat
from games.views import results
from rules.game import GameState

register = template.Library()


@register.simple_tag(takes_context=True)
def result_share(context: dict[str, Any], game: Game, state: GameState, league: League) -> dict[str, Any] | None:
    """The result to share once the game is over (None before, and for a declared game)."""
    if not state.is_over or game.declared:
        return None
    return results.result_share(context["request"], game, state, league)


@register.simple_tag
def bgstats_play(game: Game, seats: list[Seat] | None = None) -> dict[str, str] | None:
    """The finished game's BG Stats links, its app's and its web page's (None for a game not over).
    `seats`: the game's, in order with their players, where the page has read them (no query then)."""
    if game.status != Game.Status.OVER:
        return None
    if seats is None:
        seats = list(game.seats.select_related("player").order_by("position"))
    data = bgstats.play_data(game, seats)
    return {"app": bgstats.app_link(data), "web": bgstats.web_link(data)}
