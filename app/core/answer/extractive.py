"""The extractive fallback: the note's own sentences that best match the question."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.core.answer.grounding import Similarity, sentences
from app.core.basics.text import content_words
from app.core.index.retrieve import Passage


@dataclass(frozen=True)
class QuotedSentence:
    passage: int  # 1-based number among the passages given
    text: str
    shared_words: tuple[str, ...]


def best_sentences(
    question: str,
    passages: Sequence[Passage],
    *,
    limit: int = 2,
    similarity: Similarity | None = None,
) -> list[QuotedSentence]:
    """Up to `limit` sentences that share the most content words with the question.

    Only sentences sharing at least one content word qualify: a quote with nothing in
    common with the question is not evidence.
    """
    asked = content_words(question)
    scored: list[tuple[float, int, int, QuotedSentence]] = []
    for number, passage in enumerate(passages, start=1):
        for order, sentence in enumerate(sentences(passage.text)):
            if sentence.lstrip().startswith("#"):
                continue
            shared = asked & content_words(sentence)
            if not shared:
                continue
            score = len(shared) / max(len(asked), 1)
            if similarity is not None:
                score += similarity(question, sentence)
            quoted = QuotedSentence(number, sentence, tuple(sorted(shared)))
            scored.append((score, -number, -order, quoted))
    scored.sort(key=lambda item: item[:3], reverse=True)
    return [item[3] for item in scored[:limit]]
