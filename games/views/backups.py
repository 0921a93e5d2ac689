"""A league's backups: the JSON export (streamed) and its import, and the CSV downloads for spreadsheets."""

import csv
import io
from collections.abc import Iterator
from http import HTTPStatus
from typing import Any, TypeVar

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, HttpResponseRedirect, StreamingHttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.text import slugify
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_http_methods

from games.csv_export import games_csv_rows, hands_csv_rows
from games.forms import BIG_FILES, GAMES_PER_MB, TOO_LARGE, LeagueImportForm
from games.league_file import LeagueAlreadyHere, LeagueImportError, LeagueTooLarge, counted
from games.league_file.export import export_league_json
from games.league_file.restore import import_league
from games.models import League
from games.permissions import VIEW, get_league_for
from games.views.limits import import_wait, too_many_imports
from scorekeeper.middleware import HtmxHttpRequest, SignedInRequest

UNPROCESSABLE = HTTPStatus.UNPROCESSABLE_ENTITY
CONFLICT = HTTPStatus.CONFLICT
CONTENT_TOO_LARGE = HTTPStatus.REQUEST_ENTITY_TOO_LARGE

Download = TypeVar("Download", HttpResponse, StreamingHttpResponse)


def _attachment(response: Download, league: League, suffix: str) -> Download:
    name = slugify(league.name) or f"league-{league.pk}"
    response["Content-Disposition"] = f'attachment; filename="{name}-{suffix}"'
    return response


@login_required
@require_GET
def league_export_json(request: HtmxHttpRequest, league_id: int) -> StreamingHttpResponse:
    """The league's backup, streamed: the largest league starts downloading at once and never sits in memory.

    An organizer's holds the whole league; a scorer's or viewer's what they read of it
    (their own activity, no pending invitations)."""
    league, membership = get_league_for(request.user, league_id, VIEW)
    response = StreamingHttpResponse(export_league_json(league, membership), content_type="application/json")
    return _attachment(response, league, "league.json")


# Rows written out together: a chunk per row cost the response more than writing the rows.
CSV_ROWS_PER_CHUNK = 500


def _csv_stream(rows: Iterator[list[Any]]) -> Iterator[str]:
    # A UTF-8 BOM first tells Excel the file is UTF-8, so that "Zoë" and "Q♠" open as written.
    yield "\ufeff"
    lines = io.StringIO()
    writer = csv.writer(lines)
    for number, row in enumerate(rows, start=1):
        writer.writerow(row)
        if number % CSV_ROWS_PER_CHUNK == 0:
            yield lines.getvalue()
            lines.seek(0)
            lines.truncate()
    yield lines.getvalue()


@login_required
@require_GET
def league_export_games_csv(request: HtmxHttpRequest, league_id: int) -> StreamingHttpResponse:
    league, _ = get_league_for(request.user, league_id, VIEW)
    response = StreamingHttpResponse(_csv_stream(games_csv_rows(league)), content_type="text/csv; charset=utf-8")
    return _attachment(response, league, "games.csv")


@login_required
@require_GET
def league_export_hands_csv(request: HtmxHttpRequest, league_id: int) -> StreamingHttpResponse:
    league, _ = get_league_for(request.user, league_id, VIEW)
    response = StreamingHttpResponse(_csv_stream(hands_csv_rows(league)), content_type="text/csv; charset=utf-8")
    return _attachment(response, league, "hands.csv")


@login_required
@require_http_methods(["GET", "POST"])
def league_import(request: SignedInRequest) -> TemplateResponse | HttpResponseRedirect:
    """A new league, owned by the importer, from an exported league file.

    A try is counted before the file is read (games.views.limits): 429 past
    the account's or the address's imports; 413 for a file bigger than a
    league may be or than the page takes."""
    template = "history/import.html"
    context: dict[str, Any] = {
        "max_mb": settings.LEAGUE_FILE_MAX_MB,
        "about_games": counted(settings.LEAGUE_FILE_MAX_MB * GAMES_PER_MB),
        "big_files": BIG_FILES,
    }
    if request.method == "POST":
        wait = import_wait(
            request, "league-import", settings.LEAGUE_IMPORTS_PER_ACCOUNT, settings.LEAGUE_IMPORTS_PER_ADDRESS
        )
        if wait is not None:
            return too_many_imports(request, template, {**context, "form": LeagueImportForm()}, wait)
    form = LeagueImportForm(request.POST or None, request.FILES or None)
    already_here = None
    status = UNPROCESSABLE
    if request.method == "POST" and form.is_valid():
        try:
            league = import_league(form.cleaned_data["file"], request.user, as_copy=form.cleaned_data["as_copy"])
        except LeagueAlreadyHere as error:
            already_here = error.league
            form.add_error("file", str(error))
            status = CONFLICT
        except LeagueImportError as error:
            form.add_error("file", str(error))
            if isinstance(error, LeagueTooLarge):
                status = CONTENT_TOO_LARGE
        else:
            games = league.games.count()
            messages.success(
                request,
                ngettext("%(league)s is imported: %(games)d game.", "%(league)s is imported: %(games)d games.", games)
                % {"league": league.name, "games": games},
            )
            if league.invited:
                # The same words whether or not those accounts exist: the reply names no account.
                messages.info(
                    request,
                    gettext(
                        "The file's other members are invited: each becomes a member once they accept, "
                        "when they next log in (%(names)s)."
                    )
                    % {"names": ", ".join(league.invited)},
                )
            return redirect("games:league-standings", league.pk)
    if form.has_error("file", TOO_LARGE):
        status = CONTENT_TOO_LARGE
    context.update(form=form, already_here=already_here)
    return TemplateResponse(request, template, context, status=200 if request.method != "POST" else status)
