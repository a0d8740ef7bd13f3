"""Size-based splitting for sections that are too long to embed as one chunk.

Cuts fall at a paragraph break, else a sentence end, else whitespace, never inside a word;
consecutive pieces overlap so that a fact near a cut is whole in at least one piece; a
fenced code block that fits in one piece is never cut; and every step advances.
"""

from __future__ import annotations

import re
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

    A span is longer than `max_chars` only when one word alone is. `protected` spans
    (fenced code blocks) that fit within `max_chars` are never cut.
    """
    if max_chars < 1:
        raise ValueError("max_chars must be positive")
    overlap_chars = max(0, min(overlap_chars, max_chars // 2))
    fitting = [(a, b) for a, b in protected if b - a <= max_chars]
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


def _best_cut(text: str, start: int, limit: int, fitting: list[tuple[int, int]]) -> int:
    """The end of the next piece: a boundary in (start, limit], or past it for a long word."""
    window = text[start : limit + 1]  # a cut exactly at the limit still fits
    floor = (limit - start) // 3  # a preferred cut that leaves a sliver is not preferred
    for pattern, min_offset in ((_PARAGRAPH, floor), (_SENTENCE_END, floor), (_WHITESPACE, 1)):
        cuts = [
            start + m.end() if pattern is _SENTENCE_END else start + m.start()
            for m in pattern.finditer(window)
        ]
        for cut in reversed(cuts):
            if cut - start >= min_offset and not _inside(cut, fitting) and _at_word_end(text, cut):
                return cut
    # No boundary in the window: run on to the end of the word rather than cut it.
    m = _WHITESPACE.search(text, limit)
    return m.start() if m else len(text)


def _overlap_start(
    text: str,
    start: int,
    cut: int,
    overlap_chars: int,
    fitting: list[tuple[int, int]],
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
    for a, b in fitting:
        if a < candidate < b:
            candidate = b if b <= cut else a
    if not start < candidate <= following:
        return following
    return candidate


def _inside(pos: int, spans: list[tuple[int, int]]) -> bool:
    return any(a < pos < b for a, b in spans)


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
