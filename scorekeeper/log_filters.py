"""Filters for the project's logging (settings.LOGGING)."""

from __future__ import annotations

import logging


class RefusalsWithoutTraceback(logging.Filter):
    """A 403 is a refusal working as meant (a viewer tapping an organizer's button, a forged
    form): one line in the log says so. Django passes the PermissionDenied along with it, so
    every refusal printed a whole traceback: 1,210 lines in one red-team run (issue 19)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) == 403:
            record.exc_info = None
            record.exc_text = None
        return True
