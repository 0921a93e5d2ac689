"""A forgotten password is reset by its holder, through a link sent to the account's e-mail address
(Django's password reset; issue 34). No one else sets an account's password."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-new-long-pass-phrase"
RESET = reverse("password_reset")


@pytest.fixture
def ann(db):
    return UserFactory(username="ann", email="ann@example.com")


def reset_link(message) -> str:
    return re.search(r"http://testserver(/accounts/reset/\S+/)", message.body)[1]


def test_the_login_page_leads_to_the_reset(client):
    page = client.get(reverse("login")).content.decode()
    assert f'<a href="{RESET}">Get a link by e-mail</a>' in page


def test_the_reset_by_email_works_end_to_end(client, ann):
    response = client.post(RESET, {"email": "ANN@example.com"})

    assert (response.status_code, response["Location"]) == (302, reverse("password_reset_done"))
    assert "If an account has that address" in client.get(response["Location"]).content.decode()
    [message] = mail.outbox
    assert message.to == ["ann@example.com"]
    assert message.subject == "A new password at testserver"
    assert "for the account ann at testserver" in message.body

    # The link redirects to a form under a session-held token, as Django's reset does.
    form_page = client.get(reset_link(message), follow=True)
    assert "Set a new password" in form_page.content.decode()
    done = client.post(
        form_page.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}, follow=True
    )
    assert "Password set" in done.content.decode()
    assert Client().login(username="ann", password=NEW_PASSWORD)
    assert not Client().login(username="ann", password=PASSWORD)

    # Used once, the link is dead.
    again = Client().get(reset_link(message), follow=True).content.decode()
    assert "This link has been used or is too old." in again


def test_an_address_no_account_has_gets_the_same_reply_and_no_mail(client, ann):
    known = client.post(RESET, {"email": "ann@example.com"})
    unknown = client.post(RESET, {"email": "nobody@example.com"})
    assert (unknown.status_code, unknown["Location"]) == (known.status_code, known["Location"])
    assert [message.to for message in mail.outbox] == [["ann@example.com"]]


def test_the_mail_is_in_the_askers_language(client, ann):
    client.post(RESET, {"email": "ann@example.com"}, headers={"accept-language": "nl"})
    [message] = mail.outbox
    assert "testserver" in message.subject
    assert message.subject != "A new password at testserver"


def test_a_sixth_request_in_an_hour_sends_nothing(client, ann):
    for _ in range(5):
        assert client.post(RESET, {"email": "ann@example.com"}).status_code == 302
    refused = client.post(RESET, {"email": "ann@example.com"})
    assert refused.status_code == 429
    assert "Too many reset requests" in refused.content.decode()
    assert len(mail.outbox) == 5


def test_signing_up_with_an_address_lets_the_newcomer_reset_later(client):
    client.post(
        reverse("games:signup"),
        {"username": "cat", "email": "cat@example.com", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert get_user_model().objects.get(username="cat").email == "cat@example.com"


def test_the_account_holder_sets_their_address_with_their_password(client, user):
    client.force_login(user)
    url = reverse("games:account-email")
    assert client.get(url).status_code == 200

    response = client.post(url, {"email": "me@example.com", "password": PASSWORD})

    assert (response.status_code, response["Location"]) == (302, reverse("games:home"))
    user.refresh_from_db()
    assert user.email == "me@example.com"


def test_a_wrong_password_changes_no_address(client, user):
    client.force_login(user)
    response = client.post(reverse("games:account-email"), {"email": "thief@example.com", "password": "guess"})
    assert response.status_code == 422
    assert "That is not your password." in response.content.decode()
    user.refresh_from_db()
    assert user.email == ""


def test_the_address_page_needs_a_login(client):
    response = client.get(reverse("games:account-email"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
