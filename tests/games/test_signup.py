"""Sign up: an account, logged in at once, then off to name a first league."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

URL = reverse("games:signup")
NEW_PASSWORD = "queen-of-spades-13"


def test_the_form_asks_for_a_name_an_optional_email_and_a_password_twice(client):
    response = client.get(URL)
    assert response.status_code == 200
    assert response.template_name == "registration/signup.html"
    assert list(response.context_data["form"].fields) == ["username", "email", "password1", "password2"]
    assert not response.context_data["form"].fields["email"].required


def test_signing_up_logs_in_and_goes_to_create_a_league(client):
    response = client.post(URL, {"username": "ann", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == reverse("games:league-new")
    user = get_user_model().objects.get(username="ann")
    assert client.session["_auth_user_id"] == str(user.pk)
    assert client.get(response["Location"]).status_code == 200


def test_passwords_that_differ_create_no_account(client):
    response = client.post(URL, {"username": "ann", "password1": NEW_PASSWORD, "password2": "queen-of-spades-14"})
    assert response.status_code == 422
    assert "password2" in response.context_data["form"].errors
    assert not get_user_model().objects.filter(username="ann").exists()
    assert "_auth_user_id" not in client.session


def test_a_taken_username_is_refused_with_a_message(client, user):
    response = client.post(URL, {"username": user.username, "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 422
    assert "A user with that username already exists." in response.content.decode()
    assert get_user_model().objects.filter(username=user.username).count() == 1


def test_an_empty_form_is_refused_without_an_error_page(client):
    response = client.post(URL, {})
    assert response.status_code == 422
    assert set(response.context_data["form"].errors) == {"username", "password1", "password2"}
    assert get_user_model().objects.count() == 0


def test_a_logged_in_user_is_sent_home(client, user):
    client.force_login(user)
    response = client.get(URL)
    assert response.status_code == 302
    assert response["Location"] == reverse("games:home")


def test_the_password_is_not_echoed_back_after_an_error(client):
    response = client.post(URL, {"username": "", "password1": "queen-of-spades-13", "password2": "queen-of-spades-13"})
    assert "queen-of-spades-13" not in response.content.decode()


def test_signing_up_from_an_invite_goes_back_to_the_invite(client):
    invite_path = "/invites/some-token/"
    page = client.get(URL, {"next": invite_path})
    assert f'name="next" value="{invite_path}"' in page.content.decode()
    data = {"username": "ann", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD, "next": invite_path}
    response = client.post(URL, data)
    assert response.status_code == 302
    assert response["Location"] == invite_path


def test_a_next_pointing_to_another_site_is_ignored(client):
    data = {"username": "ann", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD, "next": "https://evil.example/"}
    response = client.post(URL, data)
    assert response["Location"] == reverse("games:league-new")
