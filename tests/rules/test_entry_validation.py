"""What the engine says about a hand entry that cannot be scored, field by field."""

from dataclasses import replace

import pytest

from rules import EntryError, FieldError, HandEntry, HandError, play
from tests.rules.table import cards, moon, revoke, setup


def problems(game, entry, before=()):
    """The errors an entry gets as the hand after `before`."""
    return play(game, list(before)).check(entry)


def test_a_complete_hand_has_no_problems():
    game = setup("standard")
    assert problems(game, cards(game, {"Ann": 3, "Cat": 10}, queen="Ben")) == []


def test_hearts_must_add_up_to_thirteen():
    game = setup("standard")
    assert problems(game, cards(game, {"Ann": 3, "Cat": 9}, queen="Ben")) == [
        FieldError("hearts", "Hearts add up to 12; 13 are in play")
    ]
    assert problems(game, cards(game, {"Ann": 13, "Cat": 1}, queen="Ben")) == [
        FieldError("hearts", "Hearts add up to 14; 13 are in play")
    ]


def test_hearts_must_add_up_to_twenty_six_in_three_d():
    game = setup("3d", 3)
    assert problems(game, cards(game, {"Ann": 13}, queen="Ben", jack="Cat")) == [
        FieldError("hearts", "Hearts add up to 13; 26 are in play")
    ]


def test_a_kitty_does_not_change_the_hearts_in_play():
    game = setup("standard", 3, deal="kitty")
    assert problems(game, cards(game, {"Ann": 12}, queen="Ben")) == [
        FieldError("hearts", "Hearts add up to 12; 13 are in play")
    ]


def test_nobody_takes_fewer_than_no_hearts():
    game = setup("standard")
    assert problems(game, cards(game, {"Ann": -1, "Cat": 14}, queen="Ben")) == [
        FieldError("hearts", "Ann can't take fewer than 0 hearts")
    ]


@pytest.mark.parametrize("count", [1.5, "3", None, True])
def test_hearts_must_be_whole_numbers(count):
    game = setup("standard")
    entry = HandEntry.cards([count, 13, 0, 0], queen=1)
    assert [error.field for error in problems(game, entry)] == ["hearts"]


def test_every_player_needs_a_hearts_count():
    game = setup("standard")
    assert problems(game, HandEntry.cards([13, 0, 0], queen=1)) == [
        FieldError("hearts", "Enter the hearts taken by each of the 4 players")
    ]


def test_someone_must_have_taken_the_queen_of_spades():
    game = setup("standard")
    assert problems(game, HandEntry.cards([3, 0, 10, 0], queen=None)) == [FieldError("queen", "Who took the Q♠?", "Q♠")]


def test_the_jack_must_be_placed_where_it_counts():
    game = setup("omnibus")
    assert problems(game, cards(game, {"Ann": 13}, queen="Ben")) == [FieldError("jack", "Who took the J♦?", "J♦")]


def test_three_d_hearts_asks_for_the_jack_too():
    game = setup("3d", 3)
    assert problems(game, cards(game, {"Ann": 26}, queen="Ben")) == [FieldError("jack", "Who took the J♦?", "J♦")]


def test_the_jack_may_not_be_entered_where_it_scores_nothing():
    game = setup("standard")
    errors = problems(game, cards(game, {"Ann": 13}, queen="Ben", jack="Ann"))
    assert [error.field for error in errors] == ["jack"]


@pytest.mark.parametrize("field", ["queen", "jack"])
@pytest.mark.parametrize("seat", [4, -1, True])
def test_cards_must_go_to_a_seat_at_the_table(field, seat):
    game = setup("omnibus")
    entry = replace(HandEntry(hearts=(13, 0, 0, 0), queen=1, jack=2), **{field: seat})
    assert [error.field for error in problems(game, entry)] == [field]


def test_a_revoke_must_name_a_seat_at_the_table():
    game = setup("standard")
    assert [error.field for error in problems(game, HandEntry.revoked(4))] == ["revoke"]


def test_a_revoke_stands_alone():
    game = setup("standard")
    entry = HandEntry(hearts=(13, 0, 0, 0), queen=1, revoke=2)
    assert problems(game, entry) == [
        FieldError("revoke", "A revoke is charged instead of entering cards, not with them")
    ]


def test_a_moon_under_choice_needs_add_or_subtract():
    game = setup("standard")
    assert problems(game, moon(game, "Cat")) == [FieldError("moon", "Cat shot the moon: add or subtract?")]
    assert problems(game, moon(game, "Cat", choice="double")) == [
        FieldError("moon", "A moon is resolved by add or subtract")
    ]


@pytest.mark.parametrize("rule", ["add", "subtract", "ricketts"])
def test_no_choice_is_taken_where_the_rule_decides(rule):
    game = setup("standard", moon=rule)
    assert problems(game, moon(game, "Cat", choice="add")) == [
        FieldError("moon", f"The moon rule here is '{rule}': the shooter does not choose")
    ]


def test_no_choice_is_taken_for_a_hand_that_is_no_moon():
    game = setup("standard")
    errors = problems(game, cards(game, {"Ann": 13}, queen="Ben", moon="add"))
    assert [error.field for error in errors] == ["moon"]


def test_no_choice_is_taken_with_the_moon_off():
    game = setup("3d", 3)
    errors = problems(game, moon(game, "Ann", jack="Ann", choice="subtract"))
    assert [error.field for error in errors] == ["moon"]


def test_every_problem_is_reported_at_once():
    game = setup("omnibus")
    errors = problems(game, HandEntry.cards([3, 0, 9, 0], queen=None))
    assert [error.field for error in errors] == ["hearts", "queen", "jack"]


def test_no_hand_is_taken_after_the_game_is_over():
    game = setup("standard", target=13)
    over = [cards(game, {"Ann": 3, "Cat": 10}, queen="Ben")]
    assert problems(game, revoke(game, "Ann"), over) == [
        FieldError(None, "The game is already over; no more hands can be added")
    ]


def test_play_names_the_hand_that_cannot_be_scored():
    game = setup("standard")
    hands = [cards(game, {"Ann": 3, "Cat": 10}, queen="Ben"), cards(game, {"Ann": 3}, queen="Ben")]
    with pytest.raises(HandError) as raised:
        play(game, hands)
    assert raised.value.number == 2
    assert str(raised.value) == "hand 2: Hearts add up to 3; 13 are in play"
    assert raised.value.for_field("hearts") == ["Hearts add up to 3; 13 are in play"]


def test_after_raises_entry_error_and_leaves_the_state_alone():
    game = setup("standard")
    state = play(game, [])
    with pytest.raises(EntryError):
        state.after(cards(game, {"Ann": 3}, queen="Ben"))
    assert state.hands == ()
    assert state.totals == (0, 0, 0, 0)
