"""Retrieval measurements over a question set: where the answer passage ranks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.core.evals.questions import Question
from app.core.index.fusion import RetrievalSettings
from app.core.index.retrieve import Passage, search
from app.core.index.store import NoteIndex


def anchor_rank(passages: Sequence[Passage], question: Question) -> int | None:
    """1-based rank of the first passage whose text matches the question's anchor."""
    pattern = question.anchor_pattern()
    if pattern is None:
        return None
    for rank, p in enumerate(passages, start=1):
        if pattern.search(p.text):
            return rank
    return None


def source_rank(passages: Sequence[Passage], question: Question) -> int | None:
    """1-based rank of the first passage from any of the question's source notes."""
    if not question.sources:
        return None
    wanted = set(question.sources)
    for rank, p in enumerate(passages, start=1):
        if any(s.file in wanted for s in p.sources):
            return rank
    return None


@dataclass(frozen=True)
class RetrievalScore:
    """Answer-passage recall@k and mean reciprocal rank over anchored questions."""

    questions: int
    found: int
    recall_at_k: float
    mrr: float
    ranks: tuple[int | None, ...]


def score_retrieval(
    index: NoteIndex, questions: Sequence[Question], settings: RetrievalSettings
) -> RetrievalScore:
    anchored = [q for q in questions if q.anchor is not None]
    ranks = tuple(anchor_rank(search(index, q.asked, settings).passages, q) for q in anchored)
    return summarize(ranks)


def summarize(ranks: Sequence[int | None]) -> RetrievalScore:
    found = sum(r is not None for r in ranks)
    n = len(ranks)
    mrr = sum(1.0 / r for r in ranks if r is not None) / n if n else 0.0
    return RetrievalScore(n, found, found / n if n else 0.0, mrr, tuple(ranks))
