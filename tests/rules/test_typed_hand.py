"""rules.typed_hand: a hand typed in one line reads as the hand the form would have tapped.

Each expected entry is worked out by hand from RULES.md: 13 hearts in one deck,
the Q♠ with its taker, a moon is every heart and the Q♠ to one player.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import GameSetup, HandEntry
from rules.typed_hand import TypedLineError, read_line
from tests.fuzzing import examples

FOUR = GameSetup.create("standard", ["Ann", "Ben", "Cat", "Dan"])
CHOOSE = GameSetup.create("standard", ["Ann", "Ben", "Cat", "Dan"], {"moon": "choice"})
OMNIBUS = GameSetup.create("omnibus", ["Ann", "Ben", "Cat", "Dan"])
ANN, BEN, CAT, DAN = range(4)


def test_the_issues_example_line_is_the_tapped_hand():
    # Ann 3, Cat 4, Dan the rest: 13 - 3 - 4 = 6; Ben took the queen and no heart.
    understood = read_line(FOUR, "q ben; ann 3; cat 4; rest dan")
    assert understood.entry == HandEntry.cards([3, 0, 4, 6], BEN)
    assert str(understood.summary) == "Q♠ Ben; hearts Ann 3, Cat 4, Dan 6"


def test_a_moon_with_the_tables_choice():
    understood = read_line(CHOOSE, "moon ben add")
    assert understood.entry == HandEntry.cards([0, 13, 0, 0], BEN, moon="add")
    assert read_line(CHOOSE, "moon Be subtract").entry == HandEntry.cards([0, 13, 0, 0], BEN, moon="subtract")


def test_a_moon_where_the_house_rule_decides_needs_no_choice():
    assert read_line(FOUR, "moon dan").entry == HandEntry.cards([0, 0, 0, 13], DAN)


def test_the_line_is_forgiving_about_order_case_accents_and_commas():
    assert read_line(FOUR, "  ANN 3 , 4 cat ;REST dan;Q b ").entry == HandEntry.cards([3, 0, 4, 6], BEN)
    accented = GameSetup.create("standard", ["Zoë", "Ben", "Cat"])
    assert read_line(accented, "q zoe; zoe 13").entry == HandEntry.cards([13, 0, 0], 0)


def test_the_jack_and_a_revoke():
    # Omnibus: Cat took the J♦; the hearts all to Ann, the queen to Dan.
    assert read_line(OMNIBUS, "ann 13; q dan; j cat").entry == HandEntry.cards([13, 0, 0, 0], DAN, jack=CAT)
    assert read_line(FOUR, "revoke cat").entry == HandEntry.revoked(CAT)


def test_a_languages_own_words_are_read_beside_englishs():
    german = {"d": "queen", "dame": "queen", "rest": "rest", "mond": "moon", "addieren": "add"}
    assert read_line(FOUR, "d ben; ann 3; cat 4; rest dan", german).entry == HandEntry.cards([3, 0, 4, 6], BEN)
    assert read_line(CHOOSE, "mond ben addieren", german).entry == HandEntry.cards([0, 13, 0, 0], BEN, moon="add")
    assert read_line(FOUR, "q ben; ann 13", german).entry == HandEntry.cards([13, 0, 0, 0], BEN)


@pytest.mark.parametrize(
    ("line", "word", "message"),
    [
        ("q bem; ann 13", "bem", "“bem” is not a player of this game"),
        ("ann three; q ben", "three", "“three” is not a number of hearts"),
        ("moon ben sideways", "sideways", "“sideways” is not add or subtract"),
        ("q ben; q ann", "q", "“q” is said twice"),
        ("ann 3; ann 4", "ann", "Ann's hearts are said twice"),
    ],
)
def test_a_word_it_cannot_read_is_refused_by_name(line, word, message):
    with pytest.raises(TypedLineError) as refused:
        read_line(CHOOSE, line)
    assert refused.value.word == word
    assert str(refused.value.message) == message


def test_two_players_starting_alike_are_not_guessed():
    alike = GameSetup.create("standard", ["Anna", "Anne", "Ben"])
    with pytest.raises(TypedLineError) as refused:
        read_line(alike, "q ann; ben 13")
    assert str(refused.value.message) == "“ann” could be any of Anna, Anne"
    assert read_line(alike, "q anne; ben 13").entry == HandEntry.cards([0, 0, 13], 1)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("", "Type the hand, e.g. “q ben; ann 3; cat 4; rest dan”"),
        ("revoke cat; q ben", "A revoke is the whole hand: nothing else goes with it"),
        ("moon ben; ann 3", "A moon is every heart and the Q♠ to one player: no other hearts go with it"),
        ("q ben ann", "“q ben ann”: one name after “q”"),
    ],
)
def test_a_line_that_says_too_much_or_nothing_is_refused(line, message):
    with pytest.raises(TypedLineError) as refused:
        read_line(CHOOSE, line)
    assert str(refused.value.message) == message


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.integers(0, 3), min_size=13, max_size=13), st.integers(0, 3))
def test_any_tapped_hand_typed_as_a_line_reads_back_as_itself(takers, queen):
    # A hand as the form taps it (each heart to someone, the queen to someone), typed the long way.
    hearts = [takers.count(seat) for seat in range(4)]
    said = [f"{name} {count}" for name, count in zip(FOUR.players, hearts, strict=True)]
    assert read_line(FOUR, "; ".join([f"q {FOUR.players[queen]}", *said])).entry == HandEntry.cards(hearts, queen)
    # The short way: the last player takes the rest.
    short = "; ".join([f"q {FOUR.players[queen]}", *said[:3], f"rest {FOUR.players[3]}"])
    assert read_line(FOUR, short).entry == HandEntry.cards(hearts, queen)
