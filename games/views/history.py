"""The league's history: standings, the game archive, scoresheets, players' pages.

Members see these pages under their league. Whoever holds the league's
public link sees the standings, the archive and the scoresheets read-only:
the same views, entered through the token, with a Reader that has no
membership, so no actions and no account names. A league's export and
import are backups.py's.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property, lru_cache
from html import escape

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.core.paginator import Paginator
from django.db import DEFAULT_DB_ALIAS
from django.db.models import F, Prefetch, QuerySet
from django.http import Http404, HttpResponse, HttpResponseNotModified, HttpResponseRedirect
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.cache import patch_cache_control
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_GET, require_http_methods

from games import kept_figures, stats
from games.charts import Chart, rating_chart, totals_chart
from games.forms import ArchiveForm, SpanForm, StandingsForm
from games.models import TRASH_DAYS, Game, Hand, League, Night, Player, Season, Seat
from games.permissions import ORGANIZE, VIEW, Reader, get_game_for, get_league_for, get_public_league
from games.ratings import SCALES
from games.views.pages import render_page
from games.views.results import open_graph, result_share
from rules.describe import deal_in_brief
from scorekeeper.middleware import HtmxHttpRequest

GAMES_PER_PAGE = 20
# A player's page lists their latest games; the archive has the rest.
RECENT_GAMES = 10


def _games_with_seats(games: QuerySet[Game]) -> QuerySet[Game]:
    return games.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
    )


# What a list of games shows of each (the game_rows tag).
LISTED_GAME_FIELDS = ["league_id", "number", "variant", "status", "played_on", "hand_count"]
LISTED_SEAT_FIELDS = ["game_id", "player_id", "position", "total", "won", "money"]


def _listed(games: QuerySet[Game]) -> QuerySet[Game]:
    """Games for a list, with their seats: only the fields it shows, which matters at 20 a page."""
    seats = Seat.objects.only(*LISTED_SEAT_FIELDS).annotate(player_name=F("player__name"))
    return games.only(*LISTED_GAME_FIELDS).prefetch_related(Prefetch("seats", queryset=seats.order_by("position")))


@dataclass
class ListedGame:
    """A game as a list shows it (the game_rows tag), without a model's weight."""

    pk: int
    number: int
    played_on: date
    variant: str
    status: str
    hand_count: int
    listed_seats: list[ListedSeat] = field(default_factory=list)


@dataclass(frozen=True)
class ListedSeat:
    player_id: int
    player_name: str
    total: int
    won: bool
    money: int


# A game of a list as the archive reads it, page by page: ListedGame's fields but its seats.
LISTED_VALUES = ["pk", "number", "played_on", "variant", "status", "hand_count"]


def _listed_page(games: Sequence[tuple]) -> list[ListedGame]:
    """A page of games (LISTED_VALUES, in order) with their seats, read as values in one query:
    twenty games and their eighty seats as model instances took longer than both queries."""
    listed = {values[0]: ListedGame(*values) for values in games}
    seats = (
        Seat.objects.filter(game__in=list(listed))
        .order_by("game_id", "position")
        .values_list("game_id", "player_id", "player__name", "total", "won", "money")
    )
    for game_id, player_id, name, total, won, money in seats:
        listed[game_id].listed_seats.append(ListedSeat(player_id, name, total, won, money))
    return list(listed.values())


def _latest_games(player: Player) -> list[ListedGame]:
    """The player's latest games for a list, read in one query of their seats.

    What _listed would do in two (the games, then their seats); read as
    values, not models: forty seats and their games as model instances take
    longer than the query.
    """
    # Not filtered on the league too: the database then starts from the player's seats.
    latest = Game.objects.filter(seats__player=player).latest_first().values("pk")[:RECENT_GAMES]
    seats = (
        Seat.objects.filter(game__in=latest)
        .order_by("-game__played_on", "-game__created_at", "-game_id", "position")
        .values_list("game_id", "game__number", "game__played_on", "game__variant", "game__status",
                     "game__hand_count", "player_id", "player__name", "total", "won", "money")
    )  # fmt: skip
    games: list[ListedGame] = []
    for game_id, number, played_on, variant, status, hands, player_id, name, total, won, money in seats:
        if not games or games[-1].pk != game_id:
            games.append(ListedGame(game_id, number, played_on, variant, status, hands))
        games[-1].listed_seats.append(ListedSeat(player_id, name, total, won, money))
    return games


# The public link's pages ------------------------------------------------------------
# The public standings, archive and players' pages are left open on the club's
# screen (they poll every minute) and opened again and again from a chat: while
# the league shows the same they answer 304 from one indexed read. Their tag
# names the league and its League.data_version, which every change to what
# they show moves on (a game, a player, a season, the league's settings), and
# whatever else makes two answers differ: who reads (a member logged in sees
# their name in the header), the HTMX region or the page, and the address with
# its parameters. A link turned off or a league in the trash finds no league: 404.


def _public_tag(request: HtmxHttpRequest, token: str, **ids: int) -> str | None:
    # The whole league, which the page then shows (_tagged_league) rather than read it again.
    found = League.objects.filter(public_token=token).first() if token else None
    request.tagged_league = found  # type: ignore[attr-defined]  # a request carries what a view adds
    # A message waiting to be shown makes this answer unlike the last one: no tag.
    if found is None or len(get_messages(request)):
        return None
    asked = hashlib.blake2s(request.get_full_path().encode(), digest_size=8).hexdigest()
    # The page is in the league's language, else the reader's: another language is another page.
    language = found.language or get_language()
    region = "h" if request.htmx else "p"
    return f"public-{found.pk}-{found.data_version}-{language}-{request.user.pk or 0}-{region}-{asked}"


def _tagged_league(request: HtmxHttpRequest, token: str) -> League:
    """get_public_league, with the league _public_tag read for this request's ETag."""
    return get_public_league(token, getattr(request, "tagged_league", None))


def _revalidated(response: HttpResponse) -> HttpResponse:
    """Kept by the browser but asked about each time (the 304 above), and never by a shared cache:
    a logged-in reader's name is on the page."""
    patch_cache_control(response, private=True, no_cache=True)
    return response


# Standings -------------------------------------------------------------------------


@login_required
@require_GET
def league_standings(request: HtmxHttpRequest, league_id: int) -> TemplateResponse:
    league, membership = get_league_for(request.user, league_id, VIEW)
    return _standings(request, Reader(league, membership))


@require_GET
@condition(etag_func=_public_tag)
def public_standings(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return _revalidated(_standings(request, Reader(_tagged_league(request, token))))


def _standings(request: HtmxHttpRequest, reader: Reader) -> TemplateResponse:
    seasons = list(Season.objects.offered(reader.league))
    form = StandingsForm(request.GET, seasons)
    valid = form.is_valid()
    sort = (valid and form.cleaned_data["sort"]) or stats.DEFAULT_SORT
    order = valid and form.cleaned_data["order"]
    descending = stats.SORTS[sort].descending if not order else order == "desc"
    span = form.span()
    rows = stats.standings(reader.league, span, sort, descending)
    columns = stats.columns_for(rows)
    headers = [
        {
            "column": column,
            "sorted": column.key == sort,
            "aria_sort": ("descending" if descending else "ascending") if column.key == sort else "",
            # The first click sorts best-first; a second click turns the order round.
            "next_order": ("asc" if descending else "desc")
            if column.key == sort
            else ("desc" if column.descending else "asc"),
        }
        for column in columns
    ]
    context = {
        "reader": reader,
        "league": reader.league,
        "form": form,
        "span": span,
        "rows": rows,
        "table_rows": _standings_rows(rows, reader, money=columns is stats.EVERY_COLUMN),
        # Only a sort the reader chose is carried along (the default needs no parameter).
        "sort": sort if valid and form.cleaned_data["sort"] else "",
        "order": "desc" if descending else "asc",
        "headers": headers,
        # The league's seasons (its calendar years until the organizer names some), latest first: a
        # link each, by its dates, which stay the same when the years are kept again (new ids).
        "seasons": [
            {"name": saved.name, "since": saved.first_day.isoformat(), "until": saved.last_day.isoformat(),
             "current": (saved.first_day, saved.last_day) == (span.since, span.until)}
            for saved in seasons
        ],
    }  # fmt: skip
    return render_page(request, "history/standings.html", context, "standings-table", status=200 if valid else 422)


def _standings_rows(rows: list[stats.Row], reader: Reader, money: bool = False) -> SafeString:
    """The standings' table rows: the name (a link for members), then each column's cell.

    Built here, every value escaped, rather than cell by cell in the template:
    a hundred players times eleven cells of template nodes and floatformat
    filters take many times longer than the query behind them. With the rows
    kept in memory (_standings_line) a hundred take 0.2 ms, 54 ms as a
    template loop; 30 ms and 59 ms with none kept (benchmarks/html_builders.py).
    """
    language = get_language()
    return mark_safe(
        "\n".join(
            _standings_line(
                reader.player_url(row.player_id),
                row.name,
                row.rating,
                row.ranked,
                tuple(row.sums.items()),
                language,
                money,
            )
            for row in rows
        )
    )


@lru_cache(maxsize=8192)
def _standings_line(
    url: str,
    name: str,
    rating: float | None,
    ranked: bool,
    sums: tuple[tuple[str, int], ...],
    language: str,
    money: bool = False,
) -> str:
    """One row of the standings, from its figures alone: kept in memory, so that after a game ends
    only its players' rows (and the rows whose rating moved) are formatted again, not the league's.
    The language is in the key: a figure is written with the page's decimal sign."""
    row = stats.Row(0, name, rating, ranked, **dict(sums))
    name = f'<a href="{escape(url)}">{escape(name)}</a>' if url else escape(name)
    columns = stats.EVERY_COLUMN if money else stats.COLUMNS
    cells = "".join(f"<td>{escape(column.cell(row))}</td>" for column in columns[1:])
    return f'<tr><th scope="row" class="sticky-col">{name}</th>{cells}</tr>'


# The archive -----------------------------------------------------------------------


@login_required
@require_GET
def league_games(request: HtmxHttpRequest, league_id: int) -> TemplateResponse:
    league, membership = get_league_for(request.user, league_id, VIEW)
    return _archive(request, Reader(league, membership))


@require_GET
@condition(etag_func=_public_tag)
def public_games(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return _revalidated(_archive(request, Reader(_tagged_league(request, token))))


def _archive(request: HtmxHttpRequest, reader: Reader) -> TemplateResponse:
    players = list(Player.objects.filter(league=reader.league).order_by("name", "pk").values_list("pk", "name"))
    form = ArchiveForm(request.GET, players)
    games = Game.objects.filter(league=reader.league)
    valid = form.is_valid()
    if valid:
        games = form.span().filter(games)
        if form.cleaned_data["status"]:
            games = games.filter(status=form.cleaned_data["status"])
        if form.cleaned_data["player"]:
            games = games.filter(seats__player=form.cleaned_data["player"])
    listed = games.latest_first().values_list(*LISTED_VALUES)
    paginator = Paginator(listed, GAMES_PER_PAGE)
    # Counting a league's thousands of games costs more than the page of them: the count is kept
    # until anything in the league changes (League.data_version), for each choice of filters.
    filters = repr(sorted(form.cleaned_data.items(), key=lambda item: item[0]) if valid else [])
    chosen = hashlib.blake2s(filters.encode(), digest_size=8).hexdigest()
    key = f"archive-count:{reader.league.pk}:{reader.league.data_version}:{chosen}"
    paginator.count = cache.get_or_set(key, listed.count, 24 * 60 * 60) or 0
    page = paginator.get_page(request.GET.get("page"))
    page.object_list = _listed_page(list(page.object_list))
    context = {"reader": reader, "league": reader.league, "form": form, "page": page}
    return render_page(request, "history/games.html", context, "games-list", status=200 if valid else 422)


# A game's scoresheet ---------------------------------------------------------------


def _scoresheet_game(queryset: QuerySet[Game]) -> QuerySet[Game]:
    return _games_with_seats(queryset).prefetch_related(Prefetch("hands", queryset=Hand.objects.order_by("number")))


@login_required
@require_GET
def game_scoresheet(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    tag = _scoresheet_tag(Game.objects.for_user(request.user).filter(pk=game_id))
    if _unchanged(request, tag):
        return _not_modified(tag)
    game, membership = get_game_for(request.user, game_id, VIEW, _scoresheet_game(Game.objects.all()))
    return _scoresheet(request, Reader(game.league, membership), game, tag)


@require_GET
def public_scoresheet(request: HtmxHttpRequest, token: str, game_id: int) -> HttpResponse:
    tag = _scoresheet_tag(Game.objects.filter(pk=game_id, league__public_token=token))
    if token and _unchanged(request, tag):
        return _not_modified(tag)
    league = get_public_league(token)
    game = _scoresheet_game(Game.objects.filter(league=league)).filter(pk=game_id).first()
    if game is None:
        raise Http404("No such game")
    return _scoresheet(request, Reader(league), game, tag)


# A live scoresheet polls every 30 seconds with the ETag of what it shows in
# If-None-Match (hx-headers, as the browser would not send it for a page's
# request by itself), and hears 304 from one indexed read while nothing
# changed; htmx swaps nothing on a 304 (base.html's responseHandling). The
# scoresheet shows the game (its version moves on with every change to it,
# names included) and the ratings (the league's results_version).
def _scoresheet_tag(games: QuerySet[Game]) -> str:
    found = games.values_list("pk", "version", "league__results_version").first()
    return "scoresheet-{}-{}-{}".format(*found) if found else ""


def _unchanged(request: HtmxHttpRequest, tag: str) -> bool:
    return bool(tag) and bool(request.htmx) and request.headers.get("If-None-Match") == f'"{tag}"'


def _not_modified(tag: str) -> HttpResponse:
    response = HttpResponseNotModified()
    response["ETag"] = f'"{tag}"'
    return response


def _scoresheet(request: HtmxHttpRequest, reader: Reader, game: Game, tag: str = "") -> TemplateResponse:
    state = game.state()
    seats = game.ordered_seats()
    setup = state.setup
    names = setup.players
    # In a team game the engine scores the teams: each partner's column shows the team's points and total.
    scorers = [setup.scorer_of_seat(seat) for seat in range(len(names))]
    shooters = scorers if setup.teams and setup.moon_names == setup.team_names else list(range(len(names)))
    hands = [
        {
            "hand": hand,
            "deal": deal_in_brief(setup, hand.deal),
            "cells": [
                {
                    "points": hand.points[scorers[seat]],
                    "total": hand.totals[scorers[seat]],
                    "moon": hand.moon is not None and hand.moon.shooter == shooters[seat],
                    "wrapped": scorers[seat] in hand.wrapped,
                    "revoke": hand.entry.revoke == seat,
                }
                for seat in range(len(names))
            ],
        }
        for hand in state.hands
    ]
    context = {
        "reader": reader,
        "league": reader.league,
        "game": game,
        "state": state,
        "seats": seats,
        "hands": hands,
        "winners": [setup.scorers[scorer] for scorer in state.winners] if game.status == Game.Status.OVER else [],
        "chart": totals_chart(state),
        "options": state.setup.options,
        "live_tag": tag,
        # Share the result (games.views.results); a chat app previews the public link's page.
        "share": result_share(request, game, state, reader.league) if state.is_over and not game.declared else None,
        "open_graph": open_graph(request, game, state, reader.league) if reader.public else None,
    }
    response = render_page(request, "history/scoresheet.html", context, "scoresheet-body")
    if tag:
        response["ETag"] = f'"{tag}"'
    return response


# A player's page -------------------------------------------------------------------


@login_required
@require_GET
def player_detail(request: HtmxHttpRequest, league_id: int, player_id: int) -> TemplateResponse:
    league, membership = get_league_for(request.user, league_id, VIEW)
    return _player(request, Reader(league, membership), player_id)


@require_GET
@condition(etag_func=_public_tag)
def public_player(request: HtmxHttpRequest, token: str, player_id: int) -> HttpResponse:
    return _revalidated(_player(request, Reader(_tagged_league(request, token)), player_id))


class PlayerFigures:
    """A player's figures for a span of games, worked out only when the template's cached copy has run out.

    They read every counted game of the player (the rating history, the
    head-to-head), so the page keeps them ({% cache %} in history/player.html,
    polled every minute) under what they depend on: the player's results
    (kept_figures.figures_version), the games a win rate needs to rank, the players'
    names (the opponents'), the span (and whether it is a saved season, whose
    ratings are its own) and who reads (their links)."""

    def __init__(self, reader: Reader, player: Player, span: stats.Span, names: dict[int, str]) -> None:
        self.reader, self.league, self.player, self.span = reader, reader.league, player, span
        self.names = names  # every player's in the league, as the page read them

    @cached_property
    def row(self) -> stats.Row | None:
        return next(iter(stats.standings(self.league, self.span, player=self.player)), None)

    @cached_property
    def history(self) -> list[stats.RatedGame]:
        return stats.rating_history(self.league, self.player, self.span)

    @cached_property
    def record(self) -> stats.PlayerRecord:
        return stats.player_record(self.history)

    @cached_property
    def chart(self) -> Chart:
        ratings, days = [game.rating for game in self.history], [game.played_on for game in self.history]
        start = SCALES[self.league.rating_scale].start
        return rating_chart(self.player.name, ratings, days, stats.day_label, start=start)

    @cached_property
    def records(self) -> list[stats.HeadToHead]:
        return stats.head_to_head(self.league, self.player, self.span, self.names)

    @cached_property
    def head_to_head_rows(self) -> SafeString:
        return _head_to_head_rows(self.records, self.reader)

    @cached_property
    def nemesis(self) -> stats.HeadToHead | None:
        return stats.nemesis(self.records)

    @cached_property
    def played_with(self) -> stats.HeadToHead | None:
        return stats.played_with_most(self.records)


def _player(request: HtmxHttpRequest, reader: Reader, player_id: int) -> TemplateResponse:
    league = reader.league
    # Every player's name (the cached figures' key) and this player's from one query: the page
    # shows no other field of theirs (any other would be read when asked for, as a deferred one).
    names = list(Player.objects.filter(league=league).values_list("pk", "name"))
    named = dict(names)
    name = named.get(player_id)
    if name is None:
        raise Http404("No such player")
    player = Player.from_db(DEFAULT_DB_ALIAS, ["id", "league_id", "name"], [player_id, league.pk, name])
    form = SpanForm(request.GET, list(Season.objects.offered(league)))
    valid = form.is_valid()
    span = form.span()
    context = {
        "reader": reader,
        "league": league,
        "player": player,
        "form": form,
        "span": span,
        "figures": PlayerFigures(reader, player, span, named),
        # Moves on only with a change that touched this player's figures (a span's: on its last day
        # or before): a game ending between others leaves this page's figures as they were.
        "figures_version": kept_figures.figures_version(league, player.pk, span.until),
        # What else the cached figures depend on (PlayerFigures says why).
        "figures_key": " ".join(
            [
                str(span.variant),
                str(span.since),
                str(span.until),
                str(span.season.pk if span.season else ""),
                str(reader.public),
                league.public_token,
                league.rating_scale,  # how the ratings are shown
                # A span's row shows the rating now (a saved season's, its own): a game after the span moves it.
                repr(kept_figures.current_rating(league, player.pk)) if span.until and span.season is None else "",
            ]
            + [f"{pk}:{name}" for pk, name in names]
        ),
        # The latest few; the archive, filtered to the player, has them all.
        "recent_games": _latest_games(player),
        # The club nights they came to, newest first (one query).
        "nights": list(Night.objects.filter(attendance__player=player).only("name", "played_on")[:5]),
    }
    return render_page(request, "history/player.html", context, "player-figures", status=200 if valid else 422)


def _head_to_head_rows(records: list[stats.HeadToHead], reader: Reader) -> SafeString:
    """The head-to-head table's rows, built here for the reason _standings_rows gives: a big league's
    player meets 99 others, 0.15 ms here and 21 ms as a template loop (benchmarks/html_builders.py),
    paid on the first visit after each change of the player's figures, against a page of 15 to 30 ms."""
    return mark_safe(
        "\n".join(
            f'<tr><th scope="row"><a href="{escape(reader.player_url(record.player_id))}">{escape(record.name)}</a>'
            f"</th><td>{record.games}</td><td>{record.wins}-{record.losses}-{record.ties}</td></tr>"
            for record in records
        )
    )


# Deleting a game -------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def game_delete(request: HtmxHttpRequest, game_id: int) -> TemplateResponse | HttpResponseRedirect:
    """Organizers only: a confirmation page, then the POST that deletes."""
    game, membership = get_game_for(request.user, game_id, ORGANIZE, _listed(Game.objects.all()))
    if request.method == "POST":
        league_id = game.league_id
        game.trash(request.user)
        messages.success(
            request,
            _("Game %(number)s, of %(day)s, is in the trash: an organizer can restore it for %(days)s days.")
            % {"number": game.number, "day": stats.day_label(game.played_on), "days": TRASH_DAYS},
        )
        return redirect("games:league-games", league_id)
    context = {
        "reader": Reader(game.league, membership),
        "league": game.league,
        "game": game,
        "games": [game],
        "days": TRASH_DAYS,
    }
    return TemplateResponse(request, "history/game_delete.html", context)
