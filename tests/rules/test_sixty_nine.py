"""RULES.md, "69 for 5": five hands at exactly 69, or 69 hands at exactly 5."""

from rules import Run, play
from tests.rules.table import by_name, cards, moon, names, setup

# Ann takes the Q♠ and 10 hearts three times: 23, 46, 69. Cat takes 3, 6, 9.
ANN_TO_69 = [({"Ann": 10, "Cat": 3}, "Ann")] * 3
# A hand where Ann takes nothing: Ben the Q♠, Cat 6 hearts, Dan 7.
ANN_SITS = ({"Cat": 6, "Dan": 7}, "Ben")


def _hands(game, plan):
    return [cards(game, hearts, queen=queen) for hearts, queen in plan]


def test_reaching_69_starts_a_run_of_no_hands_yet():
    game = setup("ricketts")
    state = play(game, _hands(game, ANN_TO_69))
    assert state.totals[0] == 69
    assert state.runs == (Run(seat=0, score=69, hands=0, needed=5),)


def test_each_hand_that_starts_and_ends_at_69_extends_the_run():
    game = setup("ricketts")
    state = play(game, _hands(game, ANN_TO_69 + [ANN_SITS] * 2))
    assert state.runs == (Run(0, 69, 2, 5),)


def test_four_hands_at_69_after_reaching_it_are_not_enough():
    game = setup("ricketts")
    state = play(game, _hands(game, ANN_TO_69 + [ANN_SITS] * 4))
    assert state.status == "in_progress"
    assert state.runs == (Run(0, 69, 4, 5),)


def test_the_fifth_hand_at_69_wins_outright():
    game = setup("ricketts")
    state = play(game, _hands(game, ANN_TO_69 + [ANN_SITS] * 5))
    # Ben 13 x 5 = 65; Cat 9 + 6 x 5 = 39; Dan 7 x 5 = 35.
    assert by_name(game, state.totals) == {"Ann": 69, "Ben": 65, "Cat": 39, "Dan": 35}
    assert (state.status, names(game, state.winners), state.reason) == ("over", ["Ann"], "sixty_nine")
    assert state.next_deal is None


def test_leaving_69_ends_the_run_and_coming_back_starts_a_new_one():
    game = setup("standard", sixty_nine=True, target=500)
    state = play(game, _hands(game, [*ANN_TO_69, ANN_SITS]))
    assert state.runs == (Run(0, 69, 1, 5),)
    state = state.after(cards(game, {"Ann": 12, "Ben": 1}, queen="Ann"))  # 69 + 25 = 94
    assert state.runs == ()
    state = state.after(cards(game, {"Ann": 1, "Cat": 12}, queen="Dan"))  # 95
    state = state.after(moon(game, "Ann", choice="subtract"))  # 95 - 26 = 69: reached again
    assert state.totals[0] == 69
    assert state.runs == (Run(0, 69, 0, 5),)


def test_sitting_at_69_means_nothing_without_the_option():
    game = setup("standard")
    state = play(game, _hands(game, ANN_TO_69 + [ANN_SITS] * 6))
    assert state.totals[0] == 69
    assert (state.status, state.runs) == ("in_progress", ())


def test_players_completing_runs_in_the_same_hand_win_together_over_the_target():
    game = setup("ricketts")
    plan = [
        ({"Ann": 10, "Cat": 3}, "Ann"),  # Ann 23, Cat 3
        ({"Ben": 10, "Cat": 3}, "Ben"),  # Ben 23, Cat 6
        ({"Ann": 10, "Cat": 3}, "Ann"),  # Ann 46, Cat 9
        ({"Ben": 10, "Cat": 3}, "Ben"),  # Ben 46, Cat 12
        ({"Ann": 7, "Ben": 3, "Cat": 3}, "Ann"),  # Ann 66, Ben 49, Cat 15
        ({"Ann": 3, "Ben": 7, "Cat": 3}, "Ben"),  # Ann 69, Ben 69, Cat 18: both reach 69
        *[({"Cat": 6, "Dan": 7}, "Dan")] * 4,  # Cat 42, Dan 80
        ({"Cat": 5, "Dan": 8}, "Dan"),  # Cat 47, Dan 101: over 100, and Cat lowest
    ]
    state = play(game, _hands(game, plan))
    assert state.hands[5].totals[:2] == (69, 69)
    assert state.hands[9].totals == (69, 69, 42, 80)
    assert by_name(game, state.totals) == {"Ann": 69, "Ben": 69, "Cat": 47, "Dan": 101}
    # The target alone would give Cat the game; five hands at 69 beat it.
    assert (state.status, names(game, state.winners), state.reason) == ("over", ["Ann", "Ben"], "sixty_nine")


def test_sixty_nine_hands_at_five_win_outright():
    game = setup("standard", sixty_nine=True, target=10_000)
    reach_five = cards(game, {"Ann": 5, "Cat": 8}, queen="Ben")
    ann_sits = cards(game, {"Cat": 7, "Dan": 6}, queen="Ben")
    # Hand 1 reaches 5; hands 2 to 69 are 68 hands at 5; hand 70 is the 69th.
    state = play(game, [reach_five] + [ann_sits] * 68)
    assert state.status == "in_progress"
    assert state.runs == (Run(0, 5, 68, 69),)
    state = state.after(ann_sits)
    assert state.totals[0] == 5
    assert len(state.hands) == 70
    assert (state.status, names(game, state.winners), state.reason) == ("over", ["Ann"], "sixty_nine")


def test_a_run_at_five_resets_when_the_player_scores():
    game = setup("standard", sixty_nine=True, target=10_000)
    reach_five = cards(game, {"Ann": 5, "Cat": 8}, queen="Ben")
    ann_sits = cards(game, {"Cat": 7, "Dan": 6}, queen="Ben")
    state = play(game, [reach_five] + [ann_sits] * 60 + [cards(game, {"Ann": 1, "Cat": 12}, queen="Ben")])
    assert state.totals[0] == 6
    assert state.runs == ()
