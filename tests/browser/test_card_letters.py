"""The Record bar's question names the card as the button beside it does, in each language (issue 36).

The bar's sentence is put together by static/js/hand_form.js from the rows' data-card-shown (the
reader's letters); it read data-single-card, the engine's code, and asked a German table
"Wer hat Q♠ genommen?" beside a D♠ button.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Written by hand from the catalogs' "Who took the {cards}?" and the glossary's letters.
ASKED = {
    "en": ("Q♠", "Who took the Q♠?"),
    "nl": ("V♠", "Wie pakte de V♠?"),
    "de": ("D♠", "Wer hat D♠ genommen?"),
    "fr": ("D♠", "Qui a pris D♠\u00a0?"),
    "es": ("Q♠", "¿Quién se llevó Q♠?"),
}


def test_the_record_bar_asks_for_the_queen_by_the_letter_on_its_button(phone: Page, live_server, league):
    game = make_game(league)
    for language, (queen, asked) in ASKED.items():
        phone.set_extra_http_headers({"Accept-Language": language})
        phone.goto(f"{live_server.url}{game.get_absolute_url()}")
        expect(phone.locator('[data-single-card="Q♠"] legend')).to_contain_text(queen)
        for seat, hearts in ((0, "10"), (1, "16")):
            phone.locator(f"input[name='hearts_{seat}']").fill(hearts)
        expect(phone.locator("[data-entry-status]")).to_contain_text(asked)
