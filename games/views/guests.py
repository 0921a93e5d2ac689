"""A phone at the table without an account: a game's table link, and what it may reach.

Scanning a table card's QR code (or the TV's, or the one in a game's Share
panel) opens /t/<token>/: the phone may type a name once, taps Start, and
its session is granted that one game (games.permissions.grant_table). From
then on the game's table views (games.views.table: the page, its poll, a
hand's entry, edit and deletion, the referee) take the phone as they take a
scorer, through games.permissions.get_table_for; every other page answers
the phone 403 (TableGuestMiddleware), and a stopped link or a game past its
grace answers 410 with one line saying so. Opening a link and a phone's
changes are rate limited, as logins are.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from http import HTTPStatus
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, resolve_url
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from games.models import (
    PHONE_NAME_LENGTH,
    ActivityEntry,
    Attempts,
    Game,
    Membership,
    Rate,
    TableLink,
    link_open,
    phone_name,
)
from games.permissions import (
    ORGANIZE,
    SCORE,
    TABLES,
    TableLinkStopped,
    get_game_for,
    grant_table,
    holds_a_table,
    table_grant,
)
from games.views.logins import client_address
from scorekeeper.middleware import HtmxHttpRequest

# Opening links, per address: a table's few phones, far too few to guess 192 bits (or to try many).
OPEN_RATE: Rate = (20, 60)
# A phone's changes, per link: a table records a hand every minute or two; its queue may send a few at once.
WRITE_RATE: Rate = (30, 60)

STOPPED = gettext_lazy("This table's scoring link has stopped: ask an organizer for the game's new one.")
TOO_MANY = gettext_lazy("Too many tries from this phone. Wait a minute, then try again.")


def _limited(scope: str, rate: Rate, value: str) -> bool:
    """Count this request against the rate; True when it is one too many. Counted by one atomic statement
    (games.models.attempts), so a burst from many workers or instances is counted whole."""
    return Attempts.first_over([(scope, value, [rate])]) is not None


def _too_many(request: HttpRequest) -> HttpResponse:
    if _wants_json(request):
        return JsonResponse({"outcome": "later", "message": str(TOO_MANY)}, status=HTTPStatus.TOO_MANY_REQUESTS)
    return TemplateResponse(
        request, "games/table_link_gone.html", {"reason": TOO_MANY}, status=HTTPStatus.TOO_MANY_REQUESTS
    )


def _wants_json(request: HttpRequest) -> bool:
    return request.headers.get("Accept", "").startswith("application/json")


def link_stopped(request: HttpRequest) -> HttpResponse:
    """410, in one line: a page, the offline queue's JSON, or for HTMX a reload that lands on the page."""
    if _wants_json(request):
        return JsonResponse({"outcome": "stopped", "message": str(STOPPED)}, status=HTTPStatus.GONE)
    response = TemplateResponse(request, "games/table_link_gone.html", {"reason": STOPPED}, status=HTTPStatus.GONE)
    if request.headers.get("HX-Request"):
        # A poll or a Record: the whole page goes, and the reload shows the line.
        response["HX-Refresh"] = "true"
    return response


def table_or_login_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """login_required for the game's table views, but letting in a phone granted this game.

    A phone's POST counts against its link's rate; its stopped link answers 410."""

    @wraps(view)
    def check(request: HtmxHttpRequest, game_id: int, *args: Any, **kwargs: Any) -> HttpResponse:
        grant = table_grant(request, game_id)
        if not request.user.is_authenticated:
            if grant is None:
                return redirect_to_login(request.get_full_path())
            if request.method == "POST" and _limited("table-link-write", WRITE_RATE, f"link-{grant[0]}"):
                return _too_many(request)
        try:
            return view(request, game_id, *args, **kwargs)
        except TableLinkStopped:
            return link_stopped(request)

    return check


class PhoneNameForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Your name (optional)"),
        max_length=PHONE_NAME_LENGTH,
        required=False,
        help_text=gettext_lazy("The game's History names your changes after it; without it, after the table."),
    )


@require_http_methods(["GET", "POST"])
def table_link(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """A scanned table link: who plays, a name to type if the phone likes, and one tap to score.

    The GET only asks (a GET never changes what is stored); the POST grants the session the game."""
    if _limited("table-link-open", OPEN_RATE, client_address(request)):
        return _too_many(request)
    link = TableLink.objects.by_token(token)
    if link is None:
        return TemplateResponse(
            request,
            "games/table_link_gone.html",
            {"reason": gettext("This scoring link is not valid: scan the table's code again.")},
            status=HTTPStatus.NOT_FOUND,
        )
    game = link.game
    if not link_open(link, game):
        return link_stopped(request)
    granted = table_grant(request, game.pk)
    member = request.user.is_authenticated and Membership.objects.filter(league=game.league, user=request.user).exists()
    if member or (granted is not None and granted[0] == link.pk):
        return redirect(game)
    form = PhoneNameForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        grant_table(request, link, phone_name(game, form.cleaned_data["name"]))
        messages.success(request, gettext("This phone keeps the score of game %(number)s.") % {"number": game.number})
        return redirect(game)
    players = [seat.player.name for seat in game.ordered_seats()]
    context = {"game": game, "league": game.league, "form": form, "players": players}
    status = HTTPStatus.UNPROCESSABLE_ENTITY if form.is_bound else HTTPStatus.OK
    return TemplateResponse(request, "games/table_link.html", context, status=status)


@require_POST
@login_required
def table_link_change(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Stop the game's scoring link (organizers: every phone holding it gets 410), or make a new one
    once none is live (scorers). Back to the page it was asked from: the game's or the night's."""
    stop = request.POST.get("action") == "stop"
    game, _ = get_game_for(request.user, game_id, ORGANIZE if stop else SCORE)
    if stop:
        with transaction.atomic():
            stopped = sum(link.stop() for link in game.table_links.filter(stopped_at=None))
            if stopped:
                ActivityEntry.record(game.league, request.user, ActivityEntry.Kind.TABLE_LINK_STOPPED, game=game.number)
        if stopped:
            messages.success(
                request, gettext("The scoring link of game %(number)s is stopped.") % {"number": game.number}
            )
    else:
        try:
            with transaction.atomic():
                TableLink.make(game, request.user)
        except IntegrityError:
            pass  # another tap made it a moment ago: that one is shown
        messages.success(request, gettext("Game %(number)s has a new scoring link.") % {"number": game.number})
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, require_https=request.is_secure()):
        back = reverse("games:game-share", args=[game.pk])
    return redirect(back)


def live_link(game: Game | None, league_trashed: bool | None = None) -> TableLink | None:
    """The game's live scoring link, if it has one and it still scores the game (None else).
    Reads game.table_links.all(): a page of many games prefetches them."""
    if game is None:
        return None
    link = next((link for link in game.table_links.all() if link.stopped_at is None), None)
    return link if link is not None and link_open(link, game, league_trashed) else None


class TableGuestMiddleware:
    """A phone holding a table link, sent to log in by a page it may not see: 403, with its game(s) instead.

    It has no account; a login page would only lead it to sign up. The page
    says it keeps one game's score and links back there."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.login = ""

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != HTTPStatus.FOUND or request.user.is_authenticated:
            return response
        self.login = self.login or resolve_url(settings.LOGIN_URL)
        if not response.get("Location", "").startswith(self.login) or not holds_a_table(request):
            return response
        games = sorted(int(game_id) for game_id in request.session.get(TABLES, {}))
        context = {"games": [reverse("games:game-detail", args=[game_id]) for game_id in games]}
        refused = TemplateResponse(request, "games/table_guest_only.html", context, status=HTTPStatus.FORBIDDEN)
        return refused.render()
