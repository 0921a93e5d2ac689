"""Who gets what from every URL of the app (see routes.py for the table)."""

import pytest
from django.urls import reverse

from games import urls as games_urls
from tests.ops.conftest import stored_rows
from tests.ops.routes import BY_NAME, ROLES, ROUTES, pattern_names

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("table_made_once")]


def test_every_url_of_the_app_has_an_entry():
    missing = pattern_names(games_urls.urlpatterns) - set(BY_NAME)
    assert not missing, f"Add these URLs to tests/ops/routes.py: {sorted(missing)}"
    stale = set(BY_NAME) - pattern_names(games_urls.urlpatterns)
    assert not stale, f"These URLs are gone; remove them from tests/ops/routes.py: {sorted(stale)}"


def test_every_entry_names_a_status_for_every_visitor():
    for route in ROUTES:
        assert set(route.get) == set(ROLES), route.name
        assert route.post is None or set(route.post) == set(ROLES), route.name


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("route", ROUTES, ids=lambda route: route.name)
def test_get(route, role, table):
    before = stored_rows()
    response = table.client(role).get(route.url(table, role), route.query(table))
    assert response.status_code == route.get[role]
    assert stored_rows() == before, "a GET changed stored data"


POSTS = [route for route in ROUTES if route.post is not None]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("route", POSTS, ids=lambda route: route.name)
def test_post(route, role, table):
    before = stored_rows()
    response = table.client(role).post(route.url(table, role), route.post_data(table))
    assert response.status_code == route.post[role]
    refused = response.status_code >= 400 or (
        response.status_code == 302 and response["Location"].startswith(reverse("login"))
    )
    if refused:
        assert stored_rows() == before, "a refused POST changed stored data"
