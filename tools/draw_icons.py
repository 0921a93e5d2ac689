"""Draw the app's icons: a white heart on a heart-red tile.

    .venv/bin/python tools/draw_icons.py      # rewrites static/icons/*

Pure Python (zlib and struct) so that drawing four small PNGs adds no image
library to the project. The heart is the classic parametric curve, filled
by scanlines with 4x4 supersampling for smooth edges; the SVG favicon uses
the same outline, so every size looks alike. The output is committed; run
this again only to change the design.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
RED = (166, 30, 46)  # --app-accent in static/css/app.css
WHITE = (255, 255, 255)
SUPERSAMPLE = 4

Point = tuple[float, float]


def heart(size: float, centre: Point) -> list[Point]:
    """The heart's outline, `size` wide, centred on its bounding box."""
    points = []
    for step in range(240):
        t = 2 * math.pi * step / 240
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        points.append((x, y))
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    scale = size / (max(xs) - min(xs))
    mid_x, mid_y = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    return [(centre[0] + (x - mid_x) * scale, centre[1] + (y - mid_y) * scale) for x, y in points]


def rounded_square(size: float, radius: float) -> list[Point]:
    points: list[Point] = []
    near, far = radius, size - radius
    for cx, cy, start in [(far, near, -90), (far, far, 0), (near, far, 90), (near, near, 180)]:
        for step in range(17):
            angle = math.radians(start + 90 * step / 16)
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def coverage(width: int, height: int, polygon: list[Point]) -> list[list[float]]:
    """Fraction of each pixel inside the polygon (even-odd rule)."""
    edges = list(zip(polygon, polygon[1:] + polygon[:1], strict=True))
    cover = [[0.0] * width for _ in range(height)]
    weight = 1 / SUPERSAMPLE
    for sub_row in range(height * SUPERSAMPLE):
        y = (sub_row + 0.5) / SUPERSAMPLE
        crossings = sorted(
            x0 + (y - y0) * (x1 - x0) / (y1 - y0) for (x0, y0), (x1, y1) in edges if (y0 <= y < y1) or (y1 <= y < y0)
        )
        row = cover[sub_row // SUPERSAMPLE]
        for left, right in zip(crossings[0::2], crossings[1::2], strict=True):
            left, right = max(left, 0.0), min(right, float(width))
            if right <= left:
                continue
            first, last = int(left), int(right)
            if first == last:
                row[first] += (right - left) * weight
                continue
            row[first] += (first + 1 - left) * weight
            for column in range(first + 1, last):
                row[column] += weight
            if last < width:
                row[last] += (right - last) * weight
    return cover


def tile(size: int, corner: float, heart_width: float) -> bytes:
    """RGBA pixels: a red tile (corner = radius as a fraction; 0 fills the square) with a white heart."""
    if corner:
        background = coverage(size, size, rounded_square(size, size * corner))
    else:
        background = [[1.0] * size for _ in range(size)]
    # Nudge the heart down a little: its lobes make it look high when centred by its box.
    shape = coverage(size, size, heart(size * heart_width, (size / 2, size * 0.52)))
    rows = []
    for y in range(size):
        row = bytearray([0])  # PNG filter type 0 for this scanline
        for x in range(size):
            alpha = min(background[y][x], 1.0)
            mix = min(shape[y][x], 1.0)
            pixel = [round(r * (1 - mix) + w * mix) for r, w in zip(RED, WHITE, strict=True)]
            row += bytes([*pixel, round(alpha * 255)])
        rows.append(bytes(row))
    return b"".join(rows)


def png(size: int, pixels: bytes) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(pixels, 9)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


def svg() -> str:
    outline = heart(20, (16, 16.6))
    path = "M" + " L".join(f"{x:.2f} {y:.2f}" for x, y in outline[::4]) + "Z"
    red = "#{:02x}{:02x}{:02x}".format(*RED)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
        f'<rect width="32" height="32" rx="7" fill="{red}"/>'
        f'<path fill="#fff" d="{path}"/></svg>\n'
    )


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    # Launchers that take the icon as it is get a rounded tile; maskable and
    # Apple icons fill the square because the system cuts its own shape, and
    # keep the heart inside the central 80% safe zone.
    drawings = {
        "icon-192.png": (192, 0.22, 0.62),
        "icon-512.png": (512, 0.22, 0.62),
        "icon-maskable-512.png": (512, 0, 0.5),
        "apple-touch-icon.png": (180, 0, 0.6),
    }
    for name, (size, corner, heart_width) in drawings.items():
        (ICONS / name).write_bytes(png(size, tile(size, corner, heart_width)))
    (ICONS / "favicon.svg").write_text(svg())


if __name__ == "__main__":
    main()
