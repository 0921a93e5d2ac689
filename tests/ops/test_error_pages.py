"""The app's own 400, 403, 404, 500 and 503 pages, in the reader's language with its <html lang> (issue 36).

Django's defaults were English pages with lang="en" (or none). 400 and 500 are
rendered with no request context and, for a 500, perhaps no database: their
template (error_page.html) asks for nothing but the language.
"""

import pytest
from django.conf import settings
from django.core.exceptions import SuspiciousOperation
from django.db import OperationalError
from django.test import RequestFactory
from django.utils import translation

from games.views import errors
from tests.ops.test_languages import lang_of

pytestmark = pytest.mark.django_db

LANGUAGES = [code for code, _name in settings.LANGUAGES]
# Each page's heading in each language (the catalogs' words, read by hand).
NOT_FOUND = {"en": "Not found", "nl": "Niet gevonden", "de": "Nicht gefunden", "fr": "Introuvable",
             "es": "No encontrada"}  # fmt: skip
BAD_REQUEST = {
    "en": "The app could not read that request",
    "nl": "De app kon dat verzoek niet lezen",
    "de": "Die App konnte diese Anfrage nicht lesen",
    "fr": "L'application n'a pas pu lire cette requête",
    "es": "La aplicación no pudo leer esa solicitud",
}
SERVER_ERROR = {
    "en": "Something went wrong on the server",
    "nl": "Er ging iets mis op de server",
    "de": "Auf dem Server ist etwas schiefgegangen",
    "fr": "Un problème est survenu sur le serveur",
    "es": "Algo salió mal en el servidor",
}
UNAVAILABLE = {
    "en": "The server could not save or load anything just now",
    "de": "Der Server konnte gerade nichts speichern oder laden",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_page_that_is_not_there_is_the_apps_404_in_the_readers_language(client, language):
    response = client.get("/no/such/page/", headers={"Accept-Language": language})
    assert response.status_code == 404
    assert lang_of(response) == language
    page = response.content.decode()
    assert f'<h1 class="h3">{NOT_FOUND[language]}</h1>' in page
    if language != "en":
        assert "Not Found" not in page
        assert "Not found" not in page


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bad_request_is_the_apps_400_in_the_readers_language(language):
    request = RequestFactory().get("/")
    with translation.override(language):
        response = errors.bad_request(request, SuspiciousOperation("tampered"))
    assert response.status_code == 400
    assert lang_of(response) == language
    assert BAD_REQUEST[language] in response.content.decode().replace("&#x27;", "'")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_server_error_is_the_apps_500_in_the_readers_language(language):
    request = RequestFactory().get("/")
    with translation.override(language):
        response = errors.server_error(request)
    assert response.status_code == 500
    assert lang_of(response) == language
    assert SERVER_ERROR[language] in response.content.decode()


def test_the_500_page_needs_no_database(django_assert_num_queries):
    request = RequestFactory().get("/")
    with django_assert_num_queries(0), translation.override("fr"):
        assert errors.server_error(request).status_code == 500


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_database_down_is_the_503_in_the_readers_language(language):
    request = RequestFactory().get("/")
    try:
        raise OperationalError("connection refused")
    except OperationalError:
        with translation.override(language):
            response = errors.server_error(request)
    assert response.status_code == 503
    assert lang_of(response) == language
    assert UNAVAILABLE[language] in response.content.decode()
