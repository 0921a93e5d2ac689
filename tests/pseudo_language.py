"""A pseudo-language that shows which of a page's words went through gettext.

While `pseudo_language()` is active, every string Django translates (gettext,
ngettext, pgettext, npgettext, the templates' translate tags, lazy strings, the
engine's rules.i18n Messages) comes back wrapped in ⟦…⟧. `unmarked_text(html)`
then lists the visible text a person would read that is not inside ⟦…⟧: a
string nobody marked. Data (the test's own player and league names, numbers,
card symbols) is the caller's to allow.

    with pseudo_language():
        page = client.get(url).content.decode()
    assert unmarked_text(page, allowed=["Ann"]) == []
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from typing import Any
from unittest import mock

from django.utils.translation import trans_real

OPEN, CLOSE = "⟦", "⟧"
# The attributes a person reads (or hears from a screen reader).
READ_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt", "aria-description")
# Text in these is not shown as words.
HIDDEN_ELEMENTS = {"script", "style", "template"}
VOID_ELEMENTS = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
}  # fmt: skip
LETTER = re.compile(r"[^\W\d_]")
# An address in a text (a share link to copy) is data, not words.
ADDRESS = re.compile(r"https?://\S+")


def _wrapped(message: str) -> str:
    # pgettext asks for "context\x04message" and falls back to the message when
    # the separator comes back: wrap the message alone.
    return f"{OPEN}{message.rsplit(trans_real.CONTEXT_SEPARATOR, 1)[-1]}{CLOSE}"


class PseudoTranslation(trans_real.DjangoTranslation):
    """English's translation, with every string it hands out wrapped in ⟦…⟧."""

    def gettext(self, message: str) -> str:
        return _wrapped(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:  # type: ignore[override]
        return _wrapped(msgid1 if n == 1 else msgid2)


@contextmanager
def pseudo_language() -> Iterator[PseudoTranslation]:
    """Every language a request (or the code) activates becomes the pseudo-language."""
    pseudo = PseudoTranslation("en")
    previous = getattr(trans_real._active, "value", None)
    with mock.patch.object(trans_real, "translation", return_value=pseudo):
        trans_real._active.value = pseudo
        try:
            yield pseudo
        finally:
            if previous is None:
                del trans_real._active.value
            else:
                trans_real._active.value = previous


class _VisibleText(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        # (is an attribute, text), in page order.
        self.texts: list[tuple[bool, str]] = []
        # Open elements whose text is not read as words: hidden ones, and those
        # in another language (the language switch names each in itself) or
        # marked translate="no".
        self.stack: list[bool] = []

    def _skipping(self) -> bool:
        return bool(self.stack and self.stack[-1])

    def _attributes(self, attrs: list[tuple[str, str | None]]) -> None:
        self.texts += [(True, value) for name, value in attrs if name in READ_ATTRIBUTES and value]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        skipped = (
            tag in HIDDEN_ELEMENTS
            or ("lang" in attributes and tag != "html")
            or attributes.get("translate") == "no"
            or self._skipping()
        )
        if not skipped:
            self._attributes(attrs)
        if tag not in VOID_ELEMENTS:
            self.stack.append(skipped)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if not self._skipping():
            self._attributes(attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID_ELEMENTS and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not self._skipping() and data.strip():
            self.texts.append((False, data.strip()))


def visible_text(html: str) -> list[str]:
    """The page's text nodes outside <script>/<style>, and the attributes a person reads."""
    parser = _VisibleText()
    parser.feed(html)
    parser.close()
    return [text for _attribute, text in parser.texts]


def _outside_marks(text: str, depth: int) -> tuple[str, int]:
    """The characters of text outside ⟦…⟧, and the depth after it (a marked sentence may hold markup)."""
    outside = []
    for character in text:
        if character == OPEN:
            depth += 1
        elif character == CLOSE:
            depth = max(depth - 1, 0)
        elif depth == 0:
            outside.append(character)
        else:
            continue
        if depth and character in (OPEN, CLOSE):
            outside.append(" ")
    return "".join(outside), depth


def unmarked(text: str, allowed: Iterable[str] = ()) -> str:
    """What is left of one text once the marked parts and the allowed data are taken out."""
    text, _depth = _outside_marks(text, 0)
    return _without_data(text, allowed)


def _without_data(text: str, allowed: Iterable[str]) -> str:
    text = ADDRESS.sub(" ", text)
    for data in sorted(allowed, key=len, reverse=True):
        text = text.replace(data, " ")
    return text if LETTER.search(text) else ""


def unmarked_text(html: str, allowed: Iterable[str] = ()) -> list[str]:
    """Each visible text of the page with letters that did not go through gettext.

    A translated sentence may hold markup ("Delete<span> Ann</span>"): its text
    nodes between ⟦ and ⟧ count as marked.
    """
    allowed = list(allowed)
    parser = _VisibleText()
    parser.feed(html)
    parser.close()
    depth, found = 0, []
    for attribute, text in parser.texts:
        if attribute:
            left, _ = _outside_marks(text, 0)
        else:
            left, depth = _outside_marks(text, depth)
        if _without_data(left, allowed):
            found.append(text)
    return found


def is_marked(text: Any) -> bool:
    """Whether a string (a message, a label) came through gettext under the pseudo-language."""
    text = str(text)
    return text.startswith(OPEN) and text.endswith(CLOSE)
