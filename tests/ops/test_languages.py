"""The language a page is in: the browser's, the footer's switch, or the league's for what it shows as itself.

Every HTML page of the route table says which language it is in (<html lang>), in every language.
"""

import pytest
from django.conf import settings
from django.urls import reverse

from games.models import League
from tests.ops.routes import ROUTES

pytestmark = pytest.mark.django_db

LANGUAGES = [code for code, _name in settings.LANGUAGES]
# Each language's word for "Log in" (locale/*/django.po, the first translated slice), checked by hand.
LOG_IN = {"en": "Log in", "nl": "Inloggen", "de": "Anmelden", "fr": "Se connecter", "es": "Iniciar sesión"}


def lang_of(response) -> str:
    page = response.content.decode()
    start = page.index('<html lang="') + len('<html lang="')
    return page[start : page.index('"', start)]


def test_the_app_offers_english_dutch_german_french_and_spanish():
    assert LANGUAGES == ["en", "nl", "de", "fr", "es"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_browsers_language_is_the_pages(client, language):
    response = client.get(reverse("login"), headers={"Accept-Language": f"{language},en;q=0.5"})
    assert response.status_code == 200
    assert lang_of(response) == language
    assert response["Content-Language"] == language
    assert f">{LOG_IN[language]}</a>" in client.get("/", headers={"Accept-Language": language}).content.decode()


@pytest.mark.parametrize("accept", ["", "ja,zh;q=0.8", "*", "x" * 300, "nl-BE,nl;q=0.9"])
def test_a_language_the_app_does_not_speak_gives_english_and_a_regional_one_its_language(client, accept):
    response = client.get(reverse("login"), headers={"Accept-Language": accept})
    assert response.status_code == 200
    assert lang_of(response) == ("nl" if accept.startswith("nl") else "en")


def test_the_switch_keeps_the_language_over_the_browsers(client):
    response = client.post(reverse("set_language"), {"language": "de", "next": "/"}, headers={"Accept-Language": "fr"})
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME]["max-age"] == 365 * 24 * 60 * 60
    # The next pages, whatever the browser says.
    for _ in range(2):
        page = client.get("/", headers={"Accept-Language": "fr"})
        assert lang_of(page) == "de"
        assert ">Anmelden</a>" in page.content.decode()


@pytest.mark.parametrize(
    "data", [{"language": "xx", "next": "/"}, {"language": ["nl", "de"]}, {"next": "https://evil.example/"}, {}]
)
def test_a_tampered_switch_changes_nothing_and_is_no_error(client, data):
    response = client.post(reverse("set_language"), data)
    assert response.status_code in (204, 302)
    if response.status_code == 302:
        assert response["Location"] == "/"
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies or data.get("language") == ["nl", "de"]


def test_the_switch_is_in_the_footer_with_each_language_named_in_itself(client):
    page = client.get(reverse("login"), headers={"Accept-Language": "nl"}).content.decode()
    assert (
        f'<form class="language-switch" method="post" action="{reverse("set_language")}" data-language-switch>' in page
    )
    assert '<option value="nl" lang="nl" selected>Nederlands</option>' in page
    assert '<option value="fr" lang="fr">Français</option>' in page
    assert 'name="next" value="/accounts/login/"' in page


@pytest.mark.parametrize("league_language", ["fr", ""])
def test_the_league_language_is_its_public_pages_whatever_the_reader_speaks(table, league_language):
    League.objects.filter(pk=table.league.pk).update(language=league_language)
    url = reverse("games:public-standings", args=[table.league.public_token])
    response = table.client("anonymous").get(url, headers={"Accept-Language": "nl"})
    assert response.status_code == 200
    assert lang_of(response) == (league_language or "nl")


def test_the_league_language_is_its_printed_score_pad_and_not_its_members_pages(table):
    League.objects.filter(pk=table.league.pk).update(language="es")
    client = table.client("viewer")
    pad = client.get(reverse("games:game-pad", args=[table.game.pk]), headers={"Accept-Language": "de"})
    assert lang_of(pad) == "es"
    page = client.get(reverse("games:game-detail", args=[table.game.pk]), headers={"Accept-Language": "de"})
    assert lang_of(page) == "de"


PAGES = [route for route in ROUTES if route.html]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_says_its_language(table, language):
    """Each HTML page of the route table, as the visitor who may read it, in each language."""
    seen = 0
    for route in PAGES:
        role = "public" if route.token else "organizer"
        if route.get.get(role) != 200:
            role = next(
                (role for role in ("scorer", "viewer", "outsider", "anonymous") if route.get.get(role) == 200), None
            )
        if role is None:
            continue
        response = table.client(role).get(
            route.url(table, role), route.query(table), headers={"Accept-Language": language}
        )
        assert response.status_code == 200, route.name
        if not response["Content-Type"].startswith("text/html") or b"<html" not in response.content:
            continue  # an HTMX partial or a file
        assert lang_of(response) == language, route.name
        seen += 1
    assert seen >= 30


@pytest.mark.parametrize(
    ("language", "expected"), [("en", "2.5"), ("nl", "2,5"), ("de", "2,5"), ("fr", "2,5"), ("es", "2,5")]
)
def test_a_figure_is_written_as_the_language_writes_numbers(language, expected):
    from django.utils import translation

    from games.rounding import rounded, shown

    with translation.override(language):
        assert shown(2.45, 1) == expected  # half away from zero, as games.rounding does
        assert shown(None) == "–"
        assert rounded(2.45, 1) == "2.5"  # files and the share image keep the point


# The next deal in each language, through Django's catalogs (locale/*/django.po), checked by hand.
NEXT_DEAL = {
    "en": ("Pass 3 cards to the left", "Ann leads", "Whoever holds the 2♣ leads", "no passing"),
    "nl": ("Geef 3 kaarten door naar links", "Ann komt uit", "Wie de 2♣ heeft, komt uit", "niet doorgeven"),
    "de": ("3 Karten nach links weitergeben", "Ann spielt aus", "Wer die 2♣ hat, spielt aus", "kein Weitergeben"),
    "fr": ("Passer 3 cartes à gauche", "Ann entame", "Celui qui a le 2♣ entame", "pas d'échange"),
    "es": ("Pasar 3 cartas a la izquierda", "Sale Ann", "Sale quien tenga el 2♣", "sin pase"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_engines_next_deal_sentences_are_shown_in_each_language(language):
    from django.utils import translation

    from rules import GameSetup
    from rules.describe import describe_direction, describe_leader, describe_passes

    setup = GameSetup.create("standard", ["Ann", "Ben", "Cat", "Dan"])
    ricketts = GameSetup.create("ricketts", ["Ben", "Ann", "Cat", "Dan"])
    direction, leader, lowest, hold = NEXT_DEAL[language]
    with translation.override(language):
        assert str(describe_direction(setup.deal(1))) == direction
        assert f"{describe_leader(ricketts, ricketts.deal(1))}" == leader
        assert str(describe_leader(setup, setup.deal(1))) == lowest
        assert str(describe_passes(setup, setup.deal(4))) == hold
    # The engine's own value stays English (its tests, JSON, logs).
    assert describe_direction(setup.deal(1)) == NEXT_DEAL["en"][0]


def test_the_next_deal_panel_is_dutch_for_a_dutch_reader(client, user, league):
    from tests.factories import make_game

    game = make_game(league, "standard")
    client.force_login(user)
    page = client.get(game.get_absolute_url(), headers={"Accept-Language": "nl"}).content.decode()
    assert "Geef 3 kaarten door naar links" in page
    assert "Wie de 2♣ heeft, komt uit" in page
    assert "Pass 3 cards" not in page
