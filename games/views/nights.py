"""The club night, the organizer's side: start a night, seat and start its rounds, print its cards and sheet.

The seating and the night's standings are rules.night's (asked through the
Night model); each table plays an ordinary game of the league, entered on
its own phone from the table card's QR code. Every change is an organizer's
POST that answers with the night's page again (post/redirect/get without
HTMX); a refused change says why on the page, with 422 or 409, and changes
nothing. A round's change that finds the night already as asked (a double
tap) changes nothing either, and answers with the page and a note.
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

from games.forms import NightForm, PresenceForm, RoundForm, SeatsForm
from games.models import (
    TRASH_DAYS,
    Game,
    League,
    Membership,
    Night,
    NightProblem,
    NightRound,
    NightSeat,
    NightTable,
    Player,
    Seat,
    SeriesProblem,
    gone_table,
    put_in_series,
    table_result,
)
from games.models.night import END_CHOICES, LATER
from games.permissions import ORGANIZE, VIEW, get_league_for, shown_in_its_language
from games.views.guests import live_link
from games.views.sharing import table_link_shown
from rules import name_key
from rules.night import RoundResult, standings, winner
from rules.variants import PRESETS
from scorekeeper.middleware import HtmxHttpRequest

UNPROCESSABLE = HTTPStatus.UNPROCESSABLE_ENTITY
CONFLICT = HTTPStatus.CONFLICT
PAGE = "games/nights/night_detail.html"
# The night's page holds both forms, whose fields share names: their ids must differ.
SEATS_IDS, PRESENCE_IDS = "seats_%s", "presence_%s"


def _night_for(user: Any, night_id: int, need: str) -> tuple[Night, Membership]:
    """The night, if the user's role in its league allows `need`; else 404/403 (a trashed night is none)."""
    night = Night.objects.filter(pk=night_id).first()
    if night is None:
        raise Http404("No such night")
    league, membership = get_league_for(user, night.league_id, need)
    night.league = league
    return night, membership


@require_http_methods(["GET", "POST"])
@login_required
def night_new(request: HtmxHttpRequest, league_id: int) -> HttpResponse:
    """Organizers: who is here, the game every table plays, how many rounds; round 1 comes proposed."""
    league, _ = get_league_for(request.user, league_id, ORGANIZE)
    # Opened from an announced night (attendance.py): its yes answers fill the form.
    asked = request.GET.get("announcement")
    form = NightForm(request.POST if request.method == "POST" else None, league=league, announcement_id=asked)
    if request.method == "POST" and form.is_valid():
        variant, options, preset = form.game_options()
        try:
            with transaction.atomic():
                present = list(form.present)
                if form.newcomer_names:
                    count = league.players.count()
                    if count + len(form.newcomer_names) > League.MOST_PLAYERS:
                        raise NightProblem(league.too_many_players(count, len(form.newcomer_names)), "newcomers")
                    present += [Player.objects.named(league, name) for name in form.newcomer_names]
                night = Night.begin(
                    league,
                    present,
                    variant,
                    options,
                    form.cleaned_data["rounds"],
                    league.today(),
                    name=form.cleaned_data["name"],
                    preset=preset,
                    user=request.user,
                    sizes=form.cleaned_data["sizes"],
                )
                if form.cleaned_data["series"] is not None:
                    put_in_series(night, form.cleaned_data["series"])
                if form.cleaned_data.get("announcement") is not None:
                    form.cleaned_data["announcement"].close(night)
        except (NightProblem, SeriesProblem) as problem:
            form.add_error(problem.field if problem.field in form.fields else None, problem.message)
        else:
            messages.success(request, gettext("Round 1 is seated: swap or move players, then start it."))
            return redirect(night)
    status = UNPROCESSABLE if form.is_bound else HTTPStatus.OK
    return TemplateResponse(request, "games/nights/night_new.html", {"league": league, "form": form}, status=status)


def _rounds(night: Night) -> list[NightRound]:
    """Every round with its tables, seats, players and games (their seats and hands): a fixed number of queries."""
    seats = NightSeat.objects.select_related("player").order_by("position", "pk")
    game_seats = Seat.all_objects.select_related("player")
    games = Game.all_objects.filter(night_table__isnull=False).prefetch_related(
        "hands", Prefetch("seats", queryset=game_seats), "table_links"
    )
    tables = NightTable.objects.prefetch_related(
        Prefetch("game", queryset=games), Prefetch("seats", queryset=seats)
    ).order_by("number")
    return list(
        night.round_set.prefetch_related(
            Prefetch("tables", queryset=tables), Prefetch("seats", queryset=seats)
        ).order_by("number")
    )


def _round_view(night_round: NightRound) -> dict[str, Any]:
    """A round as the pages show it: each table's players in seat order, its game's state, the sit-outs."""
    tables = []
    started = night_round.status != NightRound.Status.PROPOSED
    for table in night_round.tables.all():
        game = table.game
        # A started table's game deleted since (in the trash, or purged): it scores nobody this round.
        gone = started and (game is None or game.trashed_at is not None)
        if gone:
            game = None
        state = game.state() if game is not None else None
        players = [seat.player for seat in table.seats.all()]
        totals = list(zip(players, state.totals, strict=True)) if state is not None else []
        tables.append(
            {"table": table, "players": players, "game": game, "state": state, "totals": totals, "gone": gone}
        )
    sitting_out = [seat.player for seat in night_round.seats.all() if seat.table_id is None]
    return {"round": night_round, "tables": tables, "sitting_out": sitting_out}


def _results(rounds: list[dict[str, Any]]) -> list[RoundResult]:
    results = []
    for view in rounds:
        if view["round"].status == NightRound.Status.PROPOSED:
            continue
        tables = tuple(
            gone_table([player.name for player in table["players"]])
            if table["gone"]
            else table_result(table["table"], table["state"])
            for table in view["tables"]
            if table["gone"] or table["state"] is not None
        )
        results.append(RoundResult(tables, tuple(player.name for player in view["sitting_out"])))
    return results


def _night_context(night: Night, membership: Membership | None) -> dict[str, Any]:
    rounds = [_round_view(night_round) for night_round in _rounds(night)]
    current = rounds[-1] if rounds else None
    results = _results(rounds)
    ranked = standings(results)
    over = (
        current is not None
        and current["round"].number >= night.rounds
        and current["round"].status == NightRound.Status.OVER
    )
    attendance = list(night.attendance.select_related("player").order_by("player__name"))
    return {
        "night": night,
        "league": night.league,
        "rules_name": night.preset.name if night.preset_id and night.preset else PRESETS[night.variant].name,
        "rounds": rounds,
        "current": current,
        "unfinished": current is not None
        and current["round"].status == NightRound.Status.PLAYING
        and any(table["game"] is not None and table["game"].status in _PLAYING for table in current["tables"]),
        "over": over,
        "standings": ranked,
        # Nobody wins a night none of whose games counted (every table abandoned, or no hand played).
        "winner": winner(results, ranked) if over else None,
        "present": [entry.player for entry in attendance if not entry.left],
        "left": [entry.player for entry in attendance if entry.left],
        "can_organize": membership is not None and membership.can_organize,
    }


_PLAYING = (Game.Status.IN_PROGRESS, Game.Status.TIE_BREAK)


@require_GET
@login_required
def night_detail(request: HtmxHttpRequest, night_id: int) -> TemplateResponse:
    night, membership = _night_for(request.user, night_id, VIEW)
    context = _night_context(night, membership)
    if membership.can_organize and context["current"] is not None:
        # Each table's scoring link, which an organizer may stop from here (games.views.guests).
        for table in context["current"]["tables"]:
            table["scoring_live"] = live_link(table["game"], league_trashed=False) is not None
    context["seats_form"] = SeatsForm(night=night, auto_id=SEATS_IDS)
    context["presence_form"] = PresenceForm(league=night.league, auto_id=PRESENCE_IDS)
    return TemplateResponse(request, PAGE, context)


@require_http_methods(["GET", "POST"])
@login_required
def night_delete(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """Organizers: ask first (the page is the question), then into the trash. Its games stay the league's."""
    night, _membership = _night_for(request.user, night_id, ORGANIZE)
    if request.method == "GET":
        context = {"league": night.league, "night": night, "days": TRASH_DAYS}
        return TemplateResponse(request, "games/nights/night_delete.html", context)
    night.trash(request.user)
    messages.success(
        request,
        gettext(
            "%(name)s is in the trash (an organizer can restore it for %(days)d days). "
            "Its games are all still in the league."
        )
        % {"name": night.title, "days": TRASH_DAYS},
    )
    return redirect(night.league)


def _refused(
    request: HtmxHttpRequest, night: Night, membership: Membership, status: int, **forms: Any
) -> TemplateResponse:
    context = _night_context(night, membership)
    context["seats_form"] = forms.get("seats_form") or SeatsForm(night=night, auto_id=SEATS_IDS)
    context["presence_form"] = forms.get("presence_form") or PresenceForm(league=night.league, auto_id=PRESENCE_IDS)
    context["round_error"] = forms.get("round_error", "")
    return TemplateResponse(request, PAGE, context, status=status)


@require_POST
@login_required
def night_seats(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """Before a round starts: swap two players, or move one to another table (or out)."""
    night, membership = _night_for(request.user, night_id, ORGANIZE)
    form = SeatsForm(request.POST, night=night, auto_id=SEATS_IDS)
    if form.is_valid():
        data = form.cleaned_data
        try:
            if data["action"] == "swap":
                night.swap(data["first"], data["second"])
            else:
                night.move(data["first"], data["table"])
        except NightProblem as problem:
            form.add_error(problem.field if problem.field in form.fields else None, problem.message)
        else:
            messages.success(request, gettext("The seats are changed."))
            return redirect(night)
    return _refused(request, night, membership, UNPROCESSABLE, seats_form=form)


@require_POST
@login_required
def night_round(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """Start the proposed round (every table's game at once), end the round being played, or seat the next."""
    night, membership = _night_for(request.user, night_id, ORGANIZE)
    form = RoundForm(request.POST)
    if not form.is_valid():
        return _refused(request, night, membership, UNPROCESSABLE, round_error=gettext("Choose start, end or next."))
    action, number = form.cleaned_data["action"], form.cleaned_data["number"]
    try:
        if action == "start":
            night.start_round(number, request.user)
            message = gettext("Round %(number)d is on: every table's game has started.") % {"number": number}
        elif action == "end":
            still = night.still_playing(number)
            if any(not by_time for _table, by_time in still) and "confirm" not in request.POST:
                # Nothing is voided by one tap: the organizer is asked, table by table, first.
                return _end_question(request, night, number, still)
            choices = _end_choices(request, still)
            if choices is None:
                return _end_question(request, night, number, still, UNPROCESSABLE)
            night.end_round(number, request.user, choices)
            message = gettext("Round %(number)d is over.") % {"number": number}
            if number < night.rounds:
                night.seat_next_round()
                message += " " + gettext("The next round is seated.")
        elif action == "bring_back":
            table_number = _whole(request.POST.get("table"))
            if table_number is None:
                return _refused(request, night, membership, UNPROCESSABLE, round_error=gettext("Choose a table."))
            game = night.bring_back(number, table_number, request.user)
            message = gettext("Table %(table)d's game goes on: it counts for its round when it ends.") % {
                "table": table_number
            }
            messages.success(request, message)
            return redirect(game)
        else:
            night.next_round(number)
            message = gettext("Round %(number)d is seated.") % {"number": number + 1}
    except NightProblem as problem:
        if problem.done:
            # A double tap, or another organizer's tap first: the night is as asked, nothing is done twice.
            messages.info(request, problem.message)
            return redirect(night)
        return _refused(request, night, membership, CONFLICT, round_error=problem.message)
    messages.success(request, message)
    return redirect(night)


def _whole(value: str | None, most: int = 64) -> int | None:
    """A table's number as posted, or None for anything else (a table of a night is 1 to 64)."""
    if value is None or not value.isdigit() or len(value) > 2:
        return None
    number = int(value)
    return number if 1 <= number <= most else None


def _end_choices(request: HtmxHttpRequest, still: list[tuple[NightTable, bool]]) -> dict[int, str] | None:
    """The organizer's choice for each table its time limit does not end (None when one is missing or unknown)."""
    choices = {}
    for table, by_time in still:
        if by_time:
            continue
        choice = request.POST.get(f"table_{table.number}", "")
        if choice not in END_CHOICES:
            return None
        choices[table.number] = choice
    return choices


def _end_question(
    request: HtmxHttpRequest,
    night: Night,
    number: int,
    still: list[tuple[NightTable, bool]],
    status: int = HTTPStatus.OK,
) -> TemplateResponse:
    """Before a round ends with tables still playing: each one listed, with what will become of it."""
    tables = []
    for table, by_time in still:
        state = table.game.state() if table.game is not None else None
        players = [seat.player for seat in table.game.ordered_seats()] if table.game is not None else []
        totals = list(zip(players, state.totals, strict=True)) if state is not None else []
        tables.append(
            {
                "table": table,
                "by_time": by_time,
                "hands": len(state.hands) if state is not None else 0,
                "totals": totals,
                "chosen": request.POST.get(f"table_{table.number}", LATER),
            }
        )
    context = {"night": night, "league": night.league, "number": number, "tables": tables, "error": status != 200}
    return TemplateResponse(request, "games/nights/night_end.html", context, status=status)


@require_POST
@login_required
def night_players(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """A late arrival joins, or a player leaves: from the next round on."""
    night, membership = _night_for(request.user, night_id, ORGANIZE)
    form = PresenceForm(request.POST, league=night.league, auto_id=PRESENCE_IDS)
    if form.is_valid():
        data = form.cleaned_data
        try:
            with transaction.atomic():
                player = data["player"] or _named(night.league, data["name"])
                if data["action"] == "arrive":
                    night.arrive(player)
                    message = gettext("%(name)s joins the night from the next round.") % {"name": player.name}
                else:
                    night.leave(player)
                    message = gettext("%(name)s leaves the night.") % {"name": player.name}
        except NightProblem as problem:
            form.add_error(problem.field if problem.field in form.fields else "player", problem.message)
        else:
            messages.success(request, message)
            return redirect(night)
    return _refused(request, night, membership, UNPROCESSABLE, presence_form=form)


def _named(league: League, name: str) -> Player:
    """The league's player of that name, or a new one while the league has room (NightProblem if not)."""
    known = league.players.filter(name_key=name_key(name)).first()
    if known is not None:
        return known
    if league.players.count() >= League.MOST_PLAYERS:
        raise NightProblem(league.too_many_players(), "name")
    return Player.objects.named(league, name)


@require_GET
@login_required
def night_cards(request: HtmxHttpRequest, night_id: int) -> TemplateResponse:
    """Organizers: the round's table cards to print, each with the QR code of its game's scoring link."""
    night, _membership = _night_for(request.user, night_id, ORGANIZE)
    shown_in_its_language(night.league)  # printed table cards: the table's language
    rounds = _rounds(night)
    wanted = request.GET.get("round", "")
    chosen = next((r for r in rounds if str(r.number) == wanted), rounds[-1] if rounds else None)
    if chosen is None:
        raise Http404("No such round")
    cards = []
    view = _round_view(chosen)
    for table in view["tables"]:
        # The game's scoring link: a phone at the table keeps its score with no account (games.views.guests).
        shown = table_link_shown(request, table["game"], league_trashed=False)
        cards.append({**table, "link": shown["url"] if shown else "", "qr": shown["qr"] if shown else ""})
    context = {
        "night": night,
        "league": night.league,
        "round": chosen,
        "cards": cards,
        "sitting_out": view["sitting_out"],
    }
    return TemplateResponse(request, "games/nights/night_cards.html", context)


@require_GET
@login_required
def night_sheet(request: HtmxHttpRequest, night_id: int) -> TemplateResponse:
    """The night on one printed page: every round's seating and results, and the standings."""
    night, membership = _night_for(request.user, night_id, VIEW)
    shown_in_its_language(night.league)  # a printout: the table's language
    return TemplateResponse(request, "games/nights/night_sheet.html", _night_context(night, membership))


def league_nights(league: League) -> list[Night]:
    """The league page's list of nights, newest first (one query)."""
    return list(league.nights.all()[:20])


def player_nights(player: Player) -> list[Night]:
    """The nights a player came to, newest first (one query)."""
    return list(Night.objects.filter(attendance__player=player).distinct()[:50])
