"""A name a passage never writes, which another passage's title gives its subject.

Daily notes file facts under generic headings: "## Car" in `journal/2024-11-19.md` holds
the P0420 code read, and never says which car. The car's own note is titled "Car — 2014
Subaru Forester", so "What does P0420 mean on the Forester?" is asked of that day's "Car"
section. A name missing from the quoted passage counts as present when another retrieved
passage's heading path names it beside a word of the quoted passage's heading path.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.core.basics.language import detect_language
from app.core.basics.text import content_words, fold
from app.core.index.retrieve import Passage


def titled_elsewhere(name: str, passage: Passage, passages: Sequence[Passage]) -> bool:
    """Whether another of `passages` is titled with `name` and a word of `passage`'s
    heading path ("Car — 2014 Subaru Forester" for a "Car" section)."""
    language = detect_language(f"{passage.heading}\n{passage.text}")
    own = {w for w in content_words(passage.heading, language) if w.isalpha()}
    if not own:
        return False
    named = re.compile(rf"(?<!\w){re.escape(fold(name))}(?!\w)")
    for other in passages:
        title = fold(other.heading)
        if other is passage or not named.search(title):
            continue
        if own & content_words(named.sub(" ", title), language):
            return True
    return False
