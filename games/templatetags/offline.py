"""The offline queue's sentences that carry a count, for static/js/offline.js."""

from django import template
from django.utils.translation import ngettext

register = template.Library()


@register.simple_tag
def hands_waiting(count: int) -> str:
    """The one ngettext pair, in the form the language uses for `count`, with %(count)s left for the script.

    The script picks the form for 1 or for more (count === 1), which is each of the app's
    languages' rule for the counts it shows (never 0: nothing waits, nothing is said).
    """
    return ngettext("%(count)s hand waiting to send", "%(count)s hands waiting to send", count)


@register.simple_tag
def totals_waiting(count: int) -> str:
    """Above the totals while hands wait on the phone: they are the server's, without those hands
    (the same one-or-more choice as hands_waiting)."""
    return ngettext(
        "Waiting for %(count)s hand: the totals are without it",
        "Waiting for %(count)s hands: the totals are without them",
        count,
    )
