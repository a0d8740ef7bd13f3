"""A name a passage never writes, which another passage's title gives its subject.

Daily notes file facts under generic headings: "## Car" in `journal/2024-11-19.md` holds
the P0420 code read, and never says which car. The car's own note is titled "Car — 2014
Subaru Forester", so "What does P0420 mean on the Forester?" is asked of that day's "Car"
section. A name missing from the quoted passage counts as present when a heading of
another retrieved passage names it beside a word of the quoted passage's heading path.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.core.basics.language import detect_language
from app.core.basics.text import content_words, fold
from app.core.index.retrieve import Passage

# "INC" of "INC-2025-004" is a code's prefix, which every incident's title shares.
_CODES = re.compile(r"\w*\d\w*(?:[-_./]\w+)+|\w+(?:[-_./]\w+)*[-_./]\w*\d\w*")


def titled_elsewhere(name: str, passage: Passage, passages: Sequence[Passage]) -> bool:
    """Whether another of `passages` is titled with `name` and a word of `passage`'s
    heading path ("Car — 2014 Subaru Forester" for a "Car" section)."""
    language = detect_language(f"{passage.heading}\n{passage.text}")
    own = {w for w in content_words(_CODES.sub(" ", passage.heading), language) if w.isalpha()}
    if not own:
        return False
    named = re.compile(rf"(?<!\w){re.escape(fold(name))}(?!\w)")
    for other in passages:
        if other is passage:
            continue
        # The word must stand in the heading that names: two incidents' "Impact" sections
        # share a word, but "Ledger Postgres failover > Impact" does not alias the other.
        for title in map(fold, other.primary.heading_path):
            if named.search(title) and own & content_words(named.sub(" ", title), language):
                return True
    return False
