"""Draw the app icons (static/icons/*.png) with the standard library only: two playing cards, the
front one with a red heart, on the app's blue. Run from the project root:

    .venv/bin/python scripts/make_icons.py

Pillow is not a dependency, so this is a tiny PNG encoder (zlib + struct) over shapes drawn as
signed distances (smooth edges without supersampling); the heart, an implicit curve, is
supersampled. The PNG files are committed; run this again only to change the picture.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "static" / "icons"

BLUE = (31, 95, 191)        # --accent of static/css/app.css, the manifest's theme colour
BACK_CARD = (219, 231, 251)  # --accent-soft
CARD = (255, 255, 255)
HEART = (192, 38, 45)       # --suit-red
EDGE = (22, 25, 29)


def png(width: int, height: int, pixels: list[list[tuple[int, int, int, int]]]) -> bytes:
    """An 8-bit RGBA PNG: signature, IHDR, one IDAT (filter 0 on each row), IEND."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + bytes(channel for pixel in row for channel in pixel) for row in pixels)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def rounded_rect(x: float, y: float, half_w: float, half_h: float, radius: float) -> float:
    """Signed distance from (x, y) to a rounded rectangle centred on 0 (negative inside)."""
    qx, qy = abs(x) - half_w + radius, abs(y) - half_h + radius
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - radius


def rotate(x: float, y: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return x * math.cos(a) + y * math.sin(a), -x * math.sin(a) + y * math.cos(a)


def in_heart(x: float, y: float) -> bool:
    """The heart curve (x² + y² − 1)³ − x²y³ ≤ 0, y pointing up, about 2.3 units across."""
    return (x * x + y * y - 1) ** 3 - x * x * y ** 3 <= 0


def over(base: tuple[float, float, float, float], colour: tuple[int, int, int], alpha: float):
    """Paint *colour* with coverage *alpha* over *base* (straight RGBA, channels 0–1)."""
    if alpha <= 0:
        return base
    r, g, b, a = base
    out_a = alpha + a * (1 - alpha)
    mix = [(c / 255 * alpha + bc * a * (1 - alpha)) / out_a for c, bc in zip(colour, (r, g, b), strict=True)]
    return (*mix, out_a)


def coverage(distance_px: float) -> float:
    return min(max(0.5 - distance_px, 0.0), 1.0)


def draw(size: int, *, full_bleed: bool, scale: float) -> bytes:
    """One icon. *full_bleed*: the blue fills the square (maskable, Apple); else a rounded tile.
    *scale*: the cards' size; a maskable icon keeps them inside its 80 % safe circle."""
    rows = []
    unit = size / 2  # shapes are drawn in units of half the icon: −1 … 1
    for py in range(size):
        row = []
        for px in range(size):
            x, y = (px + 0.5) / unit - 1, (py + 0.5) / unit - 1
            pixel = (0.0, 0.0, 0.0, 0.0)
            tile = -1.0 if full_bleed else rounded_rect(x, y, 1.0, 1.0, 0.44)
            pixel = over(pixel, BLUE, coverage(tile * unit))
            # the card behind, turned left
            bx, by = rotate(x / scale + 0.16, y / scale, -14)
            back = rounded_rect(bx, by, 0.40, 0.56, 0.09) * scale * unit
            pixel = over(pixel, EDGE, coverage(back - 0.02 * unit) * 0.25)
            pixel = over(pixel, BACK_CARD, coverage(back))
            # the card in front, turned right, with its heart
            fx, fy = rotate(x / scale - 0.14, y / scale + 0.02, 9)
            front = rounded_rect(fx, fy, 0.40, 0.56, 0.09) * scale * unit
            pixel = over(pixel, EDGE, coverage(front - 0.025 * unit) * 0.3)
            pixel = over(pixel, CARD, coverage(front))
            if abs(fx) < 0.40 and abs(fy) < 0.45:
                hits = 0
                for sy in range(4):
                    for sx in range(4):
                        hx = fx + (sx - 1.5) / (4 * unit * scale)
                        hy = fy + (sy - 1.5) / (4 * unit * scale)
                        hits += in_heart(hx / 0.27, -(hy + 0.02) / 0.27)
                pixel = over(pixel, HEART, hits / 16)
            row.append(tuple(round(channel * 255) for channel in pixel))
        rows.append(row)
    return png(size, size, rows)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    icons = {
        "icon-192.png": draw(192, full_bleed=False, scale=1.0),
        "icon-512.png": draw(512, full_bleed=False, scale=1.0),
        "icon-maskable-512.png": draw(512, full_bleed=True, scale=0.78),
        "apple-touch-icon.png": draw(180, full_bleed=True, scale=0.9),
    }
    for name, data in icons.items():
        (OUT / name).write_bytes(data)
        print(f"{OUT / name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
