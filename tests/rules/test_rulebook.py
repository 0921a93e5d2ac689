"""The cheat-sheet says what RULES.md says, and changes when an option does.

Expected tables and sentences are written from RULES.md by hand. No database.
"""

import pytest

from rules import GameSetup, SetupError
from rules.rulebook import cheat_sheet

FOUR = ["Ann", "Ben", "Cat", "Dan"]


def item(sheet, term):
    """The text of the sheet's item with this term; fails when there is none."""
    found = [i.text for section in sheet.sections for i in section.items if i.term == term]
    assert len(found) == 1, f"{term!r} appears {len(found)} times"
    return found[0]


def terms(sheet):
    return [i.term for section in sheet.sections for i in section.items]


def table(sheet, caption):
    return next(t for section in sheet.sections for t in section.tables if t.caption == caption)


# Presets: every legal player count at once -----------------------------------------


@pytest.mark.parametrize("variant", ["standard", "omnibus"])
def test_the_preset_lists_the_cards_removed_for_three_to_seven_players(variant):
    removed = table(cheat_sheet(variant), "Cards removed")
    assert removed.header == ("Players", "Removed", "Each", "Leads")
    assert removed.rows == (
        ("3", "2♦", "17", "2♣"),
        ("4", "none", "13", "2♣"),
        ("5", "2♦ 2♣", "10", "3♣"),
        ("6", "2♦ 3♦ 3♣ 4♣", "8", "2♣"),
        ("7", "2♦ 3♦ 3♣", "7", "2♣"),
    )


def test_the_kitty_preset_lists_the_kitty_for_each_player_count():
    kitty = table(cheat_sheet("standard", {"deal": "kitty"}), "Kitty")
    assert kitty.rows == (("3", "1", "17"), ("4", "4", "12"), ("5", "2", "10"), ("6", "4", "8"), ("7", "3", "7"))


def test_3d_lists_the_draw_pile_for_three_to_eight_players():
    # 102 cards, 6 each: 102 - 6n left in the pile.
    pile = table(cheat_sheet("3d"), "Draw pile")
    assert pile.rows == (
        ("3", "6", "84"),
        ("4", "6", "78"),
        ("5", "6", "72"),
        ("6", "6", "66"),
        ("7", "6", "60"),
        ("8", "6", "54"),
    )
    assert item(cheat_sheet("3d"), "Deck") == "2 decks of 52 without one Q♠ and one J♦: 102 cards, 26 hearts."


def test_the_standard_passing_table_has_a_column_per_cycle():
    passing = table(cheat_sheet("standard"), "Passing by hand")
    assert passing.header == ("Hand", "3, 5-7 players", "4 players")
    assert passing.rows == (
        ("1", "left", "left"),
        ("2", "right", "right"),
        ("3", "left", "across"),
        ("4", "right", "hold (no pass)"),
    )


def test_the_ricketts_passing_cycle_has_five_hands():
    passing = table(cheat_sheet("ricketts"), "Passing by hand")
    assert [row[1] for row in passing.rows] == ["left", "right", "across", "scatter (1 to each)", "hold (no pass)"]
    assert item(cheat_sheet("ricketts"), "Cycle") == "after hand 5 it starts again; it runs on through tie-break hands."


def test_3d_has_no_passing_table():
    sheet = cheat_sheet("3d")
    assert sheet.section("passing").tables == ()
    assert item(sheet, "No passing") == "every hand is played as dealt."


def test_who_leads_in_each_preset():
    assert item(cheat_sheet("standard"), "Lead") == (
        "the holder of the 2♣ leads it to the first trick (the 3♣ with 5 players, where the 2♣ is removed)."
    )
    assert item(cheat_sheet("ricketts"), "Lead") == "the player left of the dealer leads any permitted card."
    assert item(cheat_sheet("3d"), "Lead") == "the player left of the dealer leads any permitted card."


def test_the_play_rules_differ_by_variant():
    assert item(cheat_sheet("standard"), "Hearts broken") == "once a heart has been played."
    assert item(cheat_sheet("ricketts"), "Hearts broken") == "once a heart or the Q♠ has been played."
    assert item(cheat_sheet("ricketts"), "Q♠") == "may be led at any time, even before hearts are broken."
    assert "Q♠" not in terms(cheat_sheet("standard"))
    assert item(cheat_sheet("3d"), "First trick") == "no special limit: play it like any other trick."
    assert item(cheat_sheet("3d"), "Identical cards") == "of two identical cards, the one played first ranks higher."
    assert item(cheat_sheet("3d"), "Drawing").startswith("cannot follow suit? Draw from the pile until you can")


def test_p_is_26_with_one_deck_and_39_with_two():
    assert "P\u00a0=\u00a026" in item(cheat_sheet("standard"), "Points")
    assert "P\u00a0=\u00a039" in item(cheat_sheet("3d"), "Points")
    assert "the offender scores 39, everyone else 0" in item(cheat_sheet("3d"), "Revoke")


def test_an_unknown_variant_or_option_is_refused():
    with pytest.raises(SetupError):
        cheat_sheet("bridge")
    with pytest.raises(SetupError):
        cheat_sheet("standard", {"warren": True})


# A game: its players and seats ---------------------------------------------------------


def test_a_game_sheet_names_the_seats_and_the_first_dealer():
    sheet = cheat_sheet(GameSetup.create("standard", FOUR, first_dealer=2))
    assert sheet.players == tuple(FOUR)
    assert item(sheet, "Seats") == "Ann, Ben, Cat, Dan (clockwise)."
    assert item(sheet, "First dealer") == (
        "Cat (the table chooses); then one seat left each hand (Dan next), tie-break hands too."
    )
    assert item(sheet, "Deal") == "no cards removed; 13 cards each."


def test_a_game_sheet_passes_across_in_pairs():
    passing = table(cheat_sheet("standard", players=FOUR), "Passing by hand")
    assert passing.rows == (
        ("1", "left", "the next player in seat order"),
        ("2", "right", "the player before in seat order"),
        ("3", "across", "Ann\u00a0↔ Cat, Ben\u00a0↔ Dan"),
        ("4", "hold", "no passing"),
    )


def test_a_five_player_game_removes_two_cards_and_the_three_of_clubs_leads():
    sheet = cheat_sheet("omnibus", players=[*FOUR, "Eve"])
    assert item(sheet, "Deal") == "remove 2♦ 2♣; 10 cards each."
    assert item(sheet, "Lead") == "the holder of the 3♣ leads it to the first trick (the 2♣ is removed)."


def test_a_3d_game_has_its_draw_pile_and_low_card_deals():
    sheet = cheat_sheet("3d", players=[*FOUR, "Eve"])
    assert item(sheet, "Deal") == "6 cards each; the other 72 are a face-down draw pile."
    assert item(sheet, "First dealer").startswith("Ann (low card on a draw deals first and keeps score)")


def test_the_house_rules_line_lists_only_changed_options():
    assert cheat_sheet("ricketts").house_rules == ()
    sheet = cheat_sheet("ricketts", {"target": 150, "warren": True, "wraps": []}, players=FOUR)
    assert sheet.house_rules == ("Game ends at: 150", "Wrap scores: none", "Warren card: on")


# Each option changes its sentence ------------------------------------------------------


def test_target_changes_the_end():
    assert item(cheat_sheet("standard"), "Game ends").startswith("after a hand in which a total reaches 100 or more.")
    assert item(cheat_sheet("standard", {"target": 50}), "Game ends").startswith(
        "after a hand in which a total reaches 50 or more."
    )


def test_end_more_than_plays_on_at_the_target():
    assert item(cheat_sheet("standard", {"end": "more_than"}), "Game ends").startswith(
        "after a hand in which a total goes above 100 (exactly 100 plays on)."
    )
    assert item(cheat_sheet("ricketts", {"end": "at_least"}), "Game ends").startswith(
        "after a hand in which a total reaches 100 or more."
    )


@pytest.mark.parametrize(
    ("moon", "sentence"),
    [
        (
            "choice",
            "taking all 13 hearts and the Q♠, the shooter chooses: everyone else +26 (shooter 0), or shooter −26 (others 0).",
        ),
        ("add", "taking all 13 hearts and the Q♠: everyone else scores +26, the shooter 0."),
        ("subtract", "taking all 13 hearts and the Q♠: the shooter scores −26, everyone else 0."),
        (
            "ricketts",
            "taking all 13 hearts and the Q♠: everyone else +26, shooter 0, unless that would end the game (after "
            "wraps and every end check) with the shooter not a winner; then the shooter −26, others 0 (the Ricketts "
            "safety rule).",
        ),
        ("off", "no shooting the moon: taking all 13 hearts and the Q♠ scores 26 like any other points."),
    ],
)
def test_each_moon_rule_in_plain_words(moon, sentence):
    assert item(cheat_sheet("standard", {"moon": moon}), "Moon") == sentence


def test_3d_moon_counts_twenty_six_hearts_and_p_39():
    assert item(cheat_sheet("3d", {"moon": "add"}), "Moon") == (
        "taking all 26 hearts and the Q♠: everyone else scores +39, the shooter 0."
    )


def test_jack_of_diamonds_adds_its_points_and_its_moon_rule():
    plain = cheat_sheet("standard")
    jack = cheat_sheet("standard", {"jack_of_diamonds": True})
    assert item(plain, "Points").startswith("each heart 1, the Q♠ 13. ")
    assert item(jack, "Points").startswith("each heart 1, the Q♠ 13, the J♦ −10. ")
    assert "Moon and J♦" not in terms(plain)
    assert item(jack, "Moon and J♦") == "the J♦ still scores −10 for whoever took it, the shooter included."
    assert item(jack, "Revoke").endswith("(no moon, no J♦ bonus).")


def test_moon_needs_jack_makes_the_jack_part_of_the_moon():
    sheet = cheat_sheet("omnibus", {"moon_needs_jack": True})
    assert item(sheet, "Moon").startswith("taking all 13 hearts, the Q♠ and the J♦, the shooter chooses")
    assert item(sheet, "Moon and J♦") == "a moon needs the J♦ too; the moon's points then replace its −10."


def test_wraps_are_listed_only_where_there_are_some():
    assert "Wraps" not in terms(cheat_sheet("standard"))
    assert item(cheat_sheet("standard", {"wraps": [50]}), "Wraps") == "a total of exactly 50 goes back to 0."
    assert item(cheat_sheet("ricketts"), "Wraps") == "a total of exactly 104 or 126 goes back to 0."
    assert (
        item(cheat_sheet("ricketts"), "Order")
        == "after each hand: totals, then wraps, then 69 for 5, then the end check."
    )


def test_ties_play_on_or_share():
    assert item(cheat_sheet("standard"), "Tie for lowest") == "play a tie-break hand (scored as usual) and check again."
    assert item(cheat_sheet("standard", {"ties": "shared"}), "Tie for lowest") == (
        "the game ends and the tied players share the win."
    )


def test_sixty_nine_for_five_appears_only_when_on():
    assert "69 for 5" not in terms(cheat_sheet("ricketts", {"sixty_nine": False}))
    assert item(cheat_sheet("standard", {"sixty_nine": True}), "69 for 5") == (
        "staying at exactly 69 for 5 hands after the one that reached it wins outright; so do 69 hands at "
        "exactly 5. Runs finished together win together. This beats every other ending."
    )


def test_deal_kitty_replaces_the_removed_cards():
    removed = cheat_sheet("standard", players=[*FOUR, "Eve"])
    kitty = cheat_sheet("standard", {"deal": "kitty"}, players=[*FOUR, "Eve"])
    assert item(removed, "Deal") == "remove 2♦ 2♣; 10 cards each."
    assert item(kitty, "Deal") == "2 cards face down to the kitty, then 10 each."
    assert "Kitty" not in terms(removed)
    assert (
        item(kitty, "Lead")
        == "the holder of the 2♣ leads it; if it lies in the kitty, the lowest club dealt to a player."
    )


@pytest.mark.parametrize(
    ("kitty_to", "winner"),
    [
        ("first_trick", "winner of the first trick"),
        ("last_trick", "winner of the last trick"),
        ("first_heart", "winner of the first trick with a heart"),
    ],
)
def test_kitty_to_names_who_takes_the_kitty(kitty_to, winner):
    sheet = cheat_sheet("standard", {"deal": "kitty", "kitty_to": kitty_to})
    assert item(sheet, "Kitty") == f"nothing is removed; the kitty goes, with any point cards in it, to the {winner}."


def test_warren_adds_the_card_to_the_deck_and_its_play():
    plain = cheat_sheet("ricketts")
    warren = cheat_sheet("ricketts", {"warren": True})
    assert item(plain, "Deck") == "one deck of 52 cards."
    assert item(warren, "Deck").startswith("52 cards plus the Warren card (53).")
    assert "Warren card" not in terms(plain)
    assert item(warren, "Warren card").startswith("whenever the extra card would be a legal play")


def test_a_presets_title_names_only_the_tables_its_house_rules_fit():
    assert cheat_sheet("standard").title == "Hearts (3-7 players)"
    # Passing across needs an even table: of 3 to 7 players, 4 and 6.
    assert cheat_sheet("standard", {"passing": ["left", "across"]}).title == "Hearts (4 or 6 players)"
    # 3D Hearts seats 3 to 8: across fits 4, 6 and 8.
    assert cheat_sheet("3d", {"passing": ["across"]}).title == "3D Hearts (4, 6 or 8 players)"
    # Scatter is for exactly four.
    assert cheat_sheet("standard", {"passing": ["scatter", "hold"]}).title == "Hearts (4 players)"


# More variants (RULES.md, "More variants"): every figure below is worked from that section by hand.

MORE_PRESETS = ["spot", "black_maria", "domino", "cancellation", "turbo"]


@pytest.mark.parametrize(
    ("variant", "title"),
    [
        ("spot", "Spot Hearts (3-7 players)"),
        ("black_maria", "Black Maria (3-6 players)"),
        ("domino", "Domino Hearts (2-7 players)"),
        ("cancellation", "Cancellation Hearts (5-11 players)"),
        ("turbo", "Turbo Hearts (4 players)"),
    ],
)
def test_each_new_preset_has_a_sheet_for_its_player_counts(variant, title):
    assert cheat_sheet(variant).title == title


def test_spot_hearts_score_at_face_value_with_the_queen_at_50_and_a_moon_of_150():
    sheet = cheat_sheet("spot")
    # 2+3+...+10 = 54, J-A 11+12+13+14 = 50: 104 in hearts; P = 104 + 50.
    assert item(sheet, "Points") == (
        "hearts at face value: 2-10 as marked, J 11, Q 12, K 13, A 14 (104 in all), the Q♠ 50. "
        "P\u00a0=\u00a0154 (all 13 hearts and the Q♠)."
    )
    assert item(sheet, "Moon") == "taking all 13 hearts and the Q♠: everyone else scores +150, the shooter 0."
    assert item(sheet, "Game ends").startswith("after a hand in which a total reaches 500 or more.")


def test_black_maria_passes_right_leads_freely_and_scores_the_two_spades():
    sheet = cheat_sheet("black_maria")
    assert [row[1] for row in table(sheet, "Passing by hand").rows] == ["right"]
    assert item(sheet, "Cycle") == "the same every hand, tie-break hands too."
    assert item(sheet, "Lead").startswith("the player left of the dealer leads any card to the first trick")
    # The preset's own first_trick_points is no house rule.
    assert item(sheet, "First trick") == "point cards may be played to it."
    # 13 + 13 + 10 + 7 = 43.
    assert item(sheet, "Points") == (
        "each heart 1, the Q♠ 13, the K♠ 10, the A♠ 7. P\u00a0=\u00a043 (all 13 hearts, the Q♠, the K♠ and the A♠)."
    )
    assert item(sheet, "Moon").startswith("no shooting the moon")
    assert table(sheet, "Cards removed").rows == (
        ("3", "2♣", "17", "3♣"),
        ("4", "none", "13", "2♣"),
        ("5", "2♣ 2♦", "10", "3♣"),
        ("6", "2♣ 2♦ 2♠ 3♣", "8", "4♣"),
    )


def test_domino_deals_six_with_a_stock_and_the_queen_scores_nothing():
    sheet = cheat_sheet("domino")
    # 52 - 6n in the stock, 2 to 7 players.
    assert table(sheet, "Draw pile").rows == tuple((str(n), "6", str(52 - 6 * n)) for n in range(2, 8))
    assert item(sheet, "Points") == "each heart 1. P\u00a0=\u00a013 (all 13 hearts)."
    assert item(sheet, "Drawing").startswith("cannot follow suit? Draw from the pile until you can")
    # 3D's draw for the first dealer is not Domino's.
    assert item(sheet, "First dealer").startswith("the table chooses")
    assert item(sheet, "Game ends").startswith("after a hand in which a total reaches 31 or more.")


def test_cancellation_lists_jokers_removed_and_set_aside_cards_by_players():
    sheet = cheat_sheet("cancellation")
    # 5: 104 + 1 joker = 105, 21 each; 6: 104 - 2 = 102, 17 each; 7: 105, 15 each;
    # 8: 13 each; 9: 11 each, 5 aside; 10: 10 each, 4 aside; 11: 9 each, 5 aside.
    assert table(sheet, "Two decks").rows == (
        ("5", "add 1 joker", "21", "0"),
        ("6", "take out 2♣ 2♦", "17", "0"),
        ("7", "add 1 joker", "15", "0"),
        ("8", "none", "13", "0"),
        ("9", "none", "11", "5"),
        ("10", "none", "10", "4"),
        ("11", "none", "9", "5"),
    )
    assert item(sheet, "Points") == "each heart 1, both Q♠ 13 each. P\u00a0=\u00a052 (all 26 hearts and both Q♠)."
    assert item(sheet, "Cancelled cards").startswith("two identical cards in one trick cancel: neither can win it")
    assert "Identical cards" not in terms(sheet)


def test_a_cancellation_game_says_its_own_deck():
    assert item(cheat_sheet("cancellation", players=list("ABCDE")), "Deck") == (
        "2 decks of 52 and 1 joker: 105 cards, 26 hearts."
    )
    assert item(cheat_sheet("cancellation", players=list("ABCDEF")), "Deck") == (
        "2 decks of 52 without one 2♣ and one 2♦: 102 cards, 26 hearts."
    )
    nine = cheat_sheet("cancellation", players=list("ABCDEFGHI"))
    assert item(nine, "Deal").startswith("11 cards each; set the other 5 aside face down")


def test_turbo_says_its_charges_its_steps_its_money_and_its_four_hands():
    sheet = cheat_sheet("turbo")
    assert [row[1] for row in table(sheet, "Passing by hand").rows] == [
        "left",
        "right",
        "across",
        "keeper (no pass)",
    ]
    assert item(sheet, "Cycle") == "the game is 4 hands, one for each line."
    assert "A♥, Q♠, J♦ or 10♣" in item(sheet, "Charging")
    assert "in turn, until everyone passes" in item(sheet, "Charging")
    assert item(sheet, "Charged cards") == (
        "a charged card may not be led or played to the first trick of its suit, unless it is your only card of "
        "that suit."
    )
    assert item(sheet, "Points") == (
        "in this order: hearts 1 each (2 with the A♥ charged); the Q♠ 13 (26 charged); a Q♠ taker with all 13 "
        "hearts has that score negated (the moon: nothing goes to the others); the J♦ −10 (−20 charged); the 10♣ "
        "multiplies its taker's score by 2 (4 charged), a negative score too."
    )
    assert item(sheet, "Money") == (
        "each hand, each player wins the sum of the 4 scores minus 4 times their own (it adds up to 0)."
    )
    assert item(sheet, "Game ends").startswith("after hand 4; the lowest total (the most money) wins")
    assert "Tie for lowest" not in terms(sheet)
    assert "P\u00a0=" not in sheet.text


def test_turbo_with_more_hands_and_another_charging_order():
    sheet = cheat_sheet("turbo", {"hands_per_game": 8, "charging": "blind"})
    assert sheet.house_rules == ("Hands in a game: 8", "Charging: all at once, face down")
    assert item(sheet, "Cycle") == "the game is 8 hands; after hand 4 the cycle starts again."
    assert item(sheet, "Game ends").startswith("after hand 8;")


def test_hearts_by_rank_the_plus_card_and_its_points():
    # Pink Lady: the Q♥ 13, the other twelve 1: 25; the 10♦ at −20 as plus card.
    options = {"heart_points": {"Q": 13}, "jack_of_diamonds": True, "plus_card": "10♦", "jack_points": -20}
    sheet = cheat_sheet("standard", options)
    assert item(sheet, "Points") == (
        "hearts by rank: Q♥\u00a013, the other hearts 1 (25 in all), the Q♠ 13, the 10♦ −20. "
        "P\u00a0=\u00a038 (all 13 hearts and the Q♠)."
    )
    assert item(sheet, "Moon and 10♦") == "the 10♦ still scores −20 for whoever took it, the shooter included."
    assert "Each heart scores: Q♥ 13, the others 1" in sheet.house_rules
    assert "Plus card: 10♦" in sheet.house_rules


def test_a_queen_worth_nothing_and_the_first_lead_left_of_the_dealer():
    sheet = cheat_sheet("standard", {"queen_points": 0, "first_lead": "left_of_dealer"})
    assert item(sheet, "Points") == "each heart 1. P\u00a0=\u00a013 (all 13 hearts)."
    assert item(sheet, "Lead") == "the player left of the dealer leads any permitted card."


def test_partners_on_a_preset_sheet_cover_four_and_six_players():
    sheet = cheat_sheet("standard", {"teams": True})
    assert sheet.title == "Hearts (4 or 6 players)"
    assert item(sheet, "Partners") == (
        "4 players: 1st and 3rd; 2nd and 4th; 6 players: 1st and 4th; 2nd and 5th; 3rd and 6th, in seat order: "
        "partners sit opposite and score as one."
    )
    # team_moon defaults to team: the shooting team 0, each other team +26.
    assert item(sheet, "Moon") == (
        "partners who between them take all 13 hearts and the Q♠: the shooter chooses: each other team +26, "
        "the shooting team 0; or the shooting team −26, the others 0."
    )
    assert item(sheet, "Game ends").endswith("The lowest total wins if exactly one team has it.")


@pytest.mark.parametrize(
    ("team_moon", "moon"),
    [
        ("player", "every other player +26, the partner too: the shooting team +26, each other team +52"),
        ("opponents", "each opponent +26, the partner 0: each other team +52"),
    ],
)
def test_a_team_game_names_the_partners_and_its_moon(team_moon, moon):
    sheet = cheat_sheet("standard", {"teams": True, "team_moon": team_moon, "moon": "add"}, players=FOUR)
    assert item(sheet, "Partners") == "Ann and Cat; Ben and Dan: partners sit opposite and score as one."
    assert item(sheet, "Moon") == f"one player alone taking all 13 hearts and the Q♠: {moon}."
    assert "the offender scores 26 for their team" in item(sheet, "Revoke")


def test_turbos_values_follow_the_engines_scoring():
    from rules.rulebook import turbo_values

    values = turbo_values(GameSetup.create("turbo", FOUR))
    assert (values.heart, values.queen, values.jack, values.ten) == ((1, 2), (13, 26), (-10, -20), (2, 4))
