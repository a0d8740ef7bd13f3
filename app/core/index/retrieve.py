"""Hybrid retrieval: a vector leg and a BM25 leg, fused by weighted reciprocal rank."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from app.core.basics.scores import Bm25Score, CosineSimilarity, FusedScore
from app.core.index.lexical import LexicalHit
from app.core.index.manifest import ChunkSource
from app.core.index.store import NoteIndex
from app.core.index.vectors import VectorHit


@dataclass(frozen=True)
class RetrievalSettings:
    """How many passages to return and how the two legs are fused.

    `candidates` is how many hits each leg fetches before fusion; the weights scale each
    leg's reciprocal-rank contribution (see README, "Choosing the fusion weights").
    """

    k: int = 5
    candidates: int = 30
    rrf_k: int = 60
    vector_weight: float = 1.0
    lexical_weight: float = 1.0
    min_cosine: float | None = None  # distance floor, applied before the candidate slice

    def __post_init__(self) -> None:
        if self.k < 1:
            raise ValueError(f"k={self.k} must be at least 1")
        if self.candidates < self.k:
            raise ValueError(f"candidates={self.candidates} must be at least k={self.k}")
        if self.vector_weight < 0 or self.lexical_weight < 0:
            raise ValueError("fusion weights must not be negative")
        if self.vector_weight == 0 and self.lexical_weight == 0:
            raise ValueError("at least one fusion weight must be positive")


@dataclass(frozen=True)
class Passage:
    """One retrieved chunk text with every rank and score that placed it."""

    text_hash: str
    text: str
    sources: tuple[ChunkSource, ...]  # every place this exact text occurs, first is primary
    fused_rank: int
    fused: FusedScore
    vector_rank: int | None
    cosine: CosineSimilarity | None
    bm25_rank: int | None
    bm25: Bm25Score | None

    @property
    def primary(self) -> ChunkSource:
        return self.sources[0]

    @property
    def heading(self) -> str:
        return self.primary.heading

    def as_dict(self) -> dict[str, Any]:
        """Plain data for `--json` output and stored runs; a rank is None when that leg
        did not return the passage."""
        first = self.primary
        return {
            "file": first.file,
            "heading_path": first.heading,
            "start_line": first.start_line,
            "end_line": first.end_line,
            "text": self.text,
            "sources": [
                {
                    "file": s.file,
                    "heading_path": s.heading,
                    "start_line": s.start_line,
                    "end_line": s.end_line,
                }
                for s in self.sources
            ],
            "vector_rank": self.vector_rank,
            CosineSimilarity.metric: None if self.cosine is None else round(self.cosine.value, 6),
            "bm25_rank": self.bm25_rank,
            Bm25Score.metric + "_score": None if self.bm25 is None else round(self.bm25.value, 6),
            "fused_rank": self.fused_rank,
            "fused_score": round(self.fused.value, 8),
        }


def passage_numbers(passages: Sequence[Passage]) -> dict[str, int]:
    """Each passage's 1-based number as shown to the model and the reader, by text hash."""
    return {p.text_hash: n for n, p in enumerate(passages, start=1)}


@dataclass(frozen=True)
class SearchResult:
    question: str
    passages: list[Passage]
    vector_hits: list[VectorHit] = field(default_factory=list)
    lexical_hits: list[LexicalHit] = field(default_factory=list)
    seconds: float = 0.0


def fuse(
    vector_hits: list[VectorHit],
    lexical_hits: list[LexicalHit],
    settings: RetrievalSettings,
) -> list[tuple[str, FusedScore]]:
    """Weighted reciprocal rank fusion; ties break toward the better vector rank."""
    fused: dict[str, float] = {}
    vector_rank = {h.text_hash: r for r, h in enumerate(vector_hits, start=1)}
    for h, r in vector_rank.items():
        fused[h] = fused.get(h, 0.0) + settings.vector_weight / (settings.rrf_k + r)
    for r, hit in enumerate(lexical_hits, start=1):
        fused[hit.text_hash] = fused.get(hit.text_hash, 0.0) + settings.lexical_weight / (
            settings.rrf_k + r
        )
    worst = len(vector_hits) + 1
    order = sorted(fused, key=lambda h: (-fused[h], vector_rank.get(h, worst), h))
    return [(h, FusedScore(fused[h])) for h in order]


def search(index: NoteIndex, question: str, settings: RetrievalSettings) -> SearchResult:
    """Retrieve the top `settings.k` passages for `question`."""
    started = time.perf_counter()
    vector_hits: list[VectorHit] = []
    if settings.vector_weight > 0 and not index.manifest.is_empty():
        query = index.embedder.embed_batch([question])[0]
        # Stray vectors (a batch cut short) are filtered here, before the candidate slice.
        raw = index.vectors.nearest(query, settings.candidates + 16)
        known = index.manifest.known_hashes(h.text_hash for h in raw)
        floor = settings.min_cosine
        vector_hits = [
            h
            for h in raw
            if h.text_hash in known and (floor is None or h.similarity.value >= floor)
        ][: settings.candidates]
    lexical_hits: list[LexicalHit] = []
    if settings.lexical_weight > 0:
        lexical_hits = index.bm25().search(question, settings.candidates)

    ranked = fuse(vector_hits, lexical_hits, settings)
    stored = index.manifest.texts_with_sources(h for h, _ in ranked[: settings.k * 2])
    vector_by_hash = {h.text_hash: (r, h) for r, h in enumerate(vector_hits, start=1)}
    lexical_by_hash = {h.text_hash: (r, h) for r, h in enumerate(lexical_hits, start=1)}
    passages: list[Passage] = []
    for text_hash, fused_score in ranked:
        if text_hash not in stored:
            continue
        vr = vector_by_hash.get(text_hash)
        lr = lexical_by_hash.get(text_hash)
        passages.append(
            Passage(
                text_hash=text_hash,
                text=stored[text_hash].text,
                sources=stored[text_hash].sources,
                fused_rank=len(passages) + 1,
                fused=fused_score,
                vector_rank=vr[0] if vr else None,
                cosine=vr[1].similarity if vr else None,
                bm25_rank=lr[0] if lr else None,
                bm25=lr[1].score if lr else None,
            )
        )
        if len(passages) == settings.k:
            break
    return SearchResult(
        question, passages, vector_hits, lexical_hits, time.perf_counter() - started
    )
