"""Reading JSON that someone uploaded, pasted or passed on the command line.

Python's json module answers some hostile documents with exceptions that are
not JSONDecodeError (nesting deep enough to exhaust the stack, integers past
Python's 4,300-digit conversion limit), accepts lone UTF-16 surrogates such
as "\\ud800" that no database can store, and reads 1e999 as infinity. Every
import goes through `read_json`, so each of these is one clear message and
never a 500, a traceback or a half-written league.
"""

from __future__ import annotations

import json
import math
from typing import Any

from rules.i18n import _

# No number a scoresheet or a league file holds comes near this; 1e20 is
# already far past any score, count or option a table could mean.
MOST_DIGITS = 20


class UnreadableJSON(ValueError):
    """The text is not JSON this app can read; str() says why, as a phrase to follow "cannot read it: ",
    in the reader's language (a rules.i18n Message: English for the commands and the logs)."""


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MOST_DIGITS:
        raise UnreadableJSON(_("a number has more than {most} digits").format(most=MOST_DIGITS))
    return int(text)


def _real(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise UnreadableJSON(_("the number {number} is too large").format(number=text[:MOST_DIGITS]))
    return number


def _constant(name: str) -> Any:
    raise UnreadableJSON(_("{name} is not a JSON number").format(name=name))


def read_json(data: str | bytes) -> Any:
    """The document in `data` (text, or UTF-8 bytes with or without a BOM); raises UnreadableJSON."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise UnreadableJSON(_("not UTF-8 text")) from None
    try:
        document = json.loads(data, parse_int=_integer, parse_float=_real, parse_constant=_constant)
    except json.JSONDecodeError as error:
        # Where, not Python's own English words for what it expected there.
        where = _("not valid JSON at line {line}, column {column}")
        raise UnreadableJSON(where.format(line=error.lineno, column=error.colno)) from None
    except RecursionError:
        raise UnreadableJSON(_("JSON nested too deeply to be a scoresheet or a league")) from None
    _refuse_lone_surrogates(document)
    return document


def _refuse_lone_surrogates(document: Any) -> None:
    """A "\\ud800" escape decodes to a str that cannot be encoded to UTF-8."""
    pending = [document]
    while pending:  # a loop, not recursion: the document may be deep
        value = pending.pop()
        if isinstance(value, dict):
            pending.extend(value.keys())
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)
        elif isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise UnreadableJSON(_("a broken character (a lone \\u surrogate escape)")) from None
