"""Sentences of markdown text, shared by the quote checks, the extractive fallback, the
prompt's windows and the verdict's probes."""

from __future__ import annotations

import re

from app.core.basics.dates import MONTHS
from app.core.basics.text import fold

_SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+")
_WORD_BEFORE = re.compile(r"(\S+)\.$")
_WORD_AFTER = re.compile(r"[^\W\d_]+")
# Abbreviations a sentence goes on after ("Einzug ca. 3 Tage", "Dr. Weber", "e.g. Foo").
_ABBREVIATIONS = frozenset(
    "z.b ca nr dr bzw ggf inkl evtl vgl usw u.a d.h tel str prof hr fr e.g i.e approx vs "
    "mr mrs ms st sr sra av dra p.ex".split()
)


def _ends_sentence(before: str, after: str) -> bool:
    """Whether the text `before` a stop and a space ends a sentence that `after` does
    not continue. An abbreviation does not end one ("ca. 3 Tage", "Dr. Weber"), nor a
    number written with its ordinal dot before a month or a lower-case word ("am 15.
    Februar", "3. von links")."""
    word = _WORD_BEFORE.search(before)
    if word is None:
        return True
    written = fold(word.group(1)).lstrip("([\"'")
    if written in _ABBREVIATIONS:
        return False
    if not (written.isdigit() and len(written) <= 2):
        return True
    following = _WORD_AFTER.match(fold(after))
    return not (after[:1].islower() or (following is not None and following.group(0) in MONTHS))


def _split(unit: str) -> list[str]:
    pieces: list[str] = []
    start = 0
    for gap in _SENTENCE_SPLIT.finditer(unit):
        if _ends_sentence(unit[start : gap.start()], unit[gap.end() :]):
            pieces.append(unit[start : gap.start()])
            start = gap.end()
    pieces.append(unit[start:])
    return pieces


_BLOCK_START = re.compile(r"^\s*(?:[-*+]\s|\d+[.)]\s|#|>|\||```)")


def sentences(text: str) -> list[str]:
    """Sentences of markdown text: a wrapped line continues its sentence, while blank
    lines, list items, headings, quotes, table rows and fences start new ones."""
    units: list[str] = []
    for line in text.split("\n"):
        if not line.strip():
            units.append("")
        elif units and units[-1] and not _BLOCK_START.match(line):
            units[-1] = f"{units[-1]} {line.strip()}"
        else:
            units.append(line.strip())
    return [s.strip() for u in units for s in _split(u) if s.strip()]


def sentence_span(text: str, sentence: str) -> tuple[int, int] | None:
    """Where `sentence` is written in `text`, however its words are wrapped or spaced (a
    sentence read by `sentences` has its wrapped lines joined with single spaces)."""
    words = sentence.split()
    if not words:
        return None
    found = re.search(r"\s+".join(map(re.escape, words)), text)
    return found.span() if found else None
