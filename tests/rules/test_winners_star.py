"""The table's star marks the game's real winners, as the engine names them
(issue 19: it sat on the lowest total after a 69-for-5 win, and on all four
players after a null game)."""

from rules import GameSetup, play
from rules.describe import describe_table
from tests.rules.table import cards, names, setup


def starred(game: GameSetup, state, declared: bool = False) -> list[str]:
    return [seat.name for seat in describe_table(state, declared=declared).seats if seat.leading]


def test_a_69_for_5_win_stars_its_player_not_the_lowest_total():
    game = setup("ricketts")
    # Ann to 69 in three hands (the Q♠ and 10 hearts each, Cat 3), then five
    # hands at 69: Ben takes the Q♠, Cat 6 hearts, Dan 7. Ann 69, Ben 65, Cat 39, Dan 35.
    to_69 = [cards(game, {"Ann": 10, "Cat": 3}, queen="Ann")] * 3
    sits = [cards(game, {"Cat": 6, "Dan": 7}, queen="Ben")] * 5
    state = play(game, to_69 + sits)
    assert state.totals == (69, 65, 39, 35)
    assert (state.status, state.reason) == ("over", "sixty_nine")
    assert starred(game, state) == ["Ann"]


def test_a_shared_win_stars_every_sharer():
    game = setup("standard", target=10, ties="shared")
    # Ann 13 hearts, Ben the Q♠: both pass 10, and Cat and Dan share the win at 0.
    state = play(game, [cards(game, {"Ann": 13}, queen="Ben")])
    assert state.is_over
    assert names(game, state.winners) == ["Cat", "Dan"]
    assert starred(game, state) == ["Cat", "Dan"]


def test_a_tie_break_stars_the_tied_and_its_end_the_winner_alone():
    game = setup("standard", target=20)
    # Ann 10 + 10, Ben the Q♠ twice, Cat 3, Dan 3: Ann 20, Ben 26, Cat 3, Dan 3.
    hands = [cards(game, {"Ann": 10, "Cat": 3}, queen="Ben"), cards(game, {"Ann": 10, "Dan": 3}, queen="Ben")]
    state = play(game, hands)
    assert state.status == "tie_break"
    assert starred(game, state) == ["Cat", "Dan"]
    # Cat takes a heart, Ann the Q♠ and 12: Dan (3) wins alone.
    state = play(game, [*hands, cards(game, {"Cat": 1, "Ann": 12}, queen="Ann")])
    assert names(game, state.winners) == ["Dan"]
    assert starred(game, state) == ["Dan"]


def test_every_total_back_to_zero_stars_no_one_and_nor_does_the_null_game():
    game = setup("standard", wraps=[13])
    state = play(game, [cards(game, {"Dan": 13}, queen="Ben")])  # Ben and Dan 13: both wrap
    assert state.totals == (0, 0, 0, 0)
    assert starred(game, state) == []
    assert starred(game, state, declared=True) == []


def test_an_abandoned_game_stars_no_one_though_someone_was_lowest():
    game = setup("standard")
    state = play(game, [cards(game, {"Ann": 3, "Cat": 10}, queen="Ben")])
    assert starred(game, state) == ["Dan"]
    assert starred(game, state, declared=True) == []


def test_no_star_before_the_first_hand():
    assert starred(setup("standard"), play(setup("standard"), [])) == []
