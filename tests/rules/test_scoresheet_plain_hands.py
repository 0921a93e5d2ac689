"""A plain hand (hearts counted by player, the Q♠'s and the plus card's takers, a moon's
resolution) is read the short way (rules.scoresheet._plain_hand): a league file holds them by
the ten thousand. The short way must give the entry the full reader gives, and leave to it
every hand it cannot read without a doubt, so that the refusal's words stay the full reader's."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import GameSetup, HandEntry, ScoresheetError
from rules.scoresheet import _plain_hand, _read_any_hand, read_hand
from tests.fuzzing import examples

PLAYERS = ["Ann", "Ben", "Cat", "Dan", "Eve"]
SETUPS = {
    "standard": GameSetup.create("standard", PLAYERS[:4]),
    "omnibus": GameSetup.create("omnibus", PLAYERS[:4]),
    "3d": GameSetup.create("3d", PLAYERS[:3]),
    "cancellation": GameSetup.create("cancellation", PLAYERS[:5]),
}
# Values a file might hold where a name or a count belongs: right ones, and every kind of wrong one.
NAMES = st.sampled_from([*PLAYERS, "Zed", "ann"])
ODD = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.floats(allow_nan=False), st.just([]), st.just({}))
HEARTS = st.one_of(
    st.dictionaries(NAMES, st.integers(0, 13), max_size=5),
    st.dictionaries(NAMES, st.one_of(st.integers(-2, 26), ODD, st.lists(st.sampled_from(["Q", "10"]))), max_size=5),
    ODD,
)
HANDS = st.fixed_dictionaries(
    {},
    optional={
        "hearts": HEARTS,
        "queen": st.one_of(NAMES, ODD),
        "jack": st.one_of(NAMES, ODD),
        "moon": st.one_of(st.sampled_from(["add", "subtract", "sideways"]), ODD),
        "revoke": NAMES,
        "sun": st.booleans(),
        "cards": st.just({}),
    },
)


@settings(max_examples=examples(400))
@given(st.sampled_from(sorted(SETUPS)), HANDS)
def test_the_short_way_gives_what_the_full_reader_gives_or_leaves_the_hand_to_it(variant, hand):
    setup = SETUPS[variant]
    plain = _plain_hand(setup, hand)
    try:
        full = _read_any_hand(setup, 1, hand)
    except ScoresheetError:
        assert plain is None
        return
    assert plain is None or plain == full


def test_a_plain_hand_is_read_the_short_way():
    hand = {"hearts": {"Ann": 4, "Cat": 9}, "queen": "Ben", "jack": "Dan", "moon": None}
    assert _plain_hand(SETUPS["omnibus"], hand) == HandEntry((4, 0, 9, 0), 1, 3)
    assert read_hand(SETUPS["omnibus"], hand) == HandEntry.cards([4, 0, 9, 0], 1, 3)


def test_what_the_short_way_leaves_is_refused_in_the_full_readers_words():
    # A null taker, a stranger, a count that is no number, two decks: each goes the long way.
    setup = SETUPS["standard"]
    for hand in ({"queen": None}, {"queen": "Zed"}, {"hearts": {"Ann": True}}):
        assert _plain_hand(setup, hand) is None
    assert _plain_hand(SETUPS["cancellation"], {"hearts": {"Ann": 13}}) is None
    with pytest.raises(ScoresheetError) as refused:
        read_hand(setup, {"hearts": {"Ann": 13}, "queen": "Zed"}, 4)
    assert str(refused.value) == "hand 4: Zed is not a player in this game (queen)"
