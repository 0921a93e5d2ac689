"""{% result_share game state league as share %}: the Share button's title, text and link (games.views.results)."""

from typing import Any

from django import template

from games.models import Game, League
from games.views import results
from rules.game import GameState

register = template.Library()


@register.simple_tag(takes_context=True)
def result_share(context: dict[str, Any], game: Game, state: GameState, league: League) -> dict[str, Any] | None:
    """The result to share once the game is over (None before, and for a declared game)."""
    if not state.is_over or game.declared:
        return None
    return results.result_share(context["request"], game, state, league)
