"""What the table is told of each change (rules/announce.py), and cards said by name. No database.

Every expected sentence is written by hand; the other languages' through the app's own catalogs."""

import pytest

from rules import GameSetup, HandEntry, play
from rules.announce import announce_change, spoken_taken
from rules.cards import spoken_card
from tests.rules.test_sentences_per_language import translator

NAMES = ["Ann", "Ben", "Cat", "Dan"]
ANN, BEN, CAT, DAN = range(4)


def four(**options) -> GameSetup:
    return GameSetup.create("standard", NAMES, options=options or None)


# Hand 1: Ann 3♥, Ben Q♠ and 2♥, Cat 4♥, Dan 4♥ (Ann 3, Ben 15, Cat 4, Dan 4); Ann deals, Ben next.
FIRST = HandEntry.cards([3, 2, 4, 4], BEN)


@pytest.mark.parametrize(
    ("language", "queen", "ten_of_clubs", "ace_of_hearts"),
    [
        ("en", "queen of spades", "ten of clubs", "ace of hearts"),
        ("nl", "schoppenvrouw", "klaverentien", "hartenaas"),
        ("de", "Pik-Dame", "Kreuz-Zehn", "Herz-Ass"),
        ("fr", "dame de pique", "dix de trèfle", "as de cœur"),
        ("es", "dama de picas", "diez de tréboles", "as de corazones"),
    ],
)
def test_a_card_is_said_by_its_name_as_each_country_says_it(language, queen, ten_of_clubs, ace_of_hearts):
    reader = translator(language)
    said = [spoken_card(card).in_language(reader) for card in ("Q♠", "10♣", "A♥")]
    assert said == [queen, ten_of_clubs, ace_of_hearts]


def test_a_players_cards_are_said_with_the_single_cards_first():
    setup = four()
    assert spoken_taken(setup, FIRST, BEN) == "queen of spades and 2 hearts"
    assert spoken_taken(setup, FIRST, ANN) == "3 hearts"
    assert spoken_taken(setup, HandEntry.cards([12, 1, 0, 0], ANN), BEN) == "1 heart"
    assert spoken_taken(setup, HandEntry.cards([13, 0, 0, 0], ANN), BEN) == ""


def test_a_recorded_hand_is_said_with_the_totals_and_the_next_deal():
    state = play(four(), [FIRST])
    assert announce_change(state, "added", 1) == (
        "Hand 1 recorded: Ann 3 hearts; Ben queen of spades and 2 hearts; Cat 4 hearts; Dan 4 hearts. "
        "Totals: Ann 3, Ben 15, Cat 4, Dan 4. Next: Ben deals, pass right."
    )


def test_a_changed_hand_is_said_as_it_now_is():
    state = play(four(), [HandEntry.cards([3, 2, 4, 4], CAT)])
    assert announce_change(state, "edited", 1) == (
        "Hand 1 changed: Ann 3 hearts; Ben 2 hearts; Cat queen of spades and 4 hearts; Dan 4 hearts. "
        "Totals: Ann 3, Ben 2, Cat 17, Dan 4. Next: Ben deals, pass right."
    )


def test_a_deleted_hand_is_said_with_the_totals_left():
    state = play(four(), [FIRST])
    assert announce_change(state, "deleted", 2) == (
        "Hand 2 deleted. Totals: Ann 3, Ben 15, Cat 4, Dan 4. Next: Ben deals, pass right."
    )


def test_a_moon_is_said_with_the_choice_made():
    state = play(four(moon="choice"), [FIRST, HandEntry.cards([0, 0, 13, 0], CAT, moon="subtract")])
    assert announce_change(state, "added", 2) == (
        "Hand 2 recorded: Cat queen of spades and 13 hearts. Cat shot the moon: subtract. "
        "Totals: Ann 3, Ben 15, Cat \u221222, Dan 4. Next: Cat deals, pass across."
    )


def test_the_end_is_said_with_its_winner_instead_of_a_next_deal():
    state = play(four(target=20), [FIRST, HandEntry.cards([0, 12, 1, 0], BEN)])
    assert announce_change(state, "added", 2) == (
        "Hand 2 recorded: Ben queen of spades and 12 hearts; Cat 1 heart. "
        "Totals: Ann 3, Ben 40, Cat 5, Dan 4. Game over: Ann wins the game: Ben passes 20."
    )


def test_a_declaration_and_its_taking_back_are_said():
    state = play(four(), [FIRST])
    assert announce_change(state, "declared", 0, "null") == (
        "The game is declared null: no winner, in no standings. Totals: Ann 3, Ben 15, Cat 4, Dan 4."
    )
    assert announce_change(state, "reopened", 0) == (
        "The declaration is taken back: the game goes on. Totals: Ann 3, Ben 15, Cat 4, Dan 4. "
        "Next: Ben deals, pass right."
    )


def test_a_change_that_moves_no_score_is_not_said():
    state = play(four(), [FIRST])
    assert announce_change(state, "redated", 0) == ""
    assert announce_change(state, "merged", 0) == ""


def test_the_announcement_is_in_the_readers_language():
    state = play(four(), [FIRST])
    assert announce_change(state, "added", 1).in_language(translator("fr")) == (
        "Donne 1 enregistrée\u00a0: Ann 3 cœurs\u00a0; Ben dame de pique et 2 cœurs\u00a0; Cat 4 cœurs\u00a0; "
        "Dan 4 cœurs. Totaux\u00a0: Ann 3, Ben 15, Cat 4, Dan 4. Ensuite\u00a0: Ben distribue, passer\u00a0: droite."
    )
