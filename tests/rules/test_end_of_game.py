"""RULES.md, "End of game" and "Null game"."""

import pytest

from rules import EntryError, play
from tests.rules.table import by_name, cards, moon, names, setup


def _ben_to_one_hundred(game):
    """Ben takes the Q♠ and 12 hearts four times: 25 x 4 = 100. Ann 2, Cat 2, Dan 0."""
    return [
        cards(game, {"Ben": 12, "Ann": 1}, queen="Ben"),
        cards(game, {"Ben": 12, "Ann": 1}, queen="Ben"),
        cards(game, {"Ben": 12, "Cat": 1}, queen="Ben"),
        cards(game, {"Ben": 12, "Cat": 1}, queen="Ben"),
    ]


def test_the_game_goes_on_while_every_total_is_under_the_target():
    game = setup("standard")
    state = play(game, _ben_to_one_hundred(game)[:3])
    assert state.totals == (2, 75, 1, 0)
    assert (state.status, state.winners, state.reason) == ("in_progress", (), None)
    assert state.next_deal.number == 4


def test_standard_ends_when_a_total_reaches_the_target_exactly():
    game = setup("standard")
    state = play(game, _ben_to_one_hundred(game))
    assert by_name(game, state.totals) == {"Ann": 2, "Ben": 100, "Cat": 2, "Dan": 0}
    assert (state.status, names(game, state.winners), state.reason) == ("over", ["Dan"], "target")
    assert state.next_deal is None


def test_with_more_than_a_total_at_the_target_does_not_end_the_game():
    game = setup("standard", end="more_than")
    state = play(game, _ben_to_one_hundred(game))
    assert state.status == "in_progress"
    # One heart more: Ben 101 is over; Ann (2) is alone at the bottom.
    state = state.after(cards(game, {"Ben": 1, "Cat": 12}, queen="Dan"))
    assert by_name(game, state.totals) == {"Ann": 2, "Ben": 101, "Cat": 14, "Dan": 13}
    assert (state.status, names(game, state.winners)) == ("over", ["Ann"])


def test_ricketts_goes_on_at_exactly_one_hundred():
    game = setup("ricketts")
    assert play(game, _ben_to_one_hundred(game)).status == "in_progress"


def test_a_lower_target_ends_the_game_sooner():
    game = setup("standard", target=50)
    state = play(game, _ben_to_one_hundred(game)[:2])
    assert state.totals == (2, 50, 0, 0)
    # Cat and Dan tie at 0: a tie-break is due, not a win.
    assert state.status == "tie_break"


def test_a_tie_for_lowest_calls_for_a_tie_break_hand():
    game = setup("standard", target=30)
    hands = [
        cards(game, {"Dan": 13}, queen="Cat"),  # Cat 13, Dan 13
        cards(game, {"Dan": 13}, queen="Cat"),  # Cat 26, Dan 26
        cards(game, {"Ann": 4, "Ben": 4, "Cat": 5}, queen="Dan"),  # Ann 4, Ben 4, Cat 31, Dan 39
    ]
    state = play(game, hands)
    assert (state.status, state.winners, state.reason) == ("tie_break", (), None)
    deal = state.next_deal
    assert (deal.number, deal.dealer, deal.pass_direction, deal.tie_break) == (4, 3, "hold", True)


def test_a_tie_break_that_ties_again_is_followed_by_another():
    game = setup("standard", target=30)
    hands = [
        cards(game, {"Dan": 13}, queen="Cat"),
        cards(game, {"Dan": 13}, queen="Cat"),
        cards(game, {"Ann": 4, "Ben": 4, "Cat": 5}, queen="Dan"),  # Ann 4, Ben 4: tied
        cards(game, {"Ann": 3, "Ben": 3, "Cat": 7}, queen="Dan"),  # Ann 7, Ben 7: tied again
    ]
    state = play(game, hands)
    assert by_name(game, state.totals) == {"Ann": 7, "Ben": 7, "Cat": 38, "Dan": 52}
    assert state.status == "tie_break"
    assert state.next_deal.dealer == 0
    assert state.next_deal.pass_direction == "left"
    state = state.after(cards(game, {"Ann": 1, "Cat": 12}, queen="Dan"))  # Ann 8, Ben 7
    assert (state.status, names(game, state.winners), state.reason) == ("over", ["Ben"], "target")


def test_a_tie_break_hand_can_bring_everyone_back_under_the_target():
    game = setup("standard", target=20, wraps=[40])
    hands = [
        cards(game, {"Cat": 13}, queen="Ben"),  # Ben 13, Cat 13
        cards(game, {"Ann": 6, "Ben": 1, "Dan": 6}, queen="Ben"),  # Ann 6, Ben 27, Cat 13, Dan 6: tie
        cards(game, {"Ann": 1, "Cat": 6, "Dan": 6}, queen="Ben"),  # Ben 40 wraps: Ann 7, Cat 19, Dan 12
    ]
    state = play(game, hands)
    assert state.hands[1].totals == (6, 27, 13, 6)
    assert by_name(game, state.totals) == {"Ann": 7, "Ben": 0, "Cat": 19, "Dan": 12}
    assert state.status == "in_progress"
    assert not state.next_deal.tie_break


def test_shared_ties_end_the_game_with_every_tied_player_winning():
    game = setup("standard", target=30, ties="shared")
    hands = [
        cards(game, {"Dan": 13}, queen="Cat"),
        cards(game, {"Dan": 13}, queen="Cat"),
        cards(game, {"Ben": 4, "Ann": 4, "Cat": 5}, queen="Dan"),
    ]
    state = play(game, hands)
    assert (state.status, names(game, state.winners), state.reason) == ("over", ["Ann", "Ben"], "target")


def test_three_d_hearts_shares_a_tied_win_by_default():
    game = setup("3d", 3, target=29)
    # Ann: 26 hearts + 13 - 10 for her own J♦ = 29, the target; Ben and Cat tie at 0.
    state = play(game, [cards(game, {"Ann": 26}, queen="Ann", jack="Ann")])
    assert by_name(game, state.totals) == {"Ann": 29, "Ben": 0, "Cat": 0}
    assert (state.status, names(game, state.winners)) == ("over", ["Ben", "Cat"])


def test_a_single_lowest_total_wins_even_under_shared_ties():
    game = setup("3d", 3, target=29)
    state = play(game, [cards(game, {"Ann": 26}, queen="Ann", jack="Cat")])
    assert by_name(game, state.totals) == {"Ann": 39, "Ben": 0, "Cat": -10}
    assert names(game, state.winners) == ["Cat"]


def test_no_hand_is_accepted_once_the_game_is_over():
    game = setup("standard")
    over = play(game, _ben_to_one_hundred(game))
    with pytest.raises(EntryError) as raised:
        over.after(cards(game, {"Ann": 13}, queen="Ben"))
    assert raised.value.for_field(None) == ["The game is already over; no more hands can be added"]


def test_a_null_game_is_offered_when_every_total_is_back_to_zero():
    game = setup("standard", wraps=[13])
    state = play(game, [cards(game, {"Dan": 13}, queen="Ben")])  # Ben and Dan 13: both wrap
    assert state.totals == (0, 0, 0, 0)
    assert state.all_zero
    assert state.status == "in_progress"


def test_a_new_game_is_not_a_null_game():
    assert not play(setup("ricketts"), []).all_zero


def test_a_game_with_any_total_off_zero_is_not_null():
    game = setup("standard", wraps=[13])
    state = play(game, [cards(game, {"Dan": 12, "Ann": 1}, queen="Ben")])  # Ann 1, Dan 12
    assert state.totals == (1, 0, 0, 12)
    assert not state.all_zero


def test_zero_for_some_players_only_is_not_a_null_game():
    game = setup("standard")
    # Ann -26; then Ben shoots and adds: Ann 0, Ben 0, Cat 26, Dan 26. Not null.
    state = play(game, [moon(game, "Ann", choice="subtract"), moon(game, "Ben", choice="add")])
    assert state.totals == (0, 0, 26, 26)
    assert not state.all_zero


def test_the_current_leaders_are_everyone_on_the_lowest_total():
    game = setup("standard")
    assert play(game, []).lowest == (0, 1, 2, 3)
    state = play(game, [cards(game, {"Ann": 3, "Cat": 10}, queen="Ben")])
    assert names(game, state.lowest) == ["Dan"]
    state = state.after(cards(game, {"Dan": 3, "Cat": 10}, queen="Ben"))
    assert names(game, state.lowest) == ["Ann", "Dan"]
