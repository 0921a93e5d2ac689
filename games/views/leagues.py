"""The home page, leagues and their players."""

from __future__ import annotations

from functools import cached_property
from http import HTTPStatus
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import F, Prefetch, QuerySet
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from games import kept_figures, stats
from games.charts import Chart, games_per_month_chart, league_ratings_columns_chart
from games.forms import LeagueDeleteForm, LeagueForm, LeagueSettingsForm, PlayerEditForm, PlayerForm, PlayerMergeForm
from games.models import (
    TRASH_DAYS,
    ActivityEntry,
    Game,
    League,
    Membership,
    NamedInvitation,
    PlayerInUse,
    Seat,
    trash_cutoff,
    trash_until,
)
from games.permissions import ORGANIZE, SCORE, get_league_for
from games.ratings import SCALES
from games.views.attendance import announcements_context
from games.views.pages import render_page, saved_unless_taken
from rules import VARIANTS
from scorekeeper.middleware import HtmxHttpRequest, SignedInRequest

ONLY_THE_OWNER = gettext_lazy("Only the league's owner, %(owner)s, can delete %(league)s. Ask them if it should go.")

# Finished games shown on a league's page; the full archive lives elsewhere.
RECENT_GAMES = 5
RECENT_NIGHTS = 5


def _with_seats(games: QuerySet[Game]) -> QuerySet[Game]:
    return games.prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player")))


@require_safe
def home(request: HtmxHttpRequest) -> TemplateResponse:
    """A landing page for visitors; a member's leagues and unfinished games."""
    if not request.user.is_authenticated:
        return TemplateResponse(request, "games/landing.html", {"variants": VARIANTS.values()})
    leagues = League.objects.for_user(request.user).prefetch_related(
        Prefetch("games", queryset=_with_seats(Game.objects.in_progress()), to_attr="games_in_progress")
    )
    # The owner's deleted leagues, each until its last day in the trash.
    trashed = League.all_objects.filter(owner=request.user, trashed_at__gte=trash_cutoff()).order_by("-trashed_at")
    trashed_until = [(league, trash_until(league.trashed_at)) for league in trashed if league.trashed_at]
    # Leagues that name this account and wait for its yes (a league file's members): asked first.
    invitations = NamedInvitation.objects.waiting_for(request.user).select_related("invited_by").order_by("created_at")
    context = {"leagues": leagues, "trashed": trashed_until, "invitations": invitations}
    return TemplateResponse(request, "games/home.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def league_new(request: SignedInRequest) -> TemplateResponse | HttpResponseRedirect:
    form = LeagueForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        league = League.create_for(request.user, form.cleaned_data["name"])
        messages.success(
            request, gettext("%(league)s is ready. Add the players who sit at your table.") % {"league": league.name}
        )
        return redirect(league)
    return TemplateResponse(request, "games/league_new.html", {"form": form}, status=_form_status(form))


def _form_status(form: Any) -> int:
    """422 for a form posted and refused, as every other form answers; 200 otherwise."""
    return HTTPStatus.UNPROCESSABLE_ENTITY if form.is_bound and form.errors else HTTPStatus.OK


class LeagueCharts:
    """The league page's charts, worked out only when the template's cached copy has run out.

    They read thousands of seats (a point per counted game of each leader, a
    count per day of play), so the page keeps their drawing (templates'
    {% cache %}) under what they depend on: the league's results
    (League.results_version, bumped by every change to them), the games a
    win rate needs to rank (which sets the leaders) and the players' names
    (the legend's)."""

    def __init__(self, league: League) -> None:
        self.league = league

    @cached_property
    def ratings(self) -> Chart:
        # The highest rated: the chart and its "Ratings now" are about ratings, not wins.
        leaders = stats.rating_leaders(self.league, stats.LEADERS)
        lines = stats.leaders_ratings(self.league, leaders)
        return league_ratings_columns_chart(lines, self.league.today(), start=SCALES[self.league.rating_scale].start)

    @cached_property
    def months(self) -> Chart:
        return games_per_month_chart(kept_figures.games_per_month(self.league))


def _league_page(
    request: HtmxHttpRequest, league: League, membership: Membership, form: PlayerForm, partial: str = ""
) -> TemplateResponse:
    """The league's page (or, for HTMX, one region of it); 422 when `form` was refused."""
    username = f"user__{get_user_model().USERNAME_FIELD}"
    # Any: django-stubs names these rows after three of the four fields.
    players: list[Any] = list(
        league.players.annotate(username=F(username)).values_list("pk", "name", "user_id", "username", named=True)
    )
    context = {"league": league, "membership": membership, "players": players, "form": form}
    if not partial:
        games = league.games.exclude(status__in=[Game.Status.IN_PROGRESS, Game.Status.TIE_BREAK])
        winners = Seat.objects.filter(won=True).only("game_id", "total").annotate(player_name=F("player__name"))
        context |= {
            "presets": league.presets.all(),
            # Unordered in the database, which then reads the few games under way from the
            # index on (league, status) instead of walking all of the league's games by date.
            "games_in_progress": sorted(
                _with_seats(league.games.in_progress().order_by()), key=lambda game: game.position, reverse=True
            ),
            "recent_games": games.only(
                "league_id", "number", "variant", "status", "played_on", "hand_count"
            ).prefetch_related(Prefetch("seats", queryset=winners.order_by("position")))[:RECENT_GAMES],
            "charts": LeagueCharts(league),
            # The latest club nights (one query); each night's page has its rounds.
            "nights": list(league.nights.only("league_id", "name", "played_on", "rounds")[:RECENT_NIGHTS]),
            # The next nights announced, and who says they come (games.views.attendance).
            **announcements_context(league, membership),
            "player_names": "\n".join(f"{player.pk}:{player.name}" for player in players),
        }
    return render_page(request, "games/league_detail.html", context, partial, status=_form_status(form))


@login_required
@require_GET
def league_detail(request: HtmxHttpRequest, league_id: int) -> TemplateResponse:
    league, membership = get_league_for(request.user, league_id)
    return _league_page(request, league, membership, PlayerForm(league=league))


def _save_player(form: PlayerForm) -> bool:
    return saved_unless_taken(
        form,
        lambda data: (
            gettext("%(name)s is already a player in %(league)s.") % {"name": data["name"], "league": form.league.name}
        ),
    )


@login_required
@require_POST
def player_new(request: HtmxHttpRequest, league_id: int) -> TemplateResponse | HttpResponseRedirect:
    league, membership = get_league_for(request.user, league_id, SCORE)
    form = PlayerForm(request.POST, league=league)
    if _save_player(form):
        messages.success(
            request, gettext("%(name)s joined %(league)s.") % {"name": form.instance.name, "league": league.name}
        )
        if not request.htmx:
            return redirect(league)
        form = PlayerForm(league=league)
    # The swapped-in form takes the focus back, ready for the next name.
    form.fields["name"].widget.attrs["autofocus"] = True
    return _league_page(request, league, membership, form, partial="players")


@login_required
@require_http_methods(["GET", "POST"])
def player_edit(request: HtmxHttpRequest, league_id: int, player_id: int) -> TemplateResponse | HttpResponseRedirect:
    league, _ = get_league_for(request.user, league_id, ORGANIZE)
    player = get_object_or_404(league.players, pk=player_id)
    old_name = player.name
    form = PlayerEditForm(request.POST if request.method == "POST" else None, instance=player, league=league)
    if request.method == "POST" and _save_player(form):
        if player.name != old_name:
            messages.success(
                request, gettext("%(old)s is now %(new)s, in every game.") % {"old": old_name, "new": player.name}
            )
        else:
            messages.success(request, gettext("Saved %(name)s.") % {"name": player.name})
        return redirect(league)
    # The form has already written the rejected name onto player: title the page with the old one.
    context = {"league": league, "player": player, "player_name": old_name, "form": form}
    return TemplateResponse(request, "games/player_edit.html", context, status=_form_status(form))


@login_required
@require_http_methods(["GET", "POST"])
def league_edit(request: HtmxHttpRequest, league_id: int) -> TemplateResponse | HttpResponseRedirect:
    """Organizers: the league's name, time zone and the games a win rate needs to rank."""
    league, _ = get_league_for(request.user, league_id, ORGANIZE)
    old_name = league.name
    form = LeagueSettingsForm(request.POST if request.method == "POST" else None, instance=league)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            form.save()
            if form.changed_data:
                ActivityEntry.record(
                    league, request.user, ActivityEntry.Kind.SETTINGS_CHANGED, settings=list(form.changed_data)
                )
        messages.success(request, gettext("Saved the settings of %(league)s.") % {"league": league.name})
        return redirect(league)
    # A refused name is already on the instance: title the page with the stored one.
    context = {"league": league, "league_name": old_name, "form": form}
    return TemplateResponse(request, "games/league_edit.html", context, status=_form_status(form))


@login_required
@require_http_methods(["GET", "POST"])
def league_delete(request: HtmxHttpRequest, league_id: int) -> TemplateResponse | HttpResponseRedirect:
    """The owner: the league and everything in it to the trash, once its name is typed; its backup
    is offered first. Another organizer is told that only the owner can (403), and nothing changes."""
    league, _ = get_league_for(request.user, league_id, ORGANIZE)
    if league.owner_id != request.user.pk:
        raise PermissionDenied(ONLY_THE_OWNER % {"owner": league.owner.get_username(), "league": league.name})
    form = LeagueDeleteForm(request.POST if request.method == "POST" else None, league=league)
    if request.method == "POST" and form.is_valid():
        league.trash(request.user)
        messages.success(
            request,
            gettext(
                "%(league)s is in the trash, with all its games: you can restore it from your leagues "
                "for %(days)s days."
            )
            % {"league": league.name, "days": TRASH_DAYS},
        )
        return redirect("games:home")
    context = {"league": league, "form": form, "games": league.games.count(), "days": TRASH_DAYS}
    return TemplateResponse(request, "games/league_delete.html", context, status=_form_status(form))


@login_required
@require_http_methods(["GET", "POST"])
def player_delete(request: HtmxHttpRequest, league_id: int, player_id: int) -> TemplateResponse | HttpResponseRedirect:
    """Organizers: a player who has played no game (a typo, someone who never came)."""
    league, _ = get_league_for(request.user, league_id, ORGANIZE)
    player = get_object_or_404(league.players, pk=player_id)
    games = player.games_played()
    if request.method == "POST":
        try:
            player.discard()
        except PlayerInUse as problem:
            messages.error(request, str(problem))
        else:
            messages.success(request, gettext("%(name)s is deleted.") % {"name": player.name})
            return redirect(league)
    context = {"league": league, "player": player, "games": games}
    status = HTTPStatus.CONFLICT if request.method == "POST" else HTTPStatus.OK
    return TemplateResponse(request, "games/player_delete.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def player_merge(request: HtmxHttpRequest, league_id: int, player_id: int) -> HttpResponse:
    """Organizers: two names for one person become one; the games, standings and ratings follow."""
    league, _ = get_league_for(request.user, league_id, ORGANIZE)
    player = get_object_or_404(league.players, pk=player_id)
    form = PlayerMergeForm(request.POST if request.method == "POST" else None, player=player)
    if request.method == "POST" and form.is_valid():
        target = form.cleaned_data["into"]
        try:
            moved = player.merge_into(target, request.user)
        except PlayerInUse as problem:
            form.add_error("into", str(problem))
        else:
            messages.success(
                request,
                ngettext(
                    "%(name)s is merged into %(into)s: %(games)d game moved.",
                    "%(name)s is merged into %(into)s: %(games)d games moved.",
                    moved,
                )
                % {"name": player.name, "into": target.name, "games": moved},
            )
            target_page = reverse("games:player-detail", args=[league.pk, target.pk])
            # The form was swapped in place: the phone goes on to the whole page of the merged player.
            return HttpResponseClientRedirect(target_page) if request.htmx else redirect(target_page)
    context = {"league": league, "player": player, "form": form, "games": player.games_played()}
    return render_page(request, "games/player_merge.html", context, "merge-form", status=_form_status(form))
