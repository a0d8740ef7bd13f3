"""The extractive fallback: the note's own sentences that best match the question."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.core.answer.evidence import is_instruction
from app.core.answer.grounding import Similarity, identifiers_missing
from app.core.basics.language import detect_language
from app.core.basics.sentences import sentences
from app.core.basics.text import content_words
from app.core.index.retrieve import Passage
from app.core.verdict.answer_type import asked_type
from app.core.verdict.stated_values import states


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
    common with the question is not evidence. When the question asks for a kind of value
    (a price, a date), only sentences stating one qualify; text addressed to an assistant
    never does.
    """
    language = detect_language(" ".join([question, *(p.text for p in passages)])[:4000])
    asked = content_words(question, language)
    kind = asked_type(question)
    scored: list[tuple[float, int, int, QuotedSentence]] = []
    for number, passage in enumerate(passages, start=1):
        if identifiers_missing(question, f"{passage.surroundings}\n{passage.text}"):
            continue  # a passage about ERR-1001 is no evidence for ERR-7001
        for order, sentence in enumerate(sentences(passage.text)):
            if sentence.lstrip().startswith("#"):
                continue
            shared = asked & content_words(sentence, language)
            if not shared or is_instruction(sentence):
                continue
            if kind is not None and not states(sentence, kind, question, passage.text):
                continue
            score = len(shared) / max(len(asked), 1)
            if similarity is not None:
                score += similarity(question, sentence)
            quoted = QuotedSentence(number, sentence, tuple(sorted(shared)))
            scored.append((score, -number, -order, quoted))
    scored.sort(key=lambda item: item[:3], reverse=True)
    return [item[3] for item in scored[:limit]]
