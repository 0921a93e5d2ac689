"""A league's backups: the JSON export (streamed) and its import, and the CSV downloads for spreadsheets."""

import csv
import io
from collections.abc import Iterator
from typing import Any, TypeVar

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, HttpResponseRedirect, StreamingHttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.text import slugify
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_http_methods

from games.csv_export import games_csv_rows, hands_csv_rows
from games.forms import BIG_FILES, IMPORT_MAX_MB, LeagueImportForm
from games.league_file import LeagueAlreadyHere, LeagueImportError
from games.league_file.export import export_league_json
from games.league_file.restore import import_league
from games.models import League
from games.permissions import VIEW, get_league_for
from scorekeeper.middleware import HtmxHttpRequest, SignedInRequest

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
    """A new league, owned by the importer, from an exported league file."""
    form = LeagueImportForm(request.POST or None, request.FILES or None)
    already_here = None
    if request.method == "POST" and form.is_valid():
        try:
            league = import_league(form.cleaned_data["file"], request.user, as_copy=form.cleaned_data["as_copy"])
        except LeagueAlreadyHere as error:
            already_here = error.league
            form.add_error("file", str(error))
        except LeagueImportError as error:
            form.add_error("file", str(error))
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
    status = 200 if request.method != "POST" else 409 if already_here else 422
    context = {"form": form, "max_mb": IMPORT_MAX_MB, "big_files": BIG_FILES, "already_here": already_here}
    return TemplateResponse(request, "history/import.html", context, status=status)
