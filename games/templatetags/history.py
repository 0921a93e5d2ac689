"""Template helpers for the league's history pages.

Links go through the Reader (games.views.history.Reader) because the same
page is seen by members and, read-only, through the league's public link.
"""

from django import template

from rules import VARIANTS

register = template.Library()


@register.filter
def variant_name(key: str) -> str:
    """'ricketts' -> 'Ricketts House Hearts'; an unknown key is shown as it is."""
    variant = VARIANTS.get(key)
    return variant.name if variant else key


@register.simple_tag
def scoresheet_url(reader, game_id: int) -> str:
    return reader.scoresheet_url(game_id)


@register.simple_tag
def player_url(reader, player_id: int) -> str:
    """The player's page, or "" where the reader may not see it (the public link)."""
    return reader.player_url(player_id)


@register.filter
def signed(value: int) -> str:
    """A hand's points with their sign: +3, −26, 0."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"−{-value}"
    return "0"
