"""Cards shown with the ranks each language prints on its cards (docs/GLOSSARY.md), the codes kept English.

The catalogs are filled after the strings are marked (issue 25), so these
tests use a small translator of their own; the glossary's own table is read
for the Dutch letters.
"""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path

import pytest

from rules import i18n
from rules.cards import DECK, RANK_LETTERS, read_card, read_rank, shown_card, shown_rank
from rules.i18n import English, Message

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "GLOSSARY.md"


def glossary_ranks() -> dict[str, dict[str, str]]:
    """The glossary's "Ranks as printed on the cards": {language: {English letter: that language's}}."""
    section = GLOSSARY.read_text(encoding="utf-8").split("## Ranks as printed on the cards", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    languages = [cell.strip() for cell in rows[0].strip("|").split("|")][1:]
    letters: dict[str, dict[str, str]] = {language: {} for language in languages}
    for row in rows[2:]:
        english, *cells = (re.match(r"\s*(\S+)", cell)[1] for cell in row.strip("|").split("|"))
        for language, letter in zip(languages, cells, strict=True):
            letters[language][english] = letter
    return letters


class CardTranslator(English):
    """A language whose catalog holds only the card ranks (context "card rank"), as the glossary gives them."""

    def __init__(self, letters: dict[str, str]) -> None:
        self.letters = letters
        self.asked: list[tuple[str, str]] = []

    def pgettext(self, context: str, message: str, /) -> str:
        self.asked.append((context, message))
        return self.letters.get(message, message) if context == "card rank" else message


def test_the_glossary_gives_dutch_cards_b_v_h_and_a():
    # Checked by hand against the glossary: boer, vrouw, heer, aas.
    assert glossary_ranks()["nl"] == {"J": "B", "Q": "V", "K": "H", "A": "A"}
    assert glossary_ranks()["de"] == {"J": "B", "Q": "D", "K": "K", "A": "A"}
    assert glossary_ranks()["fr"] == {"J": "V", "Q": "D", "K": "R", "A": "A"}
    assert glossary_ranks()["es"] == {"J": "J", "Q": "Q", "K": "K", "A": "A"}


def test_a_dutch_reader_sees_the_dutch_letters_the_glossary_gives():
    dutch = CardTranslator(glossary_ranks()["nl"])
    shown = [shown_card(card) for card in ("J♦", "Q♠", "K♥", "A♣", "10♣", "2♥")]
    assert [str(card.in_language(dutch)) if isinstance(card, Message) else card for card in shown] == [
        "B♦",
        "V♠",
        "H♥",
        "A♣",
        "10♣",
        "2♥",
    ]
    assert ("card rank", "Q") in dutch.asked  # asked with its meaning, not the bare letter


def test_french_and_german_queens_and_kings():
    assert shown_card("Q♠").in_language(CardTranslator(glossary_ranks()["de"])) == "D♠"
    assert shown_card("K♦").in_language(CardTranslator(glossary_ranks()["fr"])) == "R♦"
    assert shown_card("J♦").in_language(CardTranslator(glossary_ranks()["fr"])) == "V♦"


def test_the_cards_value_stays_the_engines_code_for_json_and_scoresheets():
    for card in DECK:
        shown = shown_card(card)
        assert shown == card
        assert json.loads(json.dumps({"queen": shown})) == {"queen": card}
    assert pickle.loads(pickle.dumps(shown_card("Q♠"))).in_language(CardTranslator({"Q": "V"})) == "V♠"


def test_english_shows_the_english_letters_and_numbers_are_never_translated():
    english = English()
    assert shown_card("Q♠").in_language(english) == "Q♠"
    assert str(shown_card("K♥")) == "K♥"  # the engine installs no translator: English
    asking = CardTranslator({})
    for rank in ("2", "9", "10"):
        assert shown_rank(rank) == rank
        assert shown_card(f"{rank}♠") == f"{rank}♠"
    assert asking.asked == []


def test_every_letter_rank_is_marked_with_the_card_rank_context():
    """makemessages gathers them as msgctxt "card rank" (pgettext), apart from any other "A" or "Q"."""
    assert sorted(RANK_LETTERS) == ["A", "J", "K", "Q"]
    for letter, marked in RANK_LETTERS.items():
        assert isinstance(marked, Message)
        assert (marked.context, marked.msgid) == ("card rank", letter)
    source = (Path(__file__).resolve().parents[2] / "rules" / "cards.py").read_text(encoding="utf-8")
    for letter in RANK_LETTERS:
        assert f'pgettext("card rank", "{letter}")' in source


def test_a_translator_without_pgettext_shows_the_english_letter_not_another_meanings():
    class Plain:
        def gettext(self, message: str, /) -> str:
            return {"Q": "Quality"}.get(message, message)  # another "Q", not the card's

        def ngettext(self, singular: str, plural: str, number: int, /) -> str:
            return singular

    assert shown_card("Q♠").in_language(Plain()) == "Q♠"


def test_a_hand_in_the_history_shows_its_cards_as_the_readers_deck_prints_them():
    """describe_entry's cards (a hand's line in the history and the activity log), charges included."""
    from rules import HandEntry, describe, play
    from rules.setup import GameSetup

    setup = GameSetup.create("turbo", ["Ann", "Ben", "Cat", "Dan"], {})
    entry = HandEntry.from_stored({"hearts": [3, 0, 10, 0], "queen": 1, "jack": 2, "ten": 3, "charged": ["A♥", "Q♠"]})
    play(setup, [entry])  # a hand the engine takes
    line = describe.describe_entry(setup, entry)
    assert str(line) == "Ann 3♥, Ben Q♠, Cat 10♥ J♦, Dan 10♣ (charged A♥ Q♠)"  # English: the codes
    dutch = CardTranslator(glossary_ranks()["nl"])
    assert line.in_language(dutch) == "Ann 3♥, Ben V♠, Cat 10♥ B♦, Dan 10♣ (charged A♥ V♠)"


@pytest.fixture
def reader():
    """Installs a glossary language's card letters as the reader's, then English again."""
    before = i18n.installed()
    yield lambda language: i18n.install(CardTranslator(glossary_ranks()[language]))
    i18n.install(before)


@pytest.mark.parametrize(
    ("language", "typed", "card"),
    [
        ("nl", "Vs", "Q♠"),  # vrouw
        ("nl", "hh", "K♥"),  # heer of hearts: the rank's H, then the suit's h
        ("nl", "B♣", "J♣"),  # boer
        ("de", "D♠", "Q♠"),  # Dame
        ("de", "bd", "J♦"),  # Bube
        ("fr", "Vh", "J♥"),  # valet: the French V is the jack
        ("fr", "R ♠", "K♠"),  # roi
        ("fr", "Ds", "Q♠"),  # dame
        # The English letters stay good in every language.
        ("nl", "Qs", "Q♠"),
        ("fr", "ks", "K♠"),
        ("de", "10d", "10♦"),
    ],
)
def test_a_card_is_read_in_the_readers_letters_too(reader, language, typed, card):
    reader(language)
    assert read_card(typed) == card


def test_a_letter_of_another_language_is_no_card_in_english():
    assert read_card("Vs") is None
    assert read_card("Rh") is None
    assert read_rank("D") is None
    assert read_rank("q") == "Q"
