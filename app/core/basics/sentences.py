"""Sentences of markdown text, shared by the quote checks, the extractive fallback, the
prompt's windows and the verdict's probes."""

from __future__ import annotations

import re

_SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+")
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
    return [s.strip() for u in units for s in _SENTENCE_SPLIT.split(u) if s.strip()]


def sentence_span(text: str, sentence: str) -> tuple[int, int] | None:
    """Where `sentence` is written in `text`, however its words are wrapped or spaced (a
    sentence read by `sentences` has its wrapped lines joined with single spaces)."""
    words = sentence.split()
    if not words:
        return None
    found = re.search(r"\s+".join(map(re.escape, words)), text)
    return found.span() if found else None
