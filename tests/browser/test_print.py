"""Every cheat-sheet prints on exactly one page of A4 and of US Letter.

Chromium prints each sheet through Playwright at the page's default margins
(the sheet's @page rule); pypdf counts the pages, and a PNG of each page goes
to test-artifacts/ for a person to look at.
"""

import io
import json
import shutil
import subprocess

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from django.test import Client
from pypdf import PdfReader

from games.models import LeaguePreset
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAPERS = ("A4", "Letter")

# The longest names a league allows (40 characters), seven of them.
LONG_NAMES = [f"{letter}{'abcdefghij' * 4}"[:40] for letter in "ABCDEFG"]
EVERY_STANDARD_OPTION = {
    "target": 75,
    "end": "more_than",
    "moon": "ricketts",
    "jack_of_diamonds": True,
    "moon_needs_jack": True,
    "wraps": [50, 69, 104],
    "ties": "shared",
    "sixty_nine": True,
    "deal": "kitty",
    "kitty_to": "first_heart",
}

EVERY_OPTION = {
    "standard": ("standard", ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"], EVERY_STANDARD_OPTION),
    "standard-long-names": ("standard", LONG_NAMES, EVERY_STANDARD_OPTION),
    "ricketts": (
        "ricketts",
        ["Annabelle", "Bartholomew", "Catherine", "Dominique"],
        {"moon": "choice", "jack_of_diamonds": True, "moon_needs_jack": True, "warren": True, "ties": "shared"},
    ),
    "3d": (
        "3d",
        ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"],
        {"moon": "subtract", "wraps": [66], "sixty_nine": True, "end": "more_than", "ties": "play_on"},
    ),
    # RULES.md's More variants, every new option that can go together on one table.
    "standard-more-variants": (
        "standard",
        LONG_NAMES[:6],
        {
            "heart_points": {"Q": 13, "A": 5},
            "queen_points": 0,
            "jack_of_diamonds": True,
            "plus_card": "10♦",
            "jack_points": -20,
            "moon_needs_jack": True,
            "first_lead": "left_of_dealer",
            "teams": True,
            "team_moon": "opponents",
            "wraps": [50, 69, 104],
            "sixty_nine": True,
            "sun": True,
        },
    ),
    "spot-partners": (
        "spot",
        ["Annabelle", "Bartholomew", "Catherine", "Dominique"],
        {"teams": True, "team_moon": "player", "jack_of_diamonds": True, "jack_points": -40},
    ),
    "black_maria": ("black_maria", ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"], {"moon": "choice"}),
    "domino": ("domino", ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"], {"queen_points": 13}),
    "cancellation": (
        "cancellation",
        [*LONG_NAMES[:6], "Hal", "Ivy", "Jo", "Kai", "Lou"],
        {"jack_of_diamonds": True, "plus_card": "10♦", "heart_points": "face"},
    ),
    "turbo": ("turbo", LONG_NAMES[:4], {"hands_per_game": 8, "charging": "blind_chain"}),
}

MORE_PRESETS = ["spot", "black_maria", "domino", "cancellation", "turbo"]
# The printable area at @page's 12 mm margins, in CSS pixels (96 to the inch).
PRINTABLE = {"A4": (703, 1032), "Letter": (725, 965)}


def fill(page, paper: str, artifacts_dir, name: str) -> float:
    """How much of the page's height the sheet fills, laid out as printed (1.0: the whole page).

    Each figure is added to test-artifacts/fill.txt, for the note and for a person to compare.
    """
    width, height = PRINTABLE[paper]
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(media="print")
    bottom = page.evaluate("document.querySelector('.sheet').getBoundingClientRect().bottom + window.scrollY")
    page.emulate_media(media="screen")
    with (artifacts_dir / "fill.txt").open("a") as figures:
        figures.write(f"{name}: {bottom / height:.0%}\n")
    return bottom / height


def print_pages(page, url: str, paper: str, png_name: str, artifacts_dir) -> int:
    page.goto(url)
    pdf = page.pdf(format=paper)
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    pdf_path = artifacts_dir / f"{png_name}.pdf"
    pdf_path.write_bytes(pdf)
    if shutil.which("pdftoppm"):
        subprocess.run(
            ["pdftoppm", "-png", "-r", "60", "-singlefile", str(pdf_path), str(artifacts_dir / png_name)], check=True
        )
    return pages


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("variant", ["standard", "omnibus", "ricketts", "3d", *MORE_PRESETS])
def test_each_preset_sheet_prints_on_one_page(page, live_server, artifacts_dir, variant, paper):
    pages = print_pages(page, f"{live_server.url}/rules/{variant}/", paper, f"sheet-{variant}-{paper}", artifacts_dir)
    assert pages == 1
    filled = fill(page, paper, artifacts_dir, f"sheet-{variant}-{paper}")
    assert 0.3 < filled <= 1.0


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("case", ["standard-more-variants", "spot-partners", "cancellation"])
def test_a_preset_link_with_the_new_options_prints_on_one_page(page, live_server, artifacts_dir, case, paper):
    variant, _names, options = EVERY_OPTION[case]
    url = f"{live_server.url}/rules/{variant}/?options={json.dumps(options)}"
    pages = print_pages(page, url, paper, f"sheet-link-{case}-{paper}", artifacts_dir)
    assert pages == 1
    assert page.get_by_role("heading", level=1).is_visible()
    filled = fill(page, paper, artifacts_dir, f"sheet-link-{case}-{paper}")
    assert 0.3 < filled <= 1.0


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("case", sorted(EVERY_OPTION))
def test_a_game_sheet_with_every_option_on_prints_on_one_page(
    page, live_server, artifacts_dir, league, user, case, paper
):
    variant, names, options = EVERY_OPTION[case]
    game = make_game(league, variant, names, options=options, first_dealer=2)
    log_in(page, live_server, user)
    url = f"{live_server.url}/games/{game.pk}/rules/"
    pages = print_pages(page, url, paper, f"sheet-game-{case}-{paper}", artifacts_dir)
    assert pages == 1
    filled = fill(page, paper, artifacts_dir, f"sheet-game-{case}-{paper}")
    assert 0.3 < filled <= 1.0
    # The printed page carries the QR code but none of the screen's buttons.
    page.emulate_media(media="print")
    assert page.locator(".sheet-qr svg").is_visible()
    assert not page.get_by_role("button", name="Print").is_visible()
    assert not page.get_by_role("navigation").is_visible()


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("variant", ["standard", "3d"])
def test_a_leagues_own_preset_with_every_option_on_prints_on_one_page(
    page, live_server, artifacts_dir, league, user, variant, paper
):
    # A preset's sheet covers every player count its variant allows: 3 to 7, or 3 to 8 in 3D.
    options = EVERY_STANDARD_OPTION if variant == "standard" else EVERY_OPTION["3d"][2]
    preset = LeaguePreset(league=league, name="Thursday rules at the long table, with all the trimmings"[:60])
    preset.set_rules(variant, options)
    preset.save()
    log_in(page, live_server, user)
    url = f"{live_server.url}{preset.get_absolute_url()}"
    pages = print_pages(page, url, paper, f"sheet-preset-{variant}-{paper}", artifacts_dir)
    assert pages == 1
    assert page.get_by_role("heading", level=1).inner_text() == preset.name


def test_the_print_button_opens_the_print_dialog(page, live_server):
    page.goto(f"{live_server.url}/rules/ricketts/")
    page.evaluate("window.print = () => { document.body.dataset.printed = 'yes'; }")
    page.get_by_role("button", name="Print").click()
    assert page.locator("body").get_attribute("data-printed") == "yes"


def test_the_sheet_prints_black_on_white_in_dark_mode(page, live_server):
    page.emulate_media(color_scheme="dark")
    page.goto(f"{live_server.url}/rules/standard/")
    page.emulate_media(media="print", color_scheme="dark")
    colour = page.evaluate("getComputedStyle(document.querySelector('.sheet-items li')).color")
    assert colour == "rgb(0, 0, 0)"


def log_in(page, live_server, user) -> None:
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie.value, "url": live_server.url}])


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_the_sheets_have_no_accessibility_violations(page, live_server, league, user, color_scheme):
    game = make_game(league, "ricketts", options={"warren": True})
    log_in(page, live_server, user)
    page.emulate_media(color_scheme=color_scheme)
    for url in ("/rules/", "/rules/standard/", f"/games/{game.pk}/rules/"):
        page.goto(live_server.url + url)
        results = Axe().run(page)
        assert results.violations_count == 0, results.generate_report()
