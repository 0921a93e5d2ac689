"""SCORESHEET.md: reading, writing and replaying a game's record."""

import json

import pytest

from rules import ScoresheetError, play, read_scoresheet, replay, result_json, write_scoresheet
from tests.rules.table import cards, moon, revoke, setup

FOUR = ["Ann", "Ben", "Cat", "Dan"]


def sheet(**fields):
    return {"variant": "standard", "players": FOUR, "hands": [], **fields}


def _games():
    ricketts = setup("ricketts", first_dealer="Cat", warren=True)
    omnibus = setup("omnibus", 5, moon_needs_jack=True, deal="kitty", kitty_to="first_heart")
    three_d = setup("3d", 8, moon="choice", target=60)
    standard = setup("standard", 3, wraps=[50, 75], sixty_nine=True, ties="shared", end="more_than")
    return [
        (
            ricketts,
            [cards(ricketts, {"Ann": 3, "Cat": 10}, queen="Ben"), moon(ricketts, "Dan"), revoke(ricketts, "Ann")],
        ),
        (
            omnibus,
            [moon(omnibus, "Eve", jack="Eve", choice="add"), cards(omnibus, {"Ann": 13}, queen="Ann", jack="Ben")],
        ),
        (three_d, [moon(three_d, "Hal", jack="Ann", choice="subtract"), revoke(three_d, "Gus")]),
        (standard, [cards(standard, {"Ann": 13}, queen="Ben"), moon(standard, "Cat", choice="subtract")]),
    ]


@pytest.mark.parametrize(("game", "entries"), _games(), ids=["ricketts", "omnibus", "3d", "standard"])
def test_a_written_scoresheet_reads_back_as_the_same_game(game, entries):
    document = json.loads(json.dumps(write_scoresheet(game, entries)))  # through real JSON text
    assert read_scoresheet(document) == (game, entries)


@pytest.mark.parametrize(("game", "entries"), _games(), ids=["ricketts", "omnibus", "3d", "standard"])
def test_replaying_a_written_scoresheet_gives_the_original_result(game, entries):
    assert replay(write_scoresheet(game, entries)) == result_json(play(game, entries))


def test_a_scoresheet_writes_every_option_so_a_changed_preset_cannot_change_an_old_game():
    game = setup("ricketts")
    assert write_scoresheet(game, [])["options"] == {
        "target": 100,
        "end": "more_than",
        "moon": "ricketts",
        "jack_of_diamonds": False,
        "moon_needs_jack": False,
        "wraps": [104, 126],
        "ties": "play_on",
        "sixty_nine": True,
        "warren": False,
    }


def test_a_scoresheet_lists_only_the_players_who_took_hearts():
    game = setup("omnibus")
    written = write_scoresheet(game, [cards(game, {"Ann": 3, "Cat": 10}, queen="Ben", jack="Dan")])
    assert written["hands"] == [{"hearts": {"Ann": 3, "Cat": 10}, "queen": "Ben", "jack": "Dan"}]


def test_the_first_player_deals_first_unless_the_sheet_says_otherwise():
    game, _ = read_scoresheet(sheet())
    assert game.first_dealer == 0
    game, _ = read_scoresheet(sheet(first_dealer="Dan"))
    assert game.first_dealer == 3


def test_the_result_lists_hands_and_players_in_seat_order():
    result = replay(
        sheet(
            first_dealer="Dan",
            hands=[
                {"hearts": {"Cat": 10, "Ann": 3}, "queen": "Ben"},
                {"hearts": {"Ann": 13}, "queen": "Ann", "moon": "add"},
            ],
        )
    )
    assert result == {
        "status": "in_progress",
        "winners": [],
        "reason": None,
        "totals": {"Ann": 3, "Ben": 39, "Cat": 36, "Dan": 26},
        "hands": [
            {
                "number": 1,
                "dealer": "Dan",
                "pass": "left",
                "points": {"Ann": 3, "Ben": 13, "Cat": 10, "Dan": 0},
                "totals": {"Ann": 3, "Ben": 13, "Cat": 10, "Dan": 0},
                "moon": None,
                "wrapped": [],
            },
            {
                "number": 2,
                "dealer": "Ann",
                "pass": "right",
                "points": {"Ann": 0, "Ben": 26, "Cat": 26, "Dan": 26},
                "totals": {"Ann": 3, "Ben": 39, "Cat": 36, "Dan": 26},
                "moon": {"shooter": "Ann", "resolution": "add"},
                "wrapped": [],
            },
        ],
        "next": {"number": 3, "dealer": "Ben", "pass": "across", "leader": "2♣"},
    }
    assert list(result["totals"]) == FOUR
    assert list(result["hands"][0]["points"]) == FOUR


def test_the_next_deal_names_the_leader_where_the_player_left_of_the_dealer_leads():
    assert replay(sheet(variant="ricketts", first_dealer="Dan"))["next"] == {
        "number": 1,
        "dealer": "Dan",
        "pass": "left",
        "leader": "Ann",
    }


def test_the_next_deal_names_the_three_of_clubs_with_five_players():
    result = replay(sheet(players=[*FOUR, "Eve"]))
    assert result["next"]["leader"] == "3♣"


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ([], "A scoresheet must be a JSON object"),
        (sheet(colour="red"), "Unknown scoresheet field 'colour'"),
        ({"players": FOUR}, "The scoresheet has no 'variant'"),
        ({"variant": "standard"}, "The scoresheet has no 'players'"),
        (sheet(players="Ann, Ben, Cat"), "'players' must be a list of names"),
        (sheet(players=["Ann", 2, "Cat"]), "'players' must be a list of names"),
        (sheet(players=[]), 'Hearts ("variant": "standard") is played by 3-7 players; this game has 0'),
        (sheet(options=["target", 50]), "'options' must be an object of house-rule options"),
        (sheet(options={"target": "fifty"}), "Option 'target' must be a whole number from 1 to 10,000"),
        (sheet(variant="ricketts", options={"deal": "kitty"}), "Option 'deal' does not apply to ricketts"),
        (sheet(first_dealer="Zed"), "The first dealer 'Zed' is not one of the players"),
        (sheet(hands={"1": {}}), "'hands' must be a list"),
        (sheet(hands=[[3, 0, 10, 0]]), "hand 1: a hand must be a JSON object"),
        (sheet(hands=[{"revoke": "Ann", "queen": "Ben"}]), "hand 1: a revoke stands alone"),
        (sheet(hands=[{"revoke": "Zed"}]), "hand 1: Zed is not a player in this game (revoke)"),
        (sheet(hands=[{"hearts": {"Ann": 13}, "queen": "Ben", "spades": 1}]), "hand 1: unknown field 'spades'"),
        (sheet(hands=[{"hearts": [13, 0, 0, 0], "queen": "Ben"}]), "hand 1: 'hearts' must map players"),
        (sheet(hands=[{"hearts": {"Ann": 6.5, "Ben": 6.5}, "queen": "Ben"}]), "hand 1: Ann's hearts must be a whole number"),
        (sheet(hands=[{"hearts": {"Ann": "13"}, "queen": "Ben"}]), "hand 1: Ann's hearts must be a whole number"),
        (sheet(hands=[{"hearts": {"Zed": 13}, "queen": "Ben"}]), "hand 1: Zed is not a player in this game (hearts)"),
        (sheet(hands=[{"hearts": {"Ann": 13}, "queen": 1}]), "hand 1: queen must be a player's name"),
        # A scoresheet given as Python rather than JSON can have a card that is no text.
        (sheet(hands=[{"hearts": {"Ann": 13}, "queen": "Ben", "cards": {10: "Ann"}}]), "hand 1: 'cards' must map each extra card to who took it"),
        (sheet(hands=[{"hearts": {"Ann": 13}, "queen": "Ann", "moon": True}]), "hand 1: 'moon' must be add or subtract"),
        (sheet(hands=[{"hearts": {"Ann": 13}, "queen": "Ann", "moon": "double"}]), "hand 1: A moon is resolved by add or subtract"),
        (sheet(hands=[{"hearts": {"Ann": 13}}]), "hand 1: Who took the Q♠?"),
        (sheet(hands=[{"hearts": {"Ann": 13}, "queen": "Ben"}, {}]), "hand 2: Hearts add up to 0; 13 are in play; Who took the Q♠?"),
        (sheet(variant="omnibus", hands=[{"hearts": {"Ann": 13}, "queen": "Ben", "jack": "Zed"}]), "hand 1: Zed is not a player in this game (jack)"),
    ],
)  # fmt: skip
def test_a_scoresheet_that_cannot_be_scored_gets_one_line_saying_why(document, message):
    with pytest.raises(ScoresheetError) as raised:
        replay(document)
    assert str(raised.value).startswith(message)
    assert "\n" not in str(raised.value)
