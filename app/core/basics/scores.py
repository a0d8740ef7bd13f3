"""Score types that carry their metric, direction and range across module lines.

Each type's docstring states its direction and range; `metric` names it in JSON output.

A bare float invites the classic mistake of reusing a cosine cutoff as an L2 cutoff,
or comparing a BM25 score across questions; each type here says what its number means.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import numpy.typing as npt


@dataclass(frozen=True, order=True)
class CosineSimilarity:
    """Cosine similarity of two unit vectors: higher is closer, range [-1, 1]."""

    value: float

    metric: ClassVar[str] = "cosine_similarity"

    @classmethod
    def from_cosine_distance(cls, distance: float) -> CosineSimilarity:
        """Convert Chroma's cosine-space distance, which is defined as 1 - similarity."""
        return cls(1.0 - float(distance))

    def to_cosine_distance(self) -> float:
        return 1.0 - self.value

    @classmethod
    def between(cls, a: npt.ArrayLike, b: npt.ArrayLike) -> CosineSimilarity:
        """The cosine of the angle between two stored vectors, in float64.

        Computed here rather than taken from the vector engine, whose float32 arithmetic
        differs between its embedded and server builds in the sixth decimal: the same
        vectors give the same similarity to the last digit wherever they are stored.
        """
        x = np.asarray(a, dtype=np.float64)
        y = np.asarray(b, dtype=np.float64)
        norms = float(np.linalg.norm(x) * np.linalg.norm(y))
        return cls(float(np.dot(x, y)) / norms if norms else 0.0)


@dataclass(frozen=True, order=True)
class Bm25Score:
    """Okapi BM25 score: higher is better, unbounded, comparable only within one question."""

    value: float

    metric: ClassVar[str] = "bm25"


@dataclass(frozen=True, order=True)
class FusedScore:
    """Weighted reciprocal-rank-fusion score: higher is better, comparable within one question."""

    value: float

    metric: ClassVar[str] = "weighted_rrf"
