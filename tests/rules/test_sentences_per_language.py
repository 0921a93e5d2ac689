"""The engine's sentences in every language of the app (issue 25), read through the app's own
compiled catalogs with Python's gettext: no Django, as the engine itself needs none.

A sentence whose msgid is in a language's catalog is shown in that language with its fields
filled in; one not yet there (the catalogs are filled after the sentences are marked) comes
out as the English, whole and filled in. Nothing is skipped: a catalog that is missing fails.
"""

from __future__ import annotations

import ast
import gettext
import string
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from rules import GameSetup, HandEntry, play
from rules.cards import shown_card
from rules.checks import entry_errors
from rules.describe import describe_deck, describe_direction, describe_result, describe_revision, revoke_terms
from rules.errors import SetupError
from rules.i18n import English, Message, Translator, _
from rules.names import NameProblem, clean_name
from rules.night import NightError, seat_night
from rules.options import OPTIONS
from rules.scoresheet import ScoresheetError, read_scoresheet
from rules.setup import GameSetup as Setup

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"
LANGUAGES = ("en", "nl", "de", "fr", "es")


def translator(language: str) -> Translator:
    """English as written, or the language's compiled catalog (tests/conftest.py compiles it)."""
    if language == "en":
        return English()
    return gettext.translation("django", localedir=str(LOCALE), languages=[language])


@dataclass(frozen=True)
class Case:
    """A sentence the engine says, its English checked by hand, and its fields as a person sees them."""

    name: str
    make: Callable[[], str]
    english: str
    fields: dict[str, Any]
    number: int | None = None  # a plural's number


def _four() -> GameSetup:
    return GameSetup.create("standard", ["Ann", "Ben", "Cat", "Dan"])


def _hearts_wrong() -> str:
    entry = HandEntry.cards([3, 3, 3, 2], 0)
    errors = entry_errors(_four(), entry, False, 1, False)
    return next(error.message for error in errors if error.field == "hearts")


def _who_took_the_queen() -> str:
    entry = HandEntry.cards([4, 3, 3, 3], None)
    errors = entry_errors(_four(), entry, False, 1, False)
    return next(error.message for error in errors if error.field == "queen")


def _over() -> str:
    return entry_errors(_four(), HandEntry.cards([4, 3, 3, 3], 0), True, 9, False)[0].message


def _names_twice() -> str:
    with pytest.raises(SetupError) as raised:
        Setup.create("standard", ["Ann", "Ben", "ann"])
    return raised.value.message


def _name_too_long() -> str:
    with pytest.raises(NameProblem) as raised:
        clean_name("Annabel", 3)
    return raised.value.message


def _night_too_few() -> str:
    with pytest.raises(NightError) as raised:
        seat_night(["Ann", "Ben"], 1, [], None)
    return raised.value.message


def _scoresheet_unknown_field() -> str:
    with pytest.raises(ScoresheetError) as raised:
        read_scoresheet({"variant": "standard", "players": ["Ann", "Ben", "Cat"], "colour": "red"})
    return raised.value.args[0]


def _pass_left() -> str:
    return describe_direction(_four().deal(1))


def _game_goes_on() -> str:
    return describe_result(play(_four(), []))


def _deal_each() -> str:
    return describe_deck(_four())[-1]


def _kitty() -> str:
    return describe_deck(GameSetup.create("standard", ["Ann", "Ben", "Cat"], {"deal": "kitty"}))[0]


def _revoke_terms() -> str:
    return revoke_terms(GameSetup.create("standard", ["Ann", "Ben", "Cat", "Dan"], {"jack_of_diamonds": False}))


def _merged() -> str:
    return describe_revision(_four(), "merged", 0, {"player": "ann"}, {"player": "Ann"})


A_NAME = _("A name")  # the same msgid as rules.names' own, translated the same way

CASES = [
    Case(
        "hearts",
        _hearts_wrong,
        "Hearts add up to 11; 13 are in play",
        {"total": 11, "in_play": 13},
    ),
    # The card as the reader's deck prints it (V♠ in Dutch, D♠ in German and French).
    Case("queen", _who_took_the_queen, "Who took the Q♠?", {"card": shown_card("Q♠")}),
    Case("over", _over, "The game is already over; no more hands can be added", {}),
    Case("unique", _names_twice, "Player names must be unique: ann appears twice", {"player": "ann"}),
    Case("name", _name_too_long, "A name can be at most 3 characters", {"what": A_NAME, "longest": 3}),
    Case(
        "night",
        _night_too_few,
        "A night needs at least 3 players; 2 are here",
        {"fewest": 3, "count": 2},
    ),
    Case("scoresheet", _scoresheet_unknown_field, "Unknown scoresheet field 'colour'", {"field": "colour"}),
    Case("pass", _pass_left, "Pass 3 cards to the left", {"cards": 3}, number=3),
    Case("goes on", _game_goes_on, "The game goes on", {}),
    Case("deal", _deal_each, "Deal 13 cards each", {"each": 13}),
    Case(
        "kitty",
        _kitty,
        "Deal 1 card face down to a kitty; the winner of the first trick takes it",
        {"kitty": 1, "taker": OPTIONS["kitty_to"].choice_labels["first_trick"]},
        number=1,
    ),
    Case(
        "revoke",
        _revoke_terms,
        "scores 26, everyone else 0 for that hand (no moon)",
        {"penalty": 26},
    ),
    Case("merged", _merged, "merged the player ann into Ann", {"was": "ann", "now": "Ann"}),
]


def _in_catalog(language_translator: Translator, message: Message) -> str | None:
    """The catalog's text for the sentence, or None when the catalog does not hold it yet."""
    if message.plural is None:
        text = language_translator.gettext(message.msgid)
        return None if text == message.msgid else text
    number = message.number if message.number is not None else 1
    text = language_translator.ngettext(message.msgid, message.plural, number)
    return None if text == (message.msgid if number == 1 else message.plural) else text


def _shown(value: Any, language_translator: Translator) -> Any:
    return value.in_language(language_translator) if isinstance(value, Message) else value


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_each_engine_sentence_is_shown_in_each_language_or_whole_in_english(case: Case, language: str) -> None:
    message = case.make()
    assert isinstance(message, Message), f"{case.name} is not a rules.i18n sentence"
    assert message == case.english  # the value every comparison, JSON and log reads
    language_translator = translator(language)
    shown = message.in_language(language_translator)
    translated = _in_catalog(language_translator, message)
    fields = {name: _shown(value, language_translator) for name, value in case.fields.items()}
    if translated is None:
        assert shown == case.english
    else:
        assert shown == translated.format(**fields)
        assert shown != case.english
    assert "{" not in shown
    assert "}" not in shown
    for value in case.fields.values():
        if isinstance(value, int):
            assert str(value) in shown


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_the_next_deals_sentences_are_translated_already(language: str) -> None:
    """The first slice (issue 25's groundwork) is in every catalog: the parametrized test above
    really does read the catalogs, it does not only fall back to English."""
    shown = _pass_left().in_language(translator(language))
    assert shown != "Pass 3 cards to the left"
    assert "3" in shown


def test_a_missing_catalog_is_an_error_not_english() -> None:
    with pytest.raises(FileNotFoundError, match="No translation file found"):
        gettext.translation("django", localedir=str(LOCALE), languages=["xx"])


# Every marker's placeholders against the fields it is given ------------------------------------

MARKERS = {"_", "ngettext"}
# Sentences kept in a module's table and filled in where they are used: their fields by hand.
TABLE_FIELDS = {
    "left {seats}": {"seats"},
    "right {seats}": {"seats"},
    "added hand {number}: {change}": {"number", "change"},
    "edited hand {number}: {change}": {"number", "change"},
    "deleted hand {number}: {change}": {"number", "change"},
    # rules.announce: _HAND_SAID[action].format(number=..., taken=...)
    "Hand {number} recorded: {taken}.": {"number", "taken"},
    "Hand {number} changed: {taken}.": {"number", "taken"},
}


def _placeholders(text: str) -> set[str]:
    names = set()
    for _literal, name, _spec, _conversion in string.Formatter().parse(text):
        if name is not None:
            assert name.isidentifier(), f"{text!r}: a field needs a name a translator can move ({name!r})"
            names.add(name)
    return names


def _markers(tree: ast.AST) -> list[tuple[ast.Call, ast.AST | None]]:
    """Each _()/ngettext() call with its parent node."""
    parents: dict[ast.AST, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS:
            found.append((node, parents.get(node)))
    return found


def _formats_of(name: str, scope: ast.AST) -> set[str]:
    """Every field given to name.format(...) in scope."""
    fields: set[str] = set()
    for node in ast.walk(scope):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "format"
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == name
        ):
            fields |= {keyword.arg for keyword in node.keywords if keyword.arg}
    return fields


def _scopes(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    """Each node's enclosing function (or the module)."""
    scope_of: dict[ast.AST, ast.AST] = {}

    def visit(node: ast.AST, scope: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            scope_of[child] = scope
            visit(child, child if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else scope)

    visit(tree, tree)
    return scope_of


def _sentences() -> list[tuple[str, int, tuple[str, ...], set[str] | None, bool]]:
    """(file, line, the marker's texts, the fields it is given (None when it is given none by name),
    and whether they are given to it directly, _("…").format(…), or to a name it is kept in)."""
    found = []
    for path in sorted((ROOT / "rules").glob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        scope_of = _scopes(tree)
        assigned: dict[ast.AST, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                assigned[node.value] = node.targets[0].id
        for call, parent in _markers(tree):
            texts = tuple(
                arg.value for arg in call.args[:2] if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            )
            # A marker takes literal text, so that make messages can read it.
            assert texts, f"{path.name}:{call.lineno}"
            assert len(texts) == (2 if call.func.id == "ngettext" else 1), f"{path.name}:{call.lineno}"
            if isinstance(parent, ast.Attribute) and parent.attr == "format":
                grand = next(node for node in ast.walk(tree) if isinstance(node, ast.Call) and node.func is parent)
                given: set[str] | None = {keyword.arg for keyword in grand.keywords if keyword.arg}
                direct = True
            elif call in assigned:
                given, direct = _formats_of(assigned[call], scope_of[call]) or None, False
            else:
                given, direct = None, False
            found.append((path.name, call.lineno, texts, given, direct))
    return found


SENTENCES = _sentences()


def test_the_walk_finds_the_engines_sentences() -> None:
    assert len(SENTENCES) > 200
    assert any(texts == ("Hearts add up to {total}; {in_play} are in play",) for _f, _l, texts, _g, _d in SENTENCES)


@pytest.mark.parametrize(
    ("where", "line", "texts", "given", "direct"),
    SENTENCES,
    ids=[f"{name}:{line}" for name, line, *_rest in SENTENCES],
)
def test_every_marker_is_given_exactly_the_fields_its_text_names(
    where: str, line: int, texts: tuple[str, ...], given: set[str] | None, direct: bool
) -> None:
    """A translator's msgstr keeps the msgid's fields (msgfmt checks python-brace-format): so a
    sentence whose code gives other fields than its English names would break in every language."""
    singular = _placeholders(texts[0])
    wanted = singular | (_placeholders(texts[1]) if len(texts) > 1 else set())
    if len(texts) > 1:
        # The singular may leave out what is 1 anyway ("there is one"), never name a field of its own.
        assert singular <= _placeholders(texts[1])
    if given is None:
        fields = TABLE_FIELDS.get(texts[0], set())
        assert wanted == fields, f"{where}:{line}: {texts[0]!r} is never given {sorted(wanted - fields)}"
    elif direct:
        # Given to the one sentence, no field is missing and none is left over (a misspelt name).
        assert given == wanted, f"{where}:{line}: {texts[0]!r} names {sorted(wanted)}, is given {sorted(given)}"
    else:
        # Kept under a name and filled where several sentences share one .format(...): none is missing.
        assert wanted <= given, f"{where}:{line}: {texts[0]!r} is not given {sorted(wanted - given)}"
