"""The lean prompt: each passage cut to the part the question needs.

Prompt reading is what the user waits for before the first word (about 57 tokens a second
on two cores, bench/answer_speed.py), and five whole passages are most of the prompt. A
passage longer than the window keeps the block that best matches the question and then
the blocks after it (where an introduction's command, value or list usually is), then the
blocks before it, while they fit. The heading is left out: the passage's fence already
names its section, and a heading matches the question's words while holding no answer.
The quote the model copies is still found in the passage, which the checks read whole.
"""

from __future__ import annotations

from app.core.answer.evidence import Block, blocks
from app.core.basics.language import detect_language
from app.core.basics.sentences import sentence_span, sentences
from app.core.basics.text import TERM_PATTERN, content_words
from app.core.verdict.answer_type import asked_type
from app.core.verdict.stated_values import states

_GAP = "\n\n"


def passage_window(question: str, text: str, max_chars: int) -> str:
    """The whole `text` when it fits in `max_chars`, else the part the question needs."""
    if max_chars <= 0 or len(text) <= max_chars:
        return text
    language = detect_language(f"{question} {text[:600]}")
    asked = content_words(question, language)
    body = [b for b in blocks(text) if not _is_heading(b)]
    if not body:
        return _cut(text, 0, max_chars)
    best, sentence = _best_sentence(question, body, asked, language)
    if len(body[best].text) > max_chars:  # a long table, list or code block: cut around
        block = body[best].text
        start = _where(block, sentence)
        at = start + _first_shared(block[start:], asked, language)
        return _cut(block, max(start, at - max_chars // 4), max_chars)
    first = last = best
    used = len(body[best].text)
    # After the best block first (where an introduction's command or value is), then before.
    while last + 1 < len(body) and used + len(_GAP) + len(body[last + 1].text) <= max_chars:
        last += 1
        used += len(_GAP) + len(body[last].text)
    while first > 0 and used + len(_GAP) + len(body[first - 1].text) <= max_chars:
        first -= 1
        used += len(_GAP) + len(body[first].text)
    return _GAP.join(b.text for b in body[first : last + 1])


def _is_heading(block: Block) -> bool:
    return block.kind == "paragraph" and block.text.lstrip().startswith("#")


def _best_sentence(
    question: str, body: list[Block], asked: set[str], language: str
) -> tuple[int, str]:
    """The block holding the sentence (list item, table row, code line) that shares the
    most words with the question, a sentence stating the asked kind of value (a price, a
    time) counting one word more; and that sentence. The first block when none shares."""
    kind = asked_type(question)
    best: tuple[int, int, str] = (0, 0, "")
    for i, block in enumerate(body):
        for sentence in sentences(block.text):
            shared = len(asked & content_words(sentence, language))
            if shared and kind is not None and states(sentence, kind, question):
                shared += 1
            if shared > best[0]:
                best = (shared, i, sentence)
    return best[1], best[2]


def _first_shared(text: str, asked: set[str], language: str) -> int:
    """Where the first word the question shares with `text` starts (0 when none does)."""
    for match in TERM_PATTERN.finditer(text):
        if asked & content_words(match.group(0), language):
            return match.start()
    return 0


def _where(text: str, sentence: str) -> int:
    """Where `sentence` (whose wrapped lines were joined) starts in `text`; 0 if unknown."""
    span = sentence_span(text, " ".join(sentence.split()[:4]))
    return span[0] if span else 0


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
