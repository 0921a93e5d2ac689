"""Without JavaScript, a revoke is asked on a page of its own before it is charged: the plain
hand form's (games.views.table.hand_new) and the referee's (games.views.rulebook)."""

from __future__ import annotations

from django.template.response import TemplateResponse

from games.models import Game
from rules import EntryError, GameSetup, HandEntry
from scorekeeper.middleware import HtmxHttpRequest


def revoke_question(
    request: HtmxHttpRequest, game: Game, setup: GameSetup, number: int, offender: int, back: str = ""
) -> TemplateResponse | None:
    """Without JavaScript, a revoke is asked first on a page of its own, as a null game is: it charges
    one player a whole hand's points. None once the page's "Charge the revoke" sent it back (confirmed).

    With JavaScript the form asks (hand_form.js, the referee's hx-confirm), and the offline queue's
    hand was asked when it was tapped."""
    if request.POST.get("confirmed") == "yes":
        return None
    # Only a revoke that would be charged now is asked: a late one, one already stored under its key
    # or one for a game that is over gets its answer (409, 422 or recorded) without a question.
    state = game.state()
    key = request.POST.get("key", "")
    if number != state.next_number or game.declared or (key and game.hands.filter(client_key=key).exists()):
        return None
    try:
        state.after(HandEntry.revoked(offender))
    except EntryError:
        return None  # the engine refuses it (the game is over, it holds the most hands): said without asking
    typed = [
        name
        for name, value in request.POST.items()
        if value not in ("", "0") and name.startswith(("hearts_", "queen", "jack"))
    ]
    context = {
        "game": game,
        "setup": setup,
        "number": number,
        "offender": setup.players[offender],
        "discards": bool(typed),
        "action": request.path,
        "back": back or game.get_absolute_url(),
        # The request as it came, sent again with "confirmed" (the cards typed are ignored for a revoke).
        "fields": [
            (name, value)
            for name, values in request.POST.lists()
            if name not in ("csrfmiddlewaretoken", "confirmed")
            for value in values
        ],
    }
    return TemplateResponse(request, "games/revoke_confirm.html", context)
