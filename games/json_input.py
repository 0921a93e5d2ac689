"""Reading JSON that someone uploaded, pasted or passed on the command line.

Python's json module answers some hostile documents with exceptions that are
not JSONDecodeError (nesting deep enough to exhaust the stack, integers past
Python's 4,300-digit conversion limit), accepts lone UTF-16 surrogates such
as "\\ud800" that no database can store, and reads 1e999 as infinity. Every
import goes through `read_json`, so each of these is one clear message and
never a 500, a traceback or a half-written league.

Reading is bounded too, before the parser starts: a caller that takes files
of at most `most_bytes` (the import pages) also takes at most one item (a
list's entry, an object's field) for every BYTES_PER_ITEM of them, counted
at C speed from the commas and brackets. Parsing costs about the same for
every item, and a 5 MB file of `1,1,1,...` holds 2.6 million of them (it cost
1.3 s of the server's CPU, and six at once slowed another member's page to
2.7 s); a league file of 5 MB holds some 330,000, and is refused in a few
milliseconds. Nesting is bounded at MOST_DEPTH.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from rules.i18n import _

# No number a scoresheet or a league file holds comes near this; 1e20 is
# already far past any score, count or option a table could mean.
MOST_DIGITS = 20
# A league file nests 7 deep (a game's scoresheet's hand's hearts), a scoresheet 4.
MOST_DEPTH = 32
# A league file has an item for every 16 bytes, a scoresheet of one-letter names one for every 9.
BYTES_PER_ITEM = 8
# Where a lone surrogate can come from in text read from UTF-8: an escape.
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class UnreadableJSON(ValueError):
    """The text is not JSON this app can read; str() says why, as a phrase to follow "cannot read it: ",
    in the reader's language (a rules.i18n Message: English for the commands and the logs)."""


class TooLarge(UnreadableJSON):
    """More than the caller takes: `most` bytes, or `most` items (`what`); an answer of 413."""

    def __init__(self, what: str, most: int) -> None:
        super().__init__(f"more than {most:,} {what}")
        self.what = what
        self.most = most


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


TOO_DEEP = _("JSON nested too deeply to be a scoresheet or a league")
BROKEN_CHARACTER = _("a broken character (a lone \\u surrogate escape)")


def read_json(data: str | bytes, most_bytes: int | None = None) -> Any:
    """The document in `data` (text, or UTF-8 bytes with or without a BOM); raises UnreadableJSON.

    With `most_bytes`, more bytes than that, or more items than one for every
    BYTES_PER_ITEM of them, raise TooLarge before anything is parsed.
    """
    if isinstance(data, bytes):
        _refuse_too_large(data, most_bytes)
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise UnreadableJSON(_("not UTF-8 text")) from None
    else:
        try:
            encoded = data.encode("utf-8")
        except UnicodeEncodeError:
            raise UnreadableJSON(BROKEN_CHARACTER) from None
        _refuse_too_large(encoded, most_bytes)
    try:
        document = json.loads(data, parse_int=_integer, parse_float=_real, parse_constant=_constant)
    except json.JSONDecodeError as error:
        # Where, not Python's own English words for what it expected there.
        where = _("not valid JSON at line {line}, column {column}")
        raise UnreadableJSON(where.format(line=error.lineno, column=error.colno)) from None
    except RecursionError:
        raise UnreadableJSON(TOO_DEEP) from None
    _refuse_deep_or_broken(document, strings=bool(SURROGATE_ESCAPE.search(data)))
    return document


def _refuse_too_large(data: bytes, most_bytes: int | None) -> None:
    if most_bytes is None:
        return
    if len(data) > most_bytes:
        raise TooLarge("bytes", most_bytes)
    # Every item but a container's first follows a comma, and every container opens with a bracket:
    # an upper bound (commas in strings count too) that costs a few milliseconds for 5 MB.
    items = data.count(b",") + data.count(b"[") + data.count(b"{")
    if items > most_bytes // BYTES_PER_ITEM:
        raise TooLarge("items", most_bytes // BYTES_PER_ITEM)


def _refuse_deep_or_broken(document: Any, strings: bool) -> None:
    """Nesting past MOST_DEPTH; and with `strings` (the text has a surrogate's escape), a "\\ud800"
    escape alone, which decodes to a str that cannot be encoded to UTF-8."""
    pending = [(document, 1)]
    while pending:  # a loop, not recursion: the document may be deep
        value, depth = pending.pop()
        if isinstance(value, dict):
            children = [*value.keys(), *value.values()] if strings else list(value.values())
        elif isinstance(value, list):
            children = value
        else:
            if strings and isinstance(value, str):
                try:
                    value.encode("utf-8")
                except UnicodeEncodeError:
                    raise UnreadableJSON(BROKEN_CHARACTER) from None
            continue
        if depth > MOST_DEPTH:
            raise UnreadableJSON(TOO_DEEP)
        pending.extend((child, depth + 1) for child in children if strings or isinstance(child, dict | list))
