"""RULES.md, "More variants (per-card scoring, charges, teams)": the five presets, each option and
each error case. Every expected number is worked out by hand from RULES.md in the comment beside it."""

from __future__ import annotations

import pytest

from rules import GameSetup, HandEntry, ScoresheetError, SetupError, play, replay
from rules.describe import revoke_terms
from rules.entry import UnreadableEntry
from rules.errors import EntryError, OptionError
from rules.referee import moon_previews
from rules.rulebook import moon_jack_rule, option_words
from rules.variants import MORE_VARIANTS, OPTIONS, PRESETS, VARIANTS, in_table_words
from tests.rules.table import NAMES, by_name, cards, moon, revoke, setup

FACE_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def ranked(game: GameSetup, ranks: dict[str, list[str]], queen: str | None, jack: str | None = None) -> HandEntry:
    """A hand whose hearts are named by rank (players left out took none)."""
    listed = [ranks.get(name, []) for name in game.players]
    seat = game.players.index
    return HandEntry.cards((), seat(queen) if queen else None, seat(jack) if jack else None, ranks=listed)


def turbo_hand(
    game: GameSetup, hearts: dict[str, int], queen: str, jack: str, ten: str, charged: tuple[str, ...] = ()
) -> HandEntry:
    taken = [hearts.get(name, 0) for name in game.players]
    seat = game.players.index
    return HandEntry.cards(taken, seat(queen), seat(jack), ten=seat(ten), charged=charged)


def errors_of(game: GameSetup, entry: HandEntry) -> list[str]:
    return [error.message for error in play(game, []).check(entry)]


# The presets -------------------------------------------------------------


def test_the_five_presets_are_scored_but_not_yet_offered_on_the_screens():
    assert set(MORE_VARIANTS) == {"spot", "black_maria", "domino", "cancellation", "turbo"}
    assert set(VARIANTS) == {"standard", "omnibus", "ricketts", "3d"}
    assert set(PRESETS) == set(VARIANTS) | set(MORE_VARIANTS)


@pytest.mark.parametrize(
    ("variant", "low", "high"),
    [("spot", 3, 7), ("black_maria", 3, 6), ("domino", 2, 7), ("cancellation", 5, 11), ("turbo", 4, 4)],
)
def test_each_new_preset_takes_its_numbers_of_players(variant, low, high):
    names = [f"P{n}" for n in range(12)]
    for count in (low, high):
        GameSetup.create(variant, names[:count])
    for count in (low - 1, high + 1):
        with pytest.raises(SetupError, match="players"):
            GameSetup.create(variant, names[:count])


@pytest.mark.parametrize(
    ("variant", "players", "penalty"),
    [
        ("spot", 4, 104 + 50),  # hearts at face value 2+...+10 (54) + J..A (50), the Q♠ 50
        ("black_maria", 3, 13 + 13 + 10 + 7),  # hearts, Q♠, K♠, A♠
        ("domino", 4, 13),  # hearts only: the Q♠ scores 0
        ("cancellation", 6, 26 + 13 + 13),  # two decks' hearts and both Q♠
    ],
)
def test_each_preset_has_the_hand_total_the_rules_give(variant, players, penalty):
    assert setup(variant, players).penalty == penalty


def test_the_presets_set_their_targets_moons_and_passes():
    spot = setup("spot")
    assert (spot.options.target, spot.options.moon, spot.moon_value) == (500, "add", 150)
    maria = setup("black_maria", 3)
    assert (maria.options.moon, maria.options.first_trick_points, maria.pass_cycle) == ("off", True, ("right",))
    assert dict(maria.options.extra_cards) == {"K♠": 10, "A♠": 7}
    domino = setup("domino")
    assert (domino.options.target, domino.options.moon, domino.pass_cycle) == (31, "choice", ("hold",))
    cancellation = setup("cancellation", 5)
    assert cancellation.pass_cycle == ("left", "right")
    assert setup("turbo").pass_cycle == ("left", "right", "across", "keeper")


@pytest.mark.parametrize(
    ("variant", "players", "leader", "lead_card"),
    [
        ("spot", 4, None, "2♣"),
        ("black_maria", 4, 1, None),
        ("domino", 4, 1, None),
        ("cancellation", 5, 1, None),
        ("turbo", 4, None, "2♣"),
    ],
)
def test_who_leads_the_first_trick(variant, players, leader, lead_card):
    deal = setup(variant, players).deal(1)
    assert (deal.leader, deal.lead_card) == (leader, lead_card)


@pytest.mark.parametrize(
    ("players", "removed"), [(3, ("2♣",)), (4, ()), (5, ("2♣", "2♦")), (6, ("2♣", "2♦", "2♠", "3♣"))]
)
def test_black_maria_removes_its_own_cards(players, removed):
    deck = setup("black_maria", players).deck
    assert deck.removed == removed
    assert deck.cards_each * players == 52 - len(removed)


def test_black_maria_three_handed_leads_the_lowest_club_left_with_the_first_lead_option():
    game = setup("black_maria", 3, first_lead="lowest_club")
    assert game.deal(1).lead_card == "3♣"  # the 2♣ is out


@pytest.mark.parametrize("players", [2, 4, 7])
def test_domino_deals_six_each_and_leaves_a_stock(players):
    deck = setup("domino", players).deck
    assert (deck.cards_each, deck.draw_pile) == (6, 52 - 6 * players)


@pytest.mark.parametrize(
    ("players", "each", "jokers", "removed", "aside"),
    [
        (5, 21, 1, (), 0),
        (6, 17, 0, ("2♣", "2♦"), 0),
        (7, 15, 1, (), 0),
        (8, 13, 0, (), 0),
        (9, 11, 0, (), 5),  # 104 - 99
        (10, 10, 0, (), 4),
        (11, 9, 0, (), 5),  # 104 - 99
    ],
)
def test_cancellation_deals_two_decks_evenly(players, each, jokers, removed, aside):
    deck = GameSetup.create("cancellation", [f"P{n}" for n in range(players)]).deck
    assert (deck.cards_each, deck.jokers, deck.removed, deck.set_aside) == (each, jokers, removed, aside)


def test_a_preset_key_with_an_underscore_reads_as_its_name_on_a_screen():
    with pytest.raises(OptionError) as refused:
        setup("black_maria", 4, warren=True)
    assert "to Black Maria" in in_table_words(refused.value.message)


# Hearts by rank ------------------------------------------------------------


def test_spot_hearts_score_at_face_value_and_the_queen_fifty():
    game = setup("spot")
    entry = ranked(
        game,
        {"Ann": ["2", "3", "4"], "Ben": ["5", "6", "7", "8", "9", "10"], "Cat": ["J", "Q"], "Dan": ["K", "A"]},
        "Dan",
    )
    state = play(game, [entry])
    # 2+3+4; 5+...+10; 11+12; 13+14 and the Q♠'s 50.
    assert by_name(game, state.totals) == {"Ann": 9, "Ben": 45, "Cat": 23, "Dan": 77}


def test_spot_moon_gives_each_other_player_150():
    game = setup("spot")
    state = play(game, [ranked(game, {"Ann": list(FACE_RANKS)}, "Ann")])
    assert by_name(game, state.totals) == {"Ann": 0, "Ben": 150, "Cat": 150, "Dan": 150}


def test_pink_lady_makes_the_queen_of_hearts_thirteen():
    game = setup("standard", heart_points={"Q": 13})
    assert game.penalty == 12 + 13 + 13
    entry = ranked(game, {"Ann": ["Q"], "Ben": [r for r in FACE_RANKS if r != "Q"]}, "Cat")
    assert by_name(game, play(game, [entry]).totals) == {"Ann": 13, "Ben": 12, "Cat": 13, "Dan": 0}


def test_one_value_for_every_heart_takes_counts():
    game = setup("standard", heart_points=2)
    state = play(game, [cards(game, {"Ann": 3, "Cat": 10}, queen="Ben")])
    assert by_name(game, state.totals) == {"Ann": 6, "Ben": 13, "Cat": 20, "Dan": 0}
    assert game.penalty == 26 + 13


def test_counts_are_refused_where_hearts_score_by_rank():
    game = setup("spot")
    assert errors_of(game, cards(game, {"Ann": 13}, queen="Ben")) == [
        "The hearts are not all worth the same here, so list the ranks each player took"
    ]


def test_a_rank_named_twice_or_missing_or_unknown_is_refused():
    game = setup("spot")
    twice = ranked(game, {"Ann": list(FACE_RANKS), "Ben": ["Q"]}, "Ben")
    assert errors_of(game, twice) == ["The Q♥ is named 2 times (there is one)"]
    missing = ranked(game, {"Ann": [r for r in FACE_RANKS if r != "7"]}, "Ben")
    assert errors_of(game, missing) == ["The 7♥ is named by nobody (there is one): who took it?"]
    unknown = ranked(game, {"Ann": [*FACE_RANKS, "1"]}, "Ben")
    assert errors_of(game, unknown) == ["'1' is not a heart's rank (2-10, J, Q, K, A)"]


def test_two_decks_list_each_rank_twice():
    game = setup("cancellation", 5)
    entry = ranked(game, {"Ann": list(FACE_RANKS), "Ben": list(FACE_RANKS)}, None)
    entry = HandEntry.cards((), 2, ranks=entry.ranks, twins={"Q♠": 3})
    state = play(game, [entry])
    assert by_name(game, state.totals) == {"Ann": 13, "Ben": 13, "Cat": 13, "Dan": 13, "Eve": 0}
    once = HandEntry.cards((), 2, ranks=[FACE_RANKS, (), (), (), ()], twins={"Q♠": 3})
    assert "The A♥ is named by one player only (there are 2): who took it?" in errors_of(game, once)


@pytest.mark.parametrize(
    ("value", "word"),
    [
        ({"1": 3}, "not a rank"),
        ({"Q": -1}, "from 0 to 100"),
        (dict.fromkeys(FACE_RANKS, 0), "more than 0"),
        (0, "face"),
    ],
)
def test_heart_points_that_no_table_plays_are_refused(value, word):
    with pytest.raises(OptionError, match=word):
        setup("standard", heart_points=value)


# The Q♠ worth 0, the plus card, the first lead ---------------------------------


def test_a_queen_worth_zero_is_no_point_card_and_a_moon_is_every_heart():
    game = setup("standard", queen_points=0, moon="add")
    assert game.penalty == 13
    state = play(game, [HandEntry.cards([13, 0, 0, 0], None)])
    assert by_name(game, state.totals) == {"Ann": 0, "Ben": 13, "Cat": 13, "Dan": 13}
    assert errors_of(game, cards(game, {"Ann": 13}, queen="Ben")) == [
        "The queen of spades does not score here (queen_points: 0); leave it out"
    ]


def test_a_queen_worth_zero_may_be_removed():
    assert setup("standard", 3, queen_points=0, removed=["Q♠"]).deck.removed == ("Q♠",)
    with pytest.raises(OptionError, match="point card"):
        setup("standard", 3, removed=["Q♠"])


def test_the_ten_of_diamonds_as_plus_card_is_named_by_the_jack_field():
    game = setup("omnibus", plus_card="10♦", jack_points=-40)
    state = play(game, [cards(game, {"Ann": 5, "Ben": 8}, queen="Cat", jack="Dan")])
    assert by_name(game, state.totals) == {"Ann": 5, "Ben": 8, "Cat": 13, "Dan": -40}
    assert [card.card for card in game.single_cards] == ["Q♠", "10♦"]


@pytest.mark.parametrize(
    ("options", "word"),
    [
        ({"plus_card": "10♦"}, "plus_card"),
        ({"jack_points": -5}, "jack_points"),
        ({"jack_of_diamonds": True, "plus_card": "10♦", "extra_cards": {"10♦": 5}}, "plus card"),
        ({"jack_of_diamonds": True, "plus_card": "10♦", "removed": ["10♦", "2♣", "3♣"]}, "point card"),
        ({"jack_of_diamonds": True, "jack_points": 5}, "from -100 to -1"),
        ({"first_lead": "dealer"}, "first_lead"),
    ],
)
def test_the_plus_card_and_first_lead_refusals(options, word):
    with pytest.raises(OptionError, match=word):
        setup("standard", 3, **options)


def test_the_first_lead_can_go_left_of_the_dealer_or_to_the_lowest_club():
    assert setup("standard", first_lead="left_of_dealer").deal(2).leader == 2  # Ben deals hand 2, Cat leads
    assert setup("ricketts", first_lead="lowest_club").deal(1).lead_card == "2♣"


@pytest.mark.parametrize("variant", ["3d", "domino", "cancellation"])
def test_the_first_lead_does_not_apply_where_the_deal_decides_it(variant):
    with pytest.raises(OptionError, match="first_lead"):
        setup(variant, 5, first_lead="lowest_club")


def test_3d_has_no_plus_card_to_choose():
    with pytest.raises(OptionError, match="plus_card"):
        setup("3d", plus_card="J♦")


# Partners ----------------------------------------------------------------


def test_six_players_make_three_teams_of_opposite_partners():
    game = setup("standard", 6, teams=True)
    assert game.teams == ((0, 3), (1, 4), (2, 5))
    assert game.scorers == ("Ann+Dan", "Ben+Eve", "Cat+Fay")
    state = play(game, [cards(game, {"Ann": 3, "Dan": 2, "Ben": 8}, queen="Cat")])
    assert state.totals == (5, 8, 13)


@pytest.mark.parametrize(
    ("team_moon", "added"),
    [("team", (0, 26, 26)), ("player", (26, 52, 52)), ("opponents", (0, 52, 52))],
)
def test_a_moon_in_a_team_game_charges_by_the_team_moon_rule(team_moon, added):
    game = setup("standard", 6, teams=True, team_moon=team_moon, moon="add")
    assert play(game, [moon(game, "Ann")]).totals == added
    subtract = setup("standard", 6, teams=True, team_moon=team_moon, moon="subtract")
    assert play(subtract, [moon(subtract, "Ann")]).totals == (-26, 0, 0)


def test_partners_shoot_together_only_under_team_moon_team():
    together = {"Ann": 6, "Dan": 7}
    team = setup("standard", 6, teams=True, moon="add")
    assert play(team, [cards(team, together, queen="Dan")]).totals == (0, 26, 26)
    player = setup("standard", 6, teams=True, team_moon="player", moon="add")
    assert play(player, [cards(player, together, queen="Dan")]).totals == (26, 0, 0)


def test_a_team_moon_under_choice_is_asked_of_the_shooting_team():
    game = setup("standard", teams=True)
    assert errors_of(game, moon(game, "Ann")) == ["Ann+Cat shot the moon: add or subtract?"]


def test_a_revoke_charges_the_offenders_team_and_teams_wrap_together():
    game = setup("standard", teams=True, wraps=[26])
    state = play(game, [revoke(game, "Dan")])
    assert state.hands[0].points == (0, 26)
    assert (state.totals, state.hands[0].wrapped) == ((0, 0), (1,))  # Ben+Dan's 26 wraps
    hand = cards(game, {"Ann": 13}, queen="Ben")
    assert play(game, [hand, hand]).hands[1].wrapped == (0, 1)  # 13 + 13 = 26 each


def test_a_team_game_is_won_by_a_team():
    game = setup("standard", teams=True, target=26)
    state = play(game, [cards(game, {"Ann": 13}, queen="Ben")] * 2)
    assert (state.status, state.totals) == ("tie_break", (26, 26))
    state = play(game, [*[cards(game, {"Ann": 13}, queen="Ben")] * 2, cards(game, {"Ann": 1, "Ben": 12}, queen="Dan")])
    # Ann+Cat 26 + 1, Ben+Dan 26 + 12 + 13 (Ben's hearts with Dan's Q♠ alone would be a team moon).
    assert (state.status, state.winners) == ("over", (0,))


@pytest.mark.parametrize(
    ("options", "word"),
    [
        ({"team_moon": "player"}, "team_moon"),
        ({"teams": True, "team_moon": "player", "moon": "off"}, "team_moon"),
    ],
)
def test_team_moon_needs_partners_and_a_moon(options, word):
    with pytest.raises(OptionError, match=word):
        setup("standard", **options)


@pytest.mark.parametrize("players", [3, 5, 7])
def test_partners_need_four_or_six_players(players):
    with pytest.raises(OptionError, match="teams"):
        setup("standard", players, teams=True)


# Turbo Hearts --------------------------------------------------------------


def test_turbo_charges_double_and_the_ten_of_clubs_multiplies_a_negative_score():
    game = setup("turbo")
    entry = turbo_hand(game, {"Ann": 4, "Ben": 9}, "Cat", "Dan", "Dan", ("J♦", "10♣"))
    hand = play(game, [entry]).hands[0]
    assert hand.points == (4, 9, 13, -80)  # the charged J♦ -20, times 4 by the charged 10♣
    # Each player's money: the sum (-54) minus four times their own.
    assert hand.money == (-70, -90, -106, 266)


def test_turbo_moon_negates_then_the_ten_doubles():
    game = setup("turbo")
    hand = play(game, [turbo_hand(game, {"Ann": 13}, "Ann", "Ben", "Ann")]).hands[0]
    assert hand.points == (-52, -10, 0, 0)  # -(13 + 13), doubled by the 10♣
    assert (hand.moon.shooter, hand.moon.resolution) == (0, "negate")


def test_a_turbo_revoke_charges_the_hearts_and_the_queen_each_doubled_if_charged():
    game = setup("turbo")
    hand = play(game, [HandEntry.revoked(2, charged=("Q♠",))]).hands[0]
    assert hand.points == (0, 0, 39, 0)
    assert hand.money == (39, 39, -117, 39)


def test_a_turbo_game_is_its_hands_and_ties_share_the_win():
    game = setup("turbo", hands_per_game=2)
    split = turbo_hand(game, {"Ann": 13}, "Ben", "Cat", "Dan")  # Ann 13, Ben 13, Cat -10, Dan 0
    back = turbo_hand(game, {"Cat": 13}, "Dan", "Ann", "Ben")  # Ann -10, Ben 0, Cat 13, Dan 13
    state = play(game, [split, back])
    assert (state.status, state.reason, state.totals, state.winners) == ("over", "hands", (3, 13, 3, 13), (0, 2))
    assert sum(state.money) == 0
    with pytest.raises(EntryError, match="over"):
        play(game, [split, back, split])


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (HandEntry.cards([13, 0, 0, 0], 1, 2, ten=None), "Who took the 10♣?"),
        (HandEntry.cards([13, 0, 0, 0], 1, 2, ten=3, charged=("K♠",)), "'K♠' cannot be charged (only A♥, Q♠, J♦, 10♣)"),
        (HandEntry.cards([13, 0, 0, 0], 1, 2, ten=3, charged=("A♥", "A♥")), "The A♥ is charged 2 times; once is all"),
        (HandEntry.cards([13, 0, 0, 0], 0, 2, "add", ten=3), "Turbo Hearts scores a moon by itself"),
    ],
)
def test_turbo_hand_refusals(entry, message):
    assert any(error.startswith(message) for error in errors_of(setup("turbo"), entry))


@pytest.mark.parametrize("option", [{"target": 50}, {"moon": "add"}, {"jack_of_diamonds": False}, {"teams": True}])
def test_turbo_takes_no_other_option(option):
    with pytest.raises(OptionError, match="its scoring is fixed"):
        setup("turbo", **option)


@pytest.mark.parametrize("option", [{"hands_per_game": 4}, {"charging": "blind"}])
def test_turbos_options_apply_nowhere_else(option):
    with pytest.raises(OptionError, match="does not apply to standard"):
        setup("standard", **option)


def test_the_ten_and_charges_are_refused_outside_turbo():
    game = setup("standard")
    entry = HandEntry.cards([13, 0, 0, 0], 1, ten=2, charged=("Q♠",))
    assert errors_of(game, entry) == [
        "Nothing is charged in this game; leave the charges out",
        "The 10♣ scores nothing in this game; leave it out",
    ]


# Cancellation: two takers of one card ----------------------------------------


def test_one_player_takes_both_queens_the_aardvark():
    game = setup("cancellation", 6)
    entry = HandEntry.cards([20, 6, 0, 0, 0, 0], 3, twins={"Q♠": 3})
    assert play(game, [entry]).totals == (20, 6, 0, 26, 0, 0)


def test_a_cancellation_moon_needs_every_heart_and_both_queens():
    game = setup("cancellation", 5, moon="add")
    assert play(game, [HandEntry.cards([26, 0, 0, 0, 0], 0, twins={"Q♠": 0})]).totals == (0, 52, 52, 52, 52)
    assert play(game, [HandEntry.cards([26, 0, 0, 0, 0], 0, twins={"Q♠": 1})]).totals == (39, 13, 0, 0, 0)


def test_a_second_taker_is_refused_where_the_deck_holds_one():
    game = setup("standard")
    assert errors_of(game, HandEntry.cards([13, 0, 0, 0], 1, twins={"Q♠": 2})) == [
        "This game has one Q♠: name one taker"
    ]


# The scoresheet -------------------------------------------------------------


def test_a_scoresheet_refuses_counts_mixed_with_rank_lists():
    sheet = {
        "variant": "standard",
        "players": ["Ann", "Ben", "Cat"],
        "hands": [{"hearts": {"Ann": 3, "Ben": ["2"]}, "queen": "Cat"}],
    }
    with pytest.raises(ScoresheetError, match="not both"):
        replay(sheet)


def test_a_cancellation_scoresheet_names_two_queen_takers():
    sheet = {
        "variant": "cancellation",
        "players": ["Ann", "Ben", "Cat", "Dan", "Eve"],
        "hands": [{"hearts": {"Ann": 26}, "queen": "Ben"}],
    }
    with pytest.raises(ScoresheetError, match="a list of 2 players"):
        replay(sheet)


def test_a_sun_in_a_team_game_is_every_trick_to_the_shooting_team():
    game = setup("omnibus", teams=True, team_moon="opponents", moon="add", sun=True)
    shot = HandEntry.cards([13, 0, 0, 0], 0, 2, sun=True)  # Ann's moon, her partner Cat took the J♦
    # The moon doubled: each opponent 2 × 26, so Ben+Dan 104; Cat's J♦ stays with Ann+Cat.
    assert play(game, [shot]).totals == (-10, 104)
    astray = HandEntry.cards([13, 0, 0, 0], 0, 1, sun=True)
    assert errors_of(game, astray) == ["A sun takes every trick, but Ann+Cat did not take the J♦"]


def sheet_of(variant: str, players: int, *hands: dict, **options: object) -> dict:
    return {"variant": variant, "options": options, "players": list(NAMES[:players]), "hands": list(hands)}


@pytest.mark.parametrize(
    ("document", "message"),
    [
        (sheet_of("spot", 3, {"hearts": {"Ann": [2, 3]}, "queen": "Ben"}), "hand 1: Ann's hearts must be a list of ranks"),
        (sheet_of("spot", 3, {"hearts": {"Ann": ["Q"], "Ben": 12}, "queen": "Ben"}), "hand 1: hearts: give every player's hearts as a count"),
        (sheet_of("cancellation", 5, {"hearts": {"Ann": 26}, "queen": ["Ann"]}), "hand 1: queen: the deck holds 2 of the queen of spades"),
        (sheet_of("cancellation", 5, {"hearts": {"Ann": 26}, "queen": ["Ann", 3]}), "hand 1: queen must be a player's name"),
        (sheet_of("cancellation", 5, {"hearts": {"Ann": 26}, "queen": ["Ann", "Zed"]}), "hand 1: Zed is not a player in this game (queen)"),
        (sheet_of("cancellation", 5, {"hearts": {"Ann": 26}, "queen": ["Ann", "Ben"], "jack": "Cat"}, jack_of_diamonds=True), "hand 1: jack: the deck holds 2 of the jack of diamonds"),
        (sheet_of("standard", 4, {"hearts": {"Ann": 13}, "queen": ["Ann", "Ben"]}), "hand 1: queen must be a player's name"),
        (sheet_of("turbo", 4, {"hearts": {"Ann": 13}, "queen": "Ben", "jack": "Cat", "ten": "Dan", "charged": "A♥"}), "hand 1: 'charged' must be a list of cards"),
        (sheet_of("turbo", 4, {"hearts": {"Ann": 13}, "queen": "Ben", "jack": "Cat", "ten": 3}), "hand 1: ten must be a player's name"),
        (sheet_of("turbo", 4, {"hearts": {"Ann": 13}, "queen": "Ben", "jack": "Cat", "ten": "Dan", "cards": {"K♠": "Ann"}}), "hand 1: The K♠ scores nothing in this game"),
        (sheet_of("turbo", 4, {"hearts": {"Ann": 13}, "queen": "Ben", "jack": "Cat", "ten": "Dan", "time_up": True}), "hand 1: This game has no time limit"),
        (sheet_of("turbo", 4, {"revoke": "Ann", "charged": ["Q♠", "Q♠"]}), "hand 1: The Q♠ is charged 2 times"),
        (sheet_of("standard", 4, {"revoke": "Ann", "charged": ["Q♠"]}), "hand 1: Nothing is charged in this game"),
        (sheet_of("standard", 4, {"hearts": {"Ann": 13}, "queen": "Ben", "ten": "Cat"}), "hand 1: The 10♣ scores nothing in this game"),
        (sheet_of("standard", 4, heart_points=[1, 2]), "Option 'heart_points' must be a whole number from 1 to 100"),
        (sheet_of("standard", 4, team_moon="team"), "Option 'team_moon' needs partners"),
        (sheet_of("domino", 4, removed=["2♣"]), "Option 'removed' does not apply to domino"),
        (sheet_of("cancellation", 5, deal="kitty"), "Option 'deal' does not apply to cancellation"),
        (sheet_of("3d", 4, first_lead="left_of_dealer"), "Option 'first_lead' does not apply to 3d"),
    ],
)  # fmt: skip
def test_a_more_variants_scoresheet_that_cannot_be_scored_gets_one_line_saying_why(document, message):
    with pytest.raises(ScoresheetError) as raised:
        replay(document)
    assert str(raised.value).startswith(message)
    assert "\n" not in str(raised.value)


# The referee's and the cheat-sheet's words ---------------------------------------


def previews(game: GameSetup) -> dict[str, str]:
    """The first player's sweep, resolution by resolution."""
    first = moon_previews(play(game, []))[0]
    return {outcome.resolution: outcome.summary for outcome in first.outcomes}


def test_a_sweep_preview_takes_every_card_the_game_counts():
    assert previews(setup("spot")) == {"add": "others +150"}
    assert previews(setup("black_maria", 3)) == {"none": "no moon: +43 as taken"}  # 13 + 13 + 10 + 7, moon off
    assert previews(setup("domino")) == {"add": "others +13", "subtract": "shooter −13"}
    assert previews(setup("cancellation", 5)) == {"add": "others +52", "subtract": "shooter −52"}
    # 13 hearts + 13 negated, then the J♦'s −10, doubled by the 10♣: −72.
    assert previews(setup("turbo")) == {"negate": "shooter −72: the moon negates, then the 10♣ multiplies"}
    # Moon off in a team game: Ann+Cat's points as taken.
    assert previews(setup("standard", teams=True, moon="off")) == {"none": "no moon: +26 as taken"}


def test_a_revoke_is_explained_for_turbo_and_for_teams():
    assert revoke_terms(setup("turbo")).startswith("scores 26 (13 more with the A♥ charged, 13 more with the Q♠")
    assert revoke_terms(setup("standard", teams=True)).startswith("scores 26 for their team, the other teams 0")
    assert revoke_terms(setup("cancellation", 5, jack_of_diamonds=True)).endswith("(no moon, no J♦ bonus)")


def test_the_cheat_sheet_says_the_plus_card_and_the_hearts_points():
    game = setup("omnibus", plus_card="10♦", jack_points=-40)
    assert moon_jack_rule(game) == "the 10♦ still scores −40 for whoever took it, the shooter included."
    assert option_words(OPTIONS["heart_points"], (("Q", 13),)) == "Q♥ 13, the others 1"
    assert option_words(OPTIONS["heart_points"], "face") == "face value (2-10, J 11, Q 12, K 13, A 14)"


# The stored form (rules.entry): the new fields kept once, read back the same -------------


@pytest.mark.parametrize(
    ("entry", "stored"),
    [
        (
            HandEntry.cards((), 1, ranks=[["Q", "2"], [], ["A"]]),
            {"hearts": [2, 0, 1], "queen": 1, "jack": None, "moon": None, "ranks": [["2", "Q"], [], ["A"]]},
        ),
        (
            HandEntry.cards([13, 0, 0, 0], 1, 2, ten=3, charged=["10♣", "A♥"]),
            {"hearts": [13, 0, 0, 0], "queen": 1, "jack": 2, "moon": None, "ten": 3, "charged": ["A♥", "10♣"]},
        ),
        (
            HandEntry.cards([26, 0, 0, 0, 0], 0, twins={"Q♠": 3}),
            {"hearts": [26, 0, 0, 0, 0], "queen": 0, "jack": None, "moon": None, "twins": {"Q♠": 3}},
        ),
        (HandEntry.revoked(2, charged=["Q♠"]), {"revoke": 2, "charged": ["Q♠"]}),
    ],
)
def test_the_new_fields_are_stored_where_used_and_read_back(entry, stored):
    assert entry.to_stored() == stored
    assert HandEntry.from_stored(stored) == entry


def test_an_old_hand_is_stored_as_before():
    assert HandEntry.cards([13, 0, 0, 0], 1).to_stored() == {
        "hearts": [13, 0, 0, 0],
        "queen": 1,
        "jack": None,
        "moon": None,
    }


@pytest.mark.parametrize(
    ("stored", "word"),
    [
        ({"hearts": [13, 0, 0], "queen": 1, "ranks": "Q"}, "'ranks'"),
        ({"hearts": [13, 0, 0], "queen": 1, "ranks": [[2]]}, "'ranks'"),
        ({"hearts": [13, 0, 0], "queen": 1, "ten": "Dan"}, "'ten'"),
        ({"hearts": [13, 0, 0], "queen": 1, "twins": ["Q♠", 1]}, "'twins'"),
        ({"hearts": [13, 0, 0], "queen": 1, "twins": {"Q♠": -1}}, "'Q♠'"),
        ({"revoke": 1, "charged": "A♥"}, "'charged'"),
    ],
)
def test_a_damaged_stored_hand_of_the_new_fields_says_why(stored, word):
    with pytest.raises(UnreadableEntry, match=word):
        HandEntry.from_stored(stored)
