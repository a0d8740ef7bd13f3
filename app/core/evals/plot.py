"""A PNG strip plot of calibration bands: a person sees a gap faster than they read one.

One strip per signal, answerable questions green above the axis, unanswerable red below,
the suggested threshold (when the bands separate) in blue, each strip labelled in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from app.core.evals.calibrate import Bands

WIDTH = 760
ROW = 86
LEFT = 70
RIGHT = 70
GREEN = (46, 160, 67)
RED = (215, 58, 73)
BLUE = (3, 102, 214)
GREY = (140, 140, 140)
BLACK = (36, 41, 46)
WHITE = (255, 255, 255)


def plot_bands(bands: Sequence[Bands], path: Path) -> None:
    """Write one labelled strip per signal to `path` as a PNG."""
    from PIL import Image, ImageDraw, ImageFont  # imported here: only `calibrate --plot` needs it

    image = Image.new("RGB", (WIDTH, ROW * len(bands) + 12), WHITE)
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=13)
    span = WIDTH - LEFT - RIGHT
    for row, b in enumerate(bands):
        top = 6 + row * ROW
        mid = top + ROW // 2 + 6
        label = b.spec.label
        if b.suggested is not None:
            label += f": suggested {b.suggested:.3f}, margin {b.margin:.3f}"
        elif b.complete:
            label += f": bands overlap by {-b.margin:.3f}"
        draw.text((LEFT, top), label, fill=BLACK, font=font)
        values = b.answerable + b.unanswerable
        if not values:
            continue
        low, high = min(values), max(values)
        scale = (high - low) or 1.0

        def x_of(v: float, low: float = low, scale: float = scale) -> int:
            return LEFT + int((v - low) / scale * span)

        draw.line([(LEFT, mid), (LEFT + span, mid)], fill=GREY, width=1)
        if b.suggested is not None:
            x = x_of(b.suggested)
            draw.rectangle([x, mid - 22, x + 1, mid + 22], fill=BLUE)
        for v in b.answerable:
            draw.rectangle([x_of(v) - 3, mid - 14, x_of(v) + 3, mid - 8], fill=GREEN)
        for v in b.unanswerable:
            draw.rectangle([x_of(v) - 3, mid + 8, x_of(v) + 3, mid + 14], fill=RED)
        draw.text((6, mid - 7), f"{low:.3f}", fill=BLACK, font=font)
        draw.text((WIDTH - RIGHT + 8, mid - 7), f"{high:.3f}", fill=BLACK, font=font)
    image.save(path, format="PNG")
