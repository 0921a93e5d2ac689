"""Template helpers for the game page."""

from django import template
from django.template.context import Context

from games.permissions import poll_pass as issue_poll_pass

register = template.Library()


@register.simple_tag(takes_context=True)
def poll_pass(context: Context, game_id: int) -> str:
    """The poller's pass for this session (games.permissions says what it is for)."""
    request = context.get("request")
    return issue_poll_pass(request, game_id) if request is not None else ""
