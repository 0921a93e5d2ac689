"""A series of club nights: the league's list of series, a series' page (its nights, its standings,
its final table), naming one, putting a night in one, and seating the final table.

The standings are rules.series' (through NightSeries); every member sees
them, organizers change them. A refused change says why with 422 or 409 and
changes nothing; a second tap of "Seat the final table" finds it seated and
says so.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import Prefetch
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.forms import NightSeriesForm, SeriesForm
from games.models import Game, League, Membership, NightSeries, Seat, SeriesProblem, put_in_series
from games.permissions import ORGANIZE, VIEW, get_league_for
from games.views.nights import _night_for
from rules.night import TableResult
from rules.series import series_standings
from scorekeeper.middleware import HtmxHttpRequest

UNPROCESSABLE = HTTPStatus.UNPROCESSABLE_ENTITY
CONFLICT = HTTPStatus.CONFLICT
PAGE = "games/series/series_detail.html"


def _series_for(user: Any, league_id: int, series_id: int, need: str) -> tuple[NightSeries, Membership]:
    """The league's series, if the user's role allows `need`; else 404/403."""
    league, membership = get_league_for(user, league_id, need)
    series = NightSeries.objects.filter(league=league, pk=series_id).first()
    if series is None:
        raise Http404("No such series")
    series.league = league
    return series, membership


@require_http_methods(["GET", "POST"])
@login_required
def series_list(request: HtmxHttpRequest, league_id: int) -> HttpResponse:
    """The league's series, newest first; organizers add one here."""
    need = ORGANIZE if request.method == "POST" else VIEW
    league, membership = get_league_for(request.user, league_id, need)
    form = SeriesForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            series = NightSeries.add(league, form.cleaned_data["name"], form.cleaned_data["final_size"])
        except SeriesProblem as problem:
            form.add_error(problem.field, problem.message)
        else:
            messages.success(request, gettext("%(name)s is a new series: put nights in it.") % {"name": series.name})
            return redirect(series)
    context = {
        "league": league,
        "membership": membership,
        "series_list": list(NightSeries.objects.filter(league=league).order_by("-created_at", "-pk")),
        "form": form,
    }
    status = UNPROCESSABLE if form.is_bound else HTTPStatus.OK
    return TemplateResponse(request, "games/series/series_list.html", context, status=status)


def _final_game(series: NightSeries) -> Game | None:
    """The final's game with its seats and hands (three queries), or None before it is seated."""
    if series.final_id is None:
        return None
    seats = Seat.all_objects.select_related("player")
    game = Game.all_objects.filter(pk=series.final_id).prefetch_related("hands", Prefetch("seats", queryset=seats))
    return game.first()


def _series_context(series: NightSeries, membership: Membership) -> dict[str, Any]:
    scores = series.scores()
    final = _final_game(series)
    # A final in the trash reorders nobody, as one not yet played.
    result = None
    if final is not None and final.trashed_at is None:
        result = TableResult.from_state(final.state(), final.declared or None)
    over = bool(scores) and all(night.over for night in scores)
    return {
        "series": series,
        "league": series.league,
        "scores": scores,
        "standings": series_standings([night.standings for night in scores], result),
        "over": over,
        # Who the final table would seat now, until it is seated.
        "cut": series.cut(scores) if series.final_size is not None and final is None else None,
        "final": final,
        "final_counted": result is not None and result.counts,
        "can_organize": membership.can_organize,
        "can_seat": series.final_size is not None and final is None and over,
    }


@require_GET
@login_required
def series_detail(request: HtmxHttpRequest, league_id: int, series_id: int) -> TemplateResponse:
    series, membership = _series_for(request.user, league_id, series_id, VIEW)
    return TemplateResponse(request, PAGE, _series_context(series, membership))


@require_http_methods(["GET", "POST"])
@login_required
def series_edit(request: HtmxHttpRequest, league_id: int, series_id: int) -> HttpResponse:
    """Organizers: rename the series, or change (or drop) its final table before it is seated."""
    series, _membership = _series_for(request.user, league_id, series_id, ORGANIZE)
    initial = {"name": series.name, "final_size": "" if series.final_size is None else str(series.final_size)}
    form = SeriesForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            series.change(form.cleaned_data["name"], form.cleaned_data["final_size"])
        except SeriesProblem as problem:
            form.add_error(problem.field, problem.message)
        else:
            messages.success(request, gettext("The series is saved."))
            return redirect(series)
    status = UNPROCESSABLE if form.is_bound else HTTPStatus.OK
    context = {"league": series.league, "series": series, "form": form}
    return TemplateResponse(request, "games/series/series_edit.html", context, status=status)


@require_POST
@login_required
def series_final(request: HtmxHttpRequest, league_id: int, series_id: int) -> HttpResponse:
    """Organizers' one tap: the final table's game for the series' top players, once its nights are over."""
    series, membership = _series_for(request.user, league_id, series_id, ORGANIZE)
    if series.final_id is not None:
        # A double tap, or another organizer's first: the final is seated, nothing is done twice.
        messages.info(request, gettext("The final table is seated already."))
        return redirect(series)
    try:
        game = series.seat_final(request.user)
    except SeriesProblem as problem:
        series.refresh_from_db()
        if series.final_id is not None:
            messages.info(request, gettext("The final table is seated already."))
            return redirect(series)
        context = _series_context(series, membership)
        context["final_error"] = problem.message
        return TemplateResponse(request, PAGE, context, status=CONFLICT)
    messages.success(request, gettext("The final table is seated: enter its game like any other."))
    return redirect(game)


@require_http_methods(["GET", "POST"])
@login_required
def night_series(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """Organizers: the series a night belongs to, or none."""
    night, _membership = _night_for(request.user, night_id, ORGANIZE)
    league: League = night.league
    initial = {"series": night.series_id}
    form = NightSeriesForm(request.POST if request.method == "POST" else None, league=league, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                put_in_series(night, form.cleaned_data["series"])
        except SeriesProblem as problem:
            form.add_error("series", problem.message)
        else:
            chosen = form.cleaned_data["series"]
            if chosen is None:
                messages.success(request, gettext("%(night)s is in no series.") % {"night": night.title})
            else:
                messages.success(
                    request, gettext("%(night)s is in %(series)s.") % {"night": night.title, "series": chosen.name}
                )
            return redirect(night)
    status = UNPROCESSABLE if form.is_bound else HTTPStatus.OK
    context = {"league": league, "night": night, "form": form}
    return TemplateResponse(request, "games/series/night_series.html", context, status=status)
