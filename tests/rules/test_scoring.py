"""RULES.md, "Scoring a hand": points taken, the J♦, revokes, totals and wraps."""

from rules import play
from tests.rules.table import by_name, cards, moon, names, revoke, setup


def test_each_heart_scores_one_and_the_queen_of_spades_thirteen():
    game = setup("standard")
    state = play(game, [cards(game, {"Ann": 3, "Cat": 10}, queen="Ben")])
    assert by_name(game, state.hands[0].points) == {"Ann": 3, "Ben": 13, "Cat": 10, "Dan": 0}


def test_the_queen_holder_also_scores_her_hearts():
    game = setup("standard")
    state = play(game, [cards(game, {"Ann": 4, "Ben": 9}, queen="Ben")])
    assert by_name(game, state.totals) == {"Ann": 4, "Ben": 22, "Cat": 0, "Dan": 0}  # 9 + 13


def test_totals_add_up_hand_after_hand():
    game = setup("standard", 3)
    state = play(
        game,
        [
            cards(game, {"Ann": 3, "Cat": 10}, queen="Ben"),  # 3, 13, 10
            cards(game, {"Ann": 6, "Ben": 7}, queen="Cat"),  # 6, 7, 13
        ],
    )
    assert by_name(game, state.hands[0].totals) == {"Ann": 3, "Ben": 13, "Cat": 10}
    assert by_name(game, state.totals) == {"Ann": 9, "Ben": 20, "Cat": 23}


def test_the_jack_of_diamonds_scores_minus_ten_in_omnibus():
    game = setup("omnibus")
    state = play(game, [cards(game, {"Ann": 3, "Cat": 10}, queen="Ben", jack="Dan")])
    assert by_name(game, state.totals) == {"Ann": 3, "Ben": 13, "Cat": 10, "Dan": -10}


def test_the_jack_of_diamonds_counts_against_the_taker_own_points():
    game = setup("omnibus")
    state = play(game, [cards(game, {"Ann": 3, "Cat": 10}, queen="Ben", jack="Cat")])
    assert by_name(game, state.totals) == {"Ann": 3, "Ben": 13, "Cat": 0, "Dan": 0}  # 10 - 10


def test_the_house_can_turn_the_jack_on_in_standard():
    game = setup("standard", jack_of_diamonds=True)
    state = play(game, [cards(game, {"Ann": 13}, queen="Ben", jack="Ann")])
    assert by_name(game, state.totals) == {"Ann": 3, "Ben": 13, "Cat": 0, "Dan": 0}


def test_three_d_hearts_scores_twenty_six_hearts_the_queen_and_the_jack():
    game = setup("3d", 6)
    state = play(game, [cards(game, {"Ann": 10, "Ben": 6, "Cat": 10}, queen="Dan", jack="Ann")])
    assert by_name(game, state.totals) == {"Ann": 0, "Ben": 6, "Cat": 10, "Dan": 13, "Eve": 0, "Fay": 0}


def test_totals_may_go_below_zero():
    game = setup("omnibus")
    hand = cards(game, {"Ann": 13}, queen="Ben", jack="Dan")
    state = play(game, [hand, hand])
    assert state.totals[3] == -20


def test_a_revoke_charges_the_offender_twenty_six_and_nobody_else_anything():
    game = setup("standard")
    state = play(game, [cards(game, {"Ann": 3, "Cat": 10}, queen="Ben"), revoke(game, "Cat")])
    assert by_name(game, state.hands[1].points) == {"Ann": 0, "Ben": 0, "Cat": 26, "Dan": 0}
    assert by_name(game, state.totals) == {"Ann": 3, "Ben": 13, "Cat": 36, "Dan": 0}
    assert state.hands[1].moon is None


def test_a_revoke_in_three_d_hearts_costs_thirty_nine():
    game = setup("3d", 3)
    state = play(game, [revoke(game, "Ben")])
    assert by_name(game, state.totals) == {"Ann": 0, "Ben": 39, "Cat": 0}


def test_a_revoke_in_omnibus_gives_nobody_the_jack_bonus():
    game = setup("omnibus")
    state = play(game, [revoke(game, "Dan")])
    assert by_name(game, state.totals) == {"Ann": 0, "Ben": 0, "Cat": 0, "Dan": 26}


def test_a_revoke_in_ricketts_is_never_a_moon_even_for_a_player_far_behind():
    game = setup("ricketts")
    state = play(game, [revoke(game, "Ann")])
    assert by_name(game, state.totals) == {"Ann": 26, "Ben": 0, "Cat": 0, "Dan": 0}
    assert state.hands[0].moon is None


def test_landing_exactly_on_a_wrap_score_goes_back_to_zero():
    game = setup("ricketts")
    # Ben takes the Q♠ each hand with Ann 5, Cat 4, Dan 4 hearts: Ben 13 a hand.
    hand = cards(game, {"Ann": 5, "Cat": 4, "Dan": 4}, queen="Ben")
    state = play(game, [hand] * 8)
    # 7 hands: Ben 91; the 8th: 104, a wrap score.
    assert state.hands[6].totals[1] == 91
    assert state.hands[7].points[1] == 13  # points are before the wrap
    assert by_name(game, state.totals) == {"Ann": 40, "Ben": 0, "Cat": 32, "Dan": 32}
    assert names(game, state.hands[7].wrapped) == ["Ben"]


def test_passing_over_a_wrap_score_does_not_wrap():
    game = setup("ricketts")
    # Ann takes 12 hearts and the Q♠ four times: 25, 50, 75, 100; then 12 hearts: 112.
    hands = [cards(game, {"Ann": 12, "Ben": 1}, queen="Ann")] * 4 + [cards(game, {"Ann": 12, "Ben": 1}, queen="Cat")]
    state = play(game, hands)
    assert state.totals[0] == 112
    assert all(hand.wrapped == () for hand in state.hands)


def test_a_revoke_from_one_hundred_lands_on_126_and_wraps():
    game = setup("ricketts")
    hands = [cards(game, {"Ann": 12, "Ben": 1}, queen="Ann")] * 4  # Ann 100 (not over 100), Ben 4
    state = play(game, [*hands, revoke(game, "Ann")])  # 100 + 26 = 126
    assert state.hands[-1].points[0] == 26
    assert by_name(game, state.totals) == {"Ann": 0, "Ben": 4, "Cat": 0, "Dan": 0}
    assert names(game, state.hands[-1].wrapped) == ["Ann"]
    assert state.status == "in_progress"


def test_two_players_wrap_in_the_same_hand_and_are_listed_in_seat_order():
    game = setup("standard", wraps=[13])
    state = play(game, [cards(game, {"Dan": 13}, queen="Ben")])
    assert by_name(game, state.hands[0].points) == {"Ann": 0, "Ben": 13, "Cat": 0, "Dan": 13}
    assert by_name(game, state.totals) == {"Ann": 0, "Ben": 0, "Cat": 0, "Dan": 0}
    assert names(game, state.hands[0].wrapped) == ["Ben", "Dan"]


def test_standard_has_no_wraps():
    game = setup("standard", target=200)
    hand = cards(game, {"Ann": 5, "Cat": 4, "Dan": 4}, queen="Ben")
    state = play(game, [hand] * 8)
    assert state.totals[1] == 104


def test_the_warren_card_leaves_scoring_unchanged():
    plain, warren = setup("ricketts"), setup("ricketts", warren=True)

    def hands(game):
        return [cards(game, {"Ann": 3, "Cat": 10}, queen="Ben"), moon(game, "Dan"), revoke(game, "Cat")]

    assert [hand.points for hand in play(warren, hands(warren)).hands] == [
        hand.points for hand in play(plain, hands(plain)).hands
    ]
    # Hand 1: 3, 13, 10, 0. Dan's moon adds 26 to the others. Cat's revoke: 26.
    assert by_name(warren, play(warren, hands(warren)).totals) == {"Ann": 29, "Ben": 39, "Cat": 62, "Dan": 0}
