"""A hand's stored form (rules.entry): the one codec for the database, the league file and the scoresheet."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import GameSetup, HandEntry, UnreadableEntry, entry_json, play, read_hand
from rules.describe import describe_revision
from tests.fuzzing import examples


def test_a_hand_of_cards_is_stored_seat_by_seat():
    entry = HandEntry.cards([0, 4, 9, 0], queen=2, jack=None, moon=None)
    assert entry.to_stored() == {"hearts": [0, 4, 9, 0], "queen": 2, "jack": None, "moon": None}


def test_every_field_of_a_hand_is_stored_the_house_rules_only_where_used():
    entry = HandEntry.cards([13, 0, 0, 0], 0, 3, "add", {"10♣": 1}, sun=True, time_up=True)
    assert entry.to_stored() == {
        "hearts": [13, 0, 0, 0],
        "queen": 0,
        "jack": 3,
        "moon": "add",
        "cards": {"10♣": 1},
        "sun": True,
        "time_up": True,
    }


def test_a_revoke_is_stored_as_its_offender_alone():
    assert HandEntry.revoked(1).to_stored() == {"revoke": 1}
    assert HandEntry.revoked(3, time_up=True).to_stored() == {"revoke": 3, "time_up": True}


@pytest.mark.parametrize(
    "entry",
    [
        HandEntry.cards([0, 4, 9, 0], 2),
        HandEntry.cards([13, 0, 0, 0], 0, moon="subtract"),
        HandEntry.cards([26, 0, 0, 0], 0, 0, "add", {"10♣": 0, "A♠": 2}),
        HandEntry.cards([3, 3, 3, 4], 1, sun=True),
        HandEntry.cards([3, 3, 3, 4], None, time_up=True),
        HandEntry.revoked(2),
        HandEntry.revoked(0, time_up=True),
    ],
)
def test_a_stored_hand_reads_back_as_the_same_entry(entry):
    # Through JSON text, as the database and the league file keep it.
    assert HandEntry.from_stored(json.loads(json.dumps(entry.to_stored()))) == entry


def test_extra_cards_read_back_in_one_order_whatever_the_stored_order():
    # PostgreSQL's jsonb reorders keys: two orders of one hand are one entry.
    one = HandEntry.from_stored(
        {"hearts": [0] * 4, "queen": 0, "jack": None, "moon": None, "cards": {"A♠": 1, "10♣": 2}}
    )
    two = HandEntry.from_stored(
        {"hearts": [0] * 4, "queen": 0, "jack": None, "moon": None, "cards": {"10♣": 2, "A♠": 1}}
    )
    assert one == two


seats = st.integers(min_value=0, max_value=7)
entries = st.one_of(
    st.builds(HandEntry.revoked, seats, st.booleans()),
    st.builds(
        HandEntry.cards,
        st.lists(st.integers(min_value=0, max_value=26), min_size=3, max_size=8),
        st.none() | seats,
        st.none() | seats,
        st.sampled_from([None, "add", "subtract"]),
        st.dictionaries(st.sampled_from(["10♣", "A♠", "K♠", "2♣"]), st.none() | seats, max_size=3),
        st.booleans(),
        st.booleans(),
    ),
)


@settings(max_examples=examples(300))
@given(entries)
def test_any_entry_survives_its_stored_form(entry):
    assert HandEntry.from_stored(json.loads(json.dumps(entry.to_stored()))) == entry


@pytest.mark.parametrize(
    ("stored", "message"),
    [
        ([0, 4, 9, 0], "A stored hand must be an object"),
        (None, "A stored hand must be an object"),
        ({"hearts": [0, 0, 0, 0], "queen": 0, "trumps": 1}, "unknown field 'trumps'"),
        ({"revoke": 1, "queen": 0}, "unknown field 'queen'"),
        ({"revoke": None}, "A stored revoke must name the seat that revoked"),
        ({"revoke": "Ann"}, "'revoke' must be a seat's number or null"),
        ({"queen": 0}, "'hearts' must be a list of numbers, one a seat"),
        ({"hearts": "13", "queen": 0}, "'hearts' must be a list of numbers"),
        ({"hearts": [0, 1.5, 0, 0], "queen": 0}, "'hearts' must be a list of numbers"),
        ({"hearts": [0, True, 0, 0], "queen": 0}, "'hearts' must be a list of numbers"),
        ({"hearts": [0, 0, 0, 0], "queen": -1}, "'queen' must be a seat's number or null"),
        ({"hearts": [0, 0, 0, 0], "queen": 0, "jack": "2"}, "'jack' must be a seat's number or null"),
        ({"hearts": [0, 0, 0, 0], "queen": 0, "moon": 1}, "'moon' must be a word or null"),
        ({"hearts": [0, 0, 0, 0], "queen": 0, "cards": ["10♣"]}, "'cards' must map each extra card to its taker"),
        ({"hearts": [0, 0, 0, 0], "queen": 0, "cards": {"10♣": "Ann"}}, "'10♣' must be a seat's number or null"),
        ({"hearts": [0, 0, 0, 0], "queen": 0, "sun": "yes"}, "'sun' must be true or false"),
        ({"hearts": [0, 0, 0, 0], "queen": 0, "ten": -1}, "'ten' must be a seat's number or null"),
        ({"hearts": [0, 0, 0, 0], "queen": 0, "twins": {"Q♠": "Ann"}}, "'Q♠' must be a seat's number or null"),
        ({"hearts": [0, 0, 0, 0], "queen": 0, "twins": ["Q♠"]}, "'twins' must map each card's second copy"),
        ({"hearts": [0, 0, 0, 0], "queen": 0, "ranks": [["Q"], [10]]}, "'ranks' must be a list of heart ranks"),
        ({"revoke": 1, "time_up": 1}, "'time_up' must be true or false"),
    ],
)
def test_a_malformed_stored_hand_is_refused_saying_why(stored, message):
    with pytest.raises(UnreadableEntry, match=message):
        HandEntry.from_stored(stored)


def test_the_scoresheet_names_the_seats_of_the_stored_form():
    setup = GameSetup.create("standard", ["Ann", "Ben", "Cat", "Dan"], {"sun": True})
    entry = HandEntry.cards([0, 4, 9, 0], 2, sun=False, time_up=True)
    assert entry_json(setup, entry) == {"hearts": {"Ben": 4, "Cat": 9}, "queen": "Cat", "time_up": True}
    assert read_hand(setup, entry_json(setup, entry)) == entry


def test_the_history_is_told_from_the_stored_hands():
    setup = GameSetup.create("standard", ["Ann", "Ben", "Cat", "Dan"])
    before = HandEntry.cards([0, 4, 9, 0], 2).to_stored()
    after = HandEntry.cards([0, 5, 8, 0], 2).to_stored()
    assert describe_revision(setup, "edited", 3, before, after) == "edited hand 3: Ben 4♥ → 5♥, Cat 9♥ Q♠ → 8♥ Q♠"
    assert describe_revision(setup, "added", 1, None, after) == "added hand 1: Ben 5♥, Cat 8♥ Q♠"
    assert describe_revision(setup, "deleted", 4, {"revoke": 0}, None) == "deleted hand 4: Ann revoked"


def test_the_history_tells_a_game_declared_merged_or_dated_again():
    setup = GameSetup.create("standard", ["Ann", "Ben", "Cat", "Dan"])
    assert describe_revision(setup, "declared", 2, {"declared": ""}, {"declared": "null"}) == "declared the game null"
    assert describe_revision(setup, "merged", 2, {"player": "Bob"}, {"player": "Ben"}) == (
        "merged the player Bob into Ben"
    )
    moved = describe_revision(
        setup, "redated", 0, {"played_on": "2025-01-07"}, {"played_on": "2025-01-06"}, lambda day: f"{day:%d/%m}"
    )
    assert moved == "dated the game 06/01 (it was 07/01)"


def test_a_game_plays_the_same_from_its_stored_hands():
    setup = GameSetup.create("standard", ["Ann", "Ben", "Cat", "Dan"])
    entries = [HandEntry.cards([0, 4, 9, 0], 2), HandEntry.cards([13, 0, 0, 0], 0, moon="add")]
    stored = [HandEntry.from_stored(json.loads(json.dumps(entry.to_stored()))) for entry in entries]
    # Ann 0 then the moon; Ben 4 then 26; Cat 9 and the Q♠ (22) then 26; Dan 0 then 26.
    assert play(setup, stored).totals == play(setup, entries).totals == (0, 30, 48, 26)
