"""The engine's sentences reach the game's screens in the reader's language (issue 25).

The catalogs are translated after the sentences are marked, so these tests put a translator
of their own in place of Django's (rules.i18n.install) and read the page: what they check is
that the screens show the engine's sentence through the translator, never its English copy.
"""

import pytest
from django.urls import reverse

from games.models import Hand
from rules import i18n
from tests.factories import make_game

BEN = 1


class Shouting:
    """A translator whose every sentence is its English in capitals, fields left as they are."""

    def gettext(self, message):
        return _upper_outside_fields(message)

    def ngettext(self, singular, plural, number):
        return _upper_outside_fields(singular if number == 1 else plural)


def _upper_outside_fields(text):
    out, depth = [], 0
    for character in text:
        depth += character == "{"
        out.append(character if depth else character.upper())
        depth -= character == "}"
    return "".join(out)


@pytest.fixture
def shouting():
    before = i18n.installed()
    i18n.install(Shouting())
    yield
    i18n.install(before)


def test_a_refused_hand_shows_the_engines_error_through_the_translator(scorer, league, shouting):
    game = make_game(league)
    data = {"number": "1", "action": "cards", "queen": str(BEN)}
    data.update({f"hearts_{seat}": str(count) for seat, count in enumerate([3, 0, 9, 0])})
    response = scorer.post(reverse("games:hand-new", args=[game.pk]), data)
    assert response.status_code == 422
    assert "HEARTS ADD UP TO 12; 13 ARE IN PLAY" in response.content.decode()
    assert Hand.objects.count() == 0


def test_the_game_page_shows_the_next_deal_through_the_translator(scorer, league, shouting):
    game = make_game(league)
    page = scorer.get(game.get_absolute_url()).content.decode()
    assert "PASS 3 CARDS TO THE LEFT" in page
    assert "Pass 3 cards to the left" not in page
