"""Explain a verdict: every signal with its points, the passages, and what to try next."""

from __future__ import annotations

from dataclasses import dataclass

from app.core.basics.language import NAMES
from app.core.index.fusion import RetrievalSettings
from app.core.index.retrieve import SearchResult, search
from app.core.index.store import NoteIndex
from app.core.verdict.gates import (
    ANSWER_TYPE,
    DISTANCE_FLOOR,
    LEXICAL_MATCH,
    LEXICAL_SUPPORT,
    SCORE_SHAPE,
    UNKNOWN_TERM,
    WEAK_MATCH,
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
    signals = compute_signals(result, index.vocabulary(), gates.shape_k)
    verdict = judge_retrieval(result, signals, gates)
    return Explanation(result, signals, verdict, tuple(next_steps(result, signals, verdict)))


def next_steps(result: SearchResult, signals: Signals, verdict: Verdict) -> list[str]:
    """Concrete things to try, each grounded in a number from this question's retrieval."""
    steps: list[str] = []
    k = len(result.passages)
    shown = {p.text_hash for p in result.passages}
    fired = {g.name for g in verdict.gates if g.enabled and g.fired}
    naming = [t for t in signals.unknown if t.salience >= 0.6]
    scope_line = result.scope_line()
    if scope_line is not None and (verdict.fired is not None or not result.passages):
        steps.append(f"{scope_line}; widen or drop the scope to search every note")
    if naming:
        words = ", ".join(t.word for t in naming)
        steps.append(
            f"no note contains {words}: the notes may not cover this, or use another word "
            "for it; try the word your notes would use"
        )
    elif signals.unknown:
        steps.append(
            f"no note contains {', '.join(signals.unknown_words)} (generic words, which "
            "count for little)"
        )
    for p in result.passages:
        if p.pinned_by:
            steps.append(
                f"the exact term `{p.pinned_by}` kept {p.primary.file} in the top {k} "
                "although the other words ranked it lower"
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
    if result.stand_ins:
        n, language = len(result.stand_ins), NAMES.get(result.language, result.language)
        below = "the best passage" if n == 1 else f"the {n} best passages"
        steps.append(
            f"passages in another language than the question's ({language}) are in the top "
            f"{k}: its words were also looked for in {below} in {language} below them"
        )
    duplicates = [p for p in result.passages if len(p.sources) > 1]
    if duplicates:
        copies = sum(len(p.sources) - 1 for p in duplicates)
        steps.append(f"duplicate text was collapsed: {copies} extra copies freed top-{k} slots")
    if ANSWER_TYPE in fired and signals.asked is not None:
        steps.append(
            f"the question asks for {signals.asked.described}; the passages are about the "
            "topic but state none: the notes likely never recorded it"
        )
    if fired & {WEAK_MATCH, SCORE_SHAPE}:
        steps.append(
            "the best match is weak for this folder: the notes likely do not discuss this; "
            "if they do, `asknotes calibrate QUESTIONS --write` with a few labelled questions"
        )
    if fired & {LEXICAL_SUPPORT, LEXICAL_MATCH} and not naming:
        steps.append(
            f"missing from the passages: {', '.join(signals.missing_words) or 'none'}; "
            "rephrase with the notes' own words"
        )
    if UNKNOWN_TERM in fired and not naming:
        steps.append("rephrase without the words no note contains")
    if DISTANCE_FLOOR in fired:
        steps.append("the best match is under the min_cosine floor you set; lower or unset it")
    if not steps and verdict.answerable:
        steps.append("the notes look able to answer: `asknotes ask` it")
    return steps
