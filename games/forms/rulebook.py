"""The referee's questions: a moment of play, who takes a trick, and charging a revoke."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from rules import MOST_HANDS
from rules.cards import CLUBS, DIAMONDS, HEARTS, RANKS, SPADES, shown_cards, shown_rank, typed_cards
from rules.referee import (
    MIXED,
    ONLY_HEARTS,
    ONLY_HEARTS_AND_QUEEN,
    Card,
    PlayQuestion,
    PlayRules,
    read_trick,
)

SUIT_CHOICES = [(SPADES, _("♠ spades")), (HEARTS, _("♥ hearts")), (DIAMONDS, _("♦ diamonds")), (CLUBS, _("♣ clubs"))]
CARD_CHOICES = [
    ("heart", _("a heart ♥")),
    ("queen", _("the Q♠")),
    ("spade", _("a spade ♠ (not the Q♠)")),
    ("diamond", _("a diamond ♦")),
    ("club", _("a club ♣")),
    ("other", _("another card (not a heart, not the Q♠, not the suit led)")),
]
CARD_SUITS = {"heart": HEARTS, "spade": SPADES, "diamond": DIAMONDS, "club": CLUBS}


_SELECT = forms.Select(attrs={"class": "form-select"})
_RADIOS = forms.RadioSelect(attrs={"class": "form-check-input"})
_CHECKBOX = forms.CheckboxInput(attrs={"class": "form-check-input"})


class PlayForm(forms.Form):
    """The moment of play, as the player describes it: only what the rules need."""

    card = forms.ChoiceField(choices=CARD_CHOICES, initial="heart", label=_("The card"), widget=_SELECT)
    rank = forms.ChoiceField(
        # Each rank as the reader's cards print it (a Dutch V for the Q); the value stays the engine's.
        choices=[("", _("any"))] + [(rank, shown_rank(rank)) for rank in RANKS],
        required=False,
        label=_("Rank"),
        widget=_SELECT,
    )
    play = forms.ChoiceField(
        choices=[("lead", _("Leading the trick")), ("follow", _("Following"))],
        initial="lead",
        widget=_RADIOS,
        label=_("I am"),
    )
    first_trick = forms.BooleanField(required=False, label=_("It is the first trick of the hand"), widget=_CHECKBOX)
    heart_played = forms.BooleanField(required=False, label=_("A heart has been played this hand"), widget=_CHECKBOX)
    queen_played = forms.BooleanField(required=False, label=_("The Q♠ has been played this hand"), widget=_CHECKBOX)
    suit_led = forms.ChoiceField(
        choices=[("", "—"), *SUIT_CHOICES], required=False, label=_("Suit led"), widget=_SELECT
    )
    holds_suit_led = forms.BooleanField(required=False, label=_("I hold a card of the suit led"), widget=_CHECKBOX)
    hand = forms.ChoiceField(
        choices=[
            (MIXED, _("other cards too")),
            (ONLY_HEARTS, _("only hearts")),
            (ONLY_HEARTS_AND_QUEEN, _("only hearts and the Q♠")),
        ],
        initial=MIXED,
        widget=_RADIOS,
        label=_("Apart from this card, my hand holds"),
    )
    pile_empty = forms.BooleanField(required=False, label=_("The draw pile is empty"), widget=_CHECKBOX)
    through_warren = forms.BooleanField(
        required=False, label=_("I play it through the Warren card (it is the extra card)"), widget=_CHECKBOX
    )
    # Turbo Hearts: a charged card waits for the second trick of its suit.
    charged = forms.BooleanField(required=False, label=_("This card was charged"), widget=_CHECKBOX)
    suit_seen = forms.BooleanField(
        required=False, label=_("A trick of this card's suit was led before in this hand"), widget=_CHECKBOX
    )
    only_of_suit = forms.BooleanField(required=False, label=_("It is my only card of its suit"), widget=_CHECKBOX)

    def __init__(self, *args: Any, rules: PlayRules, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Ask only what this game's rules can turn on.
        if not rules.queen_breaks_hearts:
            del self.fields["queen_played"]
        if not rules.draw_pile:
            del self.fields["pile_empty"]
        if not rules.warren:
            del self.fields["through_warren"]
        if not rules.charging:
            for name in ("charged", "suit_seen", "only_of_suit"):
                del self.fields[name]

    def clean(self) -> dict:
        super().clean()
        cleaned = self.cleaned_data
        if cleaned.get("play") == "follow" and not cleaned.get("suit_led"):
            self.add_error("suit_led", _("Which suit was led?"))
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
            charged=data.get("charged", False),
            suit_seen=data.get("suit_seen", False),
            only_of_suit=data.get("only_of_suit", False),
        )


class TrickForm(forms.Form):
    """Cancellation Hearts: the cards of one trick, in the order played, for who takes it."""

    trick = forms.CharField(
        max_length=200,
        label=_("The trick's cards, in the order played"),
        help_text=_("The lead first, e.g. %(cards)s (or %(typed)s; a joker as joker)."),
        widget=forms.TextInput(attrs={"class": "form-control", "autocomplete": "off", "autocapitalize": "none"}),
    )
    last_trick = forms.BooleanField(required=False, label=_("It is the last trick of the hand"), widget=_CHECKBOX)

    def __init__(self, *args: Any, seats: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seats = seats
        # The example in the reader's letters, as shown and as typed ("H♠ … (of hs …)" in Dutch).
        example = ("K♠", "7♠", "K♠", "Q♠", "2♥")
        field = self.fields["trick"]
        field.help_text = field.help_text % {"cards": shown_cards(example), "typed": typed_cards(example)}

    def clean_trick(self) -> tuple[str, ...]:
        try:
            cards = read_trick(self.cleaned_data["trick"])
        except ValueError as error:
            raise forms.ValidationError(str(error)) from error
        if len(cards) > self.seats:
            raise forms.ValidationError(
                _("A trick has one card from each player: at most %(seats)s here.") % {"seats": self.seats}
            )
        return cards


class RevokeForm(forms.Form):
    offender = forms.TypedChoiceField(coerce=int, label=_("Who revoked?"), widget=_SELECT)
    number = forms.IntegerField(min_value=1, max_value=MOST_HANDS + 1, widget=forms.HiddenInput)
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
            raise forms.ValidationError(_("Name one player who revoked, not two"))
        return cleaned
