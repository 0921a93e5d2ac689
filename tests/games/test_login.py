"""Django's log in and log out views, with our templates."""

import pytest
from django.urls import reverse

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


def test_the_login_page_offers_sign_up(client):
    response = client.get(reverse("login"))
    assert response.status_code == 200
    assert "registration/login.html" in [t.name for t in response.templates]
    assert reverse("games:signup") in response.content.decode()


def test_logging_in_goes_home(client, user):
    response = client.post(reverse("login"), {"username": user.username, "password": PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == reverse("games:home")


def test_logging_in_returns_to_the_page_asked_for(client, user, league):
    wanted = league.get_absolute_url()
    response = client.post(reverse("login"), {"username": user.username, "password": PASSWORD, "next": wanted})
    assert response["Location"] == wanted


def test_a_wrong_password_says_so(client, user):
    response = client.post(reverse("login"), {"username": user.username, "password": "not-it"})
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_every_page_offers_a_log_out_button_that_posts(client, user):
    client.force_login(user)
    page = client.get(reverse("games:home")).content.decode()
    assert f'<form method="post" action="{reverse("logout")}"' in page
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert response["Location"] == reverse("games:home")
    assert "_auth_user_id" not in client.session


def test_log_out_by_a_plain_link_is_refused(client, user):
    client.force_login(user)
    assert client.get(reverse("logout")).status_code == 405
    assert "_auth_user_id" in client.session
