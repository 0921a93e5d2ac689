"""A league's own presets: house rules saved under a name, their cheat-sheet, new games from them.

Organizers save, change and delete them; every member sees them beside the
four presets and prints their sheet. A game copies a preset's options when
it starts, so nothing here ever touches a game already played.
"""

from __future__ import annotations

from http import HTTPStatus

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from games.forms import PresetForm
from games.models import TRASH_DAYS, League, LeaguePreset
from games.permissions import ORGANIZE, VIEW, get_league_for
from games.views.pages import render_page, saved_unless_taken
from rules.rulebook import cheat_sheet
from scorekeeper.middleware import HtmxHttpRequest

FORM = "presets/preset_form.html"


def _preset_for(request: HtmxHttpRequest, league_id: int, preset_id: int, need: str) -> tuple[League, LeaguePreset]:
    """The league's preset, if the reader's role allows `need`; else 404/403 as for the league."""
    league, _ = get_league_for(request.user, league_id, need)
    return league, get_object_or_404(league.presets, pk=preset_id)


@login_required
@require_GET
def preset_rules(request: HtmxHttpRequest, league_id: int, preset_id: int) -> TemplateResponse:
    """The preset's printable one-page cheat-sheet, for every player count it fits."""
    league, preset = _preset_for(request, league_id, preset_id, VIEW)
    context = {"sheet": cheat_sheet(preset.variant, preset.options), "game": None, "preset": preset, "league": league}
    return TemplateResponse(request, "rulebook/sheet.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def preset_new(request: HtmxHttpRequest, league_id: int) -> HttpResponse:
    league, _ = get_league_for(request.user, league_id, ORGANIZE)
    if request.method == "GET":
        form = PresetForm(league=league, initial=PresetForm.rules_initial(request.GET.get("variant", "standard")))
        return TemplateResponse(request, FORM, {"league": league, "form": form})
    return _save(request, league, None)


@login_required
@require_http_methods(["GET", "POST"])
def preset_edit(request: HtmxHttpRequest, league_id: int, preset_id: int) -> HttpResponse:
    league, preset = _preset_for(request, league_id, preset_id, ORGANIZE)
    if request.method == "GET":
        return TemplateResponse(request, FORM, {"league": league, "form": PresetForm.for_preset(league, preset)})
    return _save(request, league, preset)


def _save(request: HtmxHttpRequest, league: League, preset: LeaguePreset | None) -> HttpResponse:
    """Save the posted preset, or show the form again: rebuilt for a new variant, or with its errors."""
    if "save" not in request.POST:
        form = PresetForm.refreshed(league, request.POST, preset)
        return render_page(request, FORM, {"league": league, "form": form}, partial="options")
    form = PresetForm(request.POST, league=league, instance=preset)
    if form.stale_options:
        form = PresetForm.refreshed(league, request.POST, preset)
        context = {
            "league": league,
            "form": form,
            "options_notice": "These are the new variant's house rules: check them, then save",
        }
        return TemplateResponse(request, FORM, context, status=HTTPStatus.UNPROCESSABLE_ENTITY)
    # Two organizers saving one name at once: one is saved, the other told the name is taken.
    taken = lambda data: f"{league.name} already has house rules named {data['name']}. Pick another name."  # noqa: E731
    if not saved_unless_taken(form, taken):
        return TemplateResponse(request, FORM, {"league": league, "form": form}, status=HTTPStatus.UNPROCESSABLE_ENTITY)
    saved = form.instance
    assert saved is not None  # saved_unless_taken saved it
    if preset is None:
        messages.success(
            request,
            gettext("Saved %(name)s: start a game with them, or print their cheat-sheet.") % {"name": saved.name},
        )
    else:
        messages.success(
            request,
            gettext("Saved %(name)s. Games already played keep the rules they were played by.") % {"name": saved.name},
        )
    return redirect(league)


@login_required
@require_http_methods(["GET", "POST"])
def preset_delete(request: HtmxHttpRequest, league_id: int, preset_id: int) -> HttpResponse:
    """Ask first (the page without JavaScript is the question), then delete."""
    league, preset = _preset_for(request, league_id, preset_id, ORGANIZE)
    if request.method == "GET":
        return TemplateResponse(request, "presets/preset_delete.html", {"league": league, "preset": preset})
    preset.trash(request.user)
    messages.success(
        request,
        gettext(
            "%(name)s is in the trash (an organizer can restore it for %(days)s days). "
            "Games played by them keep their rules."
        )
        % {"name": preset.name, "days": TRASH_DAYS},
    )
    return HttpResponseRedirect(league.get_absolute_url())
