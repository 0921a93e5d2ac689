"""The night's screen: the club's TV (and any phone in the room) following the whole night live.

A public page behind a signed link, as a game's share link is (sharing.py):
the token names the night, which of its two links it is (the screen's, for
the club's TV, or the shared one its Share button hands out) and the
generation it was given in, and is not stored; it lasts two days (the night
and the morning after), and an organizer gets it from the night's page and
can stop it there (Night.stop_link): a stopped link answers 410 at once, and
a screen on it says so at its next poll. The
page shows the round, each table's hand number and totals as they are
entered, the night's standings by placement points with the law's
tie-breaks (rules.night, through the night's own context), and at the end
the winner. It is readable across a room at 1920×1080 and on a phone.

Live without reloading: the screen's body asks every 3 seconds whether the
night changed since what it shows. The answer "no" (204) costs one query for
any number of tables: the night's version (its rounds and seats) with the
sum and count of its games' versions (every hand, name or status change
moves a game's version on, and versions only grow), read in one aggregate.

Its preview in a chat (Open Graph) is the standings as a PNG, at an address
naming that fingerprint, cached and asked again each time like a game's result image.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from http import HTTPStatus
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.db.models import Count, Sum
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST, require_safe

from games.models import Night
from games.permissions import ORGANIZE, get_public_league, shown_in_its_language
from games.result_image import HEIGHT, WIDTH, Row, result_png
from games.rounding import rounded, shown
from games.views.nights import _night_context, _night_for, night_detail
from games.views.pages import render_page, render_partial
from games.views.results import CHECKED_EACH_TIME
from games.views.sharing import qr_svg, table_link_shown
from scorekeeper.middleware import HtmxHttpRequest

SALT = "games.night-screen"
SCREEN_MAX_AGE = 2 * 24 * 60 * 60
POLL_SECONDS = 3
# Standings rows in one of the TV's columns: 64 players in 4 columns of 16 fit 1920x1080 and 1280x720 alike.
STANDINGS_ROWS = 16
PAGE = "games/nights/night_screen.html"
GONE_PAGE = "games/nights/link_gone.html"


def screen_token(night: Night, link: str = "screen") -> str:
    """The night's signed link: "screen" for the club's TV, "share" for its Share button; of this generation."""
    return signing.dumps([night.pk, link, getattr(night, f"{link}_generation")], salt=SALT)


@dataclass(frozen=True)
class Claim:
    """What a screen token says: the night, which of its links, given in which generation."""

    night_id: int
    link: str
    generation: int


class LinkGone(Exception):
    """The link was good once: it expired, or an organizer stopped it (410, saying which)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _claim(token: str) -> Claim:
    """The token's claim; 404 for a bad or tampered token, LinkGone for an expired one."""
    try:
        value = signing.loads(token, salt=SALT, max_age=SCREEN_MAX_AGE)
    except signing.SignatureExpired:
        raise LinkGone(gettext("This link has expired: ask the club for a new one.")) from None
    except signing.BadSignature:
        raise Http404("No such screen") from None
    if type(value) is int:
        return Claim(value, "screen", 0)  # a screen link given before links had generations
    if (
        isinstance(value, list)
        and len(value) == 3
        and type(value[0]) is int
        and value[1] in Night.LINKS
        and type(value[2]) is int
    ):
        return Claim(*value)
    raise Http404("No such screen")


def _read(night_id: int) -> tuple[str, dict[str, int]] | None:
    """What the screen shows, in one query: the night's version, its games' versions summed and
    counted; and its links' generations."""
    found = (
        Night.objects.filter(pk=night_id, league__trashed_at=None)
        .annotate(games=Sum("round_set__tables__game__version"), tables=Count("round_set__tables__game"))
        .values_list("version", "games", "tables", "screen_generation", "share_generation")
        .first()
    )
    if found is None:
        return None
    version, games, tables, screen, share = found
    return f"{version}-{games or 0}-{tables}", {"screen": screen, "share": share}


def fingerprint(night_id: int) -> str | None:
    found = _read(night_id)
    return found[0] if found is not None else None


def _screen_fingerprint(token: str) -> tuple[int, str]:
    """The night a live screen link names and what it shows now: 404 for no such night, LinkGone when stopped.

    Asked at every poll, in the same query as the fingerprint: a stopped link is dead at the screen's next poll."""
    claim = _claim(token)
    found = _read(claim.night_id)
    if found is None:
        raise Http404("No such night")
    current, generations = found
    if generations[claim.link] != claim.generation:
        raise LinkGone(gettext("An organizer has stopped this link: ask the club for a new one."))
    return claim.night_id, current


def _link_view(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A screen link's view: a stopped or expired link answers 410 with the line saying why.

    The poll's 410 is the screen's region (static/js/night_screen.js swaps it in): the TV says so and stops asking."""

    @wraps(view)
    def answer(request: HtmxHttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except LinkGone as gone:
            return link_gone(request, gone.reason, HTTPStatus.GONE)

    return answer


def link_gone(request: HtmxHttpRequest, reason: str, status: int) -> TemplateResponse:
    return render_page(request, GONE_PAGE, {"reason": reason}, "screen", status)


@require_GET
@login_required
def night_screen_link(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """Organizers: on to the night's screen, whose address (and QR code) goes to the club's TV."""
    night, _membership = _night_for(request.user, night_id, ORGANIZE)
    return redirect(reverse("games:night-screen", args=[screen_token(night)]))


@require_GET
@_link_view
def night_screen(request: HtmxHttpRequest, token: str) -> HttpResponse:
    night_id, current = _screen_fingerprint(token)
    return _screen(request, token, night_id, current)


@require_GET
@_link_view
def night_screen_poll(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """204 while the night is as the screen shows it (one query); else the screen's body again."""
    night_id, current = _screen_fingerprint(token)
    if request.GET.get("v") == current:
        return HttpResponse(status=HTTPStatus.NO_CONTENT)
    return _screen(request, token, night_id, current, partial=True)


def _screen(
    request: HtmxHttpRequest, token: str, night_id: int, current: str, partial: bool = False, public: bool = False
) -> TemplateResponse:
    """The screen at its signed address (`token`), or at the league's public link (`token` is the league's)."""
    night = _night(night_id)
    shown_in_its_language(night.league)  # the club's screen: the table's language
    context = _night_context(night, None)
    name, args = _where(token, night_id, public)
    # The club's TV (its "screen" link) shows each table's scoring link too. Its own QR code and its Share
    # give the "share" link, whose screen shows none: a phone following the night never gets a table's.
    tables = not public and _claim(token).link == "screen"
    shared = _where(screen_token(night, "share"), night_id, public)[1] if tables else args
    screen_url = request.build_absolute_uri(reverse(f"games:{name}", args=shared))
    if tables and context["current"] is not None:
        for table in context["current"]["tables"]:
            table["scoring"] = table_link_shown(request, table["game"], league_trashed=False)
    standings = context["standings"]
    context.update(
        token=token,
        fingerprint=current,
        poll_seconds=POLL_SECONDS,
        poll_url=reverse(f"games:{name}-poll", args=args),
        stream_url=reverse(f"games:{name}-stream", args=args),
        screen_url=screen_url,
        qr=qr_svg(screen_url),
        round_line=_round_line(night, context),
        # On the club's TV the standings run in columns of at most STANDINGS_ROWS (night_screen.css).
        standing_columns=min(4, max(1, -(-len(standings) // STANDINGS_ROWS))),
        standing_rows=[
            {"standing": standing, "score": shown(standing.score, 2), "margin": shown(standing.margin, 1)}
            for standing in standings
        ],
        share=_night_share(night, context, screen_url),
        open_graph=_open_graph(request, night, context, (name, shared), current, screen_url),
    )
    if partial:
        return render_partial(request, PAGE, "screen", context)
    return render_page(request, PAGE, context, "screen")


def _where(token: str, night_id: int, public: bool) -> tuple[str, list[Any]]:
    """The screen's URL name and arguments: the signed screen link, or the league's public link."""
    return ("public-night", [token, night_id]) if public else ("night-screen", [token])


class NoPublicNight(Exception):
    """No such league's public link (turned off, renewed, or never given), or no such night of it."""


def _public_night(token: str, night_id: int) -> str:
    """The fingerprint of the night, if it is of the league whose public link carries `token`."""
    try:
        league = get_public_league(token)
    except Http404:
        raise NoPublicNight from None
    current = fingerprint(night_id) if Night.objects.filter(pk=night_id, league=league).exists() else None
    if current is None:
        raise NoPublicNight
    return current


def _public_view(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A public night's view: a link turned off answers 404, saying only that the link does not work
    (the page must not tell a guessed token from one that was stopped); the TV shows that line."""

    @wraps(view)
    def answer(request: HtmxHttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except NoPublicNight:
            line = gettext("This link does not work (any more): ask the club for a new one.")
            return link_gone(request, line, HTTPStatus.NOT_FOUND)

    return answer


@require_GET
@_public_view
def public_night(request: HtmxHttpRequest, token: str, night_id: int) -> HttpResponse:
    """The night's result through the league's public link: lasts as long as that link, with its preview."""
    return _screen(request, token, night_id, _public_night(token, night_id), public=True)


@require_GET
@_public_view
def public_night_poll(request: HtmxHttpRequest, token: str, night_id: int) -> HttpResponse:
    current = _public_night(token, night_id)
    if request.GET.get("v") == current:
        return HttpResponse(status=HTTPStatus.NO_CONTENT)
    return _screen(request, token, night_id, current, partial=True, public=True)


@require_safe
@_public_view
def public_night_image(request: HtmxHttpRequest, token: str, night_id: int, version: str) -> HttpResponse:
    current = _public_night(token, night_id)
    if version != current:
        return redirect(reverse("games:public-night-image", args=[token, night_id, current]))
    return _image(request, night_id, current)


def _night(night_id: int) -> Night:
    """The night, or 404 (deleted since its fingerprint was read)."""
    night = Night.objects.select_related("league", "preset").filter(pk=night_id, league__trashed_at=None).first()
    if night is None:
        raise Http404("No such night")
    return night


def _round_line(night: Night, context: dict[str, Any]) -> str:
    current = context["current"]
    if context["over"]:
        return ngettext(
            "Final standings after %(rounds)s round", "Final standings after %(rounds)s rounds", night.rounds
        ) % {"rounds": night.rounds}
    if current is None:
        return _("Not seated yet")
    return _("Round %(number)s of %(rounds)s") % {"number": current["round"].number, "rounds": night.rounds}


def _standing_rows(context: dict[str, Any]) -> list[Row]:
    """The standings as a share card and a chat's text list them: where points tie, the margin that
    broke the tie follows them ("2.50 (+3.5)"), so the order has its reason on the card too."""
    won = context["winner"] is not None
    ranked = context["standings"]
    rows = []
    for index, standing in enumerate(ranked):
        total = rounded(standing.score, 2)
        neighbours = ranked[max(index - 1, 0) : index] + ranked[index + 1 : index + 2]
        if any(other.score == standing.score for other in neighbours):
            margin = rounded(standing.margin, 1)
            total += f" ({margin if margin.startswith('-') or margin == '0.0' else '+' + margin})"
        rows.append(Row(standing.place, standing.player, total, won and standing.place == 1))
    return rows


def night_page(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """The night's page (nights.night_detail) with its Share button, which needs this module's links."""
    response = night_detail(request, night_id)
    if isinstance(response, TemplateResponse) and response.context_data is not None:
        context = response.context_data
        context["share"] = night_share(request, context["night"], context)
    return response


def night_share(request: HtmxHttpRequest, night: Night, context: dict[str, Any]) -> dict[str, Any]:
    """The night page's Share button: an organizer hands out a link anyone may open (the lasting public
    link if the league has one, else the night's two-day shared link), which they can stop; any other
    member, the night's own page, which only members open."""
    if not context["can_organize"]:
        share = _night_share(night, context, request.build_absolute_uri(night.get_absolute_url()))
        share["public"], share["lasting"] = False, True  # the members' own page: it never expires
        return share
    token = night.league.public_token
    name, args = _where(token, night.pk, True) if token else _where(screen_token(night, "share"), night.pk, False)
    share = _night_share(night, context, request.build_absolute_uri(reverse(f"games:{name}", args=args)))
    # Without a public link the shared link dies in two days: the page says so beside the button.
    share["lasting"] = bool(token)
    return share


@require_POST
@login_required
def night_link_stop(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """An organizer stops the night's screen link or its shared link: every copy given so far is dead at
    its next request (a screen's next poll, within POLL_SECONDS); the night's page gives a new one."""
    night, _membership = _night_for(request.user, night_id, ORGANIZE)
    link = request.POST.get("link", "")
    if link not in Night.LINKS:
        return HttpResponse(gettext("Choose the screen's link or the shared link."), status=HTTPStatus.BAD_REQUEST)
    night.stop_link(link, request.user)
    if link == "screen":
        note = gettext("The night's screen link is stopped: open the screen again from here for a new one.")
    else:
        note = gettext("The night's shared link is stopped: the Share button now gives a new one.")
    messages.success(request, note)
    return redirect(night)


def _night_share(night: Night, context: dict[str, Any], screen_url: str) -> dict[str, Any]:
    top = " · ".join(f"{row.place}. {row.name} {row.total}" for row in _standing_rows(context)[:5])
    head = _("%(league)s, %(night)s: %(round)s") % {
        "league": night.league.name,
        "night": night.title,
        "round": _round_line(night, context),
    }
    if context["winner"]:
        head += " · " + _("won by %(winner)s") % {"winner": context["winner"]}
    return {
        "title": night.title,
        "text": f"{head}\n{top}",
        "url": screen_url,
        "public": True,
        "id": f"night-{night.pk}",
        "label": _("Share the standings"),
    }


def _open_graph(
    request: HtmxHttpRequest,
    night: Night,
    context: dict[str, Any],
    where: tuple[str, list[Any]],
    current: str,
    screen_url: str,
) -> dict[str, Any]:
    top = " · ".join(f"{row.place}. {row.name} {row.total}" for row in _standing_rows(context)[:8])
    return {
        "title": f"{night.title} · {night.league.name}",
        "description": f"{_round_line(night, context)}. {top}",
        "url": screen_url,
        "image": request.build_absolute_uri(reverse(f"games:{where[0]}-image", args=[*where[1], current])),
        "image_alt": _("The night's standings: each player's place and points"),
        "width": WIDTH,
        "height": HEIGHT,
    }


@require_safe
@_link_view
def night_screen_image(request: HtmxHttpRequest, token: str, version: str) -> HttpResponse:
    """The standings' PNG at the address of what it shows; an older address is sent on to the current one."""
    night_id, current = _screen_fingerprint(token)
    if version != current:
        return redirect(reverse("games:night-screen-image", args=[token, current]))
    return _image(request, night_id, current)


def _image(request: HtmxHttpRequest, night_id: int, current: str) -> HttpResponse:
    tag = f'"night-{night_id}-{current}"'
    if request.headers.get("If-None-Match") == tag:
        response = HttpResponse(status=HTTPStatus.NOT_MODIFIED)
    else:
        night = _night(night_id)
        context = _night_context(night, None)
        subtitle = f"{date_format(night.played_on)} · {_round_line(night, context)}"
        png = result_png("\N{BLACK HEART SUIT} " + night.title, subtitle, _standing_rows(context), _("Winner"))
        response = HttpResponse(png, content_type="image/png")
    response["ETag"] = tag
    response["Cache-Control"] = CHECKED_EACH_TIME
    return response
