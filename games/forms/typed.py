"""A hand typed in one line (issue 39): the box beside the hand form, read by the engine (rules.typed_hand).

What it understood fills the hand form for Record; it records nothing itself.
Each language types its own words (its card letters: d for the Dame, v for the
vrouw), marked here for the catalogs; English's are read too.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import pgettext

from rules import MOST_HANDS, GameSetup
from rules.typed_hand import JACK, MOON, QUEEN, REST, REVOKE, TypedLineError, read_line

# The longest line a table would type for its biggest hand, and some room.
LINE_LENGTH = 200


def typed_words() -> dict[str, str]:
    """The reader's language's words for a typed line, each to what it does (rules.typed_hand)."""
    return {
        pgettext("typed hand: who took the queen of spades, its rank's letter", "q"): QUEEN,
        pgettext("typed hand: who took the jack of diamonds, its rank's letter", "j"): JACK,
        pgettext("typed hand: the hearts no one else was given", "rest"): REST,
        pgettext("typed hand: a moon shot", "moon"): MOON,
        pgettext("typed hand: a revoke", "revoke"): REVOKE,
        pgettext("typed hand: the moon's choice", "add"): "add",
        pgettext("typed hand: the moon's choice", "subtract"): "subtract",
    }


def example(setup: GameSetup) -> str:
    """A line in the reader's words with this game's players: "q Ben; Ann 3; Cat 4; rest Dan"."""
    words = {role: word for word, role in typed_words().items()}
    players = setup.players
    middle = [f"{players[0]} 3", *(f"{name} 4" for name in players[2:-1])][:2]
    return "; ".join([f"{words[QUEEN]} {players[1]}", *middle, f"{words[REST]} {players[-1]}"])


class TypedHandForm(forms.Form):
    line = forms.CharField(max_length=LINE_LENGTH, strip=True)
    # The hand the line is for, and the hand form's idempotency key, carried over to it (named apart
    # from the hand form's own number and key, which the page's scripts and tests find by name).
    hand = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=MOST_HANDS + 1)
    hand_key = forms.CharField(max_length=64, required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, setup: GameSetup, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.setup = setup

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if "line" in cleaned:
            try:
                cleaned["understood"] = read_line(self.setup, cleaned["line"], typed_words())
            except TypedLineError as error:
                self.add_error("line", str(error.message))
        return cleaned
