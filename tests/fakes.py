"""Deterministic fakes for fast unit tests (the claims in the README use real models)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np

from app.core.embedder import EmbedderIdentity, Vectors
from app.core.text import content_words


class FakeEmbedder:
    """Hashed bag of stemmed words: texts sharing words get similar unit vectors."""

    def __init__(self, dimension: int = 64, name: str = "fake-bow") -> None:
        self._identity = EmbedderIdentity(name, dimension, "fake")
        self.calls: list[int] = []  # batch sizes, to count what was embedded

    @property
    def identity(self) -> EmbedderIdentity:
        return self._identity

    @property
    def embedded(self) -> int:
        return sum(self.calls)

    def embed_batch(self, texts: Sequence[str]) -> Vectors:
        self.calls.append(len(texts))
        dim = self._identity.dimension
        out = np.zeros((len(texts), dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in content_words(text) or {"<empty>"}:
                bucket = int(hashlib.md5(word.encode()).hexdigest(), 16) % dim
                out[row, bucket] += 1.0
            out[row] /= np.linalg.norm(out[row])
        return out
