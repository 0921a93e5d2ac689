"""A league's activity log: who did what, and when, across the league.

Organizers read all of it (and undo a merge from it); the other members
read their own entries. The sentences are games.activity's, put together
in the reader's language from the facts each entry keeps.
"""

from __future__ import annotations

from http import HTTPStatus

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.activity import sentence
from games.forms import ActivityFilterForm
from games.models import ActivityEntry, TrashError
from games.permissions import ORGANIZE, VIEW, Reader, get_league_for
from games.views.pages import render_page
from scorekeeper.middleware import HtmxHttpRequest

ENTRIES_PER_PAGE = 50


@login_required
@require_GET
def league_activity(request: HtmxHttpRequest, league_id: int) -> TemplateResponse:
    league, membership = get_league_for(request.user, league_id, VIEW)
    entries = ActivityEntry.objects.readable_by(league, membership)
    people = sorted(set(entries.values_list("who", flat=True).distinct()), key=str.casefold)
    form = ActivityFilterForm(request.GET, people)
    valid = form.is_valid()
    if valid:
        if form.cleaned_data["who"]:
            entries = entries.filter(who=form.cleaned_data["who"])
        if form.cleaned_data["kind"]:
            entries = entries.filter(kind=form.cleaned_data["kind"])
    fields = ("pk", "kind", "who", "at", "facts", "undo", "undone_at")
    page = Paginator(entries.only(*fields).order_by("-at", "-pk"), ENTRIES_PER_PAGE).get_page(request.GET.get("page"))
    rows = [
        {"entry": entry, "sentence": sentence(entry), "undo": membership.can_organize and entry.can_be_undone}
        for entry in page.object_list
    ]
    context = {
        "league": league,
        "reader": Reader(league, membership),
        "membership": membership,
        "form": form,
        "page": page,
        "rows": rows,
    }
    status = HTTPStatus.OK if valid else HTTPStatus.UNPROCESSABLE_ENTITY
    return render_page(request, "history/activity.html", context, "activity-list", status=status)


@require_POST
@login_required
def activity_undo(request: HtmxHttpRequest, league_id: int, entry_id: int) -> HttpResponseRedirect:
    """Organizers: take a merge back, while neither player has been merged or deleted since."""
    league, _membership = get_league_for(request.user, league_id, ORGANIZE)
    entry = get_object_or_404(ActivityEntry.objects.filter(league=league), pk=entry_id)
    entry.league = league
    try:
        player = entry.undo_merge(request.user)
    except TrashError as problem:
        messages.error(request, str(problem))
    else:
        messages.success(
            request, _("%(player)s is back, with their games: the merge is undone.") % {"player": player.name}
        )
    return redirect("games:league-activity", league.pk)
