"""The focus ring is seen by everyone who moves by keyboard or switch (issue 39): at least 3:1
against the page in light and dark, on links, summaries, the hearts boxes and the seat buttons;
and in forced colours (Windows high contrast) the ring stays and the chosen seat is marked.

Contrast is WCAG's: (L1 + 0.05) / (L2 + 0.05) of the relative luminances of the ring's colour
and the page's background, both read from the browser."""

import re

import pytest
from playwright.sync_api import Page

from rules import HandEntry
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def luminance(css: str) -> float:
    red, green, blue = (int(part) / 255 for part in re.findall(r"\d+", css)[:3])

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.03928 else ((channel + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(one: str, other: str) -> float:
    lighter, darker = sorted((luminance(one), luminance(other)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_contrast_is_worked_out_as_wcag_says():
    # Black on white is 21:1; WCAG's own example of #767676 on white is 4.54:1.
    assert contrast("rgb(0, 0, 0)", "rgb(255, 255, 255)") == pytest.approx(21)
    assert contrast("rgb(118, 118, 118)", "rgb(255, 255, 255)") == pytest.approx(4.54, abs=0.01)


RING = """(selector) => {
  const style = getComputedStyle(document.querySelector(selector));
  return {style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor};
}"""
BACKGROUND = "() => getComputedStyle(document.body).backgroundColor"

# What is focused, and what shows its ring: a hidden radio's ring is on its label.
FOCUSED = [
    ("#history > summary", "#history > summary"),
    ("input[name=hearts_0]", "input[name=hearts_0]"),
    ("#queen-1", "label[for=queen-1]"),
    ("main a[href]", "main a[href]"),
]


@pytest.fixture
def game_page(phone: Page, live_server, league):
    game = make_game(league, "standard", players=4, first_dealer=0)
    game.record_hand(1, HandEntry.cards([3, 0, 10, 0], 1))
    phone.set_viewport_size({"width": 360, "height": 740})
    phone.goto(f"{live_server.url}{game.get_absolute_url()}")
    return phone


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_every_focused_control_has_a_ring_of_3_to_1(game_page: Page, color_scheme):
    game_page.emulate_media(color_scheme=color_scheme)
    game_page.keyboard.press("Tab")  # the keyboard is in use: focus shows as it would to its user
    background = game_page.evaluate(BACKGROUND)
    for focused, ringed in FOCUSED:
        game_page.locator(focused).first.focus()
        ring = game_page.evaluate(RING, ringed)
        assert ring["style"] == "solid", (focused, ring)
        assert ring["width"] >= 2, (focused, ring)
        assert contrast(ring["color"], background) >= 3, (focused, ring, background)


def test_in_forced_colours_the_ring_stays_and_the_chosen_seat_is_marked(game_page: Page):
    game_page.emulate_media(forced_colors="active")
    game_page.locator("label[for=queen-1]").click()
    borders = game_page.evaluate(
        """() => ['queen-1', 'queen-2'].map(
             (id) => parseFloat(getComputedStyle(document.querySelector(`label[for=${id}]`)).borderTopWidth))"""
    )
    chosen, other = borders
    assert chosen >= other + 2, borders
    game_page.keyboard.press("Tab")
    for focused, ringed in FOCUSED:
        game_page.locator(focused).first.focus()
        ring = game_page.evaluate(RING, ringed)
        assert (ring["style"], ring["width"] >= 2) == ("solid", True), (focused, ring)
