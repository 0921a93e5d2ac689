"""Tampered addresses: ids that do not exist or do not fit, tokens nobody was given. A 4xx, never a 5xx."""

from urllib.parse import quote

import pytest
from django.urls import reverse

from tests.ops.conftest import stored_rows
from tests.ops.routes import ROUTES

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("table_made_once")]

# Beyond a 64-bit integer, at its edge, and ids that name nothing.
IDS = ["0", "99999", "9223372036854775807", "9223372036854775808", "100000000000000000000"]
TOKENS = ["\x00", "a" * 3000, "..", "ñandú", " ", "null", "' OR '1'='1"]
SENTINEL = 987654321


def forged_paths(route, table):
    """The route's path with each id, then its token, swapped for a forged one."""
    kwargs = route.kwargs(table)
    ids = list(kwargs)
    if route.token is not None:
        kwargs["token"] = table.token(route.token)
    for key in ids:
        path = reverse(f"games:{route.name}", kwargs={**kwargs, key: SENTINEL})
        for forged in IDS:
            yield path.replace(f"/{SENTINEL}/", f"/{forged}/")
    if route.token is not None:
        path = reverse(f"games:{route.name}", kwargs={**kwargs, "token": "SENTINEL"})
        for forged in TOKENS:
            yield path.replace("/SENTINEL/", f"/{quote(forged)}/")


FORGEABLE = [route for route in ROUTES if route.token is not None or route.name not in ("home", "healthz")]


def test_every_route_with_an_id_or_a_token_is_tried():
    assert {route.name for route in ROUTES} - {route.name for route in FORGEABLE} <= {
        "home", "healthz", "signup", "league-new", "league-import", "rules-index", "rules-variant",
    }  # fmt: skip


@pytest.mark.parametrize("role", ["outsider", "organizer", "public"])
@pytest.mark.parametrize("route", FORGEABLE, ids=lambda route: route.name)
def test_forged_ids_and_tokens_get_a_4xx_and_change_nothing(route, role, table):
    client = table.client(role)
    before = stored_rows()
    for path in forged_paths(route, table):
        for response in (client.get(path, route.query(table)), client.post(path, route.post_data(table))):
            # 302: to the login page, for a visitor who is not logged in.
            assert response.status_code in (302, 404, 405, 410), (path, response.status_code)
    assert stored_rows() == before
