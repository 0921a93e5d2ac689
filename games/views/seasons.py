"""A league's seasons: named stretches of its days, each with its own standings and ratings.

Organizers add, rename, re-date and delete them; every member sees the
list, and the standings (the public link's too) offer each season. Until
the organizer names one, the league's calendar years are its seasons.
"""

from __future__ import annotations

from http import HTTPStatus

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from games.forms import SeasonForm
from games.models import TRASH_DAYS, League, Membership, Season
from games.permissions import ORGANIZE, VIEW, get_league_for
from games.views.pages import saved_unless_taken
from scorekeeper.middleware import HtmxHttpRequest


def _saved(form: SeasonForm) -> bool:
    return saved_unless_taken(form, lambda data: f"{form.league.name} has a season called {data['name']} already.")


def _list_page(request: HtmxHttpRequest, league: League, membership: Membership, form: SeasonForm) -> TemplateResponse:
    seasons = list(Season.objects.offered(league))
    context = {
        "league": league,
        "membership": membership,
        "seasons": seasons,
        "automatic": bool(seasons) and seasons[0].automatic,
        "form": form,
    }
    status = HTTPStatus.UNPROCESSABLE_ENTITY if form.is_bound else HTTPStatus.OK
    return TemplateResponse(request, "seasons/season_list.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def league_seasons(request: HtmxHttpRequest, league_id: int) -> HttpResponse:
    """Every member: the seasons. Organizers: a new one (this calendar year, proposed)."""
    league, membership = get_league_for(request.user, league_id, ORGANIZE if request.method == "POST" else VIEW)
    if request.method == "GET":
        return _list_page(request, league, membership, SeasonForm(league=league))
    form = SeasonForm(request.POST, league=league)
    if not _saved(form):
        return _list_page(request, league, membership, form)
    messages.success(
        request, gettext("Season %(name)s is saved: the standings offer it.") % {"name": form.instance.name}
    )
    return redirect("games:league-seasons", league.pk)


@login_required
@require_http_methods(["GET", "POST"])
def season_edit(request: HtmxHttpRequest, league_id: int, season_id: int) -> HttpResponse:
    """Organizers: rename or re-date a season (its standings are worked out again for new dates)."""
    league, _ = get_league_for(request.user, league_id, ORGANIZE)
    season = get_object_or_404(league.seasons, pk=season_id)
    old_name = season.name
    form = SeasonForm(request.POST if request.method == "POST" else None, instance=season, league=league)
    if request.method == "POST" and _saved(form):
        messages.success(request, gettext("Season %(name)s is saved.") % {"name": season.name})
        return redirect("games:league-seasons", league.pk)
    status = HTTPStatus.UNPROCESSABLE_ENTITY if form.is_bound else HTTPStatus.OK
    # A refused name is already on the instance: title the page with the stored one.
    context = {"league": league, "season": season, "season_name": old_name, "form": form}
    return TemplateResponse(request, "seasons/season_form.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def season_delete(request: HtmxHttpRequest, league_id: int, season_id: int) -> HttpResponse:
    """Organizers: ask first (the page is the question), then delete. No game is touched.

    Only the organizer's own: an automatic year would only come back."""
    league, _ = get_league_for(request.user, league_id, ORGANIZE)
    season = get_object_or_404(league.seasons, pk=season_id, automatic=False)
    if request.method == "GET":
        return TemplateResponse(request, "seasons/season_delete.html", {"league": league, "season": season})
    season.trash(request.user)
    messages.success(
        request,
        gettext(
            "Season %(name)s is in the trash (an organizer can restore it for %(days)s days). "
            "Its games are all still in the league."
        )
        % {"name": season.name, "days": TRASH_DAYS},
    )
    return redirect("games:league-seasons", league.pk)
