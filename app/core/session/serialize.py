"""Plain-data views of core results, for `--json` output."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from app.core.answer.lists import ListAnswer
from app.core.answer.result import Answer
from app.core.index.indexer import IndexReport
from app.core.index.retrieve import Passage, SearchResult
from app.core.verdict.why import Explanation


def scope_dict(result: SearchResult) -> dict[str, Any]:
    """The scope taken out of the question, and how many notes it admitted."""
    if result.scope.is_empty:
        return {"scope": None, "scope_notes": None}
    return {"scope": result.scope.describe(), "scope_notes": result.scope_notes}


def list_dict(answer: ListAnswer) -> dict[str, Any]:
    """`asknotes ask --json` for a list or count question."""
    return {
        "question": answer.ask.question,
        "list": {"subject": answer.ask.subject, "count": answer.ask.count},
        **scope_dict(answer.result),
        "answer": answer.text,
        "refused": answer.refused,
        "items": [
            {
                "number": item.number,
                "file": item.file,
                "sentence": item.sentence,
                "passage": item.passage.as_dict(),
            }
            for item in answer.items
        ],
        "not_stating_the_subject": list(answer.unsupported),
        "seconds": round(answer.seconds, 4),
    }


def search_dict(result: SearchResult) -> dict[str, Any]:
    return {
        "question": result.question,
        **scope_dict(result),
        "seconds": round(result.seconds, 4),
        "passages": [p.as_dict() for p in result.passages],
    }


def report_dict(report: IndexReport) -> dict[str, Any]:
    return {
        "files_seen": report.files_seen,
        "added": report.added,
        "changed": report.changed,
        "removed": report.removed,
        "unchanged": report.unchanged,
        "skipped": [
            {"file": s.rel_path, "reason": s.reason.value, "detail": s.detail}
            for s in report.skipped
        ],
        "chunks": report.chunks,
        "texts_embedded": report.texts_embedded,
        "texts_reused": report.texts_reused,
        "duplicate_chunks": report.duplicate_chunks,
        "repaired_vectors": report.repaired_vectors,
        "swept_vectors": report.swept_vectors,
        "kept_unreadable": report.kept,
        "held_removals": report.held_removals,
        "removal_guard": report.removal_guard,
        "rebuilt": report.rebuilt,
        "store_repaired": report.store_repaired,
        "seconds": round(report.seconds, 3),
        "embed_seconds": round(report.embed_seconds, 3),
    }


def explanation_dict(explanation: Explanation) -> dict[str, Any]:
    s = explanation.signals
    return {
        "question": explanation.result.question,
        **scope_dict(explanation.result),
        "verdict": "answerable" if explanation.verdict.answerable else "refused",
        **explanation.verdict.as_dict(),
        "signals": {
            "top_cosine": s.shape.top,
            "median_cosine": s.shape.median,
            "gap": s.shape.gap,
            "shape_k": s.shape.k,
            "coverage": round(s.coverage, 4),
            "missing_words": list(s.missing_words),
            # missing words that passages of another language may state in their own words
            "unread_words": list(s.unread_words),
            "readable_share": round(s.readable, 4),
            # texts of the question's language below the top k, read for its words in
            # place of passages in another language
            "words_also_read_in": list(explanation.result.stand_ins),
            "unknown_words": list(s.unknown_words),
            "exact_terms": list(s.exact_terms),
            "best_bm25": s.best_bm25,
            "bm25_share": round(s.bm25_norm, 4),
            "asked_type": s.asked.value if s.asked else None,
            "type_stated": s.type_stated,
            "terms": [
                {
                    "word": t.word,
                    "kind": t.kind,
                    "salience": t.salience,
                    "known": t.known,
                    "in_passages": t.in_passages,
                }
                for t in s.terms
            ],
        },
        "passages": [p.as_dict() for p in explanation.result.passages],
        "next_steps": list(explanation.next_steps),
    }


def answer_dict(answer: Answer) -> dict[str, Any]:
    number_of = answer.numbers

    def numbered(p: Passage) -> dict[str, Any]:
        return {"number": number_of.get(p.text_hash), **p.as_dict()}

    t = answer.timings
    return {
        "question": answer.question,
        "kind": answer.kind.value,
        "refused": answer.refused,
        "refusal_check": answer.refusal_check,
        "text": answer.text,
        "checks": [
            {
                "name": c.name,
                "passed": c.passed,
                "detail": c.detail,
                "not_known_yet": c.not_known_yet,
            }
            for c in answer.checks
        ],
        "proposal": None
        if answer.proposal is None
        else {
            "found": answer.proposal.found,
            "quote": answer.proposal.quote,
            "passage": answer.proposal.passage,
            "answer": answer.proposal.answer,
        },
        "quote": None
        if answer.quote is None
        else {
            "passage": answer.quote.passage,
            "text": answer.quote.text,
            "exact": answer.quote.exact,
            "stitched": answer.quote.stitched,
        },
        "quotes": [{"passage": q.passage, "text": q.text} for q in answer.quotes],
        "cited": [numbered(p) for p in answer.cited],
        "unused": [numbered(p) for p in answer.unused],
        "retrieved": [numbered(p) for p in answer.retrieved],
        "dropped": [p.as_dict() for p in (answer.prompt.dropped if answer.prompt else ())],
        "unsupported": list(answer.citations.unsupported) if answer.citations else [],
        "flags": list(answer.flags),
        "verdict": answer.verdict.as_dict(),
        "model": answer.model,
        "timings": {
            "retrieval_s": round(t.retrieval_s, 4),
            "prompt_tokens": t.prompt_tokens,
            "first_token_s": None if t.first_token_s is None else round(t.first_token_s, 3),
            "generation_s": round(t.generation_s, 3),
            "total_s": round(t.total_s, 3),
        },
    }


def eval_dict(report: Any) -> dict[str, Any]:
    """`asknotes eval --json`: the summary, every question, and what flipped."""
    return {
        "summary": report.summary,
        "questions": [asdict(o) for o in report.outcomes],
        "flipped": [asdict(f) for f in report.flipped],
    }
