"""Error pages that tell the truth about the database.

When the database is down, full or read-only, a page or a write can't be
served: that is a 503 (try again soon), not a 500 (a bug) nor a 400 (your
request was wrong). Django calls these handlers inside the exception's
context, for an error raised anywhere in the request, middleware included
(a session that can't be saved arrives as a 400).
"""

import logging
import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.views import defaults
from django.views.decorators.csrf import requires_csrf_token

logger = logging.getLogger(__name__)

# Connection refused, disk full, read-only, locked: the database, not the request.
UNAVAILABLE = (OperationalError, InterfaceError)
# PostgreSQL refuses a write on a read-only server (a standby, or one set
# read-only near its disk quota) as an InternalError; its SQLSTATE says why.
READ_ONLY_SQLSTATE = "25006"


def _caused_by_the_database(error: BaseException | None) -> bool:
    seen = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, UNAVAILABLE) or getattr(error, "sqlstate", None) == READ_ONLY_SQLSTATE:
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False


def unavailable(request: HttpRequest) -> HttpResponse:
    """A short page that needs no database: nothing in it asks for the user or the session."""
    response = HttpResponse(render_to_string("503.html"), status=503)
    response["Retry-After"] = "60"
    return response


@requires_csrf_token
def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    # A session that couldn't be saved because the database failed is not the visitor's fault.
    if _caused_by_the_database(exception):
        return unavailable(request)
    return defaults.bad_request(request, exception)


@requires_csrf_token
def server_error(request: HttpRequest) -> HttpResponse:
    if _caused_by_the_database(sys.exc_info()[1]):
        return unavailable(request)
    return defaults.server_error(request)
