"""The printable cheat-sheets and the referee.

Preset sheets are public; a game's sheet and its referee are for the
league's members. Every rule shown comes from rules.rulebook and
rules.referee: these views only check access, read the form and pick a
template.
"""

from __future__ import annotations

import json
import uuid
from http import HTTPStatus

import segno
from django.contrib import messages
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from games.forms import PlayForm, RevokeForm
from games.forms.rulebook import TrickForm
from games.models import Game, HandConflict, League, LeaguePreset
from games.permissions import SCORE, VIEW, actor_for, get_table_for
from games.views.guests import table_or_login_required
from games.views.pages import render_page
from games.views.revoke import revoke_question
from rules import EntryError, GameState, HandEntry, SetupError
from rules.describe import revoke_terms
from rules.referee import (
    can_play,
    moon_previews,
    next_deal_answers,
    play_notes,
    play_rules,
    revoke_penalty,
    trick_taker,
)
from rules.rulebook import cheat_sheet, moon_rule
from rules.variants import PRESETS, in_table_words
from scorekeeper.middleware import HtmxHttpRequest


def _with_seats() -> QuerySet[Game]:
    """Games with their players in seat order: enough for the game's setup."""
    return Game.objects.prefetch_related("seats__player")


def _with_hands() -> QuerySet[Game]:
    """Games with everything the engine needs to fold the hands, in a fixed number of queries."""
    return Game.objects.prefetch_related("seats__player", "hands")


# Cheat-sheets ---------------------------------------------------------------


@require_GET
def rules_index(request: HttpRequest) -> TemplateResponse:
    """Every preset's sheet; for a member, their leagues' own presets beside them."""
    return TemplateResponse(request, "rulebook/index.html", _index_context(request))


def _index_context(request: HttpRequest) -> dict:
    presets = LeaguePreset.objects.filter(league__in=League.objects.for_user(request.user)).select_related("league")
    return {"variants": PRESETS.values(), "presets": presets.order_by("league__name", "league_id", "name")}


@require_GET
def rules_variant(request: HttpRequest, variant: str) -> TemplateResponse:
    """A preset's sheet; ?options={...} (a scoresheet's options, as JSON) adds house rules to it.

    Bad options answer 400 with the engine's refusal in the table's words, on the index page.
    """
    if variant not in PRESETS:
        raise Http404("No such variant")
    options: dict[str, object] | None = None
    if "options" in request.GET:
        try:
            options = json.loads(request.GET["options"])
        except ValueError:
            options = None
        if not isinstance(options, dict):
            return _refused(request, gettext("The house rules in this link are not readable."))
    try:
        sheet = cheat_sheet(variant, options)
    except SetupError as error:
        return _refused(request, in_table_words(error.message))
    return TemplateResponse(request, "rulebook/sheet.html", {"sheet": sheet, "game": None})


def _refused(request: HttpRequest, refusal: str) -> TemplateResponse:
    context = {**_index_context(request), "refusal": refusal}
    return TemplateResponse(request, "rulebook/index.html", context, status=HTTPStatus.BAD_REQUEST)


@require_GET
@table_or_login_required
def game_rules(request: HttpRequest, game_id: int) -> TemplateResponse:
    game, _ = get_table_for(request, game_id, VIEW, _with_seats())
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
    on a dark screen too. mark_safe marks segno's drawing, which no template
    could write (its paths; it escapes the title), not HTML written here.
    """
    qr = segno.make(url, error="m")
    svg = qr.svg_inline(
        scale=4,
        border=2,
        light="#fff",
        omitsize=True,
        svgclass="sheet-qr-code",
        title=gettext("QR code: %(url)s") % {"url": url},
    )
    return mark_safe(svg)


# The referee ----------------------------------------------------------------


@require_GET
@table_or_login_required
def game_referee(request: HtmxHttpRequest, game_id: int) -> TemplateResponse:
    game, membership = get_table_for(request, game_id, VIEW, _with_hands())
    state = game.state()
    rules = play_rules(state.setup)
    asked = "card" in request.GET
    form = PlayForm(request.GET if asked else None, rules=rules)
    ruling = can_play(rules, form.question()) if asked and form.is_valid() else None
    # Cancellation Hearts: who takes a trick where identical cards cancel.
    trick_asked = rules.cancelling and "trick" in request.GET
    trick_form = TrickForm(request.GET if trick_asked else None, seats=state.setup.seats) if rules.cancelling else None
    trick_ruling = None
    if trick_form is not None and trick_asked and trick_form.is_valid():
        data = trick_form.cleaned_data
        try:
            trick_ruling = trick_taker(rules, data["trick"], data["last_trick"])
        except ValueError as error:
            trick_form.add_error("trick", str(error))
    context = {
        "form": form,
        "ruling": ruling,
        "trick_form": trick_form,
        "trick_ruling": trick_ruling,
        "notes": play_notes(rules),
        **_situation(game, state, membership.can_score),
    }
    return render_page(request, "rulebook/referee.html", context, "trick_answer" if trick_asked else "answer")


@require_POST
@table_or_login_required
def game_referee_revoke(request: HtmxHttpRequest, game_id: int) -> TemplateResponse | HttpResponseRedirect:
    game, reader = get_table_for(request, game_id, SCORE, _with_hands())
    state = game.state()
    form = RevokeForm(request.POST, players=state.setup.players)
    # A refused revoke answers 422 and one beaten by another phone 409, as the
    # table's hand form does, so neither is mistaken for success.
    notice, status = "", HTTPStatus.OK
    if game.declared:
        notice = gettext("This game was declared %(declared)s; no hand can be added.") % {
            "declared": game.get_declared_display().lower()
        }
        status = HTTPStatus.UNPROCESSABLE_ENTITY
    elif not form.is_valid():
        notice, status = gettext("Pick the player who revoked."), HTTPStatus.UNPROCESSABLE_ENTITY
    else:
        number, offender = form.cleaned_data["number"], form.cleaned_data["offender"]
        if not request.htmx:
            back = reverse("games:game-referee", args=[game.pk])
            asked = revoke_question(request, game, state.setup, number, offender, back)
            if asked is not None:
                return asked
        try:
            actor = actor_for(request, reader)
            state = game.record_hand(number, HandEntry.revoked(offender), actor, key=form.cleaned_data["key"])
        except HandConflict as conflict:
            notice = gettext("%(reason)s. Nothing was charged.") % {"reason": conflict.message}
            status = HTTPStatus.CONFLICT
            # Show the hand that got there first.
            game = _with_hands().get(pk=game.pk)
            state = game.state()
        except EntryError as error:
            notice = gettext("%(reason)s. Nothing was charged.") % {"reason": error}
            status = HTTPStatus.UNPROCESSABLE_ENTITY
        else:
            notice = gettext("Hand %(number)s: revoke charged to %(player)s, who %(terms)s.") % {
                "number": number,
                "player": state.setup.players[offender],
                "terms": revoke_terms(state.setup),
            }
            if not request.htmx:
                messages.success(request, notice)
                return HttpResponseRedirect(reverse("games:game-referee", args=[game.pk]))
    # An error, or an HTMX request: the situation panel from fresh data, with the notice.
    rules = play_rules(state.setup)
    context = {
        "form": PlayForm(rules=rules),
        "ruling": None,
        "trick_form": TrickForm(seats=state.setup.seats) if rules.cancelling else None,
        "trick_ruling": None,
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
        "revoke_form": RevokeForm(initial={"number": state.next_number, "key": uuid.uuid4().hex}, players=setup.players)
        if can_score and open_for_hands
        else None,
    }
