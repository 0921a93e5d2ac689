"""Which visible strings of a page are still English in another language (issue 25; docs/I18N.md).

A page is rendered in English and in the language, the strings a person sees
are read from both (text outside <script> and <style>, and the title,
aria-label, placeholder and alt attributes and a button input's value), and
a string of the translated page that is also on the English page and still
has a word in it is untranslated, unless what is left of it is data (names
from the database, numbers, card symbols) or a word the language writes as
English does (SAME_IN below).

tests/ops/test_translated_pages.py walks the permission matrix's route table
with it; `make i18n-report` prints what it finds, per language and page.
"""

from __future__ import annotations

import re
import zoneinfo
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from django.utils import translation
from django.utils.dates import MONTHS, MONTHS_3, MONTHS_AP

from tests.ops.routes import ROUTES, Route

# Words the language writes as English does: names of games, kept as the
# glossary says (docs/GLOSSARY.md, Presets), each language named in itself (the
# switch), the app's name. Phrases, not single words: "Black" alone is no name.
SAME_EVERYWHERE = (
    "Scorekeeper",
    "Omnibus",
    "Ricketts",
    "Black Maria",
    "Turbo",
    "Spot",
    "OK",
    "English",
    "Nederlands",
    "Deutsch",
    "Français",
    "Español",
)
SAME_IN: dict[str, tuple[str, ...]] = {
    # Dutch says these as English does (the translators' choice, checked against the catalog).
    "nl": ("Variant", "Rating", "rating", "rest", "Partners", "Status", "Filter"),
    # The glossary keeps "Hearts" as the German game's and preset's name; the colour mode "System" is German too,
    # and so are a name, a status, a filter and a person.
    "de": ("Hearts", "System", "Name", "Status", "Filter", "Person"),
    # A table, tables, a total, points and a note are French words too.
    "fr": ("Table", "Tables", "Total", "total", "Points", "Note"),
    "es": ("Total", "total"),
}

# The time zone picker's names are IANA's identifiers (a format, as the tz database spells them).
TIME_ZONES = frozenset(name.replace("_", " ") for name in zoneinfo.available_timezones()) | frozenset(
    zoneinfo.available_timezones()
)

# A word: two letters or more (a rank letter, "Q♠" or "J", is no word to translate here).
WORD = re.compile(r"[^\W\d_]{2,}")
SPACES = re.compile(r"\s+")
URL = re.compile(r"https?://\S+")
SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
BUTTON_INPUTS = ("submit", "button", "reset")
# Not shown as words, or not words to translate: a command to type (<code>) stays as it is typed.
HIDDEN = ("script", "style", "code")


class VisibleStrings(HTMLParser):
    """The strings of an HTML page a person sees or hears, in page order, whitespace collapsed."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.strings: list[str] = []
        self._hidden_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in HIDDEN:
            self._hidden_depth += 1
        values = dict(attrs)
        for name in SHOWN_ATTRIBUTES:
            self._add(values.get(name))
        if tag == "input" and (values.get("type") or "").lower() in BUTTON_INPUTS:
            self._add(values.get("value"))

    def handle_endtag(self, tag: str) -> None:
        if tag in HIDDEN and self._hidden_depth:
            self._hidden_depth -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden_depth:
            self._add(data)

    def _add(self, text: str | None) -> None:
        text = SPACES.sub(" ", text or "").strip()
        if text:
            self.strings.append(text)


def visible_strings(html: str) -> list[str]:
    parser = VisibleStrings()
    parser.feed(html)
    parser.close()
    return parser.strings


def page_language(html: str) -> str | None:
    """The page's <html lang>, or None when it has none."""
    found = re.search(r"<html\b[^>]*\blang=\"([^\"]*)\"", html)
    return found[1] if found else None


def _phrases(phrases: Iterable[str]) -> re.Pattern[str] | None:
    # Longest first, so "Black Maria" goes before a name "Maria" could split it.
    kept = sorted({phrase for phrase in phrases if phrase.strip()}, key=len, reverse=True)
    if not kept:
        return None
    return re.compile("|".join(rf"(?<!\w){re.escape(phrase)}(?!\w)" for phrase in kept))


def month_words(language: str) -> list[str]:
    """The month names and abbreviations Django writes dates with in the language: a date formatted
    for the page ("26 Nov 2026": Dutch "nov", title-cased by the "M" format) is data, not English."""
    with translation.override(language):
        return [
            str(word).title() if title else str(word)
            for table in (MONTHS, MONTHS_3, MONTHS_AP)
            for word in table.values()
            for title in (False, True)
        ]


def untranslated(
    english: Iterable[str], translated: Iterable[str], language: str, data: Iterable[str] = ()
) -> list[str]:
    """The translated page's strings that are the English page's, words and all (each once, in page order).

    data: names and other stored text the pages show as typed (never translated).
    """
    english = list(english)
    in_english = set(english) | {sentence for text in english for sentence in sentences(text)}
    same = _phrases([*SAME_EVERYWHERE, *SAME_IN.get(language, ()), *month_words(language)])
    stored = _phrases(data)
    found: list[str] = []
    for whole in translated:
        # The string, else each of its sentences: a translated text node may hold an English
        # sentence beside translated ones ("All variants, every date. Ratings are ... Lowest score wins").
        for text in [whole] if whole in in_english else sentences(whole):
            if text not in in_english or text in found or text in TIME_ZONES:
                continue
            rest = URL.sub(" ", text)  # an address is data (the page's own link, printed)
            for pattern in (stored, same):
                if pattern is not None:
                    rest = pattern.sub(" ", rest)
            if WORD.search(rest):
                found.append(text)
    return found


# Where one sentence ends and the next begins: . ! or ? and a space before a capital.
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[¿¡\"“„«]?[A-ZÀ-ÖØ-Þ])")


def sentences(text: str) -> list[str]:
    """The sentences of a string, each without the space after it; a string of one sentence is itself."""
    return [part for part in SENTENCE_END.split(text) if part]


@dataclass
class PageReport:
    route: str
    role: str
    url: str
    strings: list[str] = field(default_factory=list)
    lang: str | None = None


def reader(route: Route) -> str | None:
    """Who reads the page in these tests: the link holder, the organizer, else the first visitor let in."""
    role = "public" if route.token else "organizer"
    if route.get.get(role) == 200:
        return role
    return next((role for role in ("scorer", "viewer", "outsider", "anonymous") if route.get.get(role) == 200), None)


def walk(table: Any, language: str, data: Iterable[str], routes: Iterable[Route] = ROUTES) -> Iterator[PageReport]:
    """Every HTML page of the route table, as its reader sees it, in English and in the language."""
    data = list(data)
    for route in routes:
        role = reader(route) if route.html else None
        if role is None:
            continue
        client = table.client(role)
        url = route.url(table, role)
        pages = {}
        for code in ("en", language):
            response = client.get(url, route.query(table), headers={"Accept-Language": code})
            assert response.status_code == 200, f"{route.name} as {role} in {code}: {response.status_code}"
            pages[code] = response.content.decode()
        if "<html" not in pages[language]:
            continue  # an HTMX partial
        yield PageReport(
            route.name,
            role,
            url,
            untranslated(visible_strings(pages["en"]), visible_strings(pages[language]), language, data),
            page_language(pages[language]),
        )


def report(language: str, pages: list[PageReport]) -> str:
    """One readable block: the untranslated strings of each page, and a missing or wrong <html lang>."""
    bad = [page for page in pages if page.strings or page.lang != language]
    count = sum(len(page.strings) for page in bad)
    lines = [f"{language}: {count} untranslated strings on {len(bad)} of {len(pages)} pages"]
    for page in bad:
        lines.append(f"  {page.route} (as {page.role}) {page.url}")
        if page.lang != language:
            lines.append(f"    <html lang> is {page.lang!r}, not {language!r}")
        lines.extend(f"    {text!r}" for text in page.strings)
    return "\n".join(lines)
