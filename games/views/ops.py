"""Operations: the health check."""

import logging

from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from games.models import Heartbeat

logger = logging.getLogger(__name__)


@require_safe
@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    """200 "ok" when the database reads and writes, 503 when it can't (down, full, read-only)."""
    try:
        Heartbeat.beat()
    except DatabaseError:
        logger.exception("Health check: the database did not answer or could not write")
        return HttpResponse("database unavailable", status=503, content_type="text/plain")
    return HttpResponse("ok", content_type="text/plain")
