"""Lines of markdown that open a heading or a code fence, as the note's own text reads them."""

from __future__ import annotations

import re

HEADING_LINE = re.compile(r"\s{0,3}#{1,6}\s")  # "## Texte", not a tag line "#wasmachine"
FENCE_LINE = re.compile(r"\s{0,3}(```|~~~)")


def since_last_heading(text: str) -> list[str]:
    """The lines of `text` from its last heading on (all of them when it has none); a
    comment line in a code fence ("# tail of ws.log") is no heading."""
    section: list[str] = []
    fenced = False
    for line in text.split("\n"):
        if FENCE_LINE.match(line):
            fenced = not fenced
        elif not fenced and HEADING_LINE.match(line):
            section = []
        section.append(line)
    return section
