"""Signals computed from one question's own retrieval, used by the verdict gates.

Every signal compares a question with itself (its best match against its own top-k) or
counts words, so nothing is compared across differently worded questions.
"""

from __future__ import annotations

import statistics
from collections.abc import Container
from dataclasses import dataclass

from app.core.basics.text import content_words
from app.core.index.retrieve import SearchResult


@dataclass(frozen=True)
class ScoreShape:
    """The top cosine similarity against the median of the same question's top-k."""

    similarities: tuple[float, ...]  # the vector leg's top-k, best first

    @property
    def k(self) -> int:
        return len(self.similarities)

    @property
    def top(self) -> float:
        return self.similarities[0] if self.similarities else 0.0

    @property
    def median(self) -> float:
        return statistics.median(self.similarities) if self.similarities else 0.0

    @property
    def gap(self) -> float:
        return self.top - self.median

    @property
    def ratio(self) -> float:
        return self.top / self.median if self.median > 0 else float("inf")


@dataclass(frozen=True)
class LexicalSupport:
    """How many of the question's content words occur in the retrieved passages."""

    question_words: tuple[str, ...]
    found: tuple[str, ...]
    missing: tuple[str, ...]

    @property
    def fraction(self) -> float:
        return len(self.found) / len(self.question_words) if self.question_words else 0.0


@dataclass(frozen=True)
class Signals:
    shape: ScoreShape
    lexical: LexicalSupport
    best_bm25: float  # the lexical leg's best score for this question (0 when no hit)
    passages: int
    unknown_words: tuple[str, ...]  # question words that no note in the index contains


def compute_signals(result: SearchResult, vocabulary: Container[str], shape_k: int = 10) -> Signals:
    similarities = tuple(h.similarity.value for h in result.vector_hits[:shape_k])
    asked = content_words(result.question)
    seen: set[str] = set()
    for p in result.passages:
        seen |= content_words(" ".join(p.primary.heading_path) + " " + p.text)
    found = tuple(sorted(asked & seen))
    missing = tuple(sorted(asked - seen))
    best_bm25 = result.lexical_hits[0].score.value if result.lexical_hits else 0.0
    return Signals(
        ScoreShape(similarities),
        LexicalSupport(tuple(sorted(asked)), found, missing),
        best_bm25,
        len(result.passages),
        tuple(sorted(w for w in asked if w not in vocabulary)),
    )
