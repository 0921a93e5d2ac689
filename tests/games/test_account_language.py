"""A language per person (issue 36): kept with the account, brought to every phone they sign in on,
and changed by the footer's switch as by the account's page; for everyone else, nothing changes."""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from games.models import Account
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

COOKIE = settings.LANGUAGE_COOKIE_NAME
# Each language's word for "Log out" (the footer of a signed-in page), checked by hand in the catalogs.
LOG_OUT = {"en": "Log out", "nl": "Uitloggen", "de": "Abmelden", "fr": "Se déconnecter", "es": "Cerrar sesión"}


def lang_of(response) -> str:
    page = response.content.decode()
    start = page.index('<html lang="') + len('<html lang="')
    return page[start : page.index('"', start)]


def sign_in(client, user, **headers):
    return client.post(reverse("login"), {"username": user.username, "password": PASSWORD}, headers=headers)


def test_the_accounts_language_follows_the_person_to_a_phone_that_never_chose_one(user):
    Account.keep_language(user, "de")
    phone = Client()  # a fresh phone: no cookie, a French browser
    response = sign_in(phone, user, **{"Accept-Language": "fr"})
    assert response.status_code == 302
    assert response.cookies[COOKIE].value == "de"
    assert response.cookies[COOKIE]["max-age"] == 365 * 24 * 60 * 60
    page = phone.get(reverse("games:home"), headers={"Accept-Language": "fr"})
    assert lang_of(page) == "de"
    assert page["Content-Language"] == "de"


def test_the_accounts_language_wins_over_what_the_phone_was_switched_to(user):
    Account.keep_language(user, "es")
    phone = Client()
    phone.cookies[COOKIE] = "nl"
    sign_in(phone, user)
    assert lang_of(phone.get(reverse("games:home"))) == "es"


def test_a_person_without_a_language_keeps_the_phones_and_the_browsers(user):
    phone = Client()
    response = sign_in(phone, user, **{"Accept-Language": "fr"})
    assert COOKIE not in response.cookies
    assert lang_of(phone.get(reverse("games:home"), headers={"Accept-Language": "fr"})) == "fr"
    phone.cookies[COOKIE] = "nl"
    assert lang_of(phone.get(reverse("games:home"), headers={"Accept-Language": "fr"})) == "nl"
    assert not Account.objects.exists()


def test_a_failed_sign_in_brings_no_language(user):
    Account.keep_language(user, "de")
    response = Client().post(reverse("login"), {"username": user.username, "password": "wrong"})
    assert response.status_code == 200
    assert COOKIE not in response.cookies


def test_the_footers_switch_is_the_signed_in_persons_setting_too(user):
    first = Client()
    first.force_login(user)
    response = first.post(reverse("set_language"), {"language": "fr", "next": "/"})
    assert response.status_code == 302
    assert response.cookies[COOKIE].value == "fr"
    assert Account.language_of(user) == "fr"
    # The second phone, signed in later, speaks it with no switch of its own.
    second = Client()
    sign_in(second, user, **{"Accept-Language": "nl"})
    page = second.get(reverse("games:home"), headers={"Accept-Language": "nl"})
    assert lang_of(page) == "fr"
    assert LOG_OUT["fr"] in page.content.decode()


@pytest.mark.parametrize("language", ["xx", "it", ""])
def test_a_language_the_app_does_not_speak_changes_no_account(user, language):
    Account.keep_language(user, "de")
    client = Client()
    client.force_login(user)
    response = client.post(reverse("set_language"), {"language": language, "next": "/"})
    assert response.status_code == 302
    assert Account.language_of(user) == "de"


def test_an_anonymous_switch_is_kept_on_the_phone_alone(client):
    response = client.post(reverse("set_language"), {"language": "es", "next": "/"})
    assert response.cookies[COOKIE].value == "es"
    assert not Account.objects.exists()
    assert lang_of(client.get(reverse("login"))) == "es"


def test_the_account_page_shows_the_language_kept(scorer, user):
    Account.keep_language(user, "nl")
    page = scorer.get(reverse("games:account-language")).content.decode()
    assert '<option value="nl" selected>Nederlands</option>' in page
    assert '<option value="">None: as this phone or its browser says</option>' in page


def test_the_account_page_keeps_a_language_and_puts_it_on_this_phone(scorer, user):
    response = scorer.post(reverse("games:account-language"), {"language": "de"})
    assert response.status_code == 302
    assert response["Location"] == reverse("games:home")
    assert response.cookies[COOKIE].value == "de"
    assert Account.language_of(user) == "de"
    page = scorer.get(reverse("games:home")).content.decode()
    # Said in the language just chosen.
    assert "Jedes Handy, auf dem du dich anmeldest, spricht jetzt diese Sprache." in page


def test_the_account_page_gives_the_language_back_to_the_phone(scorer, user):
    Account.keep_language(user, "de")
    response = scorer.post(reverse("games:account-language"), {"language": ""})
    assert response.status_code == 302
    assert COOKIE not in response.cookies
    assert Account.language_of(user) == ""
    response = sign_in(Client(), user)
    assert COOKIE not in response.cookies


@pytest.mark.parametrize("data", [{"language": "xx"}, {"language": "it"}, {"language": "e" * 200}])
def test_a_tampered_account_page_changes_nothing(scorer, user, data):
    Account.keep_language(user, "es")
    response = scorer.post(reverse("games:account-language"), data)
    assert response.status_code == 422
    assert Account.language_of(user) == "es"
    assert COOKIE not in response.cookies


def test_the_account_page_is_for_signed_in_people(client):
    response = client.get(reverse("games:account-language"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_the_footer_links_a_signed_in_person_to_their_language(scorer):
    page = scorer.get(reverse("games:home")).content.decode()
    assert f'<a href="{reverse("games:account-language")}">Your language</a>' in page


def test_the_language_belongs_to_the_person_not_to_another(user):
    other = UserFactory()
    Account.keep_language(user, "fr")
    response = sign_in(Client(), other)
    assert COOKIE not in response.cookies
    assert Account.language_of(other) == ""
