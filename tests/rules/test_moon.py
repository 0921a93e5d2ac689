"""RULES.md, "Shooting the moon": add, subtract, choice, ricketts, off, and the J♦."""

import pytest

from rules import ADD, SUBTRACT, EntryError, HandEntry, Moon, play
from tests.rules.table import by_name, cards, moon, names, revoke, setup

# --- add, subtract and choice -------------------------------------------------


def test_a_moon_added_gives_every_other_player_twenty_six():
    game = setup("standard")
    state = play(game, [moon(game, "Cat", choice="add")])
    assert by_name(game, state.totals) == {"Ann": 26, "Ben": 26, "Cat": 0, "Dan": 26}
    assert state.hands[0].moon == Moon(2, ADD)


def test_a_moon_subtracted_takes_twenty_six_off_the_shooter_only():
    game = setup("standard")
    state = play(game, [cards(game, {"Ann": 3, "Cat": 10}, queen="Ben"), moon(game, "Dan", choice="subtract")])
    assert by_name(game, state.hands[1].points) == {"Ann": 0, "Ben": 0, "Cat": 0, "Dan": -26}
    assert by_name(game, state.totals) == {"Ann": 3, "Ben": 13, "Cat": 10, "Dan": -26}
    assert state.hands[1].moon == Moon(3, SUBTRACT)


def test_thirteen_hearts_without_the_queen_is_no_moon():
    game = setup("standard")
    state = play(game, [cards(game, {"Ann": 13}, queen="Ben")])
    assert by_name(game, state.totals) == {"Ann": 13, "Ben": 13, "Cat": 0, "Dan": 0}
    assert state.hands[0].moon is None


def test_the_queen_and_twelve_hearts_is_no_moon():
    game = setup("standard")
    state = play(game, [cards(game, {"Ann": 12, "Ben": 1}, queen="Ann")])
    assert by_name(game, state.totals) == {"Ann": 25, "Ben": 1, "Cat": 0, "Dan": 0}


def test_a_fixed_add_rule_needs_no_choice_and_pays_each_of_six_others():
    game = setup("standard", 7, moon="add")
    state = play(game, [moon(game, "Gus")])
    assert by_name(game, state.totals) == {
        "Ann": 26, "Ben": 26, "Cat": 26, "Dan": 26, "Eve": 26, "Fay": 26, "Gus": 0,
    }  # fmt: skip
    assert state.hands[0].moon == Moon(6, ADD)


def test_a_fixed_subtract_rule_needs_no_choice():
    game = setup("standard", moon="subtract")
    state = play(game, [moon(game, "Ann")])
    assert by_name(game, state.totals) == {"Ann": -26, "Ben": 0, "Cat": 0, "Dan": 0}


def test_with_the_moon_off_the_points_stand_as_taken():
    game = setup("standard", moon="off")
    state = play(game, [moon(game, "Ben")])
    assert by_name(game, state.totals) == {"Ann": 0, "Ben": 26, "Cat": 0, "Dan": 0}
    assert state.hands[0].moon is None


def test_three_d_hearts_has_no_moon_by_default():
    game = setup("3d", 4)
    # 26 hearts + 13 for the Q♠ - 10 for the J♦ = 29.
    state = play(game, [moon(game, "Ann", jack="Ann"), moon(game, "Cat", jack="Ben")])
    assert by_name(game, state.hands[0].points) == {"Ann": 29, "Ben": 0, "Cat": 0, "Dan": 0}
    assert by_name(game, state.hands[1].points) == {"Ann": 0, "Ben": -10, "Cat": 39, "Dan": 0}
    assert state.hands[1].moon is None


def test_a_three_d_moon_added_gives_the_others_thirty_nine():
    game = setup("3d", 4, moon="add")
    state = play(game, [moon(game, "Ann", jack="Ben")])
    # P = 26 hearts + 13 = 39; Ben also keeps his J♦: 39 - 10 = 29.
    assert by_name(game, state.totals) == {"Ann": 0, "Ben": 29, "Cat": 39, "Dan": 39}


def test_a_three_d_moon_subtracted_takes_thirty_nine_off():
    game = setup("3d", 3, moon="choice")
    state = play(game, [moon(game, "Cat", jack="Cat", choice="subtract")])
    assert by_name(game, state.totals) == {"Ann": 0, "Ben": 0, "Cat": -49}  # -39 - 10


# --- the jack of diamonds with a moon ----------------------------------------


def test_the_shooter_keeps_the_jack_bonus_when_adding():
    game = setup("omnibus")
    state = play(game, [moon(game, "Cat", jack="Cat", choice="add")])
    assert by_name(game, state.totals) == {"Ann": 26, "Ben": 26, "Cat": -10, "Dan": 26}


def test_the_shooter_keeps_the_jack_bonus_when_subtracting():
    game = setup("omnibus")
    state = play(game, [moon(game, "Ben", jack="Ben", choice="subtract")])
    assert by_name(game, state.totals) == {"Ann": 0, "Ben": -36, "Cat": 0, "Dan": 0}  # -26 - 10


def test_another_player_keeps_the_jack_bonus_through_a_moon():
    game = setup("omnibus")
    added = play(game, [moon(game, "Cat", jack="Ann", choice="add")])
    subtracted = play(game, [moon(game, "Cat", jack="Ann", choice="subtract")])
    assert by_name(game, added.totals) == {"Ann": 16, "Ben": 26, "Cat": 0, "Dan": 26}  # 26 - 10
    assert by_name(game, subtracted.totals) == {"Ann": -10, "Ben": 0, "Cat": -26, "Dan": 0}


def test_when_the_moon_needs_the_jack_a_shooter_without_it_takes_the_points():
    game = setup("omnibus", moon_needs_jack=True)
    state = play(game, [moon(game, "Ann", jack="Ben")])
    assert by_name(game, state.totals) == {"Ann": 26, "Ben": -10, "Cat": 0, "Dan": 0}
    assert state.hands[0].moon is None


def test_when_the_moon_needs_the_jack_no_choice_may_be_given_without_it():
    game = setup("omnibus", moon_needs_jack=True)
    with pytest.raises(EntryError) as raised:
        play(game, [moon(game, "Ann", jack="Ben", choice="add")])
    assert raised.value.for_field("moon")


def test_when_the_moon_needs_the_jack_the_moon_replaces_the_jack_bonus():
    game = setup("omnibus", moon_needs_jack=True)
    added = play(game, [moon(game, "Cat", jack="Cat", choice="add")])
    subtracted = play(game, [moon(game, "Cat", jack="Cat", choice="subtract")])
    assert by_name(game, added.totals) == {"Ann": 26, "Ben": 26, "Cat": 0, "Dan": 26}
    assert by_name(game, subtracted.totals) == {"Ann": 0, "Ben": 0, "Cat": -26, "Dan": 0}


# --- the Ricketts rule: add unless adding loses the game for the shooter ----


# Ricketts, Ann first dealer. Totals after these eight hands: Ann 78, Ben 90,
# Cat 38, Dan 2 (Ann: 4 x 13 hearts + 2 x Q♠; Ben: 6 x Q♠ + 12 hearts).
def _ann_78_ben_90_cat_38_dan_2(game):
    return [
        cards(game, {"Ann": 13}, queen="Ben"),
        cards(game, {"Ann": 13}, queen="Ben"),
        cards(game, {"Ann": 13}, queen="Ben"),
        cards(game, {"Ann": 13}, queen="Ben"),
        cards(game, {"Cat": 13}, queen="Ben"),
        cards(game, {"Cat": 13}, queen="Ben"),
        cards(game, {"Cat": 12, "Dan": 1}, queen="Ann"),
        cards(game, {"Ben": 12, "Dan": 1}, queen="Ann"),
    ]


# Totals after these seven hands: Ann 78, Ben 4, Cat 60, Dan 40.
def _ann_78_ben_4_cat_60_dan_40(game):
    return [
        cards(game, {"Dan": 13}, queen="Ann"),
        cards(game, {"Dan": 13}, queen="Ann"),
        cards(game, {"Dan": 13}, queen="Ann"),
        cards(game, {"Dan": 1, "Cat": 12}, queen="Ann"),
        cards(game, {"Cat": 13}, queen="Ann"),
        cards(game, {"Cat": 13}, queen="Ann"),
        cards(game, {"Cat": 9, "Ben": 4}, queen="Cat"),
    ]


# Ann reaches 69 in hand 3 and sits there four hands: a run of 4 of the 5.
# Totals after these seven hands: Ann 69, Ben 83, Cat 30, Dan 0.
def _ann_on_69_for_four_hands(game):
    return [
        cards(game, {"Ann": 10, "Cat": 3}, queen="Ann"),
        cards(game, {"Ann": 10, "Cat": 3}, queen="Ann"),
        cards(game, {"Ann": 10, "Cat": 3}, queen="Ann"),
        cards(game, {"Ben": 10, "Cat": 3}, queen="Ben"),
        cards(game, {"Ben": 10, "Cat": 3}, queen="Ben"),
        cards(game, {"Ben": 11, "Cat": 2}, queen="Ben"),
        cards(game, {"Cat": 13}, queen="Ben"),
    ]


def test_the_hand_builders_reach_the_totals_they_promise():
    game = setup("ricketts")
    assert play(game, _ann_78_ben_90_cat_38_dan_2(game)).totals == (78, 90, 38, 2)
    assert play(game, _ann_78_ben_4_cat_60_dan_40(game)).totals == (78, 4, 60, 40)
    on_69 = play(game, _ann_on_69_for_four_hands(game))
    assert on_69.totals == (69, 83, 30, 0)
    assert [(run.seat, run.score, run.hands) for run in on_69.runs] == [(0, 69, 4)]


def test_a_ricketts_moon_adds_when_the_game_is_far_from_over():
    game = setup("ricketts")
    state = play(game, [cards(game, {"Ann": 3, "Cat": 10}, queen="Ben"), moon(game, "Dan")])
    assert by_name(game, state.totals) == {"Ann": 29, "Ben": 39, "Cat": 36, "Dan": 0}
    assert state.hands[1].moon == Moon(3, ADD)


def test_a_ricketts_moon_adds_when_adding_wins_the_game_for_the_shooter():
    game = setup("ricketts")
    hands = [
        cards(game, {"Ann": 10, "Cat": 3}, queen="Ann"),  # Ann 23, Cat 3
        cards(game, {"Ann": 10, "Cat": 3}, queen="Ann"),  # Ann 46, Cat 6
        cards(game, {"Ann": 9, "Cat": 4}, queen="Ann"),  # Ann 68, Cat 10
        cards(game, {"Ann": 9, "Dan": 4}, queen="Ann"),  # Ann 90, Dan 4
        moon(game, "Ben"),  # add: Ann 116 > 100, and Ben at 0 is alone at the bottom
    ]
    state = play(game, hands)
    assert by_name(game, state.totals) == {"Ann": 116, "Ben": 0, "Cat": 36, "Dan": 30}
    assert state.hands[-1].moon.resolution == ADD
    assert (state.status, names(game, state.winners), state.reason) == ("over", ["Ben"], "target")


def test_a_ricketts_moon_subtracts_when_adding_ends_the_game_with_another_lowest():
    game = setup("ricketts")
    hands = [
        cards(game, {"Ann": 10, "Cat": 3}, queen="Ann"),
        cards(game, {"Ann": 10, "Cat": 3}, queen="Ann"),
        cards(game, {"Ann": 9, "Cat": 4}, queen="Ann"),
        cards(game, {"Ann": 9, "Dan": 4}, queen="Ann"),  # Ann 90, Ben 0, Cat 10, Dan 4
        revoke(game, "Cat"),  # Cat 36
        moon(game, "Cat"),
    ]
    # add: Ann 116 > 100, Ben 26, Cat 36, Dan 30: Ben would win. So Cat subtracts: 36 - 26.
    state = play(game, hands)
    assert state.hands[-1].moon.resolution == SUBTRACT
    assert state.hands[-1].moon.why
    assert by_name(game, state.totals) == {"Ann": 90, "Ben": 0, "Cat": 10, "Dan": 4}
    assert state.status == "in_progress"


def test_a_ricketts_moon_subtracts_when_adding_would_lose_the_game():
    game = setup("ricketts")
    # Ann 78, Ben 90, Cat 38, Dan 2. Cat shoots. add: Ann 104 (wraps to 0),
    # Ben 116, Cat 38, Dan 28: Ben is over 100 and Ann at 0 would win.
    state = play(game, [*_ann_78_ben_90_cat_38_dan_2(game), moon(game, "Cat")])
    assert (state.hands[-1].moon.shooter, state.hands[-1].moon.resolution) == (2, SUBTRACT)
    assert by_name(game, state.hands[-1].points) == {"Ann": 0, "Ben": 0, "Cat": -26, "Dan": 0}
    assert by_name(game, state.totals) == {"Ann": 78, "Ben": 90, "Cat": 12, "Dan": 2}
    assert state.hands[-1].wrapped == ()
    assert state.status == "in_progress"


def test_the_ricketts_rule_counts_a_wrap_that_makes_a_rival_the_winner():
    game = setup("ricketts")
    # Ann 78, Ben 90, Cat 38, Dan 2; Dan shoots. add: Ann 104 wraps to 0, Ben 116,
    # Cat 64, Dan 2: the game ends and Ann (0) beats Dan (2). Without the wrap Dan
    # would be lowest and add would stand; with it, Dan must subtract: 2 - 26 = -24.
    state = play(game, [*_ann_78_ben_90_cat_38_dan_2(game), moon(game, "Dan")])
    assert state.hands[-1].moon.resolution == SUBTRACT
    assert by_name(game, state.totals) == {"Ann": 78, "Ben": 90, "Cat": 38, "Dan": -24}
    assert state.status == "in_progress"


def test_the_ricketts_rule_counts_a_wrap_that_keeps_the_game_going():
    game = setup("ricketts")
    # Ann 78, Ben 4, Cat 60, Dan 40; Dan shoots. add: Ann 104 wraps to 0, Ben 30,
    # Cat 86, Dan 40: nobody is over 100, so the game goes on and add stands
    # (without the wrap Ann's 104 would end it with Ben lowest).
    state = play(game, [*_ann_78_ben_4_cat_60_dan_40(game), moon(game, "Dan")])
    assert state.hands[-1].moon.resolution == ADD
    assert by_name(game, state.hands[-1].points) == {"Ann": 26, "Ben": 26, "Cat": 26, "Dan": 0}
    assert by_name(game, state.totals) == {"Ann": 0, "Ben": 30, "Cat": 86, "Dan": 40}
    assert names(game, state.hands[-1].wrapped) == ["Ann"]
    assert state.status == "in_progress"


def test_a_ricketts_moon_adds_when_adding_only_ties_the_shooter_for_lowest():
    game = setup("ricketts")
    hands = [
        cards(game, {"Ann": 10, "Cat": 3}, queen="Ann"),  # Ann 23, Cat 3
        cards(game, {"Ann": 10, "Cat": 3}, queen="Ann"),  # Ann 46, Cat 6
        cards(game, {"Ann": 9, "Dan": 4}, queen="Ann"),  # Ann 68, Dan 4
        cards(game, {"Ann": 9, "Ben": 4}, queen="Ann"),  # Ann 90, Ben 4
        cards(game, {"Ben": 12, "Cat": 1}, queen="Ben"),  # Ben 29, Cat 7
        cards(game, {"Ben": 1, "Cat": 12}, queen="Cat"),  # Ben 30, Cat 32
        moon(game, "Ben"),
    ]
    # add: Ann 116, Ben 30, Cat 58, Dan 30. Over 100 but Ben and Dan tie: the game
    # does not end, so add stands and a tie-break hand follows.
    state = play(game, hands)
    assert state.hands[-1].moon.resolution == ADD
    assert by_name(game, state.totals) == {"Ann": 116, "Ben": 30, "Cat": 58, "Dan": 30}
    assert state.status == "tie_break"


def test_the_ricketts_rule_looks_only_at_add_even_if_subtract_gives_a_rival_69_for_5():
    game = setup("ricketts")
    # Ann on 69 for four hands, Ben 83, Cat 30, Dan 0; Cat shoots. add: Ann 95 (run
    # broken), Ben 109, Cat 30, Dan 26: Dan would win, so Cat subtracts. Then Ann,
    # scoring 0, sits at 69 a fifth hand and wins outright.
    state = play(game, [*_ann_on_69_for_four_hands(game), moon(game, "Cat")])
    assert state.hands[-1].moon.resolution == SUBTRACT
    assert by_name(game, state.totals) == {"Ann": 69, "Ben": 83, "Cat": 4, "Dan": 0}
    assert (state.status, names(game, state.winners), state.reason) == ("over", ["Ann"], "sixty_nine")


def test_the_ricketts_rule_adds_when_adding_completes_the_shooters_own_69_for_5():
    game = setup("ricketts")
    # Ann on 69 for four hands shoots. add: Ann stays at 69 for the fifth hand and
    # wins outright, though Ben (109) is over 100 and Dan (26) would be lowest.
    state = play(game, [*_ann_on_69_for_four_hands(game), moon(game, "Ann")])
    assert state.hands[-1].moon.resolution == ADD
    assert by_name(game, state.totals) == {"Ann": 69, "Ben": 109, "Cat": 56, "Dan": 26}
    assert (state.status, names(game, state.winners), state.reason) == ("over", ["Ann"], "sixty_nine")


def test_a_ricketts_moon_takes_no_choice_from_the_table():
    game = setup("ricketts")
    with pytest.raises(EntryError) as raised:
        play(game, [moon(game, "Ann", choice="subtract")])
    assert raised.value.for_field("moon") == ["The moon rule here is 'ricketts': the shooter does not choose"]


# --- GameState.outcomes ------------------------------------------------------


def test_outcomes_under_choice_show_both_resolutions():
    game = setup("standard")
    state = play(game, [cards(game, {"Ann": 3, "Cat": 10}, queen="Ben")])
    outcomes = state.outcomes(moon(game, "Ann"))
    assert set(outcomes) == {ADD, SUBTRACT}
    assert by_name(game, outcomes[ADD].totals) == {"Ann": 3, "Ben": 39, "Cat": 36, "Dan": 26}
    assert by_name(game, outcomes[SUBTRACT].totals) == {"Ann": -23, "Ben": 13, "Cat": 10, "Dan": 0}
    assert outcomes[SUBTRACT].hands[-1].moon == Moon(0, SUBTRACT)
    assert outcomes[ADD] == state.after(moon(game, "Ann", choice="add"))


def test_outcomes_under_the_ricketts_rule_show_the_one_that_applies():
    game = setup("ricketts")
    before = play(game, _ann_78_ben_90_cat_38_dan_2(game))
    outcomes = before.outcomes(moon(game, "Dan"))
    assert list(outcomes) == [SUBTRACT]
    assert by_name(game, outcomes[SUBTRACT].totals) == {"Ann": 78, "Ben": 90, "Cat": 38, "Dan": -24}
    assert list(play(game, []).outcomes(moon(game, "Dan"))) == [ADD]


def test_outcomes_under_a_fixed_rule_show_that_rule():
    game = setup("standard", moon="subtract")
    outcomes = play(game, []).outcomes(moon(game, "Ben"))
    assert list(outcomes) == [SUBTRACT]
    assert outcomes[SUBTRACT].totals == (0, -26, 0, 0)


def test_outcomes_are_empty_for_a_hand_that_is_no_moon():
    game = setup("standard")
    assert play(game, []).outcomes(cards(game, {"Ann": 13}, queen="Ben")) == {}
    assert play(setup("standard", moon="off"), []).outcomes(moon(game, "Ann")) == {}


def test_outcomes_are_empty_once_the_game_is_over():
    game = setup("standard", target=13)
    over = play(game, [cards(game, {"Ann": 3, "Cat": 10}, queen="Ben")])
    assert over.is_over
    assert over.outcomes(moon(game, "Ann")) == {}


def test_outcomes_refuse_a_hand_that_cannot_be_scored():
    game = setup("standard")
    # Ann's 13 hearts and the Q♠ look like a moon, but Ben's extra heart makes 14.
    impossible = HandEntry.cards([13, 1, 0, 0], queen=0)
    with pytest.raises(EntryError) as raised:
        play(game, []).outcomes(impossible)
    assert raised.value.for_field("hearts") == ["Hearts add up to 14; 13 are in play"]


def test_outcomes_refuse_an_omnibus_moon_without_the_jack():
    game = setup("omnibus")
    with pytest.raises(EntryError) as raised:
        play(game, []).outcomes(moon(game, "Ann"))
    assert raised.value.for_field("jack") == ["Who took the J♦?"]


def test_the_state_names_the_shooter_before_the_hand_is_scored():
    game = setup("omnibus", moon_needs_jack=True)
    state = play(game, [])
    assert state.moon_shooter(moon(game, "Cat", jack="Cat")) == 2
    assert state.moon_shooter(moon(game, "Cat", jack="Ann")) is None
    assert state.moon_shooter(cards(game, {"Cat": 13}, queen="Ben", jack="Cat")) is None
    three_d = setup("3d", 3)  # moon off
    assert play(three_d, []).moon_shooter(moon(three_d, "Cat", jack="Cat")) is None
