"""The trash: what an organizer deleted, waiting TRASH_DAYS to be restored before `purge_trash` removes it.

A league's games, seasons and house rules are on its trash page, for its
organizers; a deleted league is on its owner's list of leagues (the home
page), for the owner alone.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games import stats
from games.models import TRASH_DAYS, Game, League, LeaguePreset, Night, Season, Seat, TrashError, trash_cutoff
from games.permissions import ORGANIZE, Reader, get_league_for
from scorekeeper.middleware import HtmxHttpRequest, SignedInRequest

# What a league's trash page lists, and how a restore URL names it.
TRASHED: dict[str, type[Game | Season | LeaguePreset | Night]] = {
    "game": Game,
    "season": Season,
    "preset": LeaguePreset,
    "night": Night,
}


@login_required
@require_GET
def league_trash(request: HtmxHttpRequest, league_id: int) -> TemplateResponse:
    """Organizers: the league's deleted games, seasons and house rules, newest first, each with its last day."""
    league, membership = get_league_for(request.user, league_id, ORGANIZE)
    cutoff = trash_cutoff()
    seats = Seat.all_objects.select_related("player").order_by("position")
    games = (
        Game.all_objects.filter(league=league, trashed_at__gte=cutoff)
        .order_by("-trashed_at", "-pk")
        .prefetch_related(Prefetch("seats", queryset=seats, to_attr="trashed_seats"))
    )
    context = {
        "league": league,
        "reader": Reader(league, membership),
        "games": games,
        "seasons": Season.all_objects.filter(league=league, trashed_at__gte=cutoff).order_by("-trashed_at", "-pk"),
        "presets": LeaguePreset.all_objects.filter(league=league, trashed_at__gte=cutoff).order_by("-trashed_at"),
        "nights": Night.all_objects.filter(league=league, trashed_at__gte=cutoff).order_by("-trashed_at", "-pk"),
        "days": TRASH_DAYS,
    }
    return TemplateResponse(request, "history/trash.html", context)


@require_POST
@login_required
def trash_restore(request: HtmxHttpRequest, league_id: int, kind: str, item_id: int) -> HttpResponseRedirect:
    """Organizers: one game, season or house rules back from the trash, as it was."""
    league, _membership = get_league_for(request.user, league_id, ORGANIZE)
    model = TRASHED.get(kind)
    if model is None:
        raise Http404("No such thing in the trash")
    cutoff = trash_cutoff()
    item = get_object_or_404(model.all_objects.filter(league=league, trashed_at__gte=cutoff), pk=item_id)
    item.league = league
    if isinstance(item, Night):
        item.restore(request.user)
        messages.success(request, _("%(name)s is back.") % {"name": item.title})
        return redirect(item)
    try:
        item.restore(request.user)
    except TrashError as problem:
        messages.error(request, str(problem))
        return redirect("games:league-trash", league.pk)
    if kind == "game":
        messages.success(
            request,
            _("Game %(number)s, of %(day)s, is back, in the standings again.")
            % {"number": item.number, "day": stats.day_label(item.played_on)},
        )
        return redirect("games:game-scoresheet", item.pk)
    messages.success(request, _("%(name)s is back.") % {"name": item.name})
    return redirect("games:league-trash", league.pk)


@require_POST
@login_required
def league_restore(request: SignedInRequest, league_id: int) -> HttpResponseRedirect:
    """The owner: their deleted league back from the trash, as it was. Anyone else: 404."""
    cutoff = trash_cutoff()
    league = get_object_or_404(League.all_objects.filter(owner=request.user, trashed_at__gte=cutoff), pk=league_id)
    league.restore(request.user)
    messages.success(request, _("%(name)s is back, with all its games.") % {"name": league.name})
    return redirect(league)
