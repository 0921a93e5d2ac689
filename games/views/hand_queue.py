"""The Record view's answers to the phone's offline queue (static/js/offline.js), which reads JSON.

views.table.hand_new answers a hand sent from the queue with one of: recorded,
conflict (another phone's hand has the number), ahead (an earlier hand is
still to come) or refused (the entry itself); these are the last three.
"""

from __future__ import annotations

from http import HTTPStatus

from django.http import JsonResponse
from django.utils.translation import gettext

from games.forms import HandForm
from games.models import Game, HandConflict
from rules.describe import describe_entry
from scorekeeper.middleware import HtmxHttpRequest

UNPROCESSABLE = HTTPStatus.UNPROCESSABLE_ENTITY
CONFLICT = HTTPStatus.CONFLICT


def from_queue(request: HtmxHttpRequest) -> bool:
    """A send from the phone's offline queue (static/js/offline.js), which reads JSON answers."""
    return request.headers.get("Accept", "").startswith("application/json")


def queue_conflict(game: Game, form: HandForm, conflict: HandConflict) -> JsonResponse:
    """409 for the queue: another phone's hand has this number (shown beside this phone's entry,
    for the scorer to keep theirs or record this one as the next hand), or an earlier one is missing."""
    number = form.cleaned_data["number"]
    game.refresh_from_db()
    hands = {hand.number: hand for hand in game.hands.all()}
    next_number = len(hands) + 1
    setup = game.setup()
    theirs = hands.get(number)
    outcome = "conflict"
    if conflict.reused_key:
        outcome = "refused"
    elif theirs is None and number > next_number and not game.declared:
        outcome = "ahead"  # hand `number` can't come before hand next_number: wait for it
    answer = {
        "outcome": outcome,
        "number": number,
        "next": next_number,
        # str(): the refusal in the reader's language (its .message is the English, for the logs).
        "message": str(conflict),
        "mine": str(describe_entry(setup, form.entry())),
        "theirs": str(describe_entry(setup, theirs.to_entry())) if theirs is not None else "",
        "same": theirs is not None and theirs.entry == form.entry().to_stored(),
        "open": not game.declared and game.status in (Game.Status.IN_PROGRESS, Game.Status.TIE_BREAK),
    }
    return JsonResponse(answer, status=CONFLICT)


def queue_refused(form: HandForm) -> JsonResponse:
    """422 for the queue: the entry itself is wrong; it goes back to the form with the reasons."""
    reasons = [str(error) for error in form.non_field_errors()] + list(form.hearts_errors)
    for name, errors in form.errors.items():
        if name != "__all__":
            reasons += [
                gettext("%(field)s: %(error)s") % {"field": form.fields[name].label or name, "error": error}
                for error in errors
            ]
    message = " ".join(reasons) or gettext("The entry was refused")
    number = form.cleaned_data.get("number") if hasattr(form, "cleaned_data") else None
    return JsonResponse({"outcome": "refused", "number": number, "message": message}, status=UNPROCESSABLE)
