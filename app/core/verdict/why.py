"""Explain a verdict: every gate with its numbers, the passages, and what to try next."""

from __future__ import annotations

from dataclasses import dataclass

from app.core.index.retrieve import RetrievalSettings, SearchResult, search
from app.core.index.store import NoteIndex
from app.core.verdict.gates import (
    DISTANCE_FLOOR,
    LEXICAL_SUPPORT,
    SCORE_SHAPE,
    GateSettings,
    Verdict,
    judge_retrieval,
)
from app.core.verdict.signals import Signals, compute_signals


@dataclass(frozen=True)
class Explanation:
    result: SearchResult
    signals: Signals
    verdict: Verdict
    next_steps: tuple[str, ...]


def explain(
    index: NoteIndex, question: str, retrieval: RetrievalSettings, gates: GateSettings
) -> Explanation:
    result = search(index, question, retrieval)
    signals = compute_signals(result, index.bm25(), gates.shape_k)
    verdict = judge_retrieval(result, signals, gates)
    return Explanation(result, signals, verdict, tuple(next_steps(result, signals, verdict)))


def next_steps(result: SearchResult, signals: Signals, verdict: Verdict) -> list[str]:
    """Concrete things to try, each grounded in a number from this question's retrieval."""
    steps: list[str] = []
    k = len(result.passages)
    shown = {p.text_hash for p in result.passages}
    fired = {g.name for g in verdict.gates if g.enabled and g.fired}
    if signals.unknown_words:
        steps.append(
            f"no note contains {', '.join(signals.unknown_words)}: the notes may not cover "
            "this, or use another word for it; try the word your notes would use"
        )
    for rank, hit in enumerate(result.lexical_hits[:3], start=1):
        vector_rank = next(
            (r for r, v in enumerate(result.vector_hits, 1) if v.text_hash == hit.text_hash),
            None,
        )
        if hit.text_hash not in shown:
            steps.append(
                f"a keyword match (BM25 rank {rank}) is below the top {k}: the vector leg "
                f"ranked it {vector_rank or 'outside its candidates'}; raise --k or "
                "lexical_weight"
            )
    for rank, near in enumerate(result.vector_hits[k : k + 5], start=k + 1):
        if near.text_hash not in shown and signals.shape.top - near.similarity.value < 0.02:
            steps.append(
                f"the vector hit at rank {rank} is within 0.02 of the best "
                f"({near.similarity.value:.3f}); it was cut by k={k}"
            )
            break
    duplicates = [p for p in result.passages if len(p.sources) > 1]
    if duplicates:
        copies = sum(len(p.sources) - 1 for p in duplicates)
        steps.append(f"duplicate text was collapsed: {copies} extra copies freed top-{k} slots")
    if SCORE_SHAPE in fired:
        steps.append(
            "the best match barely beats the rest (a flat list): the notes likely do not "
            "discuss this; if they do, lower min_top_gap or calibrate with your questions"
        )
    if LEXICAL_SUPPORT in fired and not signals.unknown_words:
        steps.append(
            f"missing from the passages: {', '.join(signals.lexical.missing)}; rephrase with "
            "the notes' own words, or lower min_lexical_overlap"
        )
    if DISTANCE_FLOOR in fired:
        steps.append(
            "the best match is under the calibrated floor; recalibrate if the notes "
            "changed a lot since (`asknotes calibrate QUESTIONS --write`)"
        )
    if not steps and verdict.answerable:
        steps.append("every gate passed: the notes look able to answer; `asknotes ask` it")
    return steps
