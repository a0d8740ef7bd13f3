"""Plain-data views of core results, for `--json` output and stored runs."""

from __future__ import annotations

from typing import Any

from app.core.answer import Answer
from app.core.chunk import HEADING_SEPARATOR
from app.core.indexer import IndexReport
from app.core.retrieve import Passage, SearchResult


def passage_dict(p: Passage) -> dict[str, Any]:
    first = p.primary
    return {
        "file": first.file,
        "heading_path": HEADING_SEPARATOR.join(first.heading_path),
        "start_line": first.start_line,
        "end_line": first.end_line,
        "text": p.text,
        "sources": [
            {
                "file": s.file,
                "heading_path": HEADING_SEPARATOR.join(s.heading_path),
                "start_line": s.start_line,
                "end_line": s.end_line,
            }
            for s in p.sources
        ],
        "vector_rank": p.vector_rank,
        "cosine_similarity": None if p.cosine is None else round(p.cosine.value, 6),
        "bm25_rank": p.bm25_rank,
        "bm25_score": None if p.bm25 is None else round(p.bm25.value, 6),
        "fused_rank": p.fused_rank,
        "fused_score": round(p.fused.value, 8),
    }


def search_dict(result: SearchResult) -> dict[str, Any]:
    return {
        "question": result.question,
        "seconds": round(result.seconds, 4),
        "passages": [passage_dict(p) for p in result.passages],
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
        "seconds": round(report.seconds, 3),
        "embed_seconds": round(report.embed_seconds, 3),
    }


def answer_dict(answer: Answer) -> dict[str, Any]:
    numbered = list(answer.prompt.passages) if answer.prompt else []
    number_of = {p.text_hash: i for i, p in enumerate(numbered, start=1)}

    def numbered_passage(p: Passage) -> dict[str, Any]:
        return {"number": number_of.get(p.text_hash), **passage_dict(p)}

    t = answer.timings
    return {
        "question": answer.question,
        "kind": answer.kind.value,
        "refused": answer.refused,
        "refusal_check": answer.refusal_check,
        "text": answer.text,
        "checks": [{"name": c.name, "passed": c.passed, "detail": c.detail} for c in answer.checks],
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
        },
        "quotes": [{"passage": q.passage, "text": q.text} for q in answer.quotes],
        "cited": [numbered_passage(p) for p in answer.cited],
        "unused": [numbered_passage(p) for p in answer.unused],
        "retrieved": [numbered_passage(p) for p in answer.retrieved],
        "dropped": [passage_dict(p) for p in (answer.prompt.dropped if answer.prompt else ())],
        "unsupported": list(answer.citations.unsupported) if answer.citations else [],
        "flags": list(answer.flags),
        "model": answer.model,
        "timings": {
            "retrieval_s": round(t.retrieval_s, 4),
            "prompt_tokens": t.prompt_tokens,
            "first_token_s": None if t.first_token_s is None else round(t.first_token_s, 3),
            "generation_s": round(t.generation_s, 3),
            "total_s": round(t.total_s, 3),
        },
    }
