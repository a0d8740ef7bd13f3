"""How the vector and keyword legs' ranked lists become one: the settings and the fusion.

Weighted reciprocal rank fusion, with the texts of other languages the moved question
finds joined to the vector leg (see `cross_language`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from app.core.basics.scores import FusedScore
from app.core.index.cross_language import keyword_ranks_across, vector_order
from app.core.index.lexical import LexicalHit
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
    pinned_terms: int = 2  # rare exact terms whose best keyword hit keeps a top-k place
    # What a text of another language, found by the question moved to its language
    # (`language_space`), gives up when ranked among the question's own hits (a cosine
    # above its list's median, see `vector_order`); None leaves the vector leg as asked.
    language_shift: float | None = 0.0

    def __post_init__(self) -> None:
        if self.k < 1:
            raise ValueError(f"k={self.k} must be at least 1")
        if self.candidates < self.k:
            raise ValueError(f"candidates={self.candidates} must be at least k={self.k}")
        if self.vector_weight < 0 or self.lexical_weight < 0:
            raise ValueError("fusion weights must not be negative")
        if self.vector_weight == 0 and self.lexical_weight == 0:
            raise ValueError("at least one fusion weight must be positive")
        if self.language_shift is not None and not -1.0 <= self.language_shift <= 1.0:
            raise ValueError(f"language_shift={self.language_shift} must be within -1 and 1")


def fuse(
    vector_hits: list[VectorHit],
    lexical_hits: list[LexicalHit],
    settings: RetrievalSettings,
    moved_hits: Sequence[VectorHit] = (),
    unread: Collection[str] = frozenset(),
) -> list[tuple[str, FusedScore]]:
    """Weighted reciprocal rank fusion; ties break toward the better vector rank.

    The vector leg's list is the question's own, joined by the texts of other languages
    the moved question finds (see `vector_order`); those of them `unread` by the keyword
    leg and among its first k take their vector rank as their keyword rank when better
    (`keyword_ranks_across`).
    """
    fused: dict[str, float] = {}
    joined = vector_order(vector_hits, moved_hits, settings.language_shift, settings.candidates)
    vector_rank = {h: r for r, h in enumerate(joined, 1)}
    for h, r in vector_rank.items():
        fused[h] = fused.get(h, 0.0) + settings.vector_weight / (settings.rrf_k + r)
    lexical_rank = {hit.text_hash: r for r, hit in enumerate(lexical_hits, start=1)}
    if settings.language_shift is not None:
        lexical_rank = keyword_ranks_across(lexical_rank, vector_rank, unread, settings.k)
    for h, r in lexical_rank.items():
        fused[h] = fused.get(h, 0.0) + settings.lexical_weight / (settings.rrf_k + r)
    worst = len(vector_hits) + len(moved_hits) + 1
    order = sorted(fused, key=lambda h: (-fused[h], vector_rank.get(h, worst), h))
    return [(h, FusedScore(fused[h])) for h in order]
