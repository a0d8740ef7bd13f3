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

A section of a note calls a person by a first name its note gives in full elsewhere: the
remarks on a marriage record say "Éliza", its transcription "Éliza Gagnon". A surname
missing from the quoted passage counts as present when the passage writes the first name
the question puts before it, and another retrieved passage of the same note the two
together.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from app.core.basics.generic_words import generic_stems
from app.core.basics.given_names import SURNAME_PARTICLES
from app.core.basics.language import detect_language
from app.core.basics.text import content_words, fold, unaccented
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
        for heading in other.primary.heading_path:
            title = fold(heading)
            shared = own & content_words(named.sub(" ", title), language)
            if (
                named.search(title)
                and shared
                and not _siblings(passage, heading, name, shared, language)
            ):
                return True
    return False


_HEADING_WORD = re.compile(r"[^\W\d_][\w'’]*")


def _named_kinds(heading: str, shared: set[str], language: str) -> dict[str, str]:
    """The capitalised word right after each `shared` kind word of `heading` (a space
    apart, not a dash: "ASH — Ashby Brook" names one site twice), folded: {"teatr":
    "galliera"} for "Cinema Teatro Galliera"."""
    words = list(_HEADING_WORD.finditer(heading))
    return {
        stem: fold(after.group(0))
        for kind, after in zip(words, words[1:], strict=False)
        if after.group(0)[:1].isupper() and not heading[kind.end() : after.start()].strip()
        for stem in content_words(kind.group(0), language) & shared
    }


def _siblings(passage: Passage, title: str, name: str, shared: set[str], language: str) -> bool:
    """Whether `passage`'s heading names another one of the kind `title` names `name`:
    "Teatro San Procolo" is no section of "Cinema Teatro Galliera", as "Car" is of "Car —
    2014 Subaru Forester"; only the kind word right before `name` counts ("Day 1 (Mon
    Sep 7)" and "Day 5 (Fri Sep 11)" are days of one project, not two things)."""
    asked = fold(name)
    kinds = [
        stem for stem, named in _named_kinds(title, shared, language).items() if named == asked
    ]
    return any(
        _named_kinds(heading, shared, language).get(stem, asked) != asked
        for heading in passage.primary.heading_path
        for stem in kinds
    )


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


def called_by_first_name(
    name: str, question: str, passage: Passage, passages: Sequence[Passage]
) -> bool:
    """Whether `passage` names the person `name` is the surname of by the first name
    the question gives, and another retrieved passage of the same note names both."""
    words = re.findall(r"[^\W\d_][\w'’-]*", question)
    folded = [fold(w) for w in words]
    if fold(name) not in folded:
        return False
    at = folded.index(fold(name))
    before = at - 1
    while before >= 0 and folded[before] in SURNAME_PARTICLES:
        before -= 1
    if before < 0 or not words[before][:1].isupper() or before == 0:
        return False  # no first name, or the question's first word, capitalised anyway
    # written with its capital: "la pierre tombale" names no Pierre
    first = re.escape(unaccented(words[before]))
    if not re.search(
        rf"(?<!\w){first}(?!\w)", unaccented(f"{passage.surroundings}\n{passage.text}")
    ):
        return False
    particles = "|".join(p.capitalize() + "|" + p for p in sorted(SURNAME_PARTICLES))
    full = re.compile(
        rf"(?<!\w){first}\s+(?:(?:{particles})\s+)*{re.escape(unaccented(name))}(?!\w)"
    )
    own_files = {source.file for source in passage.sources}
    return any(
        other is not passage
        and other.primary.file in own_files
        and full.search(unaccented(other.text))
        for other in passages
    )
