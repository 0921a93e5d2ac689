"""A result as a 1200×630 PNG: what a chat app shows under a shared link.

Chat apps show no SVG previews, and a headless browser per preview is too
heavy, so the server draws the final table with Pillow: a title, a line
under it, then one row a player (place, name, total), the winners marked.
A finished game and a club night's standings are both drawn from `Row`s.

Names can be in any script. No single font Debian ships covers them all, so
each name is drawn in runs, every run in the first font of FONT_FILES that
has its characters (DejaVu Sans: Latin, Greek, Cyrillic, Arabic, Hebrew...;
Droid Sans Fallback: Chinese, Japanese, Korean; Symbola: emoji and
symbols, in one colour). Whatever no font here has
is drawn as the first font's empty box. Without any of them (a server
without the fonts packages) Pillow's own font draws everything.
"""

from __future__ import annotations

import io
import math
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 1200, 630
MARGIN = 60

# In the order they are tried for each character; the bold face first, for the rows' names.
FONT_FILES = (
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"),
    # Emoji in a name (🦊 Zoë): Symbola draws them in one colour at any size, as the rows need;
    # a colour emoji font is a bitmap of one size only.
    Path("/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf"),
)

# The app's colours (static/css/app.css): the header's red, ink, a pale row for the winners.
RED = (166, 30, 46)
INK = (33, 37, 41)
GREY = (108, 117, 125)
PALE = (248, 232, 234)
WHITE = (255, 255, 255)

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

# The emoji modifiers for skin tones (U+1F3FB-U+1F3FF).
_SKIN_TONES = frozenset(map(chr, range(0x1F3FB, 0x1F400)))

# A code point no font here has: what a missing character looks like in each font.
_NO_SUCH_CHARACTER = "\U0010fffd"


@dataclass(frozen=True)
class Row:
    place: int
    name: str
    total: str
    winner: bool = False


def result_png(title: str, subtitle: str, rows: Sequence[Row], winner_label: str = "") -> bytes:
    """The PNG: `title` on the red band, `subtitle` under it, then the rows (8 at most fit)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), WHITE)
    draw = ImageDraw.Draw(image)
    band = 150
    draw.rectangle((0, 0, WIDTH, band), fill=RED)
    _write(draw, (MARGIN, 28), title, 56, WHITE, WIDTH - 2 * MARGIN)
    _write(draw, (MARGIN, 100), subtitle, 30, WHITE, WIDTH - 2 * MARGIN)

    shown = list(rows)[:8]
    top = band + 20
    row_height = min(90, (HEIGHT - top - 20) // max(len(shown), 1))
    size = int(row_height * 0.55)
    # A night's tied scores carry their margin ("2.50 (+3.5)"): the totals' column is as wide as its widest.
    place_width = 90
    total_width = max([200, *(math.ceil(_width(row.total, size)) + 10 for row in shown)])
    label_width = math.ceil(_width(winner_label, int(size * 0.6))) + 30 if winner_label else 0
    for index, row in enumerate(shown):
        y = top + index * row_height
        if row.winner:
            draw.rounded_rectangle((MARGIN - 20, y + 4, WIDTH - MARGIN + 20, y + row_height - 4), 12, fill=PALE)
        middle = y + row_height // 2
        colour = RED if row.winner else INK
        _write(draw, (MARGIN, middle), f"{row.place}.", size, GREY, place_width, anchor="lm")
        name_width = WIDTH - 2 * MARGIN - place_width - total_width - (label_width if row.winner else 0)
        _write(draw, (MARGIN + place_width, middle), row.name, size, colour, name_width, anchor="lm")
        if row.winner and winner_label:
            x = WIDTH - MARGIN - total_width - label_width
            _write(draw, (x + 10, middle), winner_label, int(size * 0.6), RED, label_width, anchor="lm")
        _write(draw, (WIDTH - MARGIN, middle), row.total, size, colour, total_width, anchor="rm")

    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def _write(
    draw: ImageDraw.ImageDraw,
    at: tuple[int, int],
    text: str,
    size: int,
    colour: tuple[int, int, int],
    room: int,
    anchor: str = "la",
) -> None:
    """Draw text in runs of one font each, cut short with … when wider than room."""
    text = _fitted(text, size, room)
    runs = _runs(text, size)
    width = sum(_font(path, size).getlength(run) for path, run in runs)
    x, y = at
    if anchor[0] == "r":
        x -= int(width)
    vertical = anchor[1]
    for path, run in runs:
        font = _font(path, size)
        draw.text((x, y), run, font=font, fill=colour, anchor=f"l{vertical}")
        x += int(font.getlength(run))


def _fitted(text: str, size: int, room: int) -> str:
    if _width(text, size) <= room:
        return text
    while text and _width(text + "…", size) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def _width(text: str, size: int) -> float:
    return sum(_font(path, size).getlength(run) for path, run in _runs(text, size))


def _runs(text: str, size: int) -> list[tuple[Path | None, str]]:
    """text as (font, characters) runs, each character in the first font that has it."""
    runs: list[tuple[Path | None, str]] = []
    for character in text:
        if character in _SKIN_TONES:
            continue  # a one-colour emoji has no skin tone: drawn alone, the modifier is a swatch
        # A space, an accent or a joiner goes with the characters before it, in their font.
        joins = character.isspace() or unicodedata.category(character)[0] in "MC"
        if runs and joins:
            runs[-1] = (runs[-1][0], runs[-1][1] + character)
            continue
        path = _font_for(character)
        if runs and runs[-1][0] == path:
            runs[-1] = (runs[-1][0], runs[-1][1] + character)
        else:
            runs.append((path, character))
    return runs


# Names repeat from one preview to the next; any character may come, so the caches are bounded.
@lru_cache(maxsize=4096)
def _font_for(character: str) -> Path | None:
    installed = _installed()
    for path in installed:
        if _has(path, character):
            return path
    return installed[0] if installed else None


@cache
def _installed() -> tuple[Path, ...]:
    return tuple(path for path in FONT_FILES if path.is_file())


@cache
def _font(path: Path | None, size: int) -> Font:
    if path is None:
        return ImageFont.load_default(size)
    return ImageFont.truetype(str(path), size)


def _has(path: Path, character: str) -> bool:
    """Whether the font draws character as something other than its missing-character box."""
    return _glyph(path, character) != _glyph(path, _NO_SUCH_CHARACTER)


def _glyph(path: Path, character: str) -> bytes:
    size = 24
    font = _font(path, size)
    canvas = Image.new("L", (size * 2, size * 2))
    ImageDraw.Draw(canvas).text((0, 0), character, font=font, fill=255)
    return canvas.tobytes()
