"""The vector store port and its Chroma adapter.

Chroma is only ever handed vectors, never texts: a text-only add or query would make it
load its own embedding model from the network.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from app.core.basics.scores import CosineSimilarity
from app.core.models.embedder import Vectors
from app.errors import IndexCorruptError

T = TypeVar("T")

COLLECTION = "asknotes-chunks"
# Chroma's graph search looks at `ef_search` candidates (100 by default): a folder's few
# hundred vectors inserted in another order (a writer killed mid-batch and resumed) could
# then miss a true neighbour that the exact snapshot search finds. A wider search costs
# well under a millisecond per question and makes the two agree.
EF_SEARCH = 256
HNSW_CONFIGURATION = {"hnsw": {"space": "cosine", "ef_search": EF_SEARCH}}
MARGIN = 8  # extra candidates ranked exactly, so float32 rounding at the cut cannot matter


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

    def vectors_of(self, ids: Sequence[str]) -> dict[str, npt.NDArray[np.float32]]:
        """The stored vectors of these ids (an id the store lacks is left out)."""
        ...

    def nearest(
        self, vector: Vectors, n: int, only: Collection[str] | None = None
    ) -> list[VectorHit]:
        """The `n` nearest vectors, most similar first; with `only`, among those ids alone
        (a scope, applied by the store before it ranks)."""
        ...

    def reopen(self, path: Path | None = None) -> None:
        """Drop every in-memory view and read the store from disk again (at `path`)."""
        ...

    def close(self) -> None: ...


ID_PAGE = 200_000  # ids listed per read of the embedded store


def upsert_batches(collection: Any, ids: Sequence[str], vectors: Vectors, batch: int) -> None:
    """Upsert in slices Chroma accepts, always with the vectors (never texts)."""
    for i in range(0, len(ids), batch):
        collection.upsert(
            ids=list(ids[i : i + batch]),
            embeddings=np.asarray(vectors[i : i + batch], dtype=np.float32),
        )


def delete_batches(collection: Any, ids: Sequence[str], batch: int) -> None:
    for i in range(0, len(ids), batch):
        collection.delete(ids=list(ids[i : i + batch]))


def vectors_by_id(
    collection: Any, ids: Sequence[str], batch: int
) -> dict[str, npt.NDArray[np.float32]]:
    found: dict[str, npt.NDArray[np.float32]] = {}
    for i in range(0, len(ids), batch):
        page = collection.get(ids=list(ids[i : i + batch]), include=["embeddings"])
        for h, stored in zip(page["ids"], page["embeddings"], strict=True):
            found[h] = np.asarray(stored, dtype=np.float32)
    return found


def nearest_in(
    collection: Any, vector: Vectors, n: int, only: Collection[str] | None, batch: int
) -> list[VectorHit]:
    """The `n` nearest vectors (among `only` when given); none from an empty collection.

    Chroma returns fewer than `n` from a smaller collection (none from an empty one), so
    no `count()` is asked first: on a large store it cost more than the query itself.
    """
    if n <= 0 or (only is not None and not only):
        return []
    return nearest_hits(collection, vector, n if only is None else min(n, len(only)), only, batch)


def nearest_hits(
    collection: Any,
    vector: Vectors,
    n: int,
    only: Collection[str] | None = None,
    batch: int = 1000,
) -> list[VectorHit]:
    """The `n` nearest records of a Chroma collection, most similar first; with `only`,
    among those ids alone.

    Chroma picks the candidates; their similarity is computed from the stored vectors
    (`CosineSimilarity.between`), and ties break by hash, so an embedded store and a
    server holding the same vectors return the same list with the same numbers. Chroma
    filters a scope's ids before its nearest-neighbour search, so a small scope still
    gets its `n` best vectors; it fails on an id it does not hold (a vector a crash left
    unwritten, not yet repaired), and then the ids it holds are looked up and asked again.
    """
    query = np.asarray(vector, dtype=np.float32).reshape(1, -1)
    asked = n + MARGIN
    if only is None:
        result = collection.query(query_embeddings=query, n_results=asked, include=["embeddings"])
    else:
        wanted = sorted(only)
        try:
            result = collection.query(
                query_embeddings=query,
                ids=wanted,
                n_results=min(asked, len(wanted)),
                include=["embeddings"],
            )
        except Exception:
            found: list[str] = []
            for i in range(0, len(wanted), batch):
                found.extend(collection.get(ids=wanted[i : i + batch], include=[])["ids"])
            wanted = sorted(found)
            if not wanted:
                return []
            result = collection.query(
                query_embeddings=query,
                ids=wanted,
                n_results=min(asked, len(wanted)),
                include=["embeddings"],
            )
    # A server sends each float32 as its shortest decimal: back to float32 first, exactly.
    hits = [
        VectorHit(h, CosineSimilarity.between(query[0], np.asarray(stored, dtype=np.float32)))
        for h, stored in zip(result["ids"][0], result["embeddings"][0], strict=True)
    ]
    hits.sort(key=lambda hit: (-hit.similarity.value, hit.text_hash))
    return hits[:n]


class VectorStoreError(IndexCorruptError):
    """The vector store cannot be opened or read."""


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0][:300] if text else type(exc).__name__


class ChromaVectorStore:
    """An embedded Chroma database in a folder, collection in cosine space.

    Chroma keeps each collection's HNSW graph in memory, loaded once per process: another
    process's later writes reach its SQLite file (so `count()` sees them) but never that
    graph (so queries miss them). `reopen` closes the client, which is the only way to
    drop Chroma's process-wide cache of it, and opens a new one. One lock serialises every
    call with a reopen, so no query runs on a client being closed.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.RLock()
        self._client: Any = None
        self._collection: Any = None
        self._batch = 1
        self._open()

    def _open(self) -> None:
        import chromadb
        from chromadb.config import Settings

        self.path.mkdir(parents=True, exist_ok=True)
        try:
            self._client = chromadb.PersistentClient(
                path=str(self.path),
                settings=Settings(anonymized_telemetry=False, allow_reset=False),
            )
            self._collection = self._client.get_or_create_collection(
                COLLECTION,
                embedding_function=None,
                configuration=HNSW_CONFIGURATION,
            )
            space = (self._collection.configuration.get("hnsw") or {}).get("space")
            self._batch = max(1, int(self._client.get_max_batch_size()))
        except Exception as exc:
            self._forget_failed_system()
            raise self._damaged(exc) from exc
        if space != "cosine":
            raise VectorStoreError(
                f"the vector store in {self.path} is in {space} space, not cosine; "
                "run `asknotes index --repair`"
            )

    def _forget_failed_system(self) -> None:
        """Chroma caches a client's system by path even when starting it failed, and would
        hand the broken one to the next client on this path."""
        from chromadb.api.shared_system_client import SharedSystemClient

        if self._client is not None:
            with contextlib.suppress(Exception):
                self._client.close()
        self._client = self._collection = None
        with contextlib.suppress(Exception):
            SharedSystemClient._identifier_to_system.pop(str(self.path), None)
            SharedSystemClient._identifier_to_refcount.pop(str(self.path), None)

    def _damaged(self, exc: BaseException) -> VectorStoreError:
        return VectorStoreError(
            f"the vector store in {self.path} cannot be read ({_first_line(exc)}); run "
            "`asknotes index --repair` to rebuild it from the manifest"
        )

    def _call(self, what: Callable[[], T]) -> T:
        with self._lock:
            if self._collection is None:
                raise VectorStoreError(f"the vector store in {self.path} is closed")
            try:
                return what()
            except VectorStoreError:
                raise
            except Exception as exc:
                raise self._damaged(exc) from exc

    def reopen(self, path: Path | None = None) -> None:
        with self._lock:
            self.close()
            if path is not None:
                self.path = path
            self._open()

    def close(self) -> None:
        with self._lock:
            client, self._client, self._collection = self._client, None, None
            if client is not None:
                with contextlib.suppress(Exception):
                    client.close()

    def upsert(self, ids: Sequence[str], vectors: Vectors) -> None:
        self._call(lambda: upsert_batches(self._collection, ids, vectors, self._batch))

    def delete(self, ids: Iterable[str]) -> None:
        doomed = list(ids)
        self._call(lambda: delete_batches(self._collection, doomed, self._batch))

    def ids(self) -> set[str]:
        def run() -> set[str]:
            found: set[str] = set()
            offset = 0
            while True:
                # Few large pages: each offset is paid again from the start, so pages of
                # the write batch size took 8 s for 110,000 ids where one read takes 1 s.
                page = self._collection.get(include=[], limit=ID_PAGE, offset=offset)
                found.update(page["ids"])
                if len(page["ids"]) < ID_PAGE:
                    return found
                offset += ID_PAGE

        return self._call(run)

    def count(self) -> int:
        return self._call(lambda: int(self._collection.count()))

    def vectors_of(self, ids: Sequence[str]) -> dict[str, npt.NDArray[np.float32]]:
        return self._call(lambda: vectors_by_id(self._collection, ids, self._batch))

    def nearest(
        self, vector: Vectors, n: int, only: Collection[str] | None = None
    ) -> list[VectorHit]:
        return self._call(lambda: nearest_in(self._collection, vector, n, only, self._batch))


class LazyVectorStore:
    """A store opened on its first use: a process whose questions are all answered from
    the index's snapshot (see `snapshot`) never starts Chroma."""

    def __init__(self, opener: Callable[[Path], VectorStore], path: Path) -> None:
        self.path = path
        self._opener = opener
        self._store: VectorStore | None = None
        self._lock = threading.RLock()

    @property
    def is_open(self) -> bool:
        return self._store is not None

    def _open(self) -> VectorStore:
        with self._lock:
            if self._store is None:
                self._store = self._opener(self.path)
            return self._store

    def upsert(self, ids: Sequence[str], vectors: Vectors) -> None:
        self._open().upsert(ids, vectors)

    def delete(self, ids: Iterable[str]) -> None:
        self._open().delete(ids)

    def ids(self) -> set[str]:
        return self._open().ids()

    def count(self) -> int:
        return self._open().count()

    def vectors_of(self, ids: Sequence[str]) -> dict[str, npt.NDArray[np.float32]]:
        return self._open().vectors_of(ids)

    def nearest(
        self, vector: Vectors, n: int, only: Collection[str] | None = None
    ) -> list[VectorHit]:
        return self._open().nearest(vector, n, only)

    def reopen(self, path: Path | None = None) -> None:
        with self._lock:
            if path is not None:
                self.path = path
            if self._store is not None:
                self._store.reopen(path)

    def close(self) -> None:
        with self._lock:
            store, self._store = self._store, None
            if store is not None:
                store.close()
