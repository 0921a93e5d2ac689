"""The printable cheat-sheets and the referee.

Preset sheets are public; a game's sheet and its referee are for the
league's members. Every rule shown comes from rules.rulebook and
rules.referee: these views only check access, read the form and pick a
template.
"""

from __future__ import annotations

from http import HTTPStatus

import segno
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_GET, require_POST

from games.models import Game, HandConflict
from games.permissions import SCORE, VIEW, get_game_for
from games.views.pages import render_page
from rules import VARIANTS, EntryError, GameState, HandEntry
from rules.referee import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    MIXED,
    ONLY_HEARTS,
    ONLY_HEARTS_AND_QUEEN,
    RANKS,
    SPADES,
    Card,
    PlayQuestion,
    PlayRules,
    can_play,
    moon_previews,
    next_deal_answers,
    play_notes,
    play_rules,
    revoke_penalty,
)
from rules.rulebook import cheat_sheet, moon_rule
from scorekeeper.middleware import HtmxHttpRequest


def _with_seats():
    """Games with their players in seat order: enough for the game's setup."""
    return Game.objects.prefetch_related("seats__player")


def _with_hands():
    """Games with everything the engine needs to fold the hands, in a fixed number of queries."""
    return Game.objects.prefetch_related("seats__player", "hands")


# Cheat-sheets ---------------------------------------------------------------


@require_GET
def rules_index(request: HttpRequest) -> TemplateResponse:
    return TemplateResponse(request, "rulebook/index.html", {"variants": VARIANTS.values()})


@require_GET
def rules_variant(request: HttpRequest, variant: str) -> TemplateResponse:
    if variant not in VARIANTS:
        raise Http404("No such variant")
    return TemplateResponse(request, "rulebook/sheet.html", {"sheet": cheat_sheet(variant), "game": None})


@require_GET
@login_required
def game_rules(request: HttpRequest, game_id: int) -> TemplateResponse:
    game, _ = get_game_for(request.user, game_id, VIEW, _with_seats())
    context = {
        "sheet": cheat_sheet(game.setup()),
        "game": game,
        "qr": game_qr(request.build_absolute_uri(game.get_absolute_url())),
    }
    return TemplateResponse(request, "rulebook/sheet.html", context)


def game_qr(url: str) -> SafeString:
    """The game page's address as an inline SVG QR code.

    segno writes presentation attributes only (no style=""), which the
    Content-Security-Policy allows; the white quiet zone keeps it scannable
    on a dark screen too.
    """
    qr = segno.make(url, error="m")
    svg = qr.svg_inline(
        scale=4, border=2, light="#fff", omitsize=True, svgclass="sheet-qr-code", title="QR code: " + url
    )
    return mark_safe(svg)


# The referee ----------------------------------------------------------------

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

    def __init__(self, *args, rules: PlayRules, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Ask only what this game's rules can turn on.
        if not rules.queen_breaks_hearts:
            del self.fields["queen_played"]
        if not rules.draw_pile:
            del self.fields["pile_empty"]
        if not rules.warren:
            del self.fields["through_warren"]

    def clean(self) -> dict:
        cleaned = super().clean()
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

    def __init__(self, *args, players: tuple[str, ...], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["offender"].choices = [("", "—"), *list(enumerate(players))]


@require_GET
@login_required
def game_referee(request: HtmxHttpRequest, game_id: int) -> TemplateResponse:
    game, membership = get_game_for(request.user, game_id, VIEW, _with_hands())
    state = game.state()
    rules = play_rules(state.setup)
    asked = "card" in request.GET
    form = PlayForm(request.GET if asked else None, rules=rules)
    ruling = can_play(rules, form.question()) if asked and form.is_valid() else None
    context = {
        "form": form,
        "ruling": ruling,
        "notes": play_notes(rules),
        **_situation(game, state, membership.can_score),
    }
    return render_page(request, "rulebook/referee.html", context, "answer")


@require_POST
@login_required
def game_referee_revoke(request: HtmxHttpRequest, game_id: int) -> TemplateResponse | HttpResponseRedirect:
    game, _ = get_game_for(request.user, game_id, SCORE, _with_hands())
    state = game.state()
    form = RevokeForm(request.POST, players=state.setup.players)
    # A refused revoke answers 422 and one beaten by another phone 409, as the
    # table's hand form does, so neither is mistaken for success.
    notice, status = "", HTTPStatus.OK
    if game.declared:
        notice = f"This game was declared {game.get_declared_display().lower()}; no hand can be added."
        status = HTTPStatus.UNPROCESSABLE_ENTITY
    elif not form.is_valid():
        notice, status = "Pick the player who revoked.", HTTPStatus.UNPROCESSABLE_ENTITY
    else:
        number, offender = form.cleaned_data["number"], form.cleaned_data["offender"]
        try:
            state = game.record_hand(number, HandEntry.revoked(offender), request.user)
        except HandConflict as conflict:
            notice, status = f"{conflict.message}. Nothing was charged.", HTTPStatus.CONFLICT
            # Show the hand that got there first.
            game = _with_hands().get(pk=game.pk)
            state = game.state()
        except EntryError as error:
            notice, status = f"{error}. Nothing was charged.", HTTPStatus.UNPROCESSABLE_ENTITY
        else:
            notice = (
                f"Hand {number}: revoke charged to {state.setup.players[offender]} "
                f"(+{state.setup.penalty}, everyone else 0)."
            )
            if not request.htmx:
                messages.success(request, notice)
                return HttpResponseRedirect(reverse("games:game-referee", args=[game.pk]))
    # An error, or an HTMX request: the situation panel from fresh data, with the notice.
    rules = play_rules(state.setup)
    context = {
        "form": PlayForm(rules=rules),
        "ruling": None,
        "notes": play_notes(rules),
        "notice": notice,
        "notice_is_error": status != HTTPStatus.OK,
        **_situation(game, state, True),
    }
    return render_page(request, "rulebook/referee.html", context, "revoked", status)


def _situation(game: Game, state: GameState, can_score: bool) -> dict:
    """The parts of the referee that follow the game's state: next deal, moons, revoke."""
    setup = state.setup
    open_for_hands = not state.is_over and not game.declared
    return {
        "game": game,
        "state": state,
        "players": setup.players,
        "deal_answers": next_deal_answers(state) if open_for_hands else (),
        "moons": moon_previews(state) if open_for_hands else (),
        "moon_rule_text": moon_rule(setup),
        "revoke": revoke_penalty(setup),
        "revoke_form": RevokeForm(initial={"number": state.next_number}, players=setup.players)
        if can_score and open_for_hands
        else None,
    }
