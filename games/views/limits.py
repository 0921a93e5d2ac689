"""The brake on imports: how many league files and scoresheets one account and one address may import a while.

A league file copied again and again, by one new account, grew the database
by 31-49 MB a try, some 30 GB an hour; every try read and played the whole
file first. Each try at an import page is counted (games.models.attempts),
refused or not, before its file is read; settings.*_IMPORTS_PER_* say how
many an hour and a day.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import timedelta
from http import HTTPStatus
from typing import Any

from django.contrib import messages
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.timesince import timeuntil
from django.utils.translation import gettext

from games.models import Attempts, Rate
from games.views.logins import client_address
from scorekeeper.middleware import SignedInRequest

TOO_MANY_REQUESTS = HTTPStatus.TOO_MANY_REQUESTS


def import_wait(
    request: SignedInRequest, kind: str, per_account: Sequence[Rate], per_address: Sequence[Rate]
) -> float | None:
    """Count a try at the `kind` import; the seconds to wait when its account or its address has had
    too many (None: go on). The account is counted first: an address is not used up by one account's tries."""
    counted = [
        (f"{kind}-account", str(request.user.pk), per_account),
        (f"{kind}-address", client_address(request), per_address),
    ]
    return Attempts.first_over(counted)


def too_many_imports(request: SignedInRequest, template: str, context: dict[str, Any], wait: float) -> TemplateResponse:
    """The import page again, unchanged, with why and for how long: 429, and Retry-After in seconds."""
    seconds = max(math.ceil(wait), 1)
    until = timeuntil(timezone.now() + timedelta(seconds=seconds + 59))  # in whole minutes, rounded up
    messages.error(
        request,
        gettext("Too many imports from this account or this address for now. Try again in %(wait)s.") % {"wait": until},
    )
    response = TemplateResponse(request, template, context, status=TOO_MANY_REQUESTS)
    response["Retry-After"] = str(seconds)
    return response
