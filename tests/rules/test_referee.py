"""The referee's answers, checked against RULES.md for each variant.

Every expected answer here is read off RULES.md ("Play", "Scoring a hand"),
not off the code: the first trick, leading and breaking hearts, the Q♠ in
Ricketts, drawing in 3D Hearts, the Warren card, the next deal, moons and
revokes. No database.
"""

import pytest

from rules import GameSetup, HandEntry, play
from rules.referee import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    ONLY_HEARTS,
    ONLY_HEARTS_AND_QUEEN,
    SPADES,
    Card,
    PlayQuestion,
    can_play,
    moon_previews,
    next_deal_answers,
    play_notes,
    play_rules,
    revoke_penalty,
)

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
FOUR = NAMES[:4]
HEART = Card(HEARTS)
QUEEN = Card(SPADES, "Q")
DIAMOND = Card(DIAMONDS)
ANOTHER = Card()


def rules_for(variant, players=4, **options):
    return play_rules(GameSetup.create(variant, NAMES[:players], options))


def ask(variant, card, players=4, options=None, **situation):
    situation.setdefault("leading", False)
    return can_play(rules_for(variant, players, **(options or {})), PlayQuestion(card=card, **situation))


# Following suit (all variants) ---------------------------------------------------


@pytest.mark.parametrize("variant", ["standard", "omnibus", "ricketts", "3d"])
def test_a_card_of_the_suit_led_may_always_be_played(variant):
    ruling = ask(variant, Card(CLUBS, "K"), suit_led=CLUBS, holds_suit_led=True, first_trick=True)
    assert ruling.allowed
    assert ruling.rule == "Play"


@pytest.mark.parametrize("variant", ["standard", "omnibus", "ricketts", "3d"])
def test_holding_the_suit_led_forbids_any_other_card(variant):
    ruling = ask(variant, DIAMOND, suit_led=CLUBS, holds_suit_led=True, pile_empty=True)
    assert not ruling.allowed
    assert "must follow suit" in ruling.reason
    assert ruling.rule == "Play"


def test_following_needs_the_suit_led():
    with pytest.raises(ValueError, match="Say which suit was led"):
        ask("standard", HEART)


# The first trick (standard, omnibus, ricketts) -------------------------------------


@pytest.mark.parametrize("variant", ["standard", "omnibus", "ricketts"])
@pytest.mark.parametrize("card", [HEART, QUEEN], ids=["heart", "queen"])
def test_no_heart_and_no_queen_on_the_first_trick(variant, card):
    ruling = ask(variant, card, suit_led=CLUBS, first_trick=True)
    assert not ruling.allowed
    assert str(ruling) == (
        "No: no heart and not the Q♠ may be played to the first trick unless you hold nothing else (rule: First trick)"
    )


@pytest.mark.parametrize("variant", ["standard", "omnibus", "ricketts"])
@pytest.mark.parametrize("hand", [ONLY_HEARTS, ONLY_HEARTS_AND_QUEEN])
@pytest.mark.parametrize("card", [HEART, QUEEN], ids=["heart", "queen"])
def test_the_first_trick_limit_lifts_for_a_hand_of_nothing_else(variant, hand, card):
    ruling = ask(variant, card, suit_led=CLUBS, first_trick=True, hand=hand)
    assert ruling.allowed
    assert ruling.rule == "First trick"


@pytest.mark.parametrize("variant", ["standard", "omnibus", "ricketts"])
def test_any_other_card_may_be_discarded_on_the_first_trick(variant):
    assert ask(variant, DIAMOND, suit_led=CLUBS, first_trick=True).allowed


def test_after_the_first_trick_a_void_player_may_discard_a_heart_which_breaks_hearts():
    ruling = ask("standard", HEART, suit_led=CLUBS)
    assert ruling.allowed
    assert "breaks hearts" in ruling.reason
    assert ruling.rule == "Hearts broken"


# Who leads the first trick -----------------------------------------------------------


def test_in_standard_the_two_of_clubs_leads_the_first_trick():
    assert ask("standard", Card(CLUBS, "2"), leading=True, first_trick=True).allowed
    ruling = ask("standard", DIAMOND, leading=True, first_trick=True)
    assert not ruling.allowed
    assert str(ruling) == "No: the first trick is led with the 2♣ by whoever holds it (rule: First lead)"


def test_with_five_players_the_two_of_clubs_is_removed_so_the_three_leads():
    # RULES.md: 5 players remove 2♦ 2♣; "3♣ when the 2♣ is removed".
    assert ask("standard", Card(CLUBS, "3"), players=5, leading=True, first_trick=True).allowed
    assert not ask("standard", Card(CLUBS, "2"), players=5, leading=True, first_trick=True).allowed


def test_with_a_kitty_another_club_leads_only_when_the_two_lies_in_the_kitty():
    ruling = ask("standard", Card(CLUBS, "3"), options={"deal": "kitty"}, leading=True, first_trick=True)
    assert not ruling.allowed
    assert "if it lies in the kitty, with the lowest club dealt to a player" in ruling.reason


@pytest.mark.parametrize("variant", ["ricketts", "3d"])
def test_left_of_the_dealer_leads_any_permitted_card_to_the_first_trick(variant):
    assert ask(variant, DIAMOND, leading=True, first_trick=True).allowed
    assert ask(variant, Card(CLUBS, "K"), leading=True, first_trick=True).allowed


# Leading and breaking hearts ----------------------------------------------------------


@pytest.mark.parametrize("variant", ["standard", "omnibus", "ricketts", "3d"])
def test_hearts_may_not_be_led_before_they_are_broken(variant):
    ruling = ask(variant, HEART, leading=True)
    assert not ruling.allowed
    assert ruling.rule == "Leading hearts"


@pytest.mark.parametrize("variant", ["standard", "omnibus", "ricketts", "3d"])
def test_hearts_may_be_led_once_a_heart_has_been_played(variant):
    assert ask(variant, HEART, leading=True, heart_played=True).allowed


@pytest.mark.parametrize("variant", ["standard", "omnibus", "ricketts", "3d"])
def test_a_leader_holding_only_hearts_may_lead_one(variant):
    assert ask(variant, HEART, leading=True, hand=ONLY_HEARTS).allowed


def test_a_leader_holding_hearts_and_the_queen_must_not_lead_a_heart():
    # "unless the leader holds only hearts": the Q♠ is another card to lead.
    assert not ask("standard", HEART, leading=True, hand=ONLY_HEARTS_AND_QUEEN).allowed


def test_in_standard_the_queen_played_does_not_break_hearts():
    assert not ask("standard", HEART, leading=True, queen_played=True).allowed


def test_in_ricketts_the_queen_played_breaks_hearts():
    ruling = ask("ricketts", HEART, leading=True, queen_played=True)
    assert ruling.allowed
    assert "a heart or the Q♠ has been played" in ruling.reason


@pytest.mark.parametrize("first_trick", [True, False])
def test_in_ricketts_the_queen_may_be_led_at_any_time(first_trick):
    ruling = ask("ricketts", QUEEN, leading=True, first_trick=first_trick)
    assert ruling.allowed
    assert ruling.rule == "Hearts broken"


def test_in_ricketts_discarding_the_queen_breaks_hearts():
    ruling = ask("ricketts", QUEEN, suit_led=DIAMONDS)
    assert ruling.allowed
    assert "breaks hearts" in ruling.reason


def test_in_standard_the_queen_may_be_led_after_the_first_trick():
    assert ask("standard", QUEEN, leading=True).allowed


# 3D Hearts -------------------------------------------------------------------------------


@pytest.mark.parametrize("card", [HEART, QUEEN, DIAMOND, ANOTHER], ids=["heart", "queen", "diamond", "another"])
def test_in_3d_a_player_who_cannot_follow_draws_while_the_pile_lasts(card):
    ruling = ask("3d", card, suit_led=CLUBS)
    assert not ruling.allowed
    assert "draw from the pile until you get a club, then play that card" in ruling.reason
    assert ruling.rule == "3D Hearts"


def test_in_3d_a_heart_may_be_played_once_the_pile_is_empty_and_it_breaks_hearts():
    ruling = ask("3d", HEART, suit_led=CLUBS, pile_empty=True)
    assert ruling.allowed
    assert "breaks hearts" in ruling.reason
    assert ruling.rule == "3D Hearts"


def test_in_3d_there_is_no_first_trick_limit():
    assert ask("3d", HEART, suit_led=CLUBS, pile_empty=True, first_trick=True).allowed
    assert ask("3d", QUEEN, suit_led=CLUBS, pile_empty=True, first_trick=True).allowed


def test_3d_knows_identical_cards_and_the_draw_pile():
    rules = rules_for("3d")
    assert rules.identical_cards
    assert rules.draw_pile
    assert not rules.first_trick_limits
    assert not rules_for("standard").identical_cards
    notes = [note.answer for note in play_notes(rules)]
    assert notes[0] == "Of two identical cards, the one played first ranks higher."
    assert play_notes(rules_for("standard")) == ()


# The Warren card ---------------------------------------------------------------------------


def test_the_warren_card_may_stand_in_for_a_legal_extra_card():
    ruling = ask("ricketts", DIAMOND, options={"warren": True}, suit_led=DIAMONDS, through_warren=True)
    assert ruling.allowed
    assert ruling.rule == "Warren card"
    assert "declare its suit (diamonds)" in ruling.reason


def test_the_warren_card_may_not_stand_in_for_an_illegal_extra_card():
    ruling = ask("ricketts", HEART, options={"warren": True}, suit_led=CLUBS, first_trick=True, through_warren=True)
    assert not ruling.allowed
    assert "(rule: First trick)" in ruling.reason
    assert ruling.rule == "Warren card"


def test_without_warren_there_is_no_warren_card():
    assert not ask("ricketts", DIAMOND, suit_led=DIAMONDS, through_warren=True).allowed


# The next deal ------------------------------------------------------------------------------


def answers(state):
    return [answer.answer for answer in next_deal_answers(state)]


def test_the_first_deal_of_a_standard_game():
    state = play(GameSetup.create("standard", FOUR), [])
    assert answers(state) == [
        "Ann deals hand 1; the deal moves one seat left each hand.",
        "Pass 3 cards to the left: Ann → Ben, Ben → Cat, Cat → Dan, Dan → Ann.",
        "Whoever holds the 2♣ leads.",
    ]


def test_the_fourth_ricketts_hand_scatters_and_left_of_the_dealer_leads():
    # First dealer Ann; hand 4 is dealt by Dan; the cycle's 4th entry is scatter.
    hand = HandEntry.cards([13, 0, 0, 0], 1)
    state = play(GameSetup.create("ricketts", FOUR), [hand, hand, hand])
    assert answers(state) == [
        "Dan deals hand 4; the deal moves one seat left each hand.",
        "Scatter: each player passes one card to each other player.",
        "Ann leads, from the dealer's left, with any permitted card.",
    ]


def test_the_third_standard_hand_passes_across():
    hand = HandEntry.cards([13, 0, 0, 0], 1)
    state = play(GameSetup.create("standard", FOUR, first_dealer=1), [hand, hand])
    assert answers(state)[:2] == [
        "Dan deals hand 3; the deal moves one seat left each hand.",
        "Pass 3 cards across: Ann → Cat, Ben → Dan, Cat → Ann, Dan → Ben.",
    ]


def test_3d_never_passes():
    state = play(GameSetup.create("3d", ["Ann", "Ben", "Cat"]), [])
    assert answers(state)[1] == "Hold: no passing."
    assert answers(state)[2] == "Ben leads, from the dealer's left, with any permitted card."


def test_with_a_kitty_the_lowest_club_dealt_leads():
    state = play(GameSetup.create("standard", NAMES[:5], {"deal": "kitty"}), [])
    assert answers(state)[2] == "Whoever holds the lowest club leads (the 2♣, unless it is in the kitty)."


def test_a_tie_break_hand_is_called_so():
    # Target 10: Ben 13 hearts and Cat the Q♠ end the game, but Ann and Dan tie at 0.
    setup = GameSetup.create("standard", FOUR, {"target": 10})
    state = play(setup, [HandEntry.cards([0, 13, 0, 0], 2)])
    assert state.status == "tie_break"
    assert "It is a tie-break hand" in answers(state)[0]


def test_a_finished_game_has_no_next_deal():
    setup = GameSetup.create("standard", FOUR, {"target": 10})
    state = play(setup, [HandEntry.cards([0, 12, 0, 1], 1)])  # Ben 25, Dan 1: Ann and Cat tie at 0
    assert state.status == "tie_break"
    state = state.after(HandEntry.cards([0, 0, 13, 0], 1))  # Cat 13: Ann alone is lowest
    assert state.is_over
    assert next_deal_answers(state) == ()
    assert moon_previews(state) == ()


# What if someone shoots the moon now? -------------------------------------------------------


def totals_by_outcome(preview):
    return {outcome.resolution: outcome.state.totals for outcome in preview.outcomes}


def test_under_choice_each_player_sees_both_resolutions():
    state = play(GameSetup.create("standard", FOUR), [])
    ann, ben, _, _ = moon_previews(state)
    assert totals_by_outcome(ann) == {"add": (0, 26, 26, 26), "subtract": (-26, 0, 0, 0)}
    assert totals_by_outcome(ben) == {"add": (26, 0, 26, 26), "subtract": (0, -26, 0, 0)}
    assert [outcome.result for outcome in ann.outcomes] == ["The game goes on", "The game goes on"]
    assert [outcome.sentence for outcome in ann.outcomes] == [
        "Ben goes to 26, Cat to 26 and Dan to 26, the game goes on",
        "Ann goes to −26, the game goes on",
    ]


def ricketts_at_91_79_12_0():
    """Ann 91, Ben 79, Cat 12, Dan 0, reached without a moon, a wrap or a 69."""
    hands = [HandEntry.cards([13, 0, 0, 0], 1)] * 4  # Ann 52, Ben 52
    hands += [
        HandEntry.cards([12, 0, 1, 0], 0),  # Ann 77, Cat 1
        HandEntry.cards([1, 12, 0, 0], 1),  # Ann 78, Ben 77
        HandEntry.cards([0, 2, 11, 0], 0),  # Ann 91, Ben 79, Cat 12
    ]
    state = play(GameSetup.create("ricketts", FOUR), hands)
    assert state.totals == (91, 79, 12, 0)
    return state


def test_ricketts_moon_preview_applies_the_safety_rule():
    ann, ben, cat, dan = moon_previews(ricketts_at_91_79_12_0())
    # Ann adding: Ben 105 ends the game with Dan (26) lowest, so Ann subtracts: 91 - 26.
    assert totals_by_outcome(ann) == {"subtract": (65, 79, 12, 0)}
    assert ann.outcomes[0].summary == "shooter −26 (adding would end the game with the shooter not winning)"
    assert ann.outcomes[0].result == "The game goes on"
    # Ben adding: Ann 117 ends it with Dan (26) lowest, so Ben subtracts: 79 - 26.
    assert totals_by_outcome(ben) == {"subtract": (91, 53, 12, 0)}
    # Cat adding: Ann 117, Ben 105, Cat stays 12, lowest: Cat wins.
    assert totals_by_outcome(cat) == {"add": (117, 105, 12, 26)}
    assert cat.outcomes[0].result == "Cat wins the game: Ann and Ben pass 100"
    # Dan adding: Dan stays 0 and wins.
    assert totals_by_outcome(dan) == {"add": (117, 105, 38, 0)}
    assert dan.outcomes[0].result == "Dan wins the game: Ann and Ben pass 100"


def test_with_the_moon_off_the_sweep_scores_as_taken():
    state = play(GameSetup.create("3d", ["Ann", "Ben", "Cat"]), [])
    ann = moon_previews(state)[0]
    # 26 hearts + Q♠ = 39, and the sweep includes the J♦: 39 - 10.
    assert totals_by_outcome(ann) == {"none": (29, 0, 0)}
    assert ann.outcomes[0].summary == "no moon: +29 as taken"


def test_omnibus_moon_keeps_the_jack_for_the_shooter():
    state = play(GameSetup.create("omnibus", FOUR), [])
    ann = moon_previews(state)[0]
    # RULES.md: the J♦ still scores −10 for whoever took it, the shooter included.
    assert totals_by_outcome(ann) == {"add": (-10, 26, 26, 26), "subtract": (-36, 0, 0, 0)}


# Revoke ---------------------------------------------------------------------------------------


def test_the_revoke_penalty_is_p_to_the_offender():
    assert "the offender scores 26, everyone else 0" in revoke_penalty(GameSetup.create("standard", FOUR)).answer
    assert "the offender scores 39, everyone else 0" in revoke_penalty(GameSetup.create("3d", FOUR)).answer
    assert revoke_penalty(GameSetup.create("omnibus", FOUR)).answer.endswith("(no moon, no J♦ bonus).")


# More variants (RULES.md, "More variants", Play): each answer read off that section by hand.


def turbo(card, **situation):
    situation.setdefault("leading", False)
    return can_play(rules_for("turbo"), PlayQuestion(card=card, charged=True, **situation))


def test_a_charged_card_may_not_lead_its_suits_first_trick():
    ruling = turbo(Card(HEARTS, "A"), leading=True, heart_played=True)
    assert not ruling.allowed
    assert ruling.rule == "Charging"
    assert ruling.reason.startswith("the A♥ is charged: it may not lead the first trick of its suit")


def test_a_charged_card_may_not_follow_to_its_suits_first_trick_unless_it_is_the_only_one():
    refused = turbo(Card(CLUBS, "10"), suit_led=CLUBS, first_trick=True)
    assert not refused.allowed
    assert "play another" in refused.reason
    alone = turbo(Card(CLUBS, "10"), suit_led=CLUBS, first_trick=True, only_of_suit=True)
    assert alone.allowed
    assert "your only card of that suit" in alone.reason


def test_a_charged_card_is_free_once_its_suit_was_led():
    ruling = turbo(Card(DIAMONDS, "J"), suit_led=DIAMONDS, suit_seen=True)
    assert ruling.allowed
    assert ruling.rule == "Charging"
    assert "diamonds have been led before" in ruling.reason


def test_a_charged_card_discarded_to_another_suit_is_no_trick_of_its_own_suit():
    # The Q♠ discarded on a diamond trick: the charge limit is about spade tricks only.
    ruling = turbo(QUEEN, suit_led=DIAMONDS)
    assert ruling.allowed
    assert ruling.rule == "Play"


def test_the_duty_to_follow_comes_before_the_charge():
    ruling = turbo(Card(SPADES, "Q"), suit_led=DIAMONDS, holds_suit_led=True)
    assert not ruling.allowed
    assert "must follow suit" in ruling.reason


def test_a_card_that_cannot_be_charged_is_refused_as_charged():
    ruling = turbo(Card(CLUBS, "K"), suit_led=CLUBS)
    assert not ruling.allowed
    assert ruling.reason.startswith("only the A♥, Q♠, J♦, 10♣ can be charged")


def test_the_charge_question_means_nothing_outside_turbo():
    ruling = can_play(rules_for("standard"), PlayQuestion(Card(CLUBS, "10"), leading=True, charged=True))
    assert ruling.allowed


def test_black_maria_leads_any_card_to_the_first_trick_a_heart_too():
    rules = rules_for("black_maria")
    assert rules.free_first_lead
    ruling = can_play(rules, PlayQuestion(HEART, leading=True, first_trick=True))
    assert ruling.allowed
    assert ruling.rule == "First lead"
    assert "the player left of the dealer leads the first trick with any card" in ruling.reason
    # After the first trick hearts wait to be broken, as everywhere.
    assert not can_play(rules, PlayQuestion(HEART, leading=True)).allowed


def test_black_maria_allows_the_queen_on_the_first_trick():
    ruling = ask("black_maria", QUEEN, suit_led=CLUBS, first_trick=True)
    assert ruling.allowed
    assert ruling.rule == "First trick"


def test_black_marias_next_deal_says_the_first_lead_is_free():
    state = play(GameSetup.create("black_maria", FOUR), [])
    answers = {answer.question: answer for answer in next_deal_answers(state)}
    # Hand 1: Ann deals, Ben (left of the dealer) leads; cards pass right.
    assert answers["Who leads?"].answer == "Ben leads, from the dealer's left, with any card: a point card too."
    assert answers["Which way do we pass?"].answer.startswith("Pass 3 cards to the right")


def test_domino_draws_from_the_stock_and_cites_its_own_rule():
    ruling = ask("domino", DIAMOND, suit_led=CLUBS)
    assert not ruling.allowed
    assert ruling.rule == "Domino Hearts"
    assert ruling.reason.startswith("you cannot follow suit, so draw from the pile until you get a club")
    empty = ask("domino", HEART, suit_led=CLUBS, pile_empty=True)
    assert empty.allowed
    assert empty.rule == "Domino Hearts"


def test_3d_still_cites_3d():
    assert ask("3d", DIAMOND, suit_led=CLUBS).rule == "3D Hearts"


def cancellation(cards, last_trick=False):
    from rules.referee import read_trick, trick_taker

    return trick_taker(rules_for("cancellation", players=5), read_trick(cards), last_trick)


def test_two_identical_cards_cancel_and_the_next_highest_takes_the_trick():
    # K♠ led, K♠ again: both cancel; of 7♠ and Q♠ the Q♠ is highest; the 2♥ is off suit.
    ruling = cancellation("K♠ 7♠ ks Q♠ 2h")
    assert ruling.winner == 4
    assert ruling.cancelled == ("K♠",)
    assert ruling.reason == (
        "card 4 (Q♠) takes the trick: it is the highest ♠ card not cancelled; the two K♠ cancel each other"
    )
    assert ruling.rule == "Cancelled cards"


def test_a_trick_with_nothing_cancelled_goes_to_the_highest_of_the_suit_led():
    ruling = cancellation("5♦ 9♦ A♣ 2♦ joker")
    assert ruling.winner == 2
    assert ruling.cancelled == ()


def test_a_trick_whose_cards_all_cancel_goes_to_the_next_tricks_winner():
    ruling = cancellation("8♣ 8♣ 3♥ 3♥")
    assert ruling.winner is None
    assert ruling.cancelled == ("8♣", "3♥")
    assert "goes to the winner of the next trick" in ruling.reason


def test_on_the_last_trick_a_cancelled_trick_goes_to_its_leader():
    ruling = cancellation("8♣ 8♣ 3♥ 3♥", last_trick=True)
    assert ruling.winner is None
    assert "it goes to the player who led it" in ruling.reason


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("K♠", "Name every card played to the trick"),
        ("K♠ K♠ K♠", "Two decks hold only two of each card"),
        ("joker K♠", "a joker has no suit"),
    ],
)
def test_a_trick_no_two_decks_can_make_is_refused(cards, message):
    with pytest.raises(ValueError, match=message):
        cancellation(cards)


def test_a_word_that_is_no_card_is_refused():
    from rules.referee import read_trick

    with pytest.raises(ValueError, match="“Kx” is not a card"):
        read_trick("Kx 7♠")


def test_cancellation_has_its_own_note_and_no_3d_rank_rule():
    rules = rules_for("cancellation", players=5)
    assert rules.cancelling
    assert not rules.identical_cards
    notes = play_notes(rules)
    assert notes[0].answer.startswith("They cancel: neither can win the trick, both still score.")
