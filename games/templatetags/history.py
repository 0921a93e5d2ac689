"""Template helpers for the league's history pages.

Links go through the Reader (games.permissions.Reader) because the same
page is seen by members and, read-only, through the league's public link.
"""

from collections.abc import Iterable
from fractions import Fraction
from html import escape
from typing import Any

from django import forms, template
from django.utils import formats
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from games.models import MONEY_VARIANTS, Game, Player
from games.permissions import Reader
from games.rounding import percent, shown
from games.templatetags.variants import variant_name
from rules import describe

STATUS_LABELS = dict(Game.Status.choices)

register = template.Library()


# The same filter as {% load variants %}'s, for pages that load only this library.
register.filter(variant_name)


@register.simple_tag
def scoresheet_url(reader: Reader, game_id: int) -> str:
    return reader.scoresheet_url(game_id)


@register.simple_tag
def player_url(reader: Reader, player_id: int) -> str:
    """The player's page, or "" where the reader may not see it (the public link)."""
    return reader.player_url(player_id)


@register.filter
def figure(value: float | Fraction | None, places: int = 1) -> str:
    """An average, a percentage or a rating as every page shows it, in the page's language (games.rounding)."""
    return shown(value, places)


@register.filter(name="percent")
def percent_filter(value: float | Fraction | None, places: int = 0) -> str:
    """A percentage as every page shows it: rounded as figure, its sign as the language writes it."""
    return percent(value, places)


@register.filter
def signed(value: int) -> str:
    """A hand's points with their sign: +3, −26, 0."""
    return describe.signed(value, plus=True)


@register.simple_tag
def game_rows(games: Iterable[Game], reader: Reader, player: Player | None = None) -> SafeString:
    """A list's <li> for each game: number, day played and variant (linking to its scoresheet),
    status, then the players in seat order with their totals, winners starred,
    `player`'s own seat underlined.

    Built here, every value escaped, rather than with a template per game: a
    page of twenty games is two hundred template nodes, 1.2 ms here against
    22 ms as a template loop (benchmarks/html_builders.py), slower than the
    queries behind the page. The games come with their
    seats, each carrying player_name (games.views.history._listed), or with
    them as listed_seats (_latest_games).
    """
    player_id = player.pk if player else None
    return mark_safe("\n".join(_game_row(game, reader, player_id) for game in games))


def _game_row(game: Game, reader: Reader, player_id: int | None) -> str:
    played = game.played_on
    url = escape(reader.scoresheet_url(game.pk))
    title = gettext("Game %(number)s · %(day)s · %(variant)s") % {
        "number": game.number,
        "day": formats.date_format(played),
        "variant": escape(variant_name(game.variant)),
    }
    status = escape(str(STATUS_LABELS.get(game.status, game.status)))
    listed = game.listed_seats if hasattr(game, "listed_seats") else game.seats.all()
    money = game.variant in MONEY_VARIANTS
    seats = ", ".join(_seat(seat, player_id, money) for seat in listed)
    hands = ngettext("%(hands)d hand", "%(hands)d hands", game.hand_count) % {"hands": game.hand_count}
    return (
        f'<li class="game-row"><div class="game-row-head"><a href="{url}">{title}</a>'
        f'<span class="game-status game-status-{escape(game.status)}">{status}</span></div>'
        f'<div class="game-row-players">{seats} <span class="text-body-secondary">· {hands}</span></div></li>'
    )


def _seat(seat: Any, player_id: int | None, money: bool = False) -> str:
    # Any: a Seat annotated with player_name, which the Seat model does not declare.
    classes = "game-row-seat" + (" winner" if seat.won else "") + (" is-player" if seat.player_id == player_id else "")
    star = ""
    if seat.won:
        winner = escape(gettext("winner:"))  # apart from the f-string: xgettext reads no call inside one
        star = f'<span aria-hidden="true">★ </span><span class="visually-hidden">{winner} </span>'
    # Turbo Hearts: the money the seat won beside its score.
    won = (
        " " + escape(gettext("(money %(amount)s)") % {"amount": describe.signed(seat.money, plus=True)})
        if money
        else ""
    )
    return f'<span class="{classes}">{star}{escape(seat.player_name)} {seat.total}{won}</span>'


# The filters that take a whole row of the form (a long list of names).
WIDE_FILTERS = frozenset({"variant", "season"})


@register.inclusion_tag("history/includes/filter_fields.html")
def filter_fields(form: forms.Form, names: str) -> dict[str, Any]:
    """The history pages' filter boxes for the form's fields named (space apart), in that order:
    each choice field a select of its options, each date its own widget."""
    fields = [
        (form[name], name in WIDE_FILTERS, isinstance(form.fields[name], forms.ChoiceField)) for name in names.split()
    ]
    return {"form": form, "fields": fields}


@register.simple_tag
def options(form: forms.Form, name: str) -> SafeString:
    """The <option>s of one of form's choice fields, the submitted value selected.

    Django's Select widget renders a template per option; the archive's list
    of players has a hundred of them on every page: 0.08 ms here, 6.3 ms as a
    template loop (benchmarks/html_builders.py).
    """
    # A choice field's (value, label) pairs; django-stubs types Field without them.
    choices: Iterable[tuple[object, object]] = form.fields[name].choices  # type: ignore[attr-defined]
    chosen = str(form[name].value() or "")
    return mark_safe(
        "".join(
            f'<option value="{escape(str(value))}"{" selected" if str(value) == chosen else ""}>{escape(str(label))}'
            "</option>"
            for value, label in choices
        )
    )
