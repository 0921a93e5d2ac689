"""A hand typed in one line: the hand form filled in with what the line says, for Record (issue 39).

Nothing is recorded here: the filled form goes back (the game page's entry
region, or the plain hand page) with what was understood said beside it and
Record focused, so Enter records it as a tapped hand is recorded, under the
same idempotency key.
"""

from __future__ import annotations

import uuid
from http import HTTPStatus

from django.http import HttpResponse
from django.template.response import TemplateResponse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from games.forms import HandForm
from games.forms.typed import TypedHandForm
from games.permissions import SCORE
from games.views.guests import table_or_login_required
from games.views.pages import render_page
from games.views.table import HAND_FORM, PAGE, table_context, table_for
from scorekeeper.middleware import HtmxHttpRequest


@require_POST
@table_or_login_required
def hand_typed(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The next hand's form filled in from a typed line, or the line back with what could not be read."""
    game, membership = table_for(request, game_id, SCORE)
    state = game.state()
    setup = state.setup
    typed = TypedHandForm(request.POST, setup=setup)
    valid = typed.is_valid() and not game.declared and not state.is_over
    if valid and typed.cleaned_data["hand"] != state.next_number:
        # Another phone recorded meanwhile: the line was for a hand that is in already.
        typed.add_error(
            "line",
            gettext("Hand %(number)s was recorded on another phone meanwhile: type hand %(next)s")
            % {"number": typed.cleaned_data["hand"], "next": state.next_number},
        )
        valid = False
    key = typed.cleaned_data.get("hand_key") or ""
    entry = typed.cleaned_data["understood"].entry if valid else None
    initial = {**HandForm.initial_for(state.next_number, entry), "key": key or uuid.uuid4().hex}
    hand_form = HandForm(setup=setup, initial=initial)
    understood = typed.cleaned_data["understood"].summary if valid else None
    status = HTTPStatus.OK if valid else HTTPStatus.UNPROCESSABLE_ENTITY
    extra = {"typed": typed, "understood": understood}
    if request.htmx:
        context = {**table_context(game, membership, state, hand_form=hand_form), **extra}
        return render_page(request, PAGE, context, partial="entry", status=status)
    context = {"game": game, "setup": setup, "state": state, "hand_form": hand_form, **extra}
    return TemplateResponse(request, HAND_FORM, context, status=status)
