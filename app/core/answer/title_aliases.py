"""A name a passage never writes, which another passage's title gives its subject.

Daily notes file facts under generic headings: "## Car" in `journal/2024-11-19.md` holds
the P0420 code read, and never says which car. The car's own note is titled "Car — 2014
Subaru Forester", so "What does P0420 mean on the Forester?" is asked of that day's "Car"
section. A name missing from the quoted passage counts as present when a heading of
another retrieved passage names it beside a word of the quoted passage's heading path.

A note about one facet of a thing names the thing by its own name: "Council tax — cottage
(Tigh Beag)" never says Arran, which "Tigh Beag — overview" opens with. A name also counts
as present when the opening lines of a retrieved note whose whole title stands in the
quoted passage's heading path name it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from app.core.basics.generic_words import generic_stems
from app.core.basics.language import detect_language
from app.core.basics.text import content_words, fold
from app.core.index.retrieve import Passage

# "INC" of "INC-2025-004" is a code's prefix, which every incident's title shares.
_CODES = re.compile(r"\w*\d\w*(?:[-_./]\w+)+|\w+(?:[-_./]\w+)*[-_./]\w*\d\w*")
# A hub note's title names its subject and says it is the hub: "Tigh Beag — overview".
_HUB_WORDS = frozenset(
    "overview overviews summary about index notes info general basics panoramica generale "
    "riepilogo visao geral resumo resumen apercu ubersicht uberblick allgemein".split()
)


def _named(name: str) -> re.Pattern[str]:
    """`name` as a whole word of folded text."""
    return re.compile(rf"(?<!\w){re.escape(fold(name))}(?!\w)")


@cache
def _hub_stems(language: str) -> frozenset[str]:
    return frozenset(content_words(" ".join(_HUB_WORDS), language))


def titled_elsewhere(name: str, passage: Passage, passages: Sequence[Passage]) -> bool:
    """Whether another of `passages` is titled with `name` and a word of `passage`'s
    heading path ("Car — 2014 Subaru Forester" for a "Car" section)."""
    language = detect_language(f"{passage.heading}\n{passage.text}")
    own = {w for w in content_words(_CODES.sub(" ", passage.heading), language) if w.isalpha()}
    if not own:
        return False
    named = _named(name)
    for other in passages:
        if other is passage:
            continue
        # The word must stand in the heading that names: two incidents' "Impact" sections
        # share a word, but "Ledger Postgres failover > Impact" does not alias the other.
        for title in map(fold, other.primary.heading_path):
            if named.search(title) and own & content_words(named.sub(" ", title), language):
                return True
    return False


def led_elsewhere(name: str, passage: Passage, passages: Sequence[Passage]) -> bool:
    """Whether another retrieved note, whose title's words all stand in `passage`'s
    heading path ("Tigh Beag — overview" for "Council tax — cottage (Tigh Beag)"), names
    `name` in its opening lines or headings: the note about the whole thing says it."""
    language = detect_language(f"{passage.heading}\n{passage.text}")
    own = content_words(passage.heading, language)
    own_files = {source.file for source in passage.sources}
    named = _named(name)
    hub = _hub_stems(language)
    for other in passages:
        if other.primary.file in own_files or not other.primary.heading_path:
            continue
        title = other.primary.heading_path[0]
        words = content_words(title, language) - hub - generic_stems(language)
        if not words or not words <= own:
            continue
        if named.search(fold(f"{other.note_lead}\n{other.note_opening}\n{other.heading}")):
            return True
    return False
