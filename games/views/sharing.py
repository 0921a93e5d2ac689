"""The next phone in with one scan: a game's share link, as a QR code and a link to copy.

A member's Share shows the game's own address, and to whoever may score it the
game's scoring link for a phone without an account (games.views.guests). An organizer's also lets a
non-member in: the link then carries a signed token naming the game and the
role the organizer chose for such links (viewer by default). Whoever opens
it, after logging in or signing up, taps Join once (a GET never changes what
is stored), joins the league in that role and lands on the game's live page.
The token is signed, not stored: it lasts a day (a game night), dies with
its organizer's right to organize (for good: promoted again, they give new
links), and an organizer can stop every link of the game given so far
(Game.share_generation) and get a new one.
"""

from __future__ import annotations

from datetime import datetime
from http import HTTPStatus

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.forms import ShareForm
from games.models import GRACE, ActivityEntry, Game, Membership, game_ended_at
from games.permissions import ORGANIZE, VIEW, get_game_for
from games.views.guests import live_link
from games.views.pages import render_page
from scorekeeper.middleware import HtmxHttpRequest

SALT = "games.share"
JOIN_MAX_AGE = 24 * 60 * 60


def join_token(game: Game, role: str, organizer: Membership) -> str:
    claim = {
        "game": game.pk,
        "role": role,
        "by": organizer.user_id,
        "gen": game.share_generation,
        # Since when they organize: a demotion ends it for good (Membership.organizer_since).
        "since": _moment(organizer.organizer_since),
    }
    return signing.dumps(claim, salt=SALT, compress=True)


def _moment(since: datetime | None) -> str:
    return since.isoformat() if since is not None else ""


def qr_svg(url: str) -> str:
    """The QR code as inline SVG (no style attribute: the CSP allows it)."""
    svg = segno.make(url, error="m").svg_inline(scale=4, border=4, title=gettext("QR code of the link below"))
    # segno's drawing, which no template could write: its paths, and the title it escapes.
    return mark_safe(svg)


@require_GET
def game_share(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The share panel: a QR code, the link, and for an organizer the role a newcomer gets."""
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?{urlencode({'next': request.get_full_path()})}")
    game, membership = get_game_for(request.user, game_id, VIEW)
    form = ShareForm(request.GET or None)
    role = form.cleaned_data["role"] if form.is_valid() else Membership.Role.VIEWER
    return _share_panel(request, game, membership, form, role)


@require_POST
@login_required
def game_share_stop(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """An organizer stops every share link of the game given so far; the panel shows a new one."""
    game, membership = get_game_for(request.user, game_id, ORGANIZE)
    with transaction.atomic():
        Game.objects.filter(pk=game.pk).update(share_generation=F("share_generation") + 1)
        ActivityEntry.record(game.league, request.user, ActivityEntry.Kind.SHARE_LINKS_STOPPED, game=game.number)
    game.refresh_from_db(fields=["share_generation"])
    messages.success(request, gettext("The links shared so far no longer let anyone join: here is a new one."))
    form = ShareForm(request.POST)
    role = form.cleaned_data["role"] if form.is_valid() else Membership.Role.VIEWER
    if not request.htmx:
        return redirect(f"{reverse('games:game-share', args=[game.pk])}?{urlencode({'role': role})}")
    return _share_panel(request, game, membership, form, role)


def _share_panel(
    request: HtmxHttpRequest, game: Game, membership: Membership, form: ShareForm, role: str
) -> HttpResponse:
    if membership.can_organize:
        path = reverse("games:game-join", args=[game.pk, join_token(game, role, membership)])
    else:
        path = game.get_absolute_url()
    link = request.build_absolute_uri(path)
    context = {
        "game": game,
        "league": game.league,
        "can_organize": membership.can_organize,
        "form": form if form.is_bound else ShareForm(initial={"role": role}),
        "role": role,
        "role_name": Membership.ROLE_IN_SENTENCE[role],
        "link": link,
        "qr": qr_svg(link),
        # The phone without an account's: for whoever may score the game (scorers see it, organizers stop it).
        "table_link": table_link_shown(request, game) if membership.can_score else None,
        "offer_table_link": membership.can_score and game.trashed_at is None and game_still_on(game),
    }
    return render_page(request, "games/game_share.html", context, "share")


def table_link_shown(
    request: HtmxHttpRequest, game: Game | None, league_trashed: bool | None = None
) -> dict[str, object] | None:
    """The game's live scoring link as a page shows it (its address and QR code); None without one."""
    link = live_link(game, league_trashed)
    if link is None:
        return None
    url = request.build_absolute_uri(link.get_absolute_url())
    return {"url": url, "qr": qr_svg(url), "minutes": int(GRACE.total_seconds() // 60)}


def game_still_on(game: Game) -> bool:
    """Whether a new scoring link for the game would score it (the game not ended long enough ago)."""
    ended = game_ended_at(game)
    return ended is None or timezone.now() < ended + GRACE


@require_http_methods(["GET", "POST"])
def game_join(request: HtmxHttpRequest, game_id: int, token: str) -> HttpResponse:
    """A scanned share link: log in or sign up first, then one tap to join, and on to the live game.

    The GET only asks (a GET never changes what is stored); the POST joins.
    """
    try:
        claim = signing.loads(token, salt=SALT, max_age=JOIN_MAX_AGE)
    except signing.SignatureExpired:
        return _gone(request, gettext("This share link has expired: ask for a new one at the table."))
    except signing.BadSignature:
        return _gone(request, gettext("This share link is not valid: scan it again or ask for a new one."))
    game = Game.objects.select_related("league").filter(pk=game_id).first()
    if game is None or claim.get("game") != game.pk or claim.get("role") not in Membership.Role.values:
        return _gone(request, gettext("This share link is not valid: scan it again or ask for a new one."))
    if claim.get("gen", 0) != game.share_generation:
        return _gone(request, gettext("An organizer has stopped this share link: ask for a new one at the table."))
    league = game.league
    if league.trashed_at is not None:
        return _gone(request, gettext("This league has been deleted: ask its owner."))
    organizer = Membership.objects.filter(league=league, user_id=claim.get("by")).first()
    if organizer is None or not organizer.can_organize or claim.get("since") != _moment(organizer.organizer_since):
        return _gone(request, gettext("Whoever shared this link no longer organizes the league: ask for a new one."))
    if not request.user.is_authenticated:
        messages.info(request, gettext("Log in or sign up to follow the game in %(league)s.") % {"league": league.name})
        return redirect(f"{reverse('login')}?{urlencode({'next': request.get_full_path()})}")
    if Membership.objects.filter(league=league, user=request.user).exists():
        return redirect(game)
    role = Membership.Role(claim["role"])
    if request.method == "GET":
        context = {"game": game, "league": league, "role": Membership.ROLE_IN_SENTENCE[role]}
        return TemplateResponse(request, "members/game_join.html", context)
    try:
        with transaction.atomic():
            Membership.objects.create(league=league, user=request.user, role=role)
            by = organizer.user.get_username()
            ActivityEntry.record(
                league, request.user, ActivityEntry.Kind.SHARE_LINK_USED, game=game.number, role=role, by=by
            )
    except IntegrityError:
        pass  # joined a moment ago (a second tap): a member all the same
    else:
        messages.success(
            request,
            gettext("Welcome to %(league)s: you joined as %(role)s.")
            % {"league": league.name, "role": Membership.ROLE_IN_SENTENCE[role]},
        )
    return redirect(game)


def _gone(request: HtmxHttpRequest, reason: str) -> TemplateResponse:
    return TemplateResponse(request, "members/invite_gone.html", {"reason": reason}, status=HTTPStatus.GONE)
