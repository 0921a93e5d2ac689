"""rules.variants.in_table_words: an engine message about options as the table reads it.

The engine's own messages keep the keys (a scoresheet file's spelling; the
replay command's errors and shared/conformance's .error words rely on them).
"""

import gettext
from pathlib import Path

import pytest

from rules import VARIANTS, SetupError
from rules.options import OPTIONS
from rules.setup import GameSetup
from rules.variants import in_table_words, resolve_options

FOUR = ["Ann", "Ben", "Cat", "Dan"]


def refusal(variant: str, players: list[str], **options: object) -> SetupError:
    with pytest.raises(SetupError) as raised:
        GameSetup.create(variant, players, options)
    return raised.value


@pytest.mark.parametrize(
    ("variant", "players", "options", "engine", "table"),
    [
        (
            "standard",
            FOUR,
            {"passing": ["hold"], "pass_cards": 4},
            "Option 'pass_cards' has no effect: no hand in the pass cycle passes cards",
            "“Cards passed” has no effect: no hand in the pass cycle passes cards",
        ),
        (
            "standard",
            FOUR,
            {"moon_needs_jack": True},
            "Option 'moon_needs_jack' needs 'jack_of_diamonds' on",
            "“Moon needs the J♦” needs “J♦ counts −10” on",
        ),
        (
            "standard",
            FOUR,
            {"deal": "kitty", "removed": ["2♦"]},
            "Option 'removed' works only with deal 'remove'",
            "“Cards removed” works only with “Uneven deck” set to “remove low cards”",
        ),
        (
            "standard",
            FOUR,
            {"warren": True},
            "Option 'warren' does not apply to standard (Hearts)",
            "“Warren card” does not apply to Hearts",
        ),
        (
            "standard",
            ["Ann", "Ben", "Cat", "Dan", "Eve"],
            {"passing": ["across"]},
            "Option 'passing': 'across' needs an even number of players, not 5",
            "“Pass cycle”: 'across' needs an even number of players, not 5",
        ),
        # Words that are no option's key are left as they are.
        ("standard", FOUR, {"jokers": 2}, "Unknown option 'jokers'", "Unknown option 'jokers'"),
        ("standard", ["Ann", " "], {}, "Every player needs a name", "Every player needs a name"),
    ],
)
def test_options_are_named_by_their_labels(variant, players, options, engine, table):
    refused = refusal(variant, players, **options)
    assert refused.message == engine
    assert in_table_words(refused.message) == table


def test_a_text_that_is_no_refusal_is_left_as_it_is():
    assert in_table_words("Option 'moon' is a word here, no field") == "Option 'moon' is a word here, no field"


def test_the_engine_keeps_the_key_for_scoresheets():
    with pytest.raises(SetupError) as raised:
        resolve_options(VARIANTS["standard"], {"sun": True, "moon": "off"})
    assert raised.value.message == "Option 'sun' needs a moon: it cannot go with moon 'off'"
    assert in_table_words(raised.value.message) == (
        "“Shooting the sun” needs a moon: it cannot go with “Shooting the moon” set to “no moon: points stand as taken”"
    )


def test_an_option_set_to_a_choice_is_said_in_the_readers_language():
    """The words around the two labels are the reader's too, not English glue (issue 25)."""
    locale = Path(__file__).resolve().parents[2] / "locale"
    dutch = gettext.translation("django", localedir=str(locale), languages=["nl"])
    with pytest.raises(SetupError) as raised:
        resolve_options(VARIANTS["standard"], {"sun": True, "moon": "off"})
    shown = in_table_words(raised.value.message).in_language(dutch)
    moon, no_moon = OPTIONS["moon"].label.in_language(dutch), OPTIONS["moon"].choice_labels["off"].in_language(dutch)
    assert f"“{moon}” ingesteld op “{no_moon}”" in shown
    assert " set to " not in shown
