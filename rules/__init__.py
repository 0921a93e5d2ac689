"""The referee's brain: Hearts variants, house rules, the deal and scoring.

Plain Python with no Django import: every screen asks this package, and
nothing else re-derives a rule.
"""

from rules.checks import MOST_HANDS
from rules.deal import Deal, DeckPreparation
from rules.entry import HandEntry, UnreadableEntry
from rules.errors import EntryError, FieldError, RulesError, SetupError
from rules.game import GameState, HandError, play
from rules.names import NameProblem, clean_name, name_key
from rules.options import OPTIONS, Option
from rules.scoresheet import (
    ScoresheetError,
    entry_json,
    read_hand,
    read_scoresheet,
    replay,
    result_json,
    write_scoresheet,
)
from rules.setup import ADD, IN_PROGRESS, OVER, SUBTRACT, TIE_BREAK, GameSetup, HandResult, Moon, Run
from rules.variants import VARIANTS, Options, Variant

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
