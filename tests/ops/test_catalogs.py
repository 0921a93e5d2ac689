"""The translators' catalogs (locale/<lang>/LC_MESSAGES/django.po; docs/I18N.md).

The strictness comes from COMPLETE: a language listed there may have no
untranslated and no fuzzy entry, so a new string left untranslated fails the
build. Every catalog is whole for the strings marked so far; most templates
are still to be marked (issue 25), and whoever marks them runs `make messages`
and translates the new entries, or this fails.
"""

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings

from tests.rules.test_card_ranks import glossary_ranks

LOCALE = Path(settings.BASE_DIR) / "locale"
TRANSLATED = [code for code, _name in settings.LANGUAGES if code != "en"]
# Languages whose catalog must be whole (see the module's text).
COMPLETE: list[str] = ["nl", "de", "fr", "es"]

# The first slice, translated in every language (the page's frame and the switch).
FIRST_SLICE = [
    "Skip to content",
    "Log in",
    "Log out",
    "Change password",
    "Language",
    "Change language",
    "Hand %(number)s: %(dealer)s deals",
    "Hands",
]


@dataclass
class Entry:
    msgid: str
    msgstr: list[str]
    fuzzy: bool


STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def entries(language: str) -> list[Entry]:
    """The catalog's entries, its header left out: a small reader of the .po format (no library)."""
    found = []
    for block in (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8").split("\n\n"):
        lines = [line for line in block.splitlines() if not line.startswith("#~")]
        fuzzy = any(line.startswith("#,") and "fuzzy" in line for line in lines)
        fields: dict[str, str] = {}
        current = None
        for line in lines:
            if line.startswith("#"):
                continue
            keyword = line.split(" ", 1)[0] if not line.startswith('"') else None
            if keyword:
                current = keyword
                fields[current] = ""
            if current is not None:
                fields[current] += "".join(STRING.findall(line))
        if "msgid" not in fields or (fields["msgid"] == "" and "msgctxt" not in fields):
            continue
        strs = [value for key, value in sorted(fields.items()) if key.startswith("msgstr")]
        found.append(Entry(fields["msgid"], strs, fuzzy))
    return found


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_language_has_a_catalog_msgfmt_accepts(language):
    if shutil.which("msgfmt") is None:
        pytest.fail("msgfmt is missing: apt-get install gettext")
    po = LOCALE / language / "LC_MESSAGES" / "django.po"
    result = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr  # placeholders as in English, a valid header
    assert "translated message" in result.stderr


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalogs_hold_the_same_strings(language):
    """All made by one `make messages`: a string added to one catalog by hand is missing from the others."""
    assert {entry.msgid for entry in entries(language)} == {entry.msgid for entry in entries("nl")}


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_first_slice_is_translated_in_every_language(language):
    by_id = {entry.msgid: entry for entry in entries(language)}
    for msgid in FIRST_SLICE:
        assert msgid in by_id, f"{msgid!r} is not in the catalog: run make messages"
        assert all(by_id[msgid].msgstr), f"{language}: {msgid!r} is not translated"
        assert not by_id[msgid].fuzzy, f"{language}: {msgid!r} is fuzzy"


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_complete_language_has_no_untranslated_or_fuzzy_entry(language):
    missing = [entry.msgid for entry in entries(language) if entry.fuzzy or not all(entry.msgstr)]
    if language in COMPLETE:
        assert missing == [], f"{language}: {len(missing)} untranslated or fuzzy, e.g. {missing[:3]}"
    else:
        # Not declared complete: the count is reported, and must not be the whole catalog.
        assert len(missing) < len(entries(language))


def test_the_reader_counts_as_msgfmt_does():
    """The reader above agrees with msgfmt --statistics, which counts the same entries."""
    result = subprocess.run(
        ["msgfmt", "--statistics", "-o", "/dev/null", str(LOCALE / "nl" / "LC_MESSAGES" / "django.po")],
        capture_output=True,
        text=True,
    )
    translated = int(re.search(r"(\d+) translated", result.stderr).group(1))
    untranslated = int(m.group(1)) if (m := re.search(r"(\d+) untranslated", result.stderr)) else 0
    fuzzy = int(m.group(1)) if (m := re.search(r"(\d+) fuzzy", result.stderr)) else 0
    read = entries("nl")
    assert len(read) == translated + untranslated + fuzzy
    assert sum(1 for entry in read if all(entry.msgstr) and not entry.fuzzy) == translated


# A card in a sentence: a rank (a number or any language's letter) and a suit sign.
NAMED_CARD = re.compile(r"(?<![\w\\])(10|[2-9]|[A-Z])([♠♥♦♣])")
# A card in double quotes is a scoresheet's or a league file's value ("Q♠"), spelled as the file spells it.
FILE_VALUE = re.compile(r'\\"[^"\\]*\\"')


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_card_named_in_a_translation_has_the_letter_its_language_prints(language):
    """One letter per language on every screen and print (issue 36): a sentence that names the Q♠ says
    D♠ in German and French, V♠ in Dutch, Q♠ in Spanish, as the placeholders' cards (rules.cards.shown_card)
    beside it do; the letters are the glossary's."""
    letters = glossary_ranks()[language]
    wrong = []
    for entry in entries(language):
        named = NAMED_CARD.findall(FILE_VALUE.sub("", entry.msgid))
        if not named:
            continue
        expected = sorted(f"{letters.get(rank, rank)}{suit}" for rank, suit in named)
        for msgstr in entry.msgstr:
            found = sorted("".join(card) for card in NAMED_CARD.findall(FILE_VALUE.sub("", msgstr)))
            if found != expected:
                wrong.append(f"{entry.msgid!r}: {found} where {expected}")
    assert wrong == [], f"{language}: " + "; ".join(wrong)


def test_the_letters_read_are_the_glossarys():
    # Checked by hand against docs/GLOSSARY.md's "Ranks as printed on the cards".
    assert glossary_ranks()["de"] == {"J": "B", "Q": "D", "K": "K", "A": "A"}
