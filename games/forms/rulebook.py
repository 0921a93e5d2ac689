"""The referee's questions: a moment of play, and charging a revoke."""

from __future__ import annotations

from typing import Any, cast

from django import forms

from rules.cards import CLUBS, DIAMONDS, HEARTS, RANKS, SPADES
from rules.referee import (
    MIXED,
    ONLY_HEARTS,
    ONLY_HEARTS_AND_QUEEN,
    Card,
    PlayQuestion,
    PlayRules,
)

SUIT_CHOICES = [(SPADES, "♠ spades"), (HEARTS, "♥ hearts"), (DIAMONDS, "♦ diamonds"), (CLUBS, "♣ clubs")]
CARD_CHOICES = [
    ("heart", "a heart ♥"),
    ("queen", "the Q♠"),
    ("spade", "a spade ♠ (not the Q♠)"),
    ("diamond", "a diamond ♦"),
    ("club", "a club ♣"),
    ("other", "another card (not a heart, not the Q♠, not the suit led)"),
]
CARD_SUITS = {"heart": HEARTS, "spade": SPADES, "diamond": DIAMONDS, "club": CLUBS}


_SELECT = forms.Select(attrs={"class": "form-select"})
_RADIOS = forms.RadioSelect(attrs={"class": "form-check-input"})
_CHECKBOX = forms.CheckboxInput(attrs={"class": "form-check-input"})


class PlayForm(forms.Form):
    """The moment of play, as the player describes it: only what the rules need."""

    card = forms.ChoiceField(choices=CARD_CHOICES, initial="heart", label="The card", widget=_SELECT)
    rank = forms.ChoiceField(
        choices=[("", "any")] + [(rank, rank) for rank in RANKS],
        required=False,
        label="Rank",
        widget=_SELECT,
    )
    play = forms.ChoiceField(
        choices=[("lead", "Leading the trick"), ("follow", "Following")],
        initial="lead",
        widget=_RADIOS,
        label="I am",
    )
    first_trick = forms.BooleanField(required=False, label="It is the first trick of the hand", widget=_CHECKBOX)
    heart_played = forms.BooleanField(required=False, label="A heart has been played this hand", widget=_CHECKBOX)
    queen_played = forms.BooleanField(required=False, label="The Q♠ has been played this hand", widget=_CHECKBOX)
    suit_led = forms.ChoiceField(choices=[("", "—"), *SUIT_CHOICES], required=False, label="Suit led", widget=_SELECT)
    holds_suit_led = forms.BooleanField(required=False, label="I hold a card of the suit led", widget=_CHECKBOX)
    hand = forms.ChoiceField(
        choices=[
            (MIXED, "other cards too"),
            (ONLY_HEARTS, "only hearts"),
            (ONLY_HEARTS_AND_QUEEN, "only hearts and the Q♠"),
        ],
        initial=MIXED,
        widget=_RADIOS,
        label="Apart from this card, my hand holds",
    )
    pile_empty = forms.BooleanField(required=False, label="The draw pile is empty", widget=_CHECKBOX)
    through_warren = forms.BooleanField(
        required=False, label="I play it through the Warren card (it is the extra card)", widget=_CHECKBOX
    )

    def __init__(self, *args: Any, rules: PlayRules, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Ask only what this game's rules can turn on.
        if not rules.queen_breaks_hearts:
            del self.fields["queen_played"]
        if not rules.draw_pile:
            del self.fields["pile_empty"]
        if not rules.warren:
            del self.fields["through_warren"]

    def clean(self) -> dict:
        super().clean()
        cleaned = self.cleaned_data
        if cleaned.get("play") == "follow" and not cleaned.get("suit_led"):
            self.add_error("suit_led", "Which suit was led?")
        return cleaned

    def question(self) -> PlayQuestion:
        data = self.cleaned_data
        if data["card"] == "queen":
            card = Card(SPADES, "Q")
        else:
            card = Card.parse(CARD_SUITS.get(data["card"]), data["rank"] or None)
        return PlayQuestion(
            card=card,
            leading=data["play"] == "lead",
            first_trick=data["first_trick"],
            heart_played=data["heart_played"],
            queen_played=data.get("queen_played", False),
            suit_led=data["suit_led"] or None,
            holds_suit_led=data["holds_suit_led"],
            hand=data["hand"],
            pile_empty=data.get("pile_empty", False),
            through_warren=data.get("through_warren", False),
        )


class RevokeForm(forms.Form):
    offender = forms.TypedChoiceField(coerce=int, label="Who revoked?", widget=_SELECT)
    number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    # The hand's idempotency key, as HandForm's: a second tap or a retry charges one revoke.
    key = forms.CharField(max_length=64, required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, players: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["offender"]).choices = [("", "—"), *list(enumerate(players))]

    def clean(self) -> dict:
        super().clean()
        cleaned = self.cleaned_data
        # One offender, as HandForm takes one taker per card: a request naming
        # two was made by hand, and Django would keep the last without a word.
        getlist = getattr(self.data, "getlist", None)
        if getlist is not None and len(getlist("offender")) > 1:
            raise forms.ValidationError("Name one player who revoked, not two")
        return cleaned
