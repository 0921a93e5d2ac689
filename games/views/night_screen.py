"""The night's screen: the club's TV (and any phone in the room) following the whole night live.

A public page behind a signed link, as a game's share link is (sharing.py):
the token names the night and is not stored; it lasts two days (the night
and the morning after), and an organizer gets it from the night's page. The
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
naming that fingerprint, cached for good like a game's result image.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core import signing
from django.db.models import Count, Sum
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_safe

from games.models import Night
from games.permissions import ORGANIZE, get_public_league, shown_in_its_language
from games.result_image import HEIGHT, WIDTH, Row, result_png
from games.rounding import rounded
from games.views.nights import _night_context, _night_for, night_detail
from games.views.pages import render_page, render_partial
from games.views.results import FOR_GOOD
from games.views.sharing import qr_svg, table_link_shown
from scorekeeper.middleware import HtmxHttpRequest

SALT = "games.night-screen"
SCREEN_MAX_AGE = 2 * 24 * 60 * 60
POLL_SECONDS = 3
PAGE = "games/nights/night_screen.html"


def screen_token(night: Night, tables: bool = False) -> str:
    """The screen's token; `tables`: the club's TV's, which also shows each table's scoring link (its
    QR code, for a phone without an account). The screen's own QR code and Share give the other."""
    return signing.dumps({"night": night.pk, "tables": True} if tables else night.pk, salt=SALT)


def _claim(token: str) -> tuple[int, bool]:
    """The night the token names, and whether it is the TV's; or 404 (a bad, tampered or expired token alike)."""
    try:
        claim = signing.loads(token, salt=SALT, max_age=SCREEN_MAX_AGE)
    except signing.BadSignature:
        raise Http404("No such screen") from None
    tables = isinstance(claim, dict) and claim.get("tables") is True
    night_id = claim.get("night") if isinstance(claim, dict) else claim
    if not isinstance(night_id, int) or isinstance(night_id, bool):
        raise Http404("No such screen")
    return night_id, tables


def _night_id(token: str) -> int:
    return _claim(token)[0]


def fingerprint(night_id: int) -> str | None:
    """What the screen shows, in one query: the night's version, its games' versions summed and counted."""
    found = (
        Night.objects.filter(pk=night_id, league__trashed_at=None)
        .annotate(games=Sum("round_set__tables__game__version"), tables=Count("round_set__tables__game"))
        .values_list("version", "games", "tables")
        .first()
    )
    if found is None:
        return None
    version, games, tables = found
    return f"{version}-{games or 0}-{tables}"


@require_GET
@login_required
def night_screen_link(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """Organizers: on to the night's screen, whose address (and QR code) goes to the club's TV."""
    night, _membership = _night_for(request.user, night_id, ORGANIZE)
    return redirect(reverse("games:night-screen", args=[screen_token(night, tables=True)]))


@require_GET
def night_screen(request: HtmxHttpRequest, token: str) -> HttpResponse:
    night_id = _night_id(token)
    current = fingerprint(night_id)
    if current is None:
        raise Http404("No such night")
    return _screen(request, token, night_id, current)


@require_GET
def night_screen_poll(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """204 while the night is as the screen shows it (one query); else the screen's body again."""
    night_id = _night_id(token)
    current = fingerprint(night_id)
    if current is None:
        raise Http404("No such night")
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
    tables = not public and _claim(token)[1]
    # Followed from the screen's own QR code or its Share, the screen shows no table's scoring link.
    shared = _where(screen_token(night), night_id, public)[1] if tables else args
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
        screen_url=screen_url,
        qr=qr_svg(screen_url),
        round_line=_round_line(night, context),
        standing_rows=[
            {"standing": standing, "score": rounded(standing.score, 2), "margin": rounded(standing.margin, 1)}
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


def _public_night(token: str, night_id: int) -> str:
    """The fingerprint of the night, if it is of the league whose public link carries `token`; else 404."""
    league = get_public_league(token)
    current = fingerprint(night_id) if Night.objects.filter(pk=night_id, league=league).exists() else None
    if current is None:
        raise Http404("No such night")
    return current


@require_GET
def public_night(request: HtmxHttpRequest, token: str, night_id: int) -> HttpResponse:
    """The night's result through the league's public link: lasts as long as that link, with its preview."""
    return _screen(request, token, night_id, _public_night(token, night_id), public=True)


@require_GET
def public_night_poll(request: HtmxHttpRequest, token: str, night_id: int) -> HttpResponse:
    current = _public_night(token, night_id)
    if request.GET.get("v") == current:
        return HttpResponse(status=HTTPStatus.NO_CONTENT)
    return _screen(request, token, night_id, current, partial=True, public=True)


@require_safe
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
    """The organizer's night page (nights.night_detail) with its Share button, which needs this module's links."""
    response = night_detail(request, night_id)
    if isinstance(response, TemplateResponse) and response.context_data is not None:
        context = response.context_data
        context["share"] = organizer_share(request, context["night"], context)
    return response


def organizer_share(request: HtmxHttpRequest, night: Night, context: dict[str, Any]) -> dict[str, Any]:
    """The organizer's Share button: the lasting public link if the league has one, else the screen's."""
    token = night.league.public_token
    name, args = _where(token, night.pk, True) if token else _where(screen_token(night), night.pk, False)
    share = _night_share(night, context, request.build_absolute_uri(reverse(f"games:{name}", args=args)))
    # Without a public link the screen's link is shared, and it dies in two days: the page says so beside the button.
    share["lasting"] = bool(token)
    return share


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
def night_screen_image(request: HtmxHttpRequest, token: str, version: str) -> HttpResponse:
    """The standings' PNG at the address of what it shows; an older address is sent on to the current one."""
    night_id = _night_id(token)
    current = fingerprint(night_id)
    if current is None:
        raise Http404("No such night")
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
        subtitle = f"{date_format(night.played_on, 'j M Y')} · {_round_line(night, context)}"
        png = result_png("\N{BLACK HEART SUIT} " + night.title, subtitle, _standing_rows(context), _("Winner"))
        response = HttpResponse(png, content_type="image/png")
    response["ETag"] = tag
    response["Cache-Control"] = FOR_GOOD
    return response
