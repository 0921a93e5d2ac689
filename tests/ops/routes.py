"""Every URL of the app, and what each kind of visitor gets from it.

The permission matrix, the CSRF, CSP and escaping tests all walk this table.
A new URL in games/urls.py without an entry here fails
test_every_url_of_the_app_has_an_entry: decide who may use it, then add it.

Visitors (ROLES):
  anonymous  - not logged in, no link
  outsider   - logged in, not a member of the league
  public     - not logged in, holding the league's public (read-only) link
  viewer, scorer, organizer - members of the league with that role
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.urls import URLPattern, URLResolver

ROLES = ("anonymous", "outsider", "public", "viewer", "scorer", "organizer")

# A redirect to the login page.
LOGIN = 302


def statuses(*, anonymous: int, outsider: int, public: int, viewer: int, scorer: int, organizer: int) -> dict[str, int]:
    """The expected status for every visitor; all six must be given."""
    return {
        "anonymous": anonymous,
        "outsider": outsider,
        "public": public,
        "viewer": viewer,
        "scorer": scorer,
        "organizer": organizer,
    }


def everyone(status: int) -> dict[str, int]:
    return dict.fromkeys(ROLES, status)


@dataclass(frozen=True)
class Route:
    name: str
    # URL arguments, from the table set by tests/ops/conftest.py.
    kwargs: Callable[[Any], dict[str, Any]] = lambda table: {}
    get: dict[str, int] = field(default_factory=dict)
    # None for a page that changes nothing; else POST's expected statuses.
    post: dict[str, int] | None = None
    # A valid form for the POST (a bad one would hide a missing check).
    post_data: Callable[[Any], dict[str, Any]] = lambda table: {}
    # Not an HTML page (a file download, a health check): no CSP or escaping check.
    html: bool = True

    @property
    def url_name(self) -> str:
        return f"games:{self.name}"


ROUTES: list[Route] = [
    # --- operations
    Route("home", get=everyone(200)),
    Route("healthz", get=everyone(200), html=False),
]

BY_NAME = {route.name: route for route in ROUTES}


def pattern_names(patterns: list[URLPattern | URLResolver]) -> set[str]:
    names = set()
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            names |= pattern_names(pattern.url_patterns)
        elif pattern.name:
            names.add(pattern.name)
    return names
