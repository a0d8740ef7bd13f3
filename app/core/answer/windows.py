"""The lean prompt: each passage cut to the part the question needs.

Prompt processing is what the user waits for before the first word (about 95 tokens a
second on two cores), and five whole passages are most of the prompt. A passage longer
than the window keeps only the block holding its sentence that best matches the question
(with a code block or list right under it), so the model still reads the fact in its
context, and the quote it copies is still found in the passage.
"""

from __future__ import annotations

from app.core.answer.evidence import evidence_window
from app.core.basics.language import detect_language
from app.core.basics.sentences import sentences
from app.core.basics.text import TERM_PATTERN, content_words


def passage_window(question: str, text: str, max_chars: int) -> str:
    """The whole `text` when it fits in `max_chars`, else the part the question needs."""
    if max_chars <= 0 or len(text) <= max_chars:
        return text
    language = detect_language(f"{question} {text[:600]}")
    asked = content_words(question, language)
    best: tuple[int, str] | None = None
    for sentence in sentences(text):
        shared = len(asked & content_words(sentence, language))
        if shared and (best is None or shared > best[0]):
            best = (shared, sentence)
    if best is None:
        return _cut(text, 0, max_chars)
    window = evidence_window(text, best[1])
    if len(window) <= max_chars:
        return window
    at = _first_shared(window, asked, language)
    return _cut(window, max(0, at - max_chars // 4), max_chars)


def _first_shared(text: str, asked: set[str], language: str) -> int:
    """Where the first word the question shares with `text` starts (0 when none does)."""
    for match in TERM_PATTERN.finditer(text):
        if asked & content_words(match.group(0), language):
            return match.start()
    return 0


def _cut(text: str, start: int, max_chars: int) -> str:
    """`max_chars` of `text` from about `start`, on word boundaries."""
    if start > 0:
        space = text.rfind(" ", 0, start)
        start = space + 1 if space >= 0 else start
    end = start + max_chars
    if end < len(text):
        space = text.rfind(" ", start, end)
        end = space if space > start else end
    return text[start:end].strip()
