"""A dependency-free PNG strip plot: one axis per signal, answerable and unanswerable
questions marked apart, the suggested threshold drawn across, min and max written in
digits at the ends. A person sees a gap faster than they read one from a table."""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from pathlib import Path

from app.core.calibrate import Bands

WIDTH = 720
ROW = 70
MARGIN = 70
GREEN = (46, 160, 67)
RED = (215, 58, 73)
BLUE = (3, 102, 214)
GREY = (140, 140, 140)
WHITE = (255, 255, 255)
BLACK = (36, 41, 46)

# 3x5 glyphs for the axis labels: digits, point and minus.
_GLYPHS = {
    "0": "111101101101111",
    "1": "010110010010111",
    "2": "111001111100111",
    "3": "111001111001111",
    "4": "101101111001001",
    "5": "111100111001111",
    "6": "111100111101111",
    "7": "111001010010010",
    "8": "111101111101111",
    "9": "111101111001111",
    ".": "000000000000010",
    "-": "000000111000000",
}


class Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.pixels = bytearray(bytes(WHITE) * width * height)

    def dot(self, x: int, y: int, colour: tuple[int, int, int]) -> None:
        if 0 <= x < self.width and 0 <= y < self.height:
            i = (y * self.width + x) * 3
            self.pixels[i : i + 3] = bytes(colour)

    def box(self, x0: int, y0: int, x1: int, y1: int, colour: tuple[int, int, int]) -> None:
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                self.dot(x, y, colour)

    def text(self, x: int, y: int, text: str, colour: tuple[int, int, int], scale: int = 2) -> None:
        for ch in text:
            glyph = _GLYPHS.get(ch)
            if glyph is not None:
                for i, bit in enumerate(glyph):
                    if bit == "1":
                        gx, gy = x + (i % 3) * scale, y + (i // 3) * scale
                        self.box(gx, gy, gx + scale - 1, gy + scale - 1, colour)
            x += 4 * scale

    def png(self) -> bytes:
        raw = b"".join(
            b"\x00" + bytes(self.pixels[y * self.width * 3 : (y + 1) * self.width * 3])
            for y in range(self.height)
        )

        def chunk(kind: bytes, data: bytes) -> bytes:
            body = kind + data
            return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return (
            b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b"")
        )


def plot_bands(bands: Sequence[Bands], path: Path) -> None:
    """Write one strip per signal: green squares above the axis are answerable
    questions, red squares below are unanswerable, a blue line is the suggestion."""
    canvas = Canvas(WIDTH, ROW * len(bands) + 10)
    span_x = WIDTH - 2 * MARGIN
    for row, b in enumerate(bands):
        mid = 10 + row * ROW + ROW // 2
        values = b.answerable + b.unanswerable
        if not values:
            continue
        low, high = min(values), max(values)
        scale = (high - low) or 1.0

        def x_of(v: float, low: float = low, scale: float = scale) -> int:
            return MARGIN + int((v - low) / scale * span_x)

        canvas.box(MARGIN, mid, MARGIN + span_x, mid, GREY)
        if b.suggested is not None:
            x = x_of(b.suggested)
            canvas.box(x, mid - 22, x + 1, mid + 22, BLUE)
        for v in b.answerable:
            canvas.box(x_of(v) - 3, mid - 14, x_of(v) + 3, mid - 8, GREEN)
        for v in b.unanswerable:
            canvas.box(x_of(v) - 3, mid + 8, x_of(v) + 3, mid + 14, RED)
        canvas.text(4, mid - 5, f"{low:.2f}", BLACK)
        canvas.text(WIDTH - MARGIN + 8, mid - 5, f"{high:.2f}", BLACK)
    path.write_bytes(canvas.png())
