"""RULES.md, "Variants (presets)" and "House-rule options and each preset's defaults"."""

import pytest

from rules import OPTIONS, VARIANTS, GameSetup, SetupError
from tests.rules.table import NAMES, setup

# The defaults table of RULES.md, copied row by row (None: "(n/a)").
DEFAULTS = {
    "target": {"standard": 100, "omnibus": 100, "ricketts": 100, "3d": 100},
    "end": {"standard": "at_least", "omnibus": "at_least", "ricketts": "more_than", "3d": "at_least"},
    "moon": {"standard": "choice", "omnibus": "choice", "ricketts": "ricketts", "3d": "off"},
    "jack_of_diamonds": {"standard": False, "omnibus": True, "ricketts": False, "3d": True},
    "moon_needs_jack": {"standard": False, "omnibus": False, "ricketts": False, "3d": False},
    "wraps": {"standard": (), "omnibus": (), "ricketts": (104, 126), "3d": ()},
    "ties": {"standard": "play_on", "omnibus": "play_on", "ricketts": "play_on", "3d": "shared"},
    "sixty_nine": {"standard": False, "omnibus": False, "ricketts": True, "3d": False},
    "deal": {"standard": "remove", "omnibus": "remove", "ricketts": None, "3d": None},
    "kitty_to": {"standard": "first_trick", "omnibus": "first_trick", "ricketts": None, "3d": None},
    "warren": {"standard": None, "omnibus": None, "ricketts": False, "3d": None},
}
PLAYERS = {"standard": (3, 7), "omnibus": (3, 7), "ricketts": (4, 4), "3d": (3, 8)}


def test_there_are_exactly_the_four_presets_of_the_rules():
    assert set(VARIANTS) == {"standard", "omnibus", "ricketts", "3d"}
    assert {key: variant.name for key, variant in VARIANTS.items()} == {
        "standard": "Hearts",
        "omnibus": "Omnibus Hearts",
        "ricketts": "Ricketts House Hearts",
        "3d": "3D Hearts",
    }


# RULES.md, "More house rules (the peers' options)": each default, per preset
# ("absent": the option does not apply to that preset; None: not set).
MORE_DEFAULTS = {
    "passing": dict.fromkeys(VARIANTS),
    "pass_cards": dict.fromkeys(VARIANTS, 3),
    "removed": {"standard": None, "omnibus": None, "ricketts": "absent", "3d": "absent"},
    "queen_points": dict.fromkeys(VARIANTS, 13),
    "extra_cards": {"standard": None, "omnibus": None, "ricketts": None, "3d": "absent"},
    "moon_points": dict.fromkeys(VARIANTS),
    "sun": dict.fromkeys(VARIANTS, False),
    "no_negative": dict.fromkeys(VARIANTS, False),
    "time_limit": dict.fromkeys(VARIANTS),
    "first_trick_points": dict.fromkeys(VARIANTS, False),
    "queen_breaks_hearts": {"standard": False, "omnibus": False, "ricketts": True, "3d": False},
}


def test_the_options_are_exactly_those_of_the_rules():
    assert {key for key, option in OPTIONS.items() if not option.more} == set(DEFAULTS)
    assert {key for key, option in OPTIONS.items() if option.more and not option.variants} == set(MORE_DEFAULTS)


@pytest.mark.parametrize(("option", "variant"), [(option, variant) for option in MORE_DEFAULTS for variant in VARIANTS])
def test_each_preset_has_the_more_house_rules_defaults_the_rules_give(option, variant):
    expected = MORE_DEFAULTS[option][variant]
    assert (option in VARIANTS[variant].more_option_keys) == (expected != "absent")
    if expected != "absent":
        assert getattr(setup(variant).options, option) == expected


@pytest.mark.parametrize(("option", "variant"), [(option, variant) for option in DEFAULTS for variant in VARIANTS])
def test_each_preset_has_the_default_the_rules_give(option, variant):
    options = setup(variant).options
    assert getattr(options, option) == DEFAULTS[option][variant]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_only_the_options_that_apply_are_offered(variant):
    applicable = {option for option, values in DEFAULTS.items() if values[variant] is not None}
    assert set(VARIANTS[variant].option_keys) == applicable
    assert set(setup(variant).options.as_dict()) == applicable


@pytest.mark.parametrize("variant", list(PLAYERS))
def test_each_variant_takes_its_legal_numbers_of_players(variant):
    low, high = PLAYERS[variant]
    for count in range(low, high + 1):
        assert setup(variant, count).seats == count
    for count in (low - 1, high + 1):
        with pytest.raises(SetupError) as raised:
            GameSetup.create(variant, NAMES[:count] if count <= len(NAMES) else [f"P{i}" for i in range(count)])
        assert raised.value.field == "players"
        assert f"this game has {count}" in raised.value.message


def test_ricketts_is_for_four_players_only():
    with pytest.raises(SetupError, match="ricketts"):
        setup("ricketts", 5)
    with pytest.raises(SetupError, match="ricketts"):
        setup("ricketts", 3)


def test_three_d_hearts_seats_up_to_eight():
    assert setup("3d", 8).seats == 8


def test_an_unknown_variant_is_refused_by_name():
    with pytest.raises(SetupError, match="spades") as raised:
        GameSetup.create("spades", NAMES[:4])
    assert raised.value.field == "variant"


def test_an_override_replaces_the_preset_default_and_leaves_the_rest():
    options = setup("standard", target=50, moon="add").options
    assert (options.target, options.moon) == (50, "add")
    assert (options.end, options.ties, options.jack_of_diamonds) == ("at_least", "play_on", False)


def test_wraps_are_kept_sorted_and_once_each():
    assert setup("standard", wraps=[126, 104, 104]).options.wraps == (104, 126)


def test_the_house_may_turn_wraps_off_in_ricketts():
    assert setup("ricketts", wraps=[]).options.wraps == ()


def test_a_target_and_wraps_stay_within_what_a_table_could_mean():
    """A 4,300-digit target was accepted, and at 1e308 the scoresheet's chart failed."""
    assert setup("standard", target=10_000).options.target == 10_000
    with pytest.raises(SetupError, match="Option 'target' must be a whole number from 1 to 10,000"):
        setup("standard", target=10_001)
    with pytest.raises(SetupError, match="Option 'target' must be a whole number from 1 to 10,000"):
        setup("standard", target=10**4300 - 1)
    assert setup("standard", wraps=list(range(10, 110, 10))).options.wraps == tuple(range(10, 110, 10))
    with pytest.raises(SetupError, match="Option 'wraps' holds at most 10 numbers"):
        setup("standard", wraps=list(range(1, 12)))
    with pytest.raises(SetupError, match="Option 'wraps' holds at most 10 numbers"):
        setup("standard", wraps=list(range(1, 10_001)))
    with pytest.raises(SetupError, match="Option 'wraps' must be a list of whole numbers from 1 to 10,000"):
        setup("standard", wraps=[104, 10_001])


def test_an_unknown_option_is_refused_by_name():
    with pytest.raises(SetupError, match="jokers") as raised:
        setup("standard", jokers=True)
    assert raised.value.field == "options"


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("target", "100"),
        ("target", 99.5),
        ("target", True),
        ("target", 0),
        ("target", -5),
        ("end", "sometimes"),
        ("end", 100),
        ("moon", "double"),
        ("moon", None),
        ("jack_of_diamonds", 1),
        ("jack_of_diamonds", "true"),
        ("moon_needs_jack", 0),
        ("wraps", 104),
        ("wraps", ["104"]),
        ("wraps", [True]),
        ("wraps", [0]),
        ("ties", "split"),
        ("sixty_nine", "yes"),
        ("deal", "shuffle"),
        ("kitty_to", "dealer"),
    ],
)
def test_an_option_of_the_wrong_kind_is_refused_by_name(option, value):
    with pytest.raises(SetupError, match=option) as raised:
        setup("standard", **{option: value})
    assert raised.value.field == "options"


def test_warren_is_refused_outside_ricketts():
    for variant in ("standard", "omnibus", "3d"):
        with pytest.raises(SetupError, match="warren"):
            setup(variant, warren=True)
    assert setup("ricketts", warren=True).options.warren is True


@pytest.mark.parametrize(("option", "value"), [("deal", "kitty"), ("kitty_to", "last_trick")])
def test_the_uneven_deck_options_are_refused_where_every_hand_is_full(option, value):
    for variant in ("ricketts", "3d"):
        with pytest.raises(SetupError, match=option):
            setup(variant, **{option: value})


def test_moon_needs_jack_is_refused_without_the_jack_of_diamonds():
    with pytest.raises(SetupError, match="moon_needs_jack"):
        setup("standard", moon_needs_jack=True)
    with pytest.raises(SetupError, match="moon_needs_jack"):
        setup("omnibus", moon_needs_jack=True, jack_of_diamonds=False)


def test_moon_needs_jack_is_allowed_wherever_the_jack_counts():
    assert setup("omnibus", moon_needs_jack=True).options.moon_needs_jack
    assert setup("standard", moon_needs_jack=True, jack_of_diamonds=True).options.moon_needs_jack
    assert setup("3d", moon_needs_jack=True, moon="add").options.moon_needs_jack


def test_player_names_must_be_unique_whatever_their_case():
    with pytest.raises(SetupError, match="unique"):
        GameSetup.create("standard", ["Ann", "Ben", "ann"])


def test_every_player_needs_a_name():
    with pytest.raises(SetupError, match="name"):
        GameSetup.create("standard", ["Ann", " ", "Cat"])


def test_the_first_dealer_must_be_one_of_the_players():
    with pytest.raises(SetupError) as raised:
        GameSetup.create("standard", NAMES[:4], first_dealer=4)
    assert raised.value.field == "first_dealer"
