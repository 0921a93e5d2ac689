"""Template helpers for a league's own page."""

from collections.abc import Iterable
from html import escape
from typing import Any

from django import template
from django.template.context import Context
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext

from rules import describe

register = template.Library()

# Stands for the player's id in the reversed edit link, as games.permissions.Reader does for its links.
_SLOT = 2_147_483_647


@register.simple_tag(takes_context=True)
def player_items(context: Context, players: Iterable[Any]) -> SafeString:
    """The league page's <li> for each player: the name, whose account it is, and an Edit link for organizers.

    players: rows of pk, name, user_id and username (values_list's named rows, hence Any). Built here, every value
    escaped, rather than in a template loop: a league of a hundred players is
    a hundred reverse() calls and a thousand template nodes, slower than the
    rest of the page together: 0.3 ms here, 30 ms as a template loop
    (benchmarks/html_builders.py).
    """
    membership, user, league = context.get("membership"), context.get("user"), context["league"]
    edit = ""
    if membership is not None and membership.can_organize:
        edit = reverse("games:player-edit", args=[league.pk, _SLOT]).replace(str(_SLOT), "{}")
    # Translated once, not once a player.
    you = escape(pgettext("whose account a player is", "you"))
    edit_button = gettext('Edit<span class="visually-hidden"> %(name)s</span>')
    items = []
    for player in players:
        name = escape(player.name)
        account = ""
        if player.user_id is not None:
            who = you if user is not None and player.user_id == user.pk else escape(player.username)
            account = f' <span class="small text-body-secondary">({who})</span>'
        link = ""
        if edit:
            link = (
                f'<a class="btn btn-outline-secondary btn-sm" href="{escape(edit.format(player.pk))}">'
                f"{edit_button % {'name': name}}</a>"
            )
        items.append(f'<li>\n      <span class="grow">{name}{account}</span>\n      {link}\n    </li>')
    return mark_safe("\n    ".join(items))


@register.filter
def winners_with_totals(seats: Iterable[Any]) -> str:
    """The winners of a finished game with their totals, "Ann (0), Ben (0)", for one placeholder of a sentence."""
    return ", ".join(f"{seat.player_name} ({describe.signed(seat.total, plus=True)})" for seat in seats)


@register.filter
def names(people: Iterable[Any], attribute: str = "name") -> str:
    """People as a sentence lists them, "Ann, Ben, Cat": who sits out, who is here, who answered."""
    return ", ".join(str(getattr(person, attribute)) for person in people)


@register.filter
def seat_names(seats: Iterable[Any]) -> str:
    """A game's players in seat order, "Ann, Ben, Cat", for one placeholder of a sentence (needs seat.player)."""
    return ", ".join(seat.player.name for seat in seats)
