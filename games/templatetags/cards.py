"""Cards as the reader's language prints them: {{ card|card }} shows "Q♠" as "V♠" in Dutch (rules.cards.shown_card).

For what a person reads only: a form's values, data- attributes and test ids keep the engine's codes.
"""

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from games.forms.typed import example
from rules import GameSetup
from rules.cards import shown_card, shown_rank, spoken_card

register = template.Library()


@register.filter
def card(code: str) -> str:
    return shown_card(code)


@register.filter
def said_card(code: str) -> str:
    """A card's name as the reader's language says it ("Pik-Dame"): for an attribute a script reads aloud."""
    return str(spoken_card(code))


@register.filter
def card_named(code: str) -> SafeString:
    """A card shown as printed ("D♠") and read by its name ("Pik-Dame"): a screen reader reads "Q♠"
    as "Q black spade suit". For what a person reads in the page, not for an attribute."""
    return format_html(
        '<span aria-hidden="true">{}</span><span class="visually-hidden">{}</span>', shown_card(code), spoken_card(code)
    )


@register.filter
def rank(letter: str) -> str:
    """One rank alone (a heart's in the rank strips): "Q" is "V" in Dutch."""
    return shown_rank(str(letter))


@register.simple_tag
def typed_example(setup: GameSetup) -> str:
    """A typed line for this game in the reader's words (games.forms.typed): the line box's hint."""
    return example(setup)
