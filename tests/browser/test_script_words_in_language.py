"""What the page's scripts say is in the page's language (issue 36): the share panel's "Link copied."
and the lost connection's warning were English sentences in static/js, the same on a German or
French page. Each now reads its words from the page, translated where the page was rendered."""

from __future__ import annotations

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def in_language(phone: Page, live_server, language: str) -> Page:
    phone.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}])
    return phone


@pytest.mark.parametrize(
    ("language", "copied"), [("en", "Link copied."), ("de", "Link kopiert."), ("fr", "Lien copié.")]
)
def test_copying_the_share_link_is_said_in_the_pages_language(phone: Page, live_server, league, language, copied):
    game = make_game(league, "standard", first_dealer=0)
    phone.context.grant_permissions(["clipboard-read", "clipboard-write"])
    in_language(phone, live_server, language).goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.get_by_test_id("share-open").click()
    phone.get_by_test_id("copy-link").click()
    expect(phone.locator("[data-copy-status]")).to_have_text(copied)


@pytest.mark.parametrize(
    ("language", "warning"),
    [
        ("nl", "De server is niet bereikbaar. Controleer de verbinding en probeer het opnieuw."),
        ("es", "No se pudo conectar con el servidor. Comprueba la conexión e inténtalo de nuevo."),
    ],
)
def test_a_lost_connection_is_reported_in_the_pages_language(phone: Page, live_server, league, language, warning):
    game = make_game(league, "standard", first_dealer=0)
    in_language(phone, live_server, language).goto(f"{live_server.url}{game.get_absolute_url()}")
    phone.route("**/share/**", lambda route: route.abort("internetdisconnected"))
    phone.get_by_test_id("share-open").click()
    expect(phone.locator("[data-connection-alert]")).to_have_text(warning)
