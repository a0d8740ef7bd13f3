"""The vector store port and its Chroma adapter.

Chroma is only ever handed vectors, never texts: a text-only add or query would make it
load its own embedding model from the network.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from app.core.basics.scores import CosineSimilarity
from app.core.models.embedder import Vectors

COLLECTION = "asknotes-chunks"


@dataclass(frozen=True)
class VectorHit:
    text_hash: str
    similarity: CosineSimilarity


class VectorStore(Protocol):
    """Unit vectors keyed by chunk text hash, searched by cosine similarity."""

    def upsert(self, ids: Sequence[str], vectors: Vectors) -> None: ...

    def delete(self, ids: Iterable[str]) -> None: ...

    def ids(self) -> set[str]: ...

    def count(self) -> int: ...

    def nearest(self, vector: Vectors, n: int) -> list[VectorHit]:
        """The `n` nearest vectors, most similar first."""
        ...


class ChromaVectorStore:
    """An embedded Chroma database in a folder, collection in cosine space."""

    def __init__(self, path: Path) -> None:
        import chromadb
        from chromadb.config import Settings

        path.mkdir(parents=True, exist_ok=True)
        self._client = chromadb.PersistentClient(
            path=str(path),
            settings=Settings(anonymized_telemetry=False, allow_reset=False),
        )
        self._collection: Any = self._client.get_or_create_collection(
            COLLECTION,
            embedding_function=None,
            configuration={"hnsw": {"space": "cosine"}},
        )
        space = (self._collection.configuration.get("hnsw") or {}).get("space")
        if space != "cosine":
            raise ValueError(f"collection {COLLECTION} is in {space} space, expected cosine")
        self._batch = max(1, int(self._client.get_max_batch_size()))

    def upsert(self, ids: Sequence[str], vectors: Vectors) -> None:
        for i in range(0, len(ids), self._batch):
            self._collection.upsert(
                ids=list(ids[i : i + self._batch]),
                embeddings=np.asarray(vectors[i : i + self._batch], dtype=np.float32),
            )

    def delete(self, ids: Iterable[str]) -> None:
        doomed = list(ids)
        for i in range(0, len(doomed), self._batch):
            self._collection.delete(ids=doomed[i : i + self._batch])

    def ids(self) -> set[str]:
        found: set[str] = set()
        offset = 0
        while True:
            page = self._collection.get(include=[], limit=self._batch, offset=offset)
            found.update(page["ids"])
            if len(page["ids"]) < self._batch:
                return found
            offset += self._batch

    def count(self) -> int:
        return int(self._collection.count())

    def nearest(self, vector: Vectors, n: int) -> list[VectorHit]:
        total = self.count()
        if total == 0 or n <= 0:
            return []
        result = self._collection.query(
            query_embeddings=np.asarray(vector, dtype=np.float32).reshape(1, -1),
            n_results=min(n, total),
            include=["distances"],
        )
        return [
            VectorHit(h, CosineSimilarity.from_cosine_distance(d))
            for h, d in zip(result["ids"][0], result["distances"][0], strict=True)
        ]
