"""Every form and HTMX request needs the CSRF token: without it, 403 and nothing saved."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import HTMX
from tests.ops.conftest import stored_rows
from tests.ops.routes import ROUTES

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("table_made_once")]

POSTS = [route for route in ROUTES if route.post is not None]


@pytest.mark.parametrize("htmx", [False, True], ids=["form", "htmx"])
@pytest.mark.parametrize("route", POSTS, ids=lambda route: route.name)
def test_a_post_without_the_token_is_refused(route, htmx, table):
    client = table.client("organizer", enforce_csrf_checks=True)
    before = stored_rows()
    response = client.post(route.url(table, "organizer"), route.post_data(table), headers=HTMX if htmx else {})
    assert response.status_code == 403
    assert stored_rows() == before


@pytest.mark.parametrize("route", POSTS, ids=lambda route: route.name)
def test_the_same_post_with_the_pages_token_goes_through(route, table):
    # The organizer, or for what only someone else may do (answer the outsider's invitation), them.
    role = "outsider" if route.post["organizer"] == 404 and route.post["outsider"] < 400 else "organizer"
    client = table.client(role, enforce_csrf_checks=True)
    # Any page gives the token: base.html puts it in <body hx-headers>.
    page = client.get(table.game.get_absolute_url() if role != "outsider" else reverse("games:home")).content.decode()
    token = re.search(r'"X-CSRFToken": "([^"]+)"', page)[1]
    response = client.post(route.url(table, role), route.post_data(table), headers={**HTMX, "X-CSRFToken": token})
    assert response.status_code not in (403, 404, 405)


def test_the_login_form_needs_the_token_too(db):
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("login"), {"username": "ann", "password": "x"})
    assert response.status_code == 403
