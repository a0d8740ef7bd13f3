"""Plain-data views of core results, for `--json` output and stored runs."""

from __future__ import annotations

from typing import Any

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
