"""RULES.md, "More house rules (the peers' options)", one scoresheet at a time.

Every expected figure is worked out by hand from RULES.md in the comment
above it (A, B, C, D, ... are the players in seat order; Q the Q♠, J the
J♦), never copied from the engine's output.
"""

from __future__ import annotations

import datetime

import pytest

from rules import GameSetup, HandEntry, ScoresheetError, SetupError, read_scoresheet, replay, write_scoresheet
from rules.cards import single_cards
from rules.describe import describe_deal, describe_entry
from rules.referee import SPADES, Card, PlayQuestion, can_play, play_rules
from rules.rulebook import cheat_sheet
from tests.rules.table import NAMES


def sheet(variant: str = "standard", players: int = 4, options: dict | None = None, hands: list | None = None) -> dict:
    return {"variant": variant, "options": options or {}, "players": list(NAMES[:players]), "hands": hands or []}


def totals(document: dict) -> list[int]:
    return list(replay(document)["totals"].values())


def refused(document: dict) -> str:
    with pytest.raises(ScoresheetError) as raised:
        replay(document)
    return str(raised.value)


# passing and pass_cards -----------------------------------------------------


def test_left_and_right_n_pass_that_many_seats_away_and_the_cycle_repeats():
    # 5 players, cycle left 2, right 2, hold: hand n passes entry (n - 1) mod 3,
    # so hands 1-4 pass left 2, right 2, hold, left 2; hand 5 (next) right 2.
    hand = {"hearts": {"Ann": 13}, "queen": "Ben"}
    result = replay(sheet(players=5, options={"passing": ["left 2", "right 2", "hold"]}, hands=[hand] * 4))
    assert [h["pass"] for h in result["hands"]] == ["left 2", "right 2", "hold", "left 2"]
    assert result["next"]["pass"] == "right 2"
    game = GameSetup.create("standard", NAMES[:5], {"passing": ["left 2"]})
    # left 2: seat s gives to seat (s + 2) mod 5: A→C, B→D, C→E, D→A, E→B.
    assert game.deal(1).passes() == ((0, 2), (1, 3), (2, 4), (3, 0), (4, 1))
    # right 2 = 3 seats to the left with 5: A→D.
    assert GameSetup.create("standard", NAMES[:5], {"passing": ["right 2"]}).deal(1).passes()[0] == (0, 3)


@pytest.mark.parametrize(
    ("players", "passing"),
    [(5, ["left", "across"]), (3, ["scatter"]), (6, ["scatter"]), (3, ["left 3"]), (4, ["right 4"])],
)
def test_a_pass_word_that_does_not_fit_the_table_is_refused(players, passing):
    assert "passing" in refused(sheet(players=players, options={"passing": passing}))


@pytest.mark.parametrize("passing", [[], ["left 1"], ["up"], "left", ["left", 3]])
def test_a_pass_cycle_must_be_a_list_of_pass_words(passing):
    assert "passing" in refused(sheet(options={"passing": passing}))


def test_scatter_and_across_work_in_standard_with_4_and_passing_runs_in_3d():
    # Cycle scatter, across: hand 1 scatter, hand 2 across.
    game = GameSetup.create("standard", NAMES[:4], {"passing": ["scatter", "across"]})
    assert game.deal(1).cards_passed == 3  # one to each of the 3 others
    assert game.deal(2).passes() == ((0, 2), (1, 3), (2, 0), (3, 1))
    assert GameSetup.create("3d", NAMES[:4], {"passing": ["left"], "pass_cards": 2}).deal(1).cards_passed == 2


def test_pass_cards_sets_how_many_cards_go_and_is_refused_where_nothing_passes():
    game = GameSetup.create("standard", NAMES[:4], {"pass_cards": 2})
    assert game.deal(1).cards_passed == 2
    assert describe_deal(game, game.deal(1)).direction == "Pass 2 cards to the left"
    assert "pass_cards" in refused(sheet("3d", options={"pass_cards": 2}))
    assert "pass_cards" in refused(sheet(options={"pass_cards": 2, "passing": ["hold", "scatter"]}))
    assert "pass_cards" in refused(sheet(options={"pass_cards": 5}))


# removed ----------------------------------------------------------------------


def test_removed_cards_decide_the_deal_and_the_lowest_club_leads():
    # 5 players without 2♣ and 3♣: 50 cards, 10 each; the 4♣ leads.
    game = GameSetup.create("standard", NAMES[:5], {"removed": ["3♣", "2♣"]})
    assert game.deck.cards_each == 10
    assert game.deal(1).lead_card == "4♣"
    # 4 players taking out nothing is also a list: 52 / 4 = 13.
    assert GameSetup.create("standard", NAMES[:4], {"removed": []}).deck.cards_each == 13


@pytest.mark.parametrize(
    ("variant", "players", "options"),
    [
        ("standard", 4, {"removed": ["2♣", "3♣", "4♣"]}),  # 49 cards do not deal to 4
        ("standard", 3, {"removed": ["Q♠"]}),  # a point card
        ("omnibus", 3, {"removed": ["J♦"]}),  # the J♦ scores in omnibus
        ("standard", 3, {"removed": ["K♠"], "extra_cards": {"K♠": 10}}),  # an extra card
        ("standard", 3, {"removed": ["2♣", "2♣"]}),  # not distinct
        ("standard", 3, {"removed": ["2♦"], "deal": "kitty"}),  # kitty, not remove
        ("ricketts", 4, {"removed": []}),  # no uneven deck in Ricketts
    ],
)
def test_removed_cards_that_break_the_rules_are_refused(variant, players, options):
    assert "removed" in refused(sheet(variant, players, options))


def test_removing_the_j_of_diamonds_is_fine_where_it_does_not_score():
    # standard: the J♦ is no point card; 3 players, 51 cards, 17 each.
    assert GameSetup.create("standard", NAMES[:3], {"removed": ["J♦"]}).deck.cards_each == 17


# queen_points, extra_cards, moon_points -----------------------------------------


def test_queen_points_change_the_queen_p_and_the_moon():
    # Q = 20: hand 1 A 13 hearts, B Q: 13, 20, 0, 0.
    # Hand 2 A shoots (13 hearts + Q) under add: P = 13 + 20 = 33 to each other.
    hands = [{"hearts": {"Ann": 13}, "queen": "Ben"}, {"hearts": {"Ann": 13}, "queen": "Ann"}]
    assert totals(sheet(options={"queen_points": 20, "moon": "add"}, hands=hands)) == [13, 53, 33, 33]


def test_an_extra_card_with_negative_points_stays_with_its_taker_through_a_moon():
    # 10♣ scores −5; P = 13 + 13 = 26 (negative cards are not in P).
    # Hand 1: A 13 hearts + Q, B the 10♣: a moon (the 10♣ is not needed); add:
    # A 0, B 26 − 5 = 21, C 26, D 26.
    hand = {"hearts": {"Ann": 13}, "queen": "Ann", "cards": {"10♣": "Ben"}}
    assert totals(sheet(options={"extra_cards": {"10♣": -5}, "moon": "add"}, hands=[hand])) == [0, 21, 26, 26]


def test_every_extra_card_needs_one_taker():
    hand = {"hearts": {"Ann": 13}, "queen": "Ben"}
    assert "K♠" in refused(sheet(options={"extra_cards": {"K♠": 10}}, hands=[hand]))
    assert "7♣" in refused(sheet(hands=[{**hand, "cards": {"7♣": "Ann"}}]))
    assert "Zed" in refused(sheet(options={"extra_cards": {"K♠": 10}}, hands=[{**hand, "cards": {"K♠": "Zed"}}]))


@pytest.mark.parametrize(
    ("players", "extra"),
    [(4, {"5♥": 3}), (4, {"Q♠": 3}), (4, {"J♦": 3}), (4, {"K♠": 0}), (4, {"K♠": 101}), (3, {"2♦": 4})],
)
def test_extra_cards_that_break_the_rules_are_refused(players, extra):
    # The last: with 3 players the deal takes out the 2♦.
    assert "extra_cards" in refused(sheet(players=players, options={"extra_cards": extra}))


def test_moon_points_replace_p_and_are_refused_without_a_moon():
    # moon_points 20 under subtract: the shooter scores −20, the others 0.
    hands = [{"hearts": {"Cat": 13}, "queen": "Cat"}]
    assert totals(sheet(options={"moon_points": 20, "moon": "subtract"}, hands=hands)) == [0, 0, -20, 0]
    assert "moon_points" in refused(sheet(options={"moon_points": 20, "moon": "off"}))


# sun --------------------------------------------------------------------------------


def test_a_sun_doubles_the_moon_and_keeps_the_j_of_diamonds():
    # omnibus, moon subtract, sun: D takes 13 hearts, Q and J (every trick).
    # Moon P = 26, doubled 52: D −52, and the J♦ still scores −10: −62.
    hand = {"hearts": {"Dan": 13}, "queen": "Dan", "jack": "Dan", "sun": True}
    assert totals(sheet("omnibus", options={"sun": True, "moon": "subtract"}, hands=[hand])) == [0, 0, 0, -62]


def test_a_sun_decides_auto_with_its_doubled_value():
    # moon auto, sun, target 100. Hand 1: A 13 hearts, B Q: 13, 13, 0, 0.
    # Hand 2: C shoots the sun: add would give each other 52: A 65, B 65, D 52:
    # nobody at 100, so add. Hand 3: C shoots the sun again: add would give
    # A 117 ≥ 100, so subtract: C 0 − 52 = −52.
    hands = [
        {"hearts": {"Ann": 13}, "queen": "Ben"},
        {"hearts": {"Cat": 13}, "queen": "Cat", "sun": True},
        {"hearts": {"Cat": 13}, "queen": "Cat", "sun": True},
    ]
    result = replay(sheet(options={"sun": True, "moon": "auto"}, hands=hands))
    assert list(result["totals"].values()) == [65, 65, -52, 52]
    assert [h["moon"]["resolution"] for h in result["hands"][1:]] == ["add", "subtract"]


@pytest.mark.parametrize(
    ("variant", "options", "hand"),
    [
        # Sun not played.
        ("standard", {"moon": "add"}, {"hearts": {"Ann": 13}, "queen": "Ann", "sun": True}),
        # No moon at all.
        ("standard", {"sun": True}, {"hearts": {"Ann": 12, "Ben": 1}, "queen": "Ann", "sun": True}),
        # A moon, but Ben took the J♦, so not every trick.
        ("omnibus", {"sun": True, "moon": "add"}, {"hearts": {"Ann": 13}, "queen": "Ann", "jack": "Ben", "sun": True}),
        # A revoke is no sun.
        ("standard", {"sun": True}, {"revoke": "Ann", "sun": True}),
    ],
)
def test_a_sun_that_is_not_one_is_refused(variant, options, hand):
    assert "sun" in refused(sheet(variant, options=options, hands=[hand]))


def test_sun_needs_a_moon_rule():
    assert "sun" in refused(sheet("3d", options={"sun": True}))


def test_sun_false_means_the_same_as_leaving_it_out():
    # A moon under add with sun off in the hand: 0, 26, 26, 26.
    hand = {"hearts": {"Ann": 13}, "queen": "Ann", "sun": False}
    assert totals(sheet(options={"sun": True, "moon": "add"}, hands=[hand])) == [0, 26, 26, 26]


# no_negative, moon auto -----------------------------------------------------------


def test_no_negative_lifts_a_total_to_0_before_wraps():
    # omnibus, wraps [3], no_negative. Hand 1: A 3 hearts + J: 3 − 10 = −7 → 0;
    # B 10 hearts + Q = 23. Hand 2: A 3 hearts: 0 + 3 = 3, wraps to 0 (wraps come
    # after no_negative); B 10 hearts + Q − 10 (J) = 13, so 23 + 13 = 36.
    hands = [
        {"hearts": {"Ann": 3, "Ben": 10}, "queen": "Ben", "jack": "Ann"},
        {"hearts": {"Ann": 3, "Ben": 10}, "queen": "Ben", "jack": "Ben"},
    ]
    result = replay(sheet("omnibus", options={"no_negative": True, "wraps": [3]}, hands=hands))
    assert list(result["totals"].values()) == [0, 36, 0, 0]
    assert result["hands"][0]["points"]["Ann"] == -7  # points stand before the lift
    assert result["hands"][1]["wrapped"] == ["Ann"]


def test_auto_subtracts_even_when_the_shooter_would_win_where_ricketts_adds():
    # target 100. Hands 1-3: B 12 hearts + Q = 25, C 1 heart: B 75, C 3. Hand 4: A shoots.
    # add would give B 101, C 29, D 26, A 0: B meets the target and A would win.
    # auto: the totals meet the end, so subtract: A −26, the game goes on.
    # ricketts (end at_least here): A would win after add, so add: game over, A wins.
    hands = [{"hearts": {"Ben": 12, "Cat": 1}, "queen": "Ben"}] * 3 + [{"hearts": {"Ann": 13}, "queen": "Ann"}]
    auto = replay(sheet(options={"moon": "auto"}, hands=hands))
    assert list(auto["totals"].values()) == [-26, 75, 3, 0]
    assert auto["status"] == "in_progress"
    ricketts = replay(sheet(options={"moon": "ricketts"}, hands=hands))
    assert list(ricketts["totals"].values()) == [0, 101, 29, 26]
    assert ricketts["winners"] == ["Ann"]


# time_limit ---------------------------------------------------------------------------


def test_time_up_ends_the_game_with_reason_time_and_target_wins_the_reason():
    # Hand 1 (time up): A 13 hearts, B Q: 13, 13, 0, 0... C and D tie at 0: tie-break.
    # Hand 2: C 1 heart, A 12 + Q: A 38, B 13, C 1, D 0: D alone lowest, reason time.
    hands = [
        {"hearts": {"Ann": 13}, "queen": "Ben", "time_up": True},
        {"hearts": {"Cat": 1, "Ann": 12}, "queen": "Ann"},
    ]
    first = replay(sheet(options={"time_limit": 60}, hands=hands[:1]))
    assert first["status"] == "tie_break"
    result = replay(sheet(options={"time_limit": 60}, hands=hands))
    assert (result["status"], result["winners"], result["reason"]) == ("over", ["Dan"], "time")
    # Target 10 and the time runs out in the same hand: B reaches 13 ≥ 10, so the reason is target.
    # Totals 13, 13, 0, 0 tie at 0 under shared: C and D share the win.
    both = replay(sheet(options={"time_limit": 60, "target": 10, "ties": "shared"}, hands=hands[:1]))
    assert (both["status"], both["winners"], both["reason"]) == ("over", ["Cat", "Dan"], "target")


def test_time_up_goes_with_a_revoke_but_only_once_and_only_with_a_limit():
    # Dan revokes as the time runs out: 0, 0, 0, 26; A, B, C tie at 0: tie-break.
    assert replay(sheet(options={"time_limit": 30}, hands=[{"revoke": "Dan", "time_up": True}]))["status"] == (
        "tie_break"
    )
    twice = [{"revoke": "Dan", "time_up": True}, {"revoke": "Dan", "time_up": True}]
    assert "hand 2" in refused(sheet(options={"time_limit": 30}, hands=twice))
    assert "hand 1" in refused(sheet(hands=[{"revoke": "Dan", "time_up": True}]))


def test_played_on_is_checked_and_otherwise_ignored():
    document = sheet(hands=[{"hearts": {"Ann": 13}, "queen": "Ben"}])
    assert replay({**document, "played_on": "2100-12-31"}) == replay(document)
    for day in ("2101-01-01", "1899-12-31", "2023-02-29", "24-01-01", 20240101):
        assert "played_on" in refused({**document, "played_on": day})


# The referee: first_trick_points and queen_breaks_hearts --------------------------------


def test_first_trick_points_let_a_heart_be_discarded_to_the_first_trick():
    heart = PlayQuestion(Card.parse("♥", "5"), leading=False, first_trick=True, suit_led="♣")
    plain = play_rules(GameSetup.create("standard", NAMES[:4]))
    house = play_rules(GameSetup.create("standard", NAMES[:4], {"first_trick_points": True}))
    assert not can_play(plain, heart).allowed
    assert can_play(house, heart).allowed


def test_queen_breaks_hearts_is_a_house_rule_anywhere_and_can_be_turned_off_in_ricketts():
    lead_queen = PlayQuestion(Card.parse(SPADES, "Q"), leading=True)
    heart_after_queen = PlayQuestion(Card.parse("♥", "5"), leading=True, queen_played=True)
    house = play_rules(GameSetup.create("standard", NAMES[:4], {"queen_breaks_hearts": True}))
    assert can_play(house, lead_queen).allowed
    assert can_play(house, heart_after_queen).allowed
    plain_ricketts = play_rules(GameSetup.create("ricketts", NAMES[:4], {"queen_breaks_hearts": False}))
    assert not can_play(plain_ricketts, heart_after_queen).allowed


# The point-card table, the writer and the cheat-sheet ----------------------------------


def test_the_point_card_table_lists_every_single_card_in_play():
    game = GameSetup.create("omnibus", NAMES[:4], {"extra_cards": {"A♠": 7, "K♠": 10}, "queen_points": 25})
    assert [(c.card, c.points, c.option) for c in game.single_cards] == [
        ("Q♠", 25, "queen_points"),
        ("J♦", -10, "jack_of_diamonds"),
        ("K♠", 10, "extra_cards"),
        ("A♠", 7, "extra_cards"),
    ]
    assert single_cards(game.options) == game.single_cards
    # P = 13 hearts + 25 + 10 + 7 = 55 (the J♦'s −10 is not in P).
    assert game.penalty == 55


def test_a_scoresheet_with_every_new_field_reads_back_the_same():
    document = {
        **sheet(
            "omnibus",
            options={"extra_cards": {"K♠": 10}, "sun": True, "moon": "add", "time_limit": 90, "passing": ["left"]},
            hands=[
                {"hearts": {"Ann": 13}, "queen": "Ann", "jack": "Ann", "cards": {"K♠": "Ann"}, "sun": True},
                {"revoke": "Ben", "time_up": True},
            ],
        ),
        "played_on": "2024-02-29",
    }
    game, entries = read_scoresheet(document)
    written = write_scoresheet(game, entries, played_on=datetime.date(2024, 2, 29))
    assert replay(written) == replay(document)
    assert written["hands"][0]["cards"] == {"K♠": "Ann"}
    assert describe_entry(game, entries[0]) == "Ann 13♥ Q♠ J♦ K♠ (sun)"
    # Sun: P = 13 + 13 + 10 = 36, doubled 72 to each other; Ann keeps J −10.
    # Ben's revoke: + P = 36. Totals −10, 108, 72, 72; time up and B passed 100:
    # reason target, Ann lowest wins.
    result = replay(document)
    assert list(result["totals"].values()) == [-10, 108, 72, 72]
    assert (result["winners"], result["reason"]) == (["Ann"], "target")


def test_the_cheat_sheet_states_each_house_rule_that_is_on():
    options = {
        "passing": ["left", "right", "hold"],
        "pass_cards": 2,
        "removed": ["2♣"],
        "queen_points": 20,
        "extra_cards": {"K♠": 10},
        "moon_points": 30,
        "sun": True,
        "no_negative": True,
        "time_limit": 90,
        "first_trick_points": True,
        "queen_breaks_hearts": True,
    }
    sheet_ = cheat_sheet("standard", options, NAMES[:3])
    for line in (
        "Pass cycle: left, right, hold",
        "Cards passed: 2",
        "Cards removed: 2♣",
        "Q♠ scores: 20",
        "More point cards: K♠ 10",
        "Moon is worth: 30",
        "Shooting the sun: on",
        "No negative totals: on",
        "Time limit (minutes): 90",
        "Points on the first trick: on",
        "Q♠ breaks hearts: on",
    ):
        assert line in sheet_.house_rules
    assert "the K♠ 10" in sheet_.text
    assert "twice as much (60)" in sheet_.text


def test_setup_errors_name_the_option():
    with pytest.raises(SetupError) as raised:
        GameSetup.create("standard", NAMES[:5], {"passing": ["across"]})
    assert "passing" in raised.value.message


def test_extra_cards_are_held_in_one_order_whatever_order_they_were_named_in():
    # A form, a scoresheet and PostgreSQL's jsonb may each name them in another order.
    one = HandEntry.cards([13, 0, 0], 0, extras={"A♠": 1, "K♠": 2})
    other = HandEntry.cards([13, 0, 0], 0, extras=[("K♠", 2), ("A♠", 1)])
    assert one == other
    assert one.extras == (("K♠", 2), ("A♠", 1))
