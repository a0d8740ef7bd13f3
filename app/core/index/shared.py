"""A vector store on a Chroma server, shared by several machines.

The server holds everything a machine without the notes needs to answer and cite: one
record per unique chunk text, keyed by its hash, with its vector and, in the record's
metadata, the text, its BM25 tokens and every place it occurs. The collection's own
metadata holds the shared format, the embedder identity (inside the writer's manifest
meta), a publish counter that readers compare before each question, and the writer lease.

The writer keeps its own manifest (the source of truth for its notes folder) and publishes
what each committed batch changed; a reader rebuilds a local mirror of the manifest from
the server whenever the counter moved, and its BM25 index from that mirror. Like the
embedded store, the server is only ever handed vectors: a record is written with its
vector, and later only its metadata is updated, which never makes Chroma embed anything.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from app.core.index.lease import Lease, hold_lease
from app.core.index.server_address import ServerAddress, check_collection_name
from app.core.index.shared_records import SharedRecord
from app.core.index.vectors import (
    EF_SEARCH,
    HNSW_CONFIGURATION,
    VectorHit,
    delete_batches,
    nearest_in,
    upsert_batches,
    vectors_by_id,
)
from app.core.models.embedder import Vectors
from app.errors import (
    IndexError_,
    IndexMissingError,
    SchemaVersionError,
    ServerUnreachableError,
)

T = TypeVar("T")

SHARED_FORMAT = 1  # bump when the record or collection metadata layout changes
SCORE_CONTRACT = "cosine_distance"  # what Chroma returns; converted in one place
CONNECT_TIMEOUT_S = 3.0
REQUEST_TIMEOUT_S = 30.0

# Collection metadata keys.
FORMAT_KEY = "asknotes_format"
SCORE_KEY = "score"
COUNTER_KEY = "published"
META_KEY = "manifest_meta"
WRITER_KEY = "writer"


class ChromaServerStore:
    """The `VectorStore` port over `chromadb.HttpClient`, plus what sharing needs.

    Every call has a timeout; a server that cannot be reached is one
    `ServerUnreachableError` naming the URL, never a hang.
    """

    shared = True

    def __init__(self, url: str, collection: str, *, create: bool) -> None:
        self.address = ServerAddress.parse(url)
        check_collection_name(collection)
        self.name = collection
        self._lock = threading.RLock()
        self._client: Any = None
        self._collection: Any = None
        self._batch = 1
        self._open(create)

    @property
    def where(self) -> str:
        return f"collection {self.name} on the Chroma server at {self.address.url}"

    # --- connection ----------------------------------------------------------------------

    def _unreachable(self, exc: BaseException) -> ServerUnreachableError:
        reason = str(exc).strip().splitlines()[0][:200] if str(exc).strip() else type(exc).__name__
        return ServerUnreachableError(
            f"the Chroma server at {self.address.url} cannot be reached ({reason}); start it "
            f"(`chroma run --path DIR --host HOST --port {self.address.port}`) or fix chroma_url"
        )

    def _probe(self) -> None:
        """A heartbeat with a short timeout, so a dead address fails fast."""
        import httpx

        try:
            response = httpx.get(
                f"{self.address.url}/api/v2/heartbeat",
                timeout=httpx.Timeout(CONNECT_TIMEOUT_S),
                verify=self.address.ssl,
            )
        except httpx.HTTPError as exc:
            raise self._unreachable(exc) from exc
        if response.status_code != 200:
            raise ServerUnreachableError(
                f"{self.address.url} answered HTTP {response.status_code} to a heartbeat; "
                "is it a Chroma server? check chroma_url"
            )

    def _open(self, create: bool) -> None:
        import chromadb
        import httpx
        from chromadb.config import Settings
        from chromadb.errors import NotFoundError

        self._probe()
        try:
            self._client = chromadb.HttpClient(
                host=self.address.host,
                port=self.address.port,
                ssl=self.address.ssl,
                settings=Settings(anonymized_telemetry=False),
            )
            session = getattr(getattr(self._client, "_server", None), "_session", None)
            if isinstance(session, httpx.Client):
                session.timeout = httpx.Timeout(REQUEST_TIMEOUT_S, connect=CONNECT_TIMEOUT_S)
            try:
                self._collection = self._client.get_collection(self.name, embedding_function=None)
            except NotFoundError:
                if not create:
                    raise IndexMissingError(
                        f"there is no {self.where}; run `asknotes index NOTES_DIR --chroma-url "
                        f"{self.address.url}` on the machine that has the notes"
                    ) from None
                self._collection = self._client.get_or_create_collection(
                    self.name,
                    embedding_function=None,
                    configuration=HNSW_CONFIGURATION,
                    metadata={FORMAT_KEY: SHARED_FORMAT, SCORE_KEY: SCORE_CONTRACT},
                )
            if create:
                self._widen_search()
            self._batch = max(1, min(1000, int(self._client.get_max_batch_size())))
        except httpx.TransportError as exc:
            raise self._unreachable(exc) from exc
        self._check_contract()

    def _widen_search(self) -> None:
        """A collection made before `EF_SEARCH` was raised gets the wider search from its
        next writer (a reader never changes the collection)."""
        hnsw = self._collection.configuration.get("hnsw") or {}
        if int(hnsw.get("ef_search") or 0) < EF_SEARCH:
            self._collection.modify(configuration={"hnsw": {"ef_search": EF_SEARCH}})

    def _check_contract(self) -> None:
        """The collection holds asknotes records, in cosine space, in this format."""
        meta = self._collection.metadata or {}
        space = (self._collection.configuration.get("hnsw") or {}).get("space")
        if space != "cosine" or meta.get(SCORE_KEY) != SCORE_CONTRACT:
            raise IndexError_(
                f"the {self.where} is in {space} space with score {meta.get(SCORE_KEY)!r}, not "
                f"cosine ({SCORE_CONTRACT}); choose another chroma_collection"
            )
        if meta.get(FORMAT_KEY) != SHARED_FORMAT:
            raise SchemaVersionError(
                f"the {self.where} has shared format {meta.get(FORMAT_KEY)!r}, this asknotes "
                f"reads {SHARED_FORMAT}; run `asknotes index --rebuild` on the writer"
            )

    def _call(self, what: Callable[[], T]) -> T:
        import httpx

        with self._lock:
            if self._collection is None:
                raise IndexError_(f"the {self.where} is closed")
            try:
                return what()
            except httpx.TransportError as exc:
                raise self._unreachable(exc) from exc

    def reopen(self, path: Path | None = None) -> None:
        """Nothing to drop: the server serves every process's writes to every client."""

    def close(self) -> None:
        with self._lock:
            self._client = self._collection = None

    # --- the VectorStore port ------------------------------------------------------------

    def upsert(self, ids: Sequence[str], vectors: Vectors) -> None:
        self._call(lambda: upsert_batches(self._collection, ids, vectors, self._batch))

    def delete(self, ids: Iterable[str]) -> None:
        doomed = list(ids)
        self._call(lambda: delete_batches(self._collection, doomed, self._batch))

    def ids(self) -> set[str]:
        return {h for h, _ in self._pages(include=[])}

    def count(self) -> int:
        return self._call(lambda: int(self._collection.count()))

    def vectors_of(self, ids: Sequence[str]) -> dict[str, npt.NDArray[np.float32]]:
        return self._call(lambda: vectors_by_id(self._collection, ids, self._batch))

    def nearest(
        self, vector: Vectors, n: int, only: Collection[str] | None = None
    ) -> list[VectorHit]:
        return self._call(lambda: nearest_in(self._collection, vector, n, only, self._batch))

    def _pages(self, include: list[str]) -> Iterator[tuple[str, Mapping[str, Any] | None]]:
        offset = 0
        while True:
            page = self._call(
                lambda: self._collection.get(include=include, limit=self._batch, offset=offset)  # noqa: B023
            )
            metas = page.get("metadatas") or [None] * len(page["ids"])
            yield from zip(page["ids"], metas, strict=True)
            if len(page["ids"]) < self._batch:
                return
            offset += self._batch

    # --- sharing -------------------------------------------------------------------------

    def _metadata(self) -> dict[str, Any]:
        """The collection's metadata as the server holds it now (not a cached copy)."""
        return self._call(
            lambda: dict(
                self._client.get_collection(self.name, embedding_function=None).metadata or {}
            )
        )

    def _update_metadata(self, changes: Mapping[str, Any]) -> None:
        """Chroma replaces a collection's metadata whole: read, merge, write back."""

        def run() -> None:
            current = dict(
                self._client.get_collection(self.name, embedding_function=None).metadata or {}
            )
            current.update(changes)
            self._collection.modify(metadata=current)

        self._call(run)

    def stamp(self) -> str:
        """Changes whenever the writer publishes (or the collection is recreated)."""
        meta = self._metadata()
        return f"{self._collection.id}:{meta.get(COUNTER_KEY, 0)}"

    def manifest_meta(self) -> dict[str, str]:
        """The writer's manifest meta (embedder identity, calibration, tokenizer, ...)."""
        raw = self._metadata().get(META_KEY)
        if not raw:
            return {}
        try:
            data = json.loads(str(raw))
        except ValueError:
            return {}
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}

    def publish(
        self,
        records: Sequence[SharedRecord],
        meta: Mapping[str, str],
        placeless: Iterable[str] = (),
    ) -> None:
        """Write each record's text, tokens and sources (its vector is already stored),
        clear the sources of `placeless` texts, then write the writer's meta and bump the
        counter readers watch."""
        cleared = sorted(placeless)

        def run() -> None:
            for i in range(0, len(records), self._batch):
                part = records[i : i + self._batch]
                self._collection.update(
                    ids=[r.text_hash for r in part], metadatas=[r.metadata() for r in part]
                )
            for i in range(0, len(cleared), self._batch):
                part_ids = cleared[i : i + self._batch]
                self._collection.update(ids=part_ids, metadatas=[{"sources": ""}] * len(part_ids))

        self._call(run)
        counter = int(self._metadata().get(COUNTER_KEY, 0) or 0)
        self._update_metadata({META_KEY: json.dumps(dict(meta)), COUNTER_KEY: counter + 1})

    def pull(self) -> list[SharedRecord]:
        """Every published record, in no particular order."""
        found = []
        for text_hash, meta in self._pages(include=["metadatas"]):
            record = SharedRecord.from_metadata(text_hash, meta)
            if record is not None:
                found.append(record)
        return found

    def reset(self) -> None:
        """Delete the collection and create it empty (a rebuild with another embedder)."""

        def run() -> None:
            self._client.delete_collection(self.name)

        lease = self.lease_record()
        self._call(run)
        self._open(create=True)
        if lease:
            self.set_lease_record(lease)

    # --- the writer lease ----------------------------------------------------------------

    def lease_record(self) -> str:
        """The collection's writer lease as stored ("" when nobody holds it)."""
        return str(self._metadata().get(WRITER_KEY) or "")

    def set_lease_record(self, value: str) -> None:
        self._update_metadata({WRITER_KEY: value})

    def current_lease(self) -> Lease | None:
        return Lease.parse(self.lease_record())

    def writer_lease(
        self,
        command: str,
        *,
        wait: bool,
        on_wait: Callable[[str], object] | None = None,
        cancel: threading.Event | None = None,
    ) -> contextlib.AbstractContextManager[Lease]:
        """Hold the collection's writer lease for the block (see `lease`)."""
        return hold_lease(self, f"shared {self.where}", command, wait, on_wait, cancel)
