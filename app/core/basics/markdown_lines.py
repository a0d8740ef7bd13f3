"""Lines of markdown that open a heading or a code fence, as the note's own text reads them."""

from __future__ import annotations

import re

HEADING_LINE = re.compile(r"\s{0,3}#{1,6}\s")  # "## Texte", not a tag line "#wasmachine"
FENCE_LINE = re.compile(r"\s{0,3}(```|~~~)")
