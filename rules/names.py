"""The one rule for names: how a name is written, and when two are the same.

A name is stored as the table typed it, tidied: Unicode NFC (an é typed as
e + accent is the same é), no space around it and single spaces inside. It
may not hold control or hidden characters (NUL, tab, line feed, the
zero-width space...): nobody types them on a phone, they break CSV and some
databases, and a hidden one makes two names that look alike differ.

Two names are the same player when their keys are equal. The key is the
Unicode "NFKC case fold" of the name, as Unicode recommends for caseless
matching: Émile and émile, Straße and STRASSE, Ann and a full-width Ａｎｎ are
the same; Kira and Kıra (a dotless ı) are not. Django's iexact and the
databases' LOWER()/UPPER() each fold differently, so the key is computed here
and stored beside the name, where a unique constraint can hold it.
"""

from __future__ import annotations

import unicodedata

from rules.i18n import _

# Control, format (zero-width and direction marks), surrogate, private-use
# and unassigned characters, and the line and paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


class NameProblem(ValueError):
    """What is wrong with a name, in the table's words."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def clean_name(text: object, longest: int, what: object = None) -> str:
    """The tidied name, or NameProblem saying what is wrong with it; what names the name (a Message or
    a lazily translated word, so that the sentence is whole in every language: "A player's name")."""
    what = _("A name") if what is None else what
    if not isinstance(text, str):
        raise NameProblem(_("{what} must be text").format(what=what))
    if any(unicodedata.category(character) in REFUSED_CATEGORIES for character in text):
        raise NameProblem(
            _("{what} cannot contain control characters (a tab, a line break) or hidden ones").format(what=what)
        )
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not name:
        raise NameProblem(_("{what} cannot be empty").format(what=what))
    if len(name) > longest:
        raise NameProblem(_("{what} can be at most {longest} characters").format(what=what, longest=longest))
    return name


def name_key(name: str) -> str:
    """What two names must share to be the same player (see the module's note)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold()).strip()
