"""Size-based splitting for sections that are too long to embed as one chunk.

Cuts fall at a paragraph break, else a sentence end, else whitespace, never inside a word
that fits in a piece; a longer "word" (a minified line, a base64 blob) is cut at the limit,
so no piece is ever longer than `max_chars`. Consecutive pieces overlap so that a fact
near a cut is whole in at least one piece; a fenced code block that fits in one piece is
never cut; and every step advances. Each piece costs O(max_chars), so a note splits in time
linear in its length.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Sequence

_SENTENCE_END = re.compile(r"[.!?:][)\]\"'’”]*(?=\s)")
_PARAGRAPH = re.compile(r"\n[ \t]*\n")
_WHITESPACE = re.compile(r"\s")


def split_spans(
    text: str,
    max_chars: int,
    overlap_chars: int,
    protected: Sequence[tuple[int, int]] = (),
) -> list[tuple[int, int]]:
    """Split `text` into [start, end) character spans of at most `max_chars` each.

    `protected` spans (fenced code blocks, disjoint) that fit within `max_chars` are never
    cut.
    """
    if max_chars < 1:
        raise ValueError("max_chars must be positive")
    overlap_chars = max(0, min(overlap_chars, max_chars // 2))
    fitting = _Spans(sorted((a, b) for a, b in protected if b - a <= max_chars))
    n = len(text)
    spans: list[tuple[int, int]] = []
    start = _skip_space(text, 0)
    while start < n:
        end = _rstrip(text, start, n)
        if end - start <= max_chars:
            spans.append((start, end))
            break
        cut = _best_cut(text, start, start + max_chars, fitting)
        spans.append((start, _rstrip(text, start, cut)))
        following = _skip_space(text, cut)
        if following >= n:
            break
        start = _overlap_start(text, start, cut, overlap_chars, fitting, following)
    return spans


class _Spans:
    """Disjoint spans sorted by start, asked which one holds a position in O(log n)."""

    def __init__(self, spans: list[tuple[int, int]]) -> None:
        self.spans = spans
        self.starts = [a for a, _ in spans]

    def holding(self, pos: int) -> tuple[int, int] | None:
        """The span with a < pos < b, if any."""
        i = bisect_right(self.starts, pos - 1) - 1
        if i >= 0 and self.spans[i][0] < pos < self.spans[i][1]:
            return self.spans[i]
        return None


def _best_cut(text: str, start: int, limit: int, fitting: _Spans) -> int:
    """The end of the next piece: a boundary in (start, limit], else the limit itself."""
    window = text[start : limit + 1]  # a cut exactly at the limit still fits
    floor = (limit - start) // 3  # a preferred cut that leaves a sliver is not preferred
    for pattern, min_offset in ((_PARAGRAPH, floor), (_SENTENCE_END, floor), (_WHITESPACE, 1)):
        cuts = [
            start + m.end() if pattern is _SENTENCE_END else start + m.start()
            for m in pattern.finditer(window)
        ]
        for cut in reversed(cuts):
            if cut - start >= min_offset and not fitting.holding(cut) and _at_word_end(text, cut):
                return cut
    # Only fences leave no boundary: cutting a fence beats cutting a word.
    for m in reversed(list(_WHITESPACE.finditer(window))):
        cut = start + m.start()
        if cut > start and _at_word_end(text, cut):
            return cut
    # One "word" longer than a piece: cut it at the limit (never past it, which would make
    # one chunk of a multi-megabyte line), but not between a letter and its accent.
    cut = limit
    while cut > start + 1 and unicodedata.combining(text[cut]):
        cut -= 1
    return cut


def _overlap_start(
    text: str,
    start: int,
    cut: int,
    overlap_chars: int,
    fitting: _Spans,
    following: int,
) -> int:
    """Where the next piece starts: a word start about `overlap_chars` before `cut`."""
    if overlap_chars == 0:
        return following
    target = max(start + 1, cut - overlap_chars)
    sentence = _SENTENCE_END.search(text, target, cut)
    if sentence is not None:
        candidate = _skip_space(text, sentence.end())
    else:
        space = _WHITESPACE.search(text, target, cut)
        candidate = _skip_space(text, space.start()) if space else following
    held = fitting.holding(candidate)
    if held is not None:
        candidate = held[1] if held[1] <= cut else held[0]
    if not start < candidate <= following:
        return following
    return candidate


def _at_word_end(text: str, pos: int) -> bool:
    return pos >= len(text) or text[pos].isspace()


def _skip_space(text: str, pos: int) -> int:
    n = len(text)
    while pos < n and text[pos].isspace():
        pos += 1
    return pos


def _rstrip(text: str, start: int, end: int) -> int:
    while end > start and text[end - 1].isspace():
        end -= 1
    return end
