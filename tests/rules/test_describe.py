"""The sentences the table reads: moons, the next deal, results and edits. No database."""

from rules import GameSetup, HandEntry, play
from rules.describe import (
    MOON_RULE_NAMES,
    Note,
    deal_in_brief,
    describe_change,
    describe_deal,
    describe_deck,
    describe_entry,
    describe_hand,
    describe_leader,
    describe_moon,
    describe_outcome,
    describe_passes,
    describe_result,
    describe_run,
    describe_table,
    join_names,
    revoke_terms,
    signed,
)
from rules.options import MOON_RULES

NAMES = ["Ann", "Ben", "Cat", "Dan"]
ANN, BEN, CAT, DAN = range(4)


def cards(hearts, queen, jack=None, moon=None):
    return HandEntry.cards(hearts, queen, jack, moon)


# Ben 75, Dan 16, Ann 13, Cat 0 after four hands (worked out hand by hand):
# Ben 12♥+Q♠ = 25 three times (75) while Dan takes 1♥ each (3); then Ann
# takes all 13♥ and Dan the Q♠ (Ann 13, Dan 16).
BEN_AT_75 = [
    cards([0, 12, 0, 1], BEN),
    cards([0, 12, 0, 1], BEN),
    cards([0, 12, 0, 1], BEN),
    cards([13, 0, 0, 0], DAN),
]
CAT_SHOOTS = cards([0, 0, 13, 0], CAT)


def test_scores_use_a_real_minus_sign():
    assert signed(-26) == "\u221226"
    assert signed(0) == "0"
    assert signed(13) == "13"
    # A hand's points on the scoresheet carry their sign, gains too.
    assert signed(13, plus=True) == "+13"
    assert signed(-10, plus=True) == "\u221210"
    assert signed(0, plus=True) == "0"


def test_names_are_joined_as_in_a_sentence():
    assert join_names([]) == ""
    assert join_names(["Ann"]) == "Ann"
    assert join_names(["Ann", "Ben"]) == "Ann and Ben"
    assert join_names(["Ann", "Ben", "Cat"]) == "Ann, Ben and Cat"


def test_adding_a_moon_that_ends_the_game_names_who_passed_and_who_won():
    setup = GameSetup.create("standard", NAMES, {"end": "more_than"})
    before = play(setup, BEN_AT_75)
    # Add: everyone but Cat takes 26, so Ben goes to 101 and Cat (0) is lowest.
    after = before.after(cards([0, 0, 13, 0], CAT, moon="add"))
    assert describe_outcome(before, after) == "Ben passes 100 and Cat wins the game"


def test_going_beyond_the_target_is_passing_it_not_reaching_it():
    setup = GameSetup.create("standard", NAMES)
    before = play(setup, BEN_AT_75)
    # Add: Ben 75 + 26 = 101, past 100 (the game ends at 100 or more).
    after = before.after(cards([0, 0, 13, 0], CAT, moon="add"))
    assert describe_outcome(before, after) == "Ben passes 100 and Cat wins the game"


def test_landing_on_the_target_is_reaching_it():
    setup = GameSetup.create("standard", NAMES)
    # Ben 12♥ + Q♠ = 25 a hand: 25, 50, 75, then 25 more is exactly 100.
    # Cat takes the 1♥ this time, so Ann (0) is lowest alone.
    before = play(setup, BEN_AT_75[:3])
    after = before.after(cards([0, 12, 1, 0], BEN))
    assert after.totals[1] == 100
    assert describe_outcome(before, after) == "Ben reaches 100 and Ann wins the game"


def test_one_player_on_the_target_and_one_past_it_are_told_apart():
    setup = GameSetup.create("standard", NAMES, {"target": 20})
    # Ann 7♥ = 7, then Ann 13 more = 20 exactly; Ben 12♥ + Q♠ = 25 in hand 1.
    state = play(setup, [cards([7, 5, 0, 1], BEN), cards([13, 0, 0, 0], DAN)])
    assert state.totals == (20, 18, 0, 14)
    assert describe_result(state) == "Cat wins the game: Ann reaches 20"
    state = play(setup, [cards([7, 5, 0, 1], BEN), cards([13, 0, 0, 0], BEN)])
    assert state.totals == (20, 31, 0, 1)
    assert describe_result(state) == "Cat wins the game: Ann reaches 20, Ben passes it"


def test_subtracting_a_moon_says_where_the_shooter_goes_and_that_play_goes_on():
    setup = GameSetup.create("standard", NAMES)
    before = play(setup, BEN_AT_75)
    after = before.after(cards([0, 0, 13, 0], CAT, moon="subtract"))
    assert describe_outcome(before, after) == "Cat goes to \u221226, the game goes on"


def test_an_ordinary_hand_lists_every_total_that_moved():
    setup = GameSetup.create("standard", NAMES)
    before = play(setup, [])
    after = before.after(cards([3, 0, 10, 0], BEN))
    assert describe_outcome(before, after) == "Ann goes to 3, Ben to 13 and Cat to 10, the game goes on"


def test_a_tie_for_lowest_says_another_hand_is_played():
    setup = GameSetup.create("standard", NAMES, {"target": 20})
    before = play(setup, [])
    # Ben 13 hearts + Q♠ would be a moon; give Ben 12♥ + Q♠ = 25 and Dan 1♥.
    # Ann and Cat tie at 0 for lowest, so the game cannot end yet.
    after = before.after(cards([0, 12, 0, 1], BEN))
    assert after.status == "tie_break"
    assert describe_outcome(before, after) == "Ben passes 20 but Ann and Cat tie for lowest: another hand is played"
    assert describe_result(after) == "Ben passes 20, but Ann and Cat tie for lowest: another hand is played"


def test_the_result_says_who_won_and_why():
    setup = GameSetup.create("standard", NAMES)
    state = play(setup, [*BEN_AT_75, cards([0, 0, 13, 0], CAT, moon="add")])
    assert describe_result(state) == "Cat wins the game: Ben passes 100"  # 75 + 26 = 101


def test_a_shared_win_names_every_winner():
    setup = GameSetup.create("standard", NAMES, {"target": 20, "ties": "shared"})
    state = play(setup, [cards([0, 12, 0, 1], BEN)])
    assert describe_result(state) == "Ann and Cat share the win: Ben passes 20"  # on 25


def test_a_moon_under_choice_offers_both_outcomes_with_their_sentences():
    setup = GameSetup.create("standard", NAMES)
    state = play(setup, BEN_AT_75)
    preview = describe_moon(state, CAT_SHOOTS)
    assert preview is not None
    assert preview.shooter == "Cat"
    assert preview.choose is True
    assert [(o.resolution, o.sentence) for o in preview.outcomes] == [
        ("add", "Ben passes 100 and Cat wins the game"),  # 75 + 26 = 101
        ("subtract", "Cat goes to \u221226, the game goes on"),
    ]


def test_the_ricketts_rule_shows_the_one_resolution_and_why():
    setup = GameSetup.create("ricketts", NAMES)
    # Ben 75, Dan 3 after three hands; then Ben 5♥ + Cat 8♥ with Dan's Q♠
    # (Ben 80, Cat 8, Dan 16); then Cat 12♥ + Q♠ and Dan 1♥ (Cat 33, Dan 17).
    state = play(setup, [*BEN_AT_75[:3], cards([0, 5, 8, 0], DAN), cards([0, 0, 12, 1], CAT)])
    assert state.totals == (0, 80, 33, 17)
    # Adding would put Ben on 106 (over 100) with Ann lowest on 26: Cat would
    # lose, so Cat subtracts instead: 33 - 26 = 7.
    preview = describe_moon(state, CAT_SHOOTS)
    assert preview is not None
    assert preview.choose is False
    (outcome,) = preview.outcomes
    assert outcome.resolution == "subtract"
    assert outcome.why == "adding would end the game with the shooter not winning"
    assert outcome.sentence == "Cat goes to 7, the game goes on"
    assert preview.rule == "the Ricketts moon rule"


def test_every_moon_rule_has_a_name_for_people():
    assert set(MOON_RULE_NAMES) == set(MOON_RULES)
    assert all(name and "_" not in name for name in MOON_RULE_NAMES.values())


def test_no_moon_preview_for_an_incomplete_entry_or_an_ordinary_hand():
    state = play(GameSetup.create("standard", NAMES), [])
    assert describe_moon(state, cards([0, 0, 12, 0], CAT)) is None
    assert describe_moon(state, cards([0, 0, 13, 0], BEN)) is None
    assert describe_moon(state, cards([3, 0, 10, 0], BEN)) is None


def test_passes_name_who_gives_to_whom():
    setup = GameSetup.create("standard", NAMES)
    assert describe_passes(setup, setup.deal(1)) == "Ann → Ben, Ben → Cat, Cat → Dan, Dan → Ann"
    assert describe_passes(setup, setup.deal(2)) == "Ann → Dan, Ben → Ann, Cat → Ben, Dan → Cat"
    assert describe_passes(setup, setup.deal(3)) == "Ann → Cat, Ben → Dan, Cat → Ann, Dan → Ben"
    assert describe_passes(setup, setup.deal(4)) == "no passing"


def test_ricketts_scatters_on_the_fourth_hand():
    setup = GameSetup.create("ricketts", NAMES)
    assert describe_passes(setup, setup.deal(4)) == "each player passes one card to each other player"
    assert describe_deal(setup, setup.deal(4)).direction == "Scatter"


def test_the_leader_is_a_player_or_the_lowest_club():
    ricketts = GameSetup.create("ricketts", NAMES, first_dealer=2)
    assert describe_leader(ricketts, ricketts.deal(1)) == "Dan leads"
    five = GameSetup.create("standard", [*NAMES, "Eve"])
    assert describe_leader(five, five.deal(1)) == "Whoever holds the 3♣ leads"
    kitty = GameSetup.create("standard", [*NAMES, "Eve"], {"deal": "kitty"})
    assert describe_leader(kitty, kitty.deal(1)) == (
        "Whoever holds the lowest club leads (the 2♣, unless it is in the kitty)"
    )


def test_the_deck_is_prepared_for_the_variant_and_the_number_of_players():
    assert describe_deck(GameSetup.create("standard", [*NAMES, "Eve"])) == (
        "Take out the 2♦ and 2♣",
        "Deal 10 cards each",
    )
    assert describe_deck(GameSetup.create("standard", NAMES, {"deal": "kitty"})) == (
        "Deal 4 cards face down to a kitty; the winner of the first trick takes it",
        "Deal 12 cards each",
    )
    # 102 cards, 6 each to four players: 102 - 24 = 78 left to draw.
    assert describe_deck(GameSetup.create("3d", NAMES)) == (
        "Shuffle 2 decks together and take out one Q♠ and one J♦: 102 cards",
        "Deal 6 cards each; the other 78 are the draw pile",
    )
    assert describe_deck(GameSetup.create("ricketts", NAMES, {"warren": True}))[0] == (
        "Shuffle in the Warren card (53 cards); whoever is dealt it gets one extra card face down"
    )


def test_the_next_deal_gathers_dealer_passing_leader_and_deck():
    setup = GameSetup.create("standard", NAMES, first_dealer=1)
    deal = describe_deal(setup, setup.deal(1))
    assert deal.number == 1
    assert deal.dealer == "Ben"
    assert deal.direction == "Pass 3 cards to the left"
    assert deal.leader == "Whoever holds the 2♣ leads"
    assert deal.deck == ("Deal 13 cards each",)
    assert deal.tie_break is False


def test_a_run_at_69_counts_hands_sat_there():
    setup = GameSetup.create("ricketts", NAMES)
    # Ann 25, 50, then 6♥ + Q♠ = 69; two more hands without points.
    state = play(
        setup,
        [
            cards([12, 0, 0, 1], ANN),
            cards([12, 0, 0, 1], ANN),
            cards([6, 7, 0, 0], ANN),
            cards([0, 13, 0, 0], CAT),
            cards([0, 13, 0, 0], CAT),
        ],
    )
    assert [describe_run(setup, run) for run in state.runs] == ["Ann: 69 for 2 of 5 hands"]


def test_hand_notes_mark_moons_wraps_and_revokes():
    setup = GameSetup.create("ricketts", NAMES)
    # Ben 25, 50, 75; then Ben 3♥ + Dan's Q♠ makes 78; then a moon by Cat
    # adds 26: Ben 78 + 26 = 104, a wrap.
    state = play(
        setup,
        [*BEN_AT_75[:3], cards([0, 3, 10, 0], DAN), CAT_SHOOTS, HandEntry.revoked(ANN)],
    )
    moon_hand, revoke_hand = state.hands[4], state.hands[5]
    assert describe_hand(setup, moon_hand) == (
        Note("moon", "Cat shot the moon: add"),
        Note("wrap", "Ben wrapped to 0"),
    )
    assert describe_hand(setup, revoke_hand) == (Note("revoke", "Ann revoked: +26"),)


def test_a_revoke_costs_the_offender_p_and_names_the_jack_only_where_it_scores():
    # P = 13 hearts + the Q♠ = 26; 3D Hearts plays 26 hearts, so 39, and scores the J♦.
    assert revoke_terms(GameSetup.create("standard", ["Ann", "Ben", "Cat", "Dan"])) == (
        "scores 26, everyone else 0 for that hand (no moon)"
    )
    assert revoke_terms(GameSetup.create("3d", ["Ann", "Ben", "Cat", "Dan"])) == (
        "scores 39, everyone else 0 for that hand (no moon, no J♦ bonus)"
    )


def test_an_entry_reads_player_by_player():
    setup = GameSetup.create("omnibus", NAMES)
    assert describe_entry(setup, cards([3, 0, 10, 0], BEN, CAT)) == "Ann 3♥, Ben Q♠, Cat 10♥ J♦"
    assert describe_entry(setup, cards([0, 13, 0, 0], BEN, BEN, "add")) == "Ben 13♥ Q♠ J♦ (moon: add)"
    assert describe_entry(setup, HandEntry.revoked(DAN)) == "Dan revoked"


def test_a_change_lists_only_what_moved():
    setup = GameSetup.create("standard", NAMES)
    before = cards([3, 0, 10, 0], BEN)
    after = cards([4, 0, 9, 0], BEN)
    assert describe_change(setup, before, after) == "Ann 3♥ → 4♥, Cat 10♥ → 9♥"
    assert describe_change(setup, before, cards([3, 0, 10, 0], DAN)) == "Ben Q♠ → nothing, Dan nothing → Q♠"
    assert describe_change(setup, before, HandEntry.revoked(ANN)) == "Ann 3♥, Ben Q♠, Cat 10♥ → Ann revoked"
    assert describe_change(setup, None, before) == "Ann 3♥, Ben Q♠, Cat 10♥"


def test_a_scoresheet_row_says_who_deals_and_which_way_to_pass():
    setup = GameSetup.create("standard", NAMES)
    state = play(setup, [cards([3, 3, 3, 4], ANN)] * 4)
    assert [deal_in_brief(setup, hand.deal) for hand in state.hands] == [
        "Ann deals, pass left",
        "Ben deals, pass right",
        "Cat deals, pass across",
        "Dan deals, no pass",
    ]


def test_the_table_in_one_call_totals_leaders_hands_and_the_next_deal():
    setup = GameSetup.create("standard", NAMES)
    # Ann takes 3♥ and the Q♠ (16), Ben 3, Cat 3, Dan 4: Ben and Cat lead.
    state = play(setup, [cards([3, 3, 3, 4], ANN)])
    table = describe_table(state)
    assert [(s.name, s.total, s.leading) for s in table.seats] == [
        ("Ann", "16", False),
        ("Ben", "3", True),
        ("Cat", "3", True),
        ("Dan", "4", False),
    ]
    (hand,) = table.hands
    assert (hand.number, hand.dealer) == (1, "Ann")
    assert hand.cells == (("+16", "16"), ("+3", "3"), ("+3", "3"), ("+4", "4"))
    assert table.next_deal is not None
    assert (table.next_deal.number, table.next_deal.dealer) == (2, "Ben")
    assert table.moon is None
    # The hands after it, asked for (a phone may enter them offline): each its own dealer.
    assert [(deal.number, deal.dealer) for deal in describe_table(state, deals_after=2).deals_after] == [
        (3, "Cat"),
        (4, "Dan"),
    ]
    assert describe_table(state).deals_after == ()
    # A declared game deals no more; a hand being tapped in shows its moon.
    assert describe_table(state, dealing=False).next_deal is None
    assert describe_table(state, dealing=False, deals_after=2).deals_after == ()
    moon = describe_table(state, CAT_SHOOTS).moon
    assert moon is not None
    assert moon.shooter == "Cat"


# RULES.md, More variants: rank lists, charges, teams and Turbo's end.


def test_an_entry_by_rank_names_each_heart_and_a_turbo_entry_its_charges():
    spot = GameSetup.create("spot", NAMES)
    entry = HandEntry.cards((), DAN, ranks=[["Q", "2"], ["A"], [], [*"3456789", "10", "J", "K"]])
    assert describe_entry(spot, entry) == "Ann 2♥ Q♥, Ben A♥, Dan 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ K♥ Q♠"
    turbo = GameSetup.create("turbo", NAMES)
    hand = HandEntry.cards([13, 0, 0, 0], BEN, CAT, ten=DAN, charged=["10♣", "A♥"])
    assert describe_entry(turbo, hand) == "Ann 13♥, Ben Q♠, Cat J♦, Dan 10♣ (charged A♥ 10♣)"
    assert describe_entry(turbo, HandEntry.revoked(ANN, charged=["Q♠"])) == "Ann revoked (charged Q♠)"
    uncharged = HandEntry.cards([13, 0, 0, 0], BEN, CAT, ten=DAN)
    assert describe_change(turbo, uncharged, hand) == "charged nothing → A♥ 10♣"


def test_a_team_game_reads_by_team():
    game = GameSetup.create("standard", NAMES, {"teams": True, "target": 26})
    state = play(game, [HandEntry.revoked(DAN)])
    assert describe_hand(game, state.hands[0]) == (Note("revoke", "Dan revoked: +26"),)
    assert describe_result(state) == "Ann+Cat wins the game: Ben+Dan reaches 26"
    assert [line.name for line in describe_table(state).seats] == ["Ann+Cat", "Ben+Dan"]


def test_a_turbo_game_ends_after_its_hands_and_its_keeper_hand_passes_nothing():
    game = GameSetup.create("turbo", NAMES, {"hands_per_game": 1})
    state = play(game, [HandEntry.cards([13, 0, 0, 0], BEN, CAT, ten=DAN)])  # Ann 13, Ben 13, Cat -10
    assert describe_result(state) == "Cat wins the game: 1 hand played"
    keeper = GameSetup.create("turbo", NAMES).deal(4)
    assert (keeper.pass_direction, keeper.cards_passed) == ("keeper", 0)
    assert describe_passes(game, keeper) == "no passing (the keeper hand)"


def test_cancellation_decks_add_a_joker_or_set_cards_aside():
    five = GameSetup.create("cancellation", [f"P{n}" for n in range(5)])
    assert describe_deck(five) == ("Shuffle 2 decks together and add 1 joker: 105 cards", "Deal 21 cards each")
    nine = GameSetup.create("cancellation", [f"P{n}" for n in range(9)])
    assert describe_deck(nine) == (
        "Shuffle 2 decks together: 104 cards",
        "Deal 11 cards each; set the other 5 aside face down",
    )
