"""The hand form shows cards with the ranks the reader's language prints (rules.cards.shown_card; GLOSSARY.md).

The catalogs get the "card rank" letters after this lands (issue 25): these
tests give Dutch its letters by hand, as the glossary says them, and check
that the form's values and test ids keep the engine's codes.
"""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation

from tests.factories import make_game
from tests.rules.test_card_ranks import glossary_ranks

pytestmark = pytest.mark.django_db


@pytest.fixture
def dutch_cards(monkeypatch):
    """Dutch with its card ranks in the catalog (msgctxt "card rank"), as the glossary gives them."""
    dutch = translation.trans_real.translation("nl")
    keep = dutch.gettext
    letters = {f"card rank\x04{english}": letter for english, letter in glossary_ranks()["nl"].items()}
    monkeypatch.setattr(dutch, "gettext", lambda message: letters.get(message) or keep(message))


def test_the_card_filter_shows_the_languages_letters(dutch_cards):
    template = Template(
        "{% load cards %}{{ 'Q♠'|card }} {{ 'J♦'|card }} {{ '10♣'|card }} {{ 'K'|rank }} {{ '7'|rank }}"
    )
    with translation.override("nl"):
        assert template.render(Context()) == "V♠ B♦ 10♣ H 7"
    with translation.override("en"):
        assert template.render(Context()) == "Q♠ J♦ 10♣ K 7"


def test_a_dutch_scorer_taps_who_took_the_v_and_the_form_sends_the_queens_code(client, user, league, dutch_cards):
    game = make_game(league, "omnibus")
    client.force_login(user)
    page = client.get(reverse("games:hand-new", args=[game.pk]), headers={"Accept-Language": "nl"}).content.decode()
    # Shown as the Dutch letter, read by the Dutch name.
    assert '<span class="visually-hidden">Wie pakte de </span><span aria-hidden="true">V♠</span>' in page
    assert '<span class="visually-hidden">schoppenvrouw</span>' in page
    assert '<span class="visually-hidden">Wie pakte de </span><span aria-hidden="true">B♦</span>' in page
    assert 'data-single-card="Q♠"' in page
    assert 'data-single-card="J♦"' in page
    assert ">Q♠<" not in page
    english = client.get(reverse("games:hand-new", args=[game.pk]), headers={"Accept-Language": "en"})
    assert (
        '<span class="visually-hidden">Who took the </span><span aria-hidden="true">Q♠</span>'
        in english.content.decode()
    )


def test_hearts_by_rank_show_dutch_letters_and_send_english_ranks(client, user, league, dutch_cards):
    game = make_game(league, "spot")
    client.force_login(user)
    page = client.get(reverse("games:hand-new", args=[game.pk]), headers={"Accept-Language": "nl"}).content.decode()
    assert 'value="Q" data-points="12"' in page  # the form still sends "Q"
    assert re.search(r'id="ranks_0-Q"[^>]*data-shown="V">', page)  # and the typed summary says V
    assert 'data-testid="ranks_0-Q">V</label>' in page
    assert 'data-testid="ranks_0-K">H</label>' in page
    assert 'data-testid="ranks_0-10">10</label>' in page


@pytest.mark.parametrize("language", ["nl", "de", "fr", "es"])
def test_a_catalogs_card_ranks_are_the_glossarys_once_translated(language):
    """Until the catalogs carry the letters each rank shows in English; from then on, the glossary's letter."""
    expected = glossary_ranks()[language]
    with translation.override(language):
        for english, letter in expected.items():
            assert translation.pgettext("card rank", english) in {english, letter}
