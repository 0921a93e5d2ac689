"""Every printed sheet stays one page of A4 and of Letter in every language (issue 25).

The sheets: a game's cheat-sheet for every preset the engine knows
(rules.variants.PRESETS, each at its most players, with the longest names),
every preset sheet the rulebook's index links, the score pad and a club
night's sheets of 16 players over 5 rounds and 21 over 4. Each is opened once per language
(the browser's Accept-Language; the league has no language of its own) in one
Chromium page and measured on both papers; on each paper the language that fills it
most (and any near a page's end) is printed with page.pdf too.

Each sheet's fill is recorded too: the bottom of its last visible content as
a fraction of the paper's printable height (the @page margin is 12 mm),
measured in the browser laid out at the printed width. 1.0 is a full page,
more spills onto a second. test-artifacts/print-fill-<lang>.json keeps the
figures; benchmarks/print_fill.py (make print-fill) prints the table.
"""

from __future__ import annotations

import io
import json
import re

import pytest
from django.conf import settings
from django.urls import reverse
from playwright.sync_api import Page
from pypdf import PdfReader

from rules.variants import PRESETS
from tests.browser.test_night_print import played_night
from tests.browser.test_print import LONG_NAMES, PAPERS, log_in
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = [code for code, _name in settings.LANGUAGES]
# Printable width and height in CSS pixels (96 to the inch) inside the sheets' 12 mm margins.
MARGIN_MM = 12
PAPER_MM = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}


def printable(paper: str) -> tuple[int, float]:
    width, height = PAPER_MM[paper]
    return round((width - 2 * MARGIN_MM) * 96 / 25.4), (height - 2 * MARGIN_MM) * 96 / 25.4


# The lowest bottom edge of anything shown, from the top of the document.
LAST_CONTENT = """() => {
  let bottom = 0;
  for (const element of document.body.querySelectorAll('*')) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.position === 'fixed') continue;
    bottom = Math.max(bottom, box.bottom + window.scrollY);
  }
  // Chromium shrinks a page wider than the paper to fit it, and its height with it.
  const shrink = Math.min(1, window.innerWidth / document.documentElement.scrollWidth);
  return bottom * shrink;
}"""


def fill(page: Page, paper: str) -> float:
    """The sheet laid out as it prints on this paper: its last content's bottom over the printable height."""
    width, height = printable(paper)
    phone = page.viewport_size
    page.set_viewport_size({"width": width, "height": round(height)})
    page.emulate_media(media="print")
    try:
        return round(page.evaluate(LAST_CONTENT) / height, 3)
    finally:
        page.emulate_media(media="null")  # page.pdf prints with print media only when none is emulated
        if phone is not None:
            page.set_viewport_size(phone)


def sheets(live_server_url: str, league, page: Page) -> dict[str, str]:
    """Every printed sheet's address, by name."""
    found = {}
    for key, variant in PRESETS.items():
        game = make_game(league, key, LONG_NAMES[: variant.max_players] + _more_names(variant.max_players))
        found[f"game sheet {key}"] = reverse("games:game-rules", args=[game.pk])
    page.goto(f"{live_server_url}{reverse('games:rules-index')}")
    links = page.locator("main a[href^='/rules/']").evaluate_all("links => links.map(link => link.pathname)")
    for path in dict.fromkeys(links):
        if re.fullmatch(r"/rules/[\w-]+/", path):
            found[f"preset sheet {path.split('/')[2]}"] = path
    for variant, players in (("standard", 7), ("3d", 8)):
        game = make_game(league, variant, (LONG_NAMES + _more_names(players))[:players], first_dealer=1)
        found[f"score pad {variant} {players}"] = reverse("games:game-pad", args=[game.pk])
    # Sixteen names as long as a league allows, none of them already seated above (a league's names are unique).
    night = played_night(league, [f"{letter}{'klmnopqrst' * 4}"[:40] for letter in "ABCDEFGHIJKLMNOP"], 5)
    found["night sheet 16x5"] = reverse("games:night-sheet", args=[night.pk])
    # And the 21 of a real club's night, over 4 rounds at tables of 5, 4, 4, 4 and 4 (issue 35).
    night = played_night(league, [f"{letter}{'uvwxyzuvwx' * 4}"[:40] for letter in "ABCDEFGHIJKLMNOPQRSTU"], 4)
    found["night sheet 21x4"] = reverse("games:night-sheet", args=[night.pk])
    return found


def _more_names(players: int) -> list[str]:
    """Past the seven long names test_print has: more of the same length (3D seats 8, Cancellation 11)."""
    return [f"{letter}{'abcdefghij' * 4}"[:40] for letter in "HIJK"][: max(0, players - len(LONG_NAMES))]


# A sheet measured this full is printed too, whichever language is the fullest: near the
# page's end, the measure alone would be too close to call.
CLOSE_CALL = 0.95


def test_every_sheet_prints_on_one_page_of_each_paper_in_each_language(
    page: Page, live_server, artifacts_dir, league, user
):
    """One test for the five languages: the sheets' games and night are made once (most of the time it takes).

    Every sheet is measured in every language on both papers; on each paper the fullest
    language's sheet (and any close to a page's end) is printed too, and must print on one
    page where the measure said it fits. The other languages' sheets are shorter than one
    that printed on one page, by the measure the printed ones agree with: printing them too
    (220 PDFs instead of about 50) took most of this test's time and checked nothing more.
    """
    log_in(page, live_server, user)
    by_name = sheets(live_server.url, league, page)
    assert sum(name.startswith("game sheet") for name in by_name) == len(PRESETS)
    assert any(name.startswith("preset sheet") for name in by_name)
    figures: dict[str, dict[str, dict[str, float]]] = {language: {} for language in LANGUAGES}
    spilled = []
    for name, path in by_name.items():
        for language in LANGUAGES:
            open_in(page, f"{live_server.url}{path}", language)
            assert page.locator("html").get_attribute("lang") == language, name
            figures[language][name] = {paper: fill(page, paper) for paper in PAPERS}
        for paper in PAPERS:
            fullest = max(LANGUAGES, key=lambda language: figures[language][name][paper])
            printed = {fullest} | {language for language in LANGUAGES if figures[language][name][paper] > CLOSE_CALL}
            for language in LANGUAGES:
                measured = figures[language][name][paper]
                if language in printed:
                    open_in(page, f"{live_server.url}{path}", language)
                    pages = len(PdfReader(io.BytesIO(page.pdf(format=paper))).pages)
                    if pages != 1:
                        spilled.append(f"{language}: {name} on {paper}: {pages} pages (fill {measured})")
                        continue
                if not 0.2 < measured <= 1:  # the measure agrees with the PDF, or it is wrong
                    spilled.append(
                        f"{language}: {name} on {paper}: measured {measured}, printed: {language in printed}"
                    )
    for language, sheet in figures.items():
        (artifacts_dir / f"print-fill-{language}.json").write_text(json.dumps(sheet, indent=1))
    assert spilled == [], "\n".join(spilled)


def open_in(page: Page, url: str, language: str) -> None:
    """The sheet as a browser asking for `language` gets it (the league has none of its own)."""
    page.set_extra_http_headers({"Accept-Language": language})
    if page.url != url or page.evaluate("document.documentElement.lang") != language:
        page.goto(url)
