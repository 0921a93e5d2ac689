"""The table: starting a game, the game page, entering and changing hands.

Every screen asks the engine (rules/) for what to show; the views check
access, parse a form, call one domain operation on Game and pick a
template. HTMX requests get the page's regions (the changed one as the
answer, the others as out-of-band swaps); plain requests post, redirect and
get. Invalid entries answer 422 and a hand already recorded by another
phone answers 409, so neither is ever mistaken for success.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import timedelta
from functools import wraps
from http import HTTPStatus
from math import ceil
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import NON_FIELD_ERRORS
from django.db import transaction
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games.converters import IdConverter
from games.forms import TOO_LARGE, DeclareForm, DeleteHandForm, GameDayForm, GameForm, GameImportForm, HandForm
from games.models import (
    DeclareError,
    DuplicateGame,
    Game,
    HandConflict,
    League,
    LeaguePreset,
    lock_for_writing,
    phone_shown,
    refusal,
)
from games.permissions import (
    ORGANIZE,
    SCORE,
    VIEW,
    TableGuest,
    TableReader,
    actor_for,
    game_locked_for,
    get_league_for,
    get_table_for,
    note_poll_holder,
    poll_pass_holds,
    polled_version,
    require_unlocked,
    shown_in_its_language,
    table_grant,
)
from games.stats import day_label
from games.views.guests import table_or_login_required
from games.views.hand_queue import from_queue, queue_conflict, queue_refused
from games.views.limits import import_wait, too_many_imports
from games.views.pages import render_page, render_partial
from games.views.regions import changed_regions, last_change
from games.views.revoke import revoke_question
from rules import EntryError, GameState, HandEntry, ScoresheetError, SetupError, play
from rules.cards import shown_card
from rules.describe import (
    HandLine,
    MoonPreview,
    describe_entry,
    describe_leader,
    describe_moon,
    describe_revision,
    describe_table,
    pass_word,
    signed,
)
from rules.setup import TurboScoring
from scorekeeper.middleware import HtmxHttpRequest, SignedInRequest

UNPROCESSABLE = HTTPStatus.UNPROCESSABLE_ENTITY
CONFLICT = HTTPStatus.CONFLICT

PAGE = "games/game_detail.html"
UPDATE = "games/game_update.html"
HAND_FORM = "games/hand_form.html"
# The hands after the next one whose deal the page carries (hidden), for a phone that records them
# offline: about an hour of play, one hand after another, before it is back online (static/js/offline.js).
DEALS_AFTER = 8


# Starting a game ------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@login_required
def game_new(request: HtmxHttpRequest, league_id: int) -> HttpResponse:
    league, _ = get_league_for(request.user, league_id, SCORE)
    template = "games/game_new.html"
    if request.method == "GET":
        form = GameForm.blank(league, request.GET.get("variant"), _preset(league, request.GET.get("preset")))
        context = {"league": league, "form": form, "presets": league.presets.all()}
        return TemplateResponse(request, template, context)
    if "start" not in request.POST:
        form = GameForm.refreshed(league, request.POST)
        partial = "options" if request.POST.get("refresh") == "variant" else "seats"
        return render_page(request, template, {"league": league, "form": form}, partial=partial)

    form = GameForm(request.POST, league=league)
    if form.stale_options:
        form = GameForm.refreshed(league, request.POST)
        notice = gettext("These are the new variant's house rules: check them, then start the game")
        context = {"league": league, "form": form, "options_notice": notice}
        return TemplateResponse(request, template, context, status=UNPROCESSABLE)
    if form.is_valid():
        try:
            game = Game.start_named(league, **form.setup_arguments(), user=request.user)
        except SetupError as error:
            form.add_setup_error(error)
        else:
            messages.success(request, gettext("The game is on: good luck!"))
            return redirect(game)
    status = HTTPStatus.REQUEST_ENTITY_TOO_LARGE if form.has_error(NON_FIELD_ERRORS, TOO_LARGE) else UNPROCESSABLE
    return TemplateResponse(request, template, {"league": league, "form": form}, status=status)


def _preset(league: League, value: str | None) -> LeaguePreset | None:
    """The league's preset a new game starts from (?preset=ID); a wrong id is a 404."""
    if value is None:
        return None
    if not re.fullmatch(IdConverter.regex, value):
        raise Http404("No such house rules")
    return get_object_or_404(league.presets, pk=int(value))


# The game page --------------------------------------------------------------


def table_for(request: HtmxHttpRequest, game_id: int, need: str) -> tuple[Game, TableReader]:
    """The game for a member with the role for `need`, or for the phone its table link grants it."""
    return get_table_for(request, game_id, need, queryset=Game.objects.for_table())


def _history(game: Game, state: GameState) -> list[dict[str, Any]]:
    setup = state.setup
    rows = []
    for revision in game.revisions.all():
        who = phone_shown(revision.user_name) if revision.user_name else gettext("Someone")
        if revision.user is not None:
            who = revision.user.get_full_name() or revision.user.get_username()
        what = describe_revision(setup, revision.action, revision.number, revision.before, revision.after, day_label)
        rows.append({"who": who, "at": revision.at, "what": what})
    return rows


def table_context(
    game: Game,
    membership: TableReader,
    state: GameState | None = None,
    hand_form: HandForm | None = None,
    since: int = 0,
) -> dict[str, Any]:
    """Everything the game page and its regions show, from one fold of the hands."""
    state = state or game.state()
    setup = state.setup
    can_score = membership.can_score
    # A phone through the table link: its hands only (no declaring, no clock, none of the game's other pages).
    member = not isinstance(membership, TableGuest)
    entry_open = can_score and not game.declared and not state.is_over
    clock = _clock(game, state)
    if entry_open and hand_form is None:
        # Once the clock says the time is up, the next hand is proposed as the one it ran out in.
        time_up = clock is not None and clock["up"] and not state.time_up
        hand_form = HandForm(setup=setup, initial=HandForm.initial_for(state.next_number, time_up=time_up))
    # A refused entry is shown back with its errors even once the game is over.
    entry_open = entry_open or (can_score and hand_form is not None)
    entry = hand_form.partial_entry() if entry_open and hand_form is not None and hand_form.is_bound else None
    table = describe_table(
        state,
        entry,
        dealing=not game.declared,
        declared=bool(game.declared),
        deals_after=DEALS_AFTER if entry_open else 0,
    )
    return {
        "game": game,
        "league": game.league,
        "setup": setup,
        "state": state,
        "can_score": can_score,
        # The finished game's hands and day, unless the league locks them for this member.
        "can_change": can_score and not game_locked_for(game, membership),
        "entry_open": entry_open,
        "hand_form": hand_form if entry_open else None,
        "moon": table.moon,
        "seats": table.seats,
        "hands": table.hands,
        "hand_rows": _hand_rows(state, table.hands),
        "money": list(zip(setup.players, _money(state.money), strict=True)) if state.money else [],
        "next_deal": table.next_deal,
        "deals_after": table.deals_after,
        "runs": table.runs,
        "result": table.result,
        "history": _history(game, state),
        "last_change": last_change(game, state),
        "offer_null": member and can_score and not game.declared and state.all_zero,
        "offer_abandon": member and can_score and not game.declared and not state.is_over,
        "guest": not member,
        "offer_reopen": bool(game.declared) and membership.can_organize,
        "entry_key": state.next_number if entry_open else 0,
        "clock": clock if member or clock is None else {**clock, "can_restart": False},
        "recorded_hands": _recorded_hands(game, setup, since),
    }


def _money(money: tuple[int, ...] | None) -> list[str]:
    """Turbo Hearts' money (the engine's, zero-sum) in the table's words: "+13", "−87"; none elsewhere."""
    return [signed(amount, plus=True) for amount in money] if money is not None else []


def _hand_rows(state: GameState, hands: tuple[HandLine, ...]) -> list[tuple[HandLine, list[str]]]:
    """Each hand's line with its money beside its points (Turbo Hearts; an empty list elsewhere)."""
    return [(line, _money(hand.money)) for line, hand in zip(hands, state.hands, strict=True)]


def _recorded_hands(game: Game, setup: Any, since: int) -> str:
    """The hands numbered `since` and after, as JSON for static/js/entry_keeper.js: each one's
    key and the form's values for it. A phone whose reply was lost finds its own key there and
    clears its form; one whose typing is the same as another phone's hand clears it too."""
    if not since:
        return ""
    hands = [hand for hand in game.hands.all() if hand.number >= since]
    return json.dumps(
        [
            {"number": hand.number, "key": hand.client_key, "fields": HandForm.fields_for(setup, hand.to_entry())}
            for hand in sorted(hands, key=lambda hand: hand.number)
        ]
    )


def _clock(game: Game, state: GameState) -> dict[str, Any] | None:
    """The time limit as the table sees it: when it ends, whether it has, in which hand it ran out."""
    left = game.time_left(state.setup)
    started, minutes = game.clock_started_at, state.setup.options.time_limit
    if left is None or started is None or minutes is None:  # time_left is None unless both are set
        return None
    ran_out_in = next((hand.number for hand in state.hands if hand.entry.time_up), None)
    return {
        "ends_at": started + timedelta(minutes=minutes),
        "minutes_left": max(0, ceil(left.total_seconds() / 60)),
        # What clock.js counts down from: the server's reading, not the phone's clock (which may be off).
        "seconds_left": max(0, int(left.total_seconds())),
        "up": left.total_seconds() <= 0,
        "ran_out_in": ran_out_in,
        "can_restart": not state.hands and not game.declared,
    }


def _moon_preview(state: GameState, form: HandForm | None) -> MoonPreview | None:
    entry = form.partial_entry() if form is not None and form.is_bound else None
    return describe_moon(state, entry) if entry is not None else None


@require_GET
@table_or_login_required
def game_detail(request: HtmxHttpRequest, game_id: int) -> TemplateResponse:
    game, membership = table_for(request, game_id, VIEW)
    return TemplateResponse(request, PAGE, table_context(game, membership))


def _game_regions(
    request: HtmxHttpRequest, game_id: int, membership: TableReader, status: int = HTTPStatus.OK, since: int = 0
) -> TemplateResponse:
    """The game page after a change: the page itself, or its regions for HTMX."""
    game = Game.objects.for_table().get(pk=game_id)
    context = table_context(game, membership, since=since)
    if request.htmx:
        return TemplateResponse(request, UPDATE, {**context, "main": "entry"}, status=status)
    return TemplateResponse(request, PAGE, context, status=status)


def _changed(
    request: HtmxHttpRequest, game: Game, membership: TableReader, message: str, announced: bool = True
) -> HttpResponse:
    """After a change to the game: say so, then its regions for HTMX, or the page (post/redirect/get).

    announced: the regions' last-change line says the change in full, and the page speaks that
    (static/js/announce.js), so a screen reader is not told the message too (messages.html)."""
    messages.success(request, message, extra_tags="announced" if announced and request.htmx else "")
    if request.htmx:
        response = _game_regions(request, game.pk, membership)
        # The phone was scrolled down to the Record button: bring it back to
        # the top, where "Hand N recorded", the new totals and the next deal are.
        response["HX-Reswap"] = "outerHTML show:window:top"
        return response
    return redirect(game)


def _refused(
    request: HtmxHttpRequest,
    game: Game,
    membership: TableReader,
    message: str,
    status: int = CONFLICT,
    since: int = 0,
) -> TemplateResponse:
    """A change that did not happen (409: the game moved on under this phone): why, with the game as it is.

    since: the hand number the phone was entering; the hands recorded from it on go with the entry
    (recorded_hands), so that the phone can tell its own hand, or one the same as it typed."""
    messages.error(request, message)
    return _game_regions(request, game.pk, membership, status=status, since=since)


def _unchanged_answers_204(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Answer a poll with a good pass and the game's current version 204, from one primary-key read.

    In front of the poll, and apart from it: no session, no user, no
    membership and nothing rendered. Whatever else comes (no pass, an old
    one, a changed game, a malformed version) goes on to the view.
    """

    @wraps(view)
    def answer(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
        holder = poll_pass_holds(request, game_id) if request.method == "GET" else ""
        if holder:
            current = polled_version(game_id, holder)
            if current is not None and str(current) == request.GET.get("version"):
                return HttpResponse(status=HTTPStatus.NO_CONTENT)
        return view(request, game_id)

    return answer


@_unchanged_answers_204
@require_GET
@table_or_login_required
def game_poll(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """204 while the page's version is current; else the regions that may have changed."""
    try:
        version = int(request.GET.get("version", ""))
        entry_key = int(request.GET.get("hand", "0"))
    except ValueError:
        message = "version and hand must be whole numbers"
        return HttpResponse(message, status=HTTPStatus.BAD_REQUEST, content_type="text/plain")
    # One small query answers a member's common case, access check included; a phone's reads its link.
    if request.user.is_authenticated and table_grant(request, game_id) is None:
        found = Game.objects.for_user(request.user).filter(pk=game_id).values_list("version", "league__memberships")
        if not found:
            raise Http404("No such game")
        current, membership_id = found[0]
        note_poll_holder(request, f"m{membership_id}")
    else:
        current = get_table_for(request, game_id, VIEW)[0].version
    if current == version:
        if not poll_pass_holds(request, game_id):
            # A page from before the pass, or one whose pass ran out: the
            # poller again with a new pass, so that the next polls are cheap.
            context = {"game": Game(pk=game_id, version=current), "entry_key": entry_key}
            return render_partial(request, PAGE, "poll", context)
        return HttpResponse(status=204)
    # Drawn once a version for every phone at the table (views.regions): the game's
    # seats, hands and History are read only when they must be drawn.
    game, membership = get_table_for(request, game_id, VIEW)

    def draw() -> dict[str, Any]:
        game.read_table()
        return table_context(game, membership, since=entry_key)

    return changed_regions(request, game, membership, entry_key, draw)


# Entering and changing hands -----------------------------------------------


def _hand_form_response(
    request: HtmxHttpRequest, game: Game, membership: TableReader, state: GameState, form: HandForm, **extra: Any
) -> TemplateResponse:
    """The hand form again, with the engine's errors, as a 422."""
    if request.htmx and not extra.get("number"):
        context = table_context(game, membership, state, hand_form=form)
        return render_page(request, PAGE, context, partial="entry", status=UNPROCESSABLE)
    context = {
        "game": game,
        "setup": state.setup,
        "state": state,
        "hand_form": form,
        "moon": _moon_preview(state, form),
        **extra,
    }
    return TemplateResponse(request, HAND_FORM, context, status=UNPROCESSABLE)


@require_http_methods(["GET", "POST"])
@table_or_login_required
def hand_new(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Record the next hand: the game page's form, the plain page's, and the offline queue's.

    Every Record carries the hand's idempotency key (HandForm.key): sent
    again after a lost reply, it answers as recorded and stores nothing
    more. The offline queue asks for JSON (Accept: application/json) and is
    told one of: recorded, conflict (another phone's hand has the number),
    ahead (an earlier hand is still to come) or refused (the entry itself).
    """
    if request.method == "GET":
        return _hand_form_page(request, game_id)
    # Access first, then the game read only under its lock (lock_for_writing):
    # read before it, a merge going on could leave a seat without its player.
    game, membership = get_table_for(request, game_id, SCORE)
    if from_queue(request):
        answer = _hand_for_queue
    elif request.htmx:
        answer = _hand_for_game_page
    else:
        answer = _hand_for_plain_page
    with transaction.atomic():
        game = lock_for_writing(game.league_id, [game.pk])[0]
        state = game.state()
        # Once a hand is marked, the engine says why another mark is refused.
        form = HandForm(request.POST, setup=state.setup, time_left=game.time_left(state.setup), marked=state.time_up)
        return answer(request, game, membership, state, form)


def _hand_form_page(request: HtmxHttpRequest, game_id: int) -> TemplateResponse:
    """The plain page's form for the next hand (none once the game is over or declared)."""
    game = table_for(request, game_id, SCORE)[0]
    state = game.state()
    form = None
    if not game.declared and not state.is_over:
        form = HandForm(setup=state.setup, initial=HandForm.initial_for(state.next_number))
    context = {"game": game, "setup": state.setup, "state": state, "hand_form": form, "standalone": True}
    return TemplateResponse(request, HAND_FORM, context)


def _recorded(request: HtmxHttpRequest, game: Game, membership: TableReader, form: HandForm) -> bool:
    """Record the form's hand under the game's lock: False when the form or the engine refuses it (the
    engine's reasons go onto the form); HandConflict when another phone's hand has the number."""
    if not form.is_valid():
        return False
    try:
        game.record_hand(
            form.cleaned_data["number"],
            form.entry(),
            actor_for(request, membership),
            key=form.cleaned_data["key"],
            held=True,
        )
    except EntryError as error:
        form.add_entry_errors(error)
        return False
    return True


def _hand_for_queue(
    request: HtmxHttpRequest, game: Game, membership: TableReader, state: GameState, form: HandForm
) -> HttpResponse:
    """The offline queue's answer, in JSON: recorded, conflict, ahead or refused."""
    try:
        if _recorded(request, game, membership, form):
            number = form.cleaned_data["number"]
            message = gettext("Hand %(number)s recorded") % {"number": number}
            return JsonResponse({"outcome": "recorded", "number": number, "message": message})
    except HandConflict as conflict:
        return queue_conflict(game, form, conflict)
    return queue_refused(form)


def _hand_for_game_page(
    request: HtmxHttpRequest, game: Game, membership: TableReader, state: GameState, form: HandForm
) -> HttpResponse:
    """The game page's answer (HTMX): the regions the hand changed, or the form again with its errors."""
    try:
        if _recorded(request, game, membership, form):
            number = form.cleaned_data["number"]
            return _changed(request, game, membership, gettext("Hand %(number)s recorded") % {"number": number})
    except HandConflict as conflict:
        return _refused(request, game, membership, conflict.message, since=form.cleaned_data["number"])
    return _hand_form_response(request, game, membership, state, form, standalone=not request.htmx)


def _hand_for_plain_page(
    request: HtmxHttpRequest, game: Game, membership: TableReader, state: GameState, form: HandForm
) -> HttpResponse:
    """The plain page's answer (no JavaScript): a revoke is asked first on a page of its own, then
    the hand is answered as the game page's is, with whole pages."""
    if form.is_valid() and form.cleaned_data["action"] == HandForm.REVOKE:
        asked = revoke_question(request, game, state.setup, form.cleaned_data["number"], form.cleaned_data["revoke"])
        if asked is not None:
            return asked
    return _hand_for_game_page(request, game, membership, state, form)


@require_POST
@table_or_login_required
def hand_preview(request: HtmxHttpRequest, game_id: int) -> TemplateResponse:
    """The moon panel for an entry being tapped in: who shot it and what each choice does."""
    game, _ = table_for(request, game_id, SCORE)
    setup = game.setup()
    entries = game.entries()
    form = HandForm(request.POST, setup=setup)
    moon = None
    if form.is_valid() and form.cleaned_data["number"] <= len(entries) + 1:
        # The state the hand would follow: the hands before its number.
        before = play(setup, entries[: form.cleaned_data["number"] - 1])
        moon = describe_moon(before, form.entry())
    context = {"game": game, "setup": setup, "hand_form": form, "moon": moon}
    return render_partial(request, HAND_FORM, "moon_body", context)


@require_http_methods(["GET", "POST"])
@table_or_login_required
def hand_edit(request: HtmxHttpRequest, game_id: int, number: int) -> HttpResponse:
    game, membership = table_for(request, game_id, SCORE)
    require_unlocked(game, membership)
    entries = game.entries()
    if not 1 <= number <= len(entries):
        raise Http404("No such hand")
    setup = game.setup()
    before = play(setup, entries[: number - 1])
    context = {"game": game, "setup": setup, "state": before, "number": number}
    if request.method == "GET":
        return _hand_edit_form(request, game, context, entries[number - 1])

    form = HandForm(request.POST, setup=setup, time_left=game.time_left(setup), marked=entries[number - 1].time_up)
    if form.is_valid():
        if form.cleaned_data["number"] != number:
            form.add_error(
                None,
                gettext("This form was for hand %(sent)s, not hand %(number)s")
                % {"sent": form.cleaned_data["number"], "number": number},
            )
        else:
            # An edit form that does not say which version it saw is as stale
            # as one that saw an older one: it must not overwrite blind.
            version = form.cleaned_data["version"]
            try:
                if version is None:
                    raise HandConflict("hand-form-stale", number)
                game.edit_hand(number, form.entry(), actor_for(request, membership), version=version)
            except HandConflict as conflict:
                game = Game.objects.for_table().get(pk=game.pk)  # fresh, not prefetched
                entries = game.entries()
                if game.declared or number > len(entries):
                    messages.error(request, conflict.message)
                    return _game_regions(request, game.pk, membership, status=CONFLICT)
                return _stale_edit(request, game, number, entries, form)
            except EntryError as error:
                form.add_entry_errors(error)
            else:
                messages.success(
                    request, gettext("Hand %(number)s changed; the hands after it are rescored") % {"number": number}
                )
                if request.htmx:
                    return HttpResponseClientRedirect(game.get_absolute_url())
                return redirect(game)
    return _hand_form_response(request, game, membership, before, form, number=number)


def _stale_edit(
    request: HtmxHttpRequest, game: Game, number: int, entries: list[HandEntry], form: HandForm
) -> TemplateResponse:
    """409 for an edit made on an old version: the hand as it now is beside what this phone
    typed, each labelled, with the typed entry kept in the form, now on the current version,
    so that one tap on Save puts it over the other phone's change."""
    setup = game.setup()
    typed = form.entry()
    data = request.POST.copy()
    data["version"] = str(game.version)
    context = {
        "game": game,
        "setup": setup,
        "state": play(setup, entries[: number - 1]),
        "number": number,
        "hand_form": HandForm(data, setup=setup),
        "moon": describe_moon(play(setup, entries[: number - 1]), typed),
        "stale": {"now": describe_entry(setup, entries[number - 1]), "typed": describe_entry(setup, typed)},
    }
    messages.error(
        request,
        gettext("Hand %(number)s was changed on another phone since you opened it: nothing was saved.")
        % {"number": number},
    )
    return TemplateResponse(request, HAND_FORM, context, status=CONFLICT)


def _hand_edit_form(
    request: HtmxHttpRequest, game: Game, context: dict[str, Any], entry: HandEntry, status: int = HTTPStatus.OK
) -> TemplateResponse:
    number = context["number"]
    form = HandForm(setup=context["setup"], initial=HandForm.initial_for(number, entry, version=game.version))
    moon = describe_moon(context["state"], entry)
    return TemplateResponse(request, HAND_FORM, {**context, "hand_form": form, "moon": moon}, status=status)


@require_http_methods(["GET", "POST"])
@table_or_login_required
def hand_delete(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Delete the last hand. With JavaScript the game page asks first (hx-confirm);
    without it, its button is a GET that lands on this confirmation page."""
    game, membership = table_for(request, game_id, SCORE)
    require_unlocked(game, membership)
    form = DeleteHandForm(request.POST if request.method == "POST" else request.GET)
    if not form.is_valid():
        return _refused(request, game, membership, gettext("Which hand? The form did not say"), HTTPStatus.BAD_REQUEST)
    number = form.cleaned_data["number"]
    if request.method == "GET":
        if game.declared or number != game.hands.count():
            messages.error(request, gettext("Hand %(number)s is not the last hand any more") % {"number": number})
            return redirect(game)
        context = {"game": game, "number": number, "setup": game.setup()}
        return TemplateResponse(request, "games/hand_delete.html", context)
    try:
        game.delete_last_hand(number, actor_for(request, membership))
    except HandConflict as conflict:
        return _refused(request, game, membership, conflict.message)
    return _changed(request, game, membership, gettext("Hand %(number)s deleted") % {"number": number})


@require_http_methods(["GET", "POST"])
@login_required
def game_declare(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Declare the game null or abandoned. Like deleting a hand, it is asked
    first: hx-confirm with JavaScript, this view's GET page without."""
    game, membership = table_for(request, game_id, SCORE)
    form = DeclareForm(request.POST if request.method == "POST" else request.GET)
    if not form.is_valid():
        return _refused(request, game, membership, refusal("declare-what"), HTTPStatus.BAD_REQUEST)
    if request.method == "GET":
        context = {"game": game, "status": form.cleaned_data["status"], "setup": game.setup()}
        return TemplateResponse(request, "games/game_declare.html", context)
    try:
        game.declare(form.cleaned_data["status"], request.user)
    except DeclareError as error:
        return _refused(request, game, membership, error.message)
    return _changed(
        request, game, membership, gettext("The game is now %(status)s") % {"status": game.get_status_display().lower()}
    )


@require_http_methods(["GET", "POST"])
@login_required
def game_day(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Put right the day the game was played (a paper game entered later, dated today by mistake).

    Its place in the order of play moves with it, and so do the ratings and the seasons of both days."""
    game, membership = table_for(request, game_id, SCORE)
    require_unlocked(game, membership)
    if request.method == "GET":
        form = GameDayForm(initial={"played_on": game.played_on}, league=game.league)
        return TemplateResponse(request, "games/game_day.html", {"game": game, "form": form})
    form = GameDayForm(request.POST, league=game.league)
    if form.is_valid():
        game.move_to_day(form.cleaned_data["played_on"], request.user)
        messages.success(
            request,
            gettext("Game %(number)s is now dated %(day)s") % {"number": game.number, "day": day_label(game.played_on)},
        )
        return redirect(game)
    return TemplateResponse(
        request, "games/game_day.html", {"game": game, "form": form}, status=HTTPStatus.UNPROCESSABLE_ENTITY
    )


@require_POST
@login_required
def game_reopen(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """An organizer takes back a null or abandoned declaration (a mistaken tap)."""
    game, membership = table_for(request, game_id, ORGANIZE)
    try:
        game.undeclare(request.user)
    except DeclareError as error:
        return _refused(request, game, membership, error.message)
    return _changed(
        request, game, membership, gettext("The declaration is taken back: the game goes on as its hands say")
    )


@require_POST
@login_required
def game_clock(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Start the time limit's clock again now, at the first deal (only before any hand is in)."""
    game, membership = table_for(request, game_id, SCORE)
    try:
        game.restart_clock(request.user)
    except HandConflict as conflict:
        return _refused(request, game, membership, conflict.message)
    return _changed(request, game, membership, gettext("The clock starts now, at the first deal"), announced=False)


# Paper as a fallback ----------------------------------------------------------

PAD_HANDS = 20


@require_GET
@login_required
def game_pad(request: HtmxHttpRequest, game_id: int) -> TemplateResponse:
    """A printable score pad: the next 20 hands' deals as the engine gives them, boxes for the points."""
    game, _ = table_for(request, game_id, VIEW)
    shown_in_its_language(game.league)  # a printout: the table's language
    state = game.state()
    setup = state.setup
    rows = []
    last = state.next_number + PAD_HANDS - 1
    if isinstance(setup.scoring, TurboScoring):
        # Turbo Hearts is a fixed number of hands (hands_per_game): no rows past its last.
        last = min(last, setup.scoring.hands_per_game)
    for number in range(state.next_number, last + 1):
        deal = setup.deal(number)
        rows.append(
            {
                "number": number,
                "dealer": setup.players[deal.dealer],
                "pass": pass_word(deal.pass_direction),
                "leader": setup.players[deal.leader] if deal.leader is not None else shown_card(deal.lead_card or ""),
            }
        )
    table = describe_table(state, dealing=False)
    context = {"game": game, "setup": setup, "seats": table.seats, "rows": rows, "lead_rule": _lead_rule(setup, rows)}
    return TemplateResponse(request, "games/game_pad.html", context)


def _lead_rule(setup: Any, rows: list[dict[str, Any]]) -> str:
    """The engine's sentence for who leads the first of the pad's hands, under the table."""
    return describe_leader(setup, setup.deal(rows[0]["number"])) if rows else ""


# Import and export ----------------------------------------------------------


@require_GET
@login_required
def game_export(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game, _ = table_for(request, game_id, VIEW)
    document = game.scoresheet()
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False, indent=2) + "\n", content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="hearts-game-{game.number}.json"'
    return response


@require_http_methods(["GET", "POST"])
@login_required
def game_import(request: SignedInRequest, league_id: int) -> HttpResponse:
    """A game from a scoresheet; a try is counted before it is read (429 past the limits, 413 too big)."""
    league, _ = get_league_for(request.user, league_id, SCORE)
    template = "games/game_import.html"
    if request.method == "GET":
        return TemplateResponse(request, template, {"league": league, "form": GameImportForm()})
    wait = import_wait(request, "game-import", settings.GAME_IMPORTS_PER_ACCOUNT, settings.GAME_IMPORTS_PER_ADDRESS)
    if wait is not None:
        return too_many_imports(request, template, {"league": league, "form": GameImportForm()}, wait)
    form = GameImportForm(request.POST, request.FILES)
    if form.is_valid():
        document = form.cleaned_data["document"]
        try:
            game = Game.import_scoresheet(league, document, request.user, again=form.cleaned_data["again"])
        except DuplicateGame as duplicate:
            # The scoresheet comes back pasted, so that confirming needs no second upload.
            form = GameImportForm(initial={"text": json.dumps(document, ensure_ascii=False, indent=2)})
            context = {"league": league, "form": form, "duplicate": duplicate}
            return TemplateResponse(request, template, context, status=CONFLICT)
        except (ScoresheetError, SetupError) as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request,
                ngettext(
                    "Imported as game %(number)s: %(hands)s hand",
                    "Imported as game %(number)s: %(hands)s hands",
                    game.hand_count,
                )
                % {"number": game.number, "hands": game.hand_count},
            )
            return redirect(game)
    status = HTTPStatus.REQUEST_ENTITY_TOO_LARGE if form.has_error(NON_FIELD_ERRORS, TOO_LARGE) else UNPROCESSABLE
    return TemplateResponse(request, template, {"league": league, "form": form}, status=status)
