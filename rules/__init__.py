"""The referee's brain: Hearts variants, house rules, the deal and scoring.

Plain Python with no Django import: every screen asks this package, and
nothing else re-derives a rule.
"""

from rules.deal import Deal, DeckPreparation
from rules.entry import HandEntry, UnreadableEntry
from rules.errors import EntryError, FieldError, RulesError, SetupError
from rules.game import (
    ADD,
    IN_PROGRESS,
    MOST_HANDS,
    OVER,
    SUBTRACT,
    TIE_BREAK,
    GameSetup,
    GameState,
    HandError,
    HandResult,
    Moon,
    Run,
    play,
)
from rules.names import NameProblem, clean_name, name_key
from rules.scoresheet import (
    ScoresheetError,
    entry_json,
    read_hand,
    read_scoresheet,
    replay,
    result_json,
    write_scoresheet,
)
from rules.variants import OPTIONS, VARIANTS, Option, Options, Variant

__all__ = [
    "ADD",
    "IN_PROGRESS",
    "MOST_HANDS",
    "OPTIONS",
    "OVER",
    "SUBTRACT",
    "TIE_BREAK",
    "VARIANTS",
    "Deal",
    "DeckPreparation",
    "EntryError",
    "FieldError",
    "GameSetup",
    "GameState",
    "HandEntry",
    "HandError",
    "HandResult",
    "Moon",
    "NameProblem",
    "Option",
    "Options",
    "RulesError",
    "Run",
    "ScoresheetError",
    "SetupError",
    "UnreadableEntry",
    "Variant",
    "clean_name",
    "entry_json",
    "name_key",
    "play",
    "read_hand",
    "read_scoresheet",
    "replay",
    "result_json",
    "write_scoresheet",
]
