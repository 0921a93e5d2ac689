"""RULES.md: the deck and the deal, passing, the dealer and the first lead."""

import pytest

from rules import play
from tests.rules.table import cards, setup

# RULES.md, "Cards removed in standard/omnibus with deal: remove".
REMOVED = {
    3: (("2♦",), 17),
    4: ((), 13),
    5: (("2♦", "2♣"), 10),
    6: (("2♦", "3♦", "3♣", "4♣"), 8),
    7: (("2♦", "3♦", "3♣"), 7),
}
# RULES.md, "With deal: kitty": kitty size and cards each.
KITTY = {3: (1, 17), 4: (4, 12), 5: (2, 10), 6: (4, 8), 7: (3, 7)}


@pytest.mark.parametrize("variant", ["standard", "omnibus"])
@pytest.mark.parametrize("players", sorted(REMOVED))
def test_removing_cards_leaves_equal_hands(variant, players):
    removed, each = REMOVED[players]
    deck = setup(variant, players).deck
    assert (deck.decks, set(deck.removed), deck.cards_each, deck.kitty) == (1, set(removed), each, 0)
    assert 52 - len(removed) == each * players


@pytest.mark.parametrize("variant", ["standard", "omnibus"])
@pytest.mark.parametrize("players", sorted(KITTY))
def test_a_kitty_takes_the_odd_cards_and_nothing_is_removed(variant, players):
    size, each = KITTY[players]
    deck = setup(variant, players, deal="kitty", kitty_to="first_heart").deck
    assert (deck.removed, deck.kitty, deck.cards_each, deck.kitty_to) == ((), size, each, "first_heart")
    assert size + each * players == 52


def test_the_kitty_goes_to_the_first_trick_by_default():
    assert setup("standard", 5, deal="kitty").deck.kitty_to == "first_trick"


@pytest.mark.parametrize(
    ("players", "lead"),
    # Only the five-player deal removes the 2♣; six and seven remove the 3♣, not the 2♣.
    [(3, "2♣"), (4, "2♣"), (5, "3♣"), (6, "2♣"), (7, "2♣")],
)
def test_the_lowest_club_left_in_the_deck_leads(players, lead):
    deal = setup("standard", players).deal(1)
    assert (deal.lead_card, deal.leader) == (lead, None)
    assert setup("omnibus", players).deal(1).lead_card == lead


def test_with_a_kitty_the_two_of_clubs_leads_even_with_five_players():
    assert setup("standard", 5, deal="kitty").deal(1).lead_card == "2♣"


@pytest.mark.parametrize("players", range(3, 9))
def test_three_d_hearts_deals_six_each_from_two_decks_less_a_queen_and_a_jack(players):
    deck = setup("3d", players).deck
    assert (deck.decks, deck.total_cards, deck.cards_each, deck.kitty) == (2, 102, 6, 0)
    assert sorted(deck.removed) == sorted(["Q♠", "J♦"])
    # 104 - 2 = 102 cards; the pile is what the six-card hands leave.
    assert deck.draw_pile == 102 - 6 * players


def test_three_d_hearts_has_twenty_six_hearts_and_a_penalty_of_thirty_nine():
    game = setup("3d", 5)
    assert (game.hearts_in_play, game.penalty) == (26, 39)


@pytest.mark.parametrize(("variant", "players"), [("standard", 3), ("standard", 7), ("omnibus", 5), ("ricketts", 4)])
def test_one_deck_has_thirteen_hearts_and_a_penalty_of_twenty_six(variant, players):
    game = setup(variant, players)
    assert (game.hearts_in_play, game.penalty) == (13, 26)


def test_ricketts_deals_thirteen_each_from_one_deck():
    deck = setup("ricketts").deck
    assert (deck.total_cards, deck.cards_each, deck.removed, deck.kitty, deck.warren) == (52, 13, (), 0, False)


def test_the_warren_card_makes_fifty_three_cards_and_one_extra_card():
    deck = setup("ricketts", warren=True).deck
    assert (deck.total_cards, deck.cards_each, deck.warren) == (53, 13, True)
    assert deck.total_cards - 4 * deck.cards_each == 1  # the Warren holder's extra card


@pytest.mark.parametrize(
    ("variant", "players", "cycle"),
    [
        ("standard", 3, ("left", "right")),
        ("standard", 4, ("left", "right", "across", "hold")),
        ("standard", 5, ("left", "right")),
        ("standard", 6, ("left", "right")),
        ("standard", 7, ("left", "right")),
        ("omnibus", 3, ("left", "right")),
        ("omnibus", 4, ("left", "right", "across", "hold")),
        ("omnibus", 7, ("left", "right")),
        ("ricketts", 4, ("left", "right", "across", "scatter", "hold")),
        ("3d", 3, ("hold",)),
        ("3d", 4, ("hold",)),
        ("3d", 8, ("hold",)),
    ],
)
def test_each_variant_passes_in_its_own_cycle(variant, players, cycle):
    game = setup(variant, players)
    assert game.pass_cycle == cycle
    # Two full turns of the cycle and one hand more: hand n passes entry (n - 1) mod length.
    for number in range(1, 2 * len(cycle) + 2):
        assert game.deal(number).pass_direction == cycle[(number - 1) % len(cycle)]


def test_hand_five_passes_left_again_with_four_and_hand_six_holds_in_ricketts():
    assert setup("standard", 4).deal(5).pass_direction == "left"
    assert setup("standard", 4).deal(8).pass_direction == "hold"
    assert setup("standard", 5).deal(3).pass_direction == "left"
    assert setup("ricketts").deal(6).pass_direction == "left"
    assert setup("ricketts").deal(9).pass_direction == "scatter"
    assert setup("ricketts").deal(10).pass_direction == "hold"


@pytest.mark.parametrize(("variant", "low", "high"), [("standard", 3, 7), ("omnibus", 3, 7), ("3d", 3, 8)])
def test_across_exists_only_with_four_players(variant, low, high):
    for players in range(low, high + 1):
        assert ("across" in setup(variant, players).pass_cycle) == (players == 4 and variant != "3d")


def test_left_right_and_across_pass_three_cards_to_one_neighbour():
    game = setup("standard", 4)
    left, right, across, hold = (game.deal(number) for number in (1, 2, 3, 4))
    assert left.passes() == ((0, 1), (1, 2), (2, 3), (3, 0))
    assert right.passes() == ((0, 3), (1, 0), (2, 1), (3, 2))
    assert across.passes() == ((0, 2), (1, 3), (2, 0), (3, 1))
    assert hold.passes() == ()
    assert [deal.cards_passed for deal in (left, right, across, hold)] == [3, 3, 3, 0]


def test_scatter_passes_one_card_to_each_of_the_three_others():
    scatter = setup("ricketts").deal(4)
    assert scatter.pass_direction == "scatter"
    assert scatter.cards_passed == 3
    assert scatter.passes() == ()  # no single target: one card to each other seat


def test_passing_right_with_three_players_goes_to_the_seat_before():
    right = setup("standard", 3).deal(2)
    assert right.passes() == ((0, 2), (1, 0), (2, 1))


def test_the_deal_moves_one_seat_left_each_hand():
    game = setup("standard", 4, first_dealer="Cat")
    # Cat is seat 2: Cat, Dan, Ann, Ben, Cat, Dan ...
    assert [game.deal(number).dealer for number in range(1, 7)] == [2, 3, 0, 1, 2, 3]


def test_the_deal_goes_on_round_the_table_through_tie_break_hands():
    game = setup("standard", 4, target=13)
    # Hand 1: Ben 13 with the Q♠ reaches 13; Ann and Dan tie at 0, so a tie-break is due.
    state = play(game, [cards(game, {"Cat": 13}, queen="Ben")])
    deal = state.next_deal
    assert (state.status, deal.number, deal.dealer, deal.tie_break) == ("tie_break", 2, 1, True)
    # Hand 2 (right, Ben deals): Ann 1 heart breaks the tie; Dan wins. No hand 3.
    state = play(game, [cards(game, {"Cat": 13}, queen="Ben"), cards(game, {"Ann": 1, "Cat": 12}, queen="Cat")])
    assert state.hands[1].deal.dealer == 1
    assert state.hands[1].deal.tie_break
    assert state.hands[1].deal.pass_direction == "right"
    assert state.next_deal is None


def test_the_deals_after_the_next_are_those_hands_own_for_a_phone_entering_them_offline():
    game = setup("standard", 4, first_dealer="Cat", target=13)
    state = play(game, [])
    # Hand 1 is Cat's, passing left; then Dan right, Ann across, Ben holds, Cat left again.
    after = state.deals_after_next(4)
    assert [(deal.number, deal.dealer, deal.pass_direction) for deal in after] == [
        (2, 3, "right"),
        (3, 0, "across"),
        (4, 1, "hold"),
        (5, 2, "left"),
    ]
    assert not any(deal.tie_break for deal in after)
    # In a tie-break the hands after it are tie-break hands too, until the tie is broken; over, none.
    tied = play(game, [cards(game, {"Cat": 13}, queen="Ben")])
    assert [(deal.number, deal.tie_break) for deal in tied.deals_after_next(2)] == [(3, True), (4, True)]
    over = play(game, [cards(game, {"Cat": 13}, queen="Ben"), cards(game, {"Ann": 1, "Cat": 12}, queen="Cat")])
    assert over.deals_after_next(3) == ()


def test_ricketts_and_three_d_are_led_by_the_player_left_of_the_dealer():
    for variant in ("ricketts", "3d"):
        game = setup(variant, 4, first_dealer="Dan")
        first, second = game.deal(1), game.deal(2)
        assert (first.dealer, first.leader, first.lead_card) == (3, 0, None)
        assert (second.dealer, second.leader) == (0, 1)


def test_three_d_with_seven_players_wraps_the_leader_round_the_table():
    game = setup("3d", 7, first_dealer="Gus")
    assert (game.deal(1).dealer, game.deal(1).leader) == (6, 0)
