"""One index on disk: the manifest, the vector store and the BM25 index built from it."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from app.core.basics.language import main_language
from app.core.index.home import LEGACY, MANIFEST_FILE, IndexHome
from app.core.index.lexical import Bm25Index
from app.core.index.manifest import Manifest
from app.core.index.vectors import ChromaVectorStore, VectorStore
from app.core.models.embedder import Embedder, EmbedderIdentity
from app.errors import EmbedderMismatchError, IndexMissingError

VECTORS_DIR = "chroma"
__all__ = ["MANIFEST_FILE", "VECTORS_DIR", "IndexStatus", "NoteIndex"]


@dataclass(frozen=True)
class IndexStatus:
    files: int
    chunks: int
    unique_texts: int
    index_version: int
    updated_at: float | None
    embedder: str | None


class NoteIndex:
    """The index of one notes folder; the manifest is the source of truth.

    A long-lived reader calls `refresh` before each question: when another process
    rebuilt the index (a new generation) or changed it (a new index version), what it
    must is reopened, so its answers are current within one writer's batch.
    """

    def __init__(
        self,
        manifest: Manifest,
        vectors: VectorStore,
        embedder: Embedder,
        *,
        home: IndexHome | None = None,
        generation: str = LEGACY,
        seen_version: int | None = None,
    ) -> None:
        self.manifest = manifest
        self.vectors = vectors
        self.embedder = embedder
        self.home = home
        self.generation = generation
        # The manifest version the vector view is known to be current with.
        self._seen_version = manifest.index_version if seen_version is None else seen_version
        self._writing = 0
        self._refresh_lock = threading.RLock()
        self._bm25: tuple[tuple[str, int], Bm25Index] | None = None
        self._bm25_lock = threading.Lock()

    @classmethod
    def open(
        cls,
        index_dir: Path,
        embedder: Embedder,
        *,
        create: bool,
        vectors: VectorStore | None = None,
    ) -> NoteIndex:
        """Open the live index in `index_dir`, creating it when `create` is true.

        Raises:
            IndexMissingError: there is no index and `create` is false.
            EmbedderMismatchError: the index was built with another embedding model.
            IndexCorruptError: the manifest or the vector store cannot be read.
        """
        home = IndexHome(index_dir)
        name = home.live_name()
        if name is None:
            if not create:
                raise IndexMissingError(
                    f"no index in {index_dir}; run `asknotes index NOTES_DIR` first"
                )
            with home.lock.hold(wait=True):
                name = home.live_name()  # another process may have created it meanwhile
                if name is None:
                    name, path = home.new_generation()
                    fresh = cls.open_generation(path, embedder, home=home, name=name)
                    fresh.close()
                    home.switch_to(name)
        return cls.open_generation(
            home.path_of(name), embedder, home=home, name=name, vectors=vectors
        )

    @classmethod
    def open_generation(
        cls,
        directory: Path,
        embedder: Embedder,
        *,
        home: IndexHome | None = None,
        name: str = LEGACY,
        vectors: VectorStore | None = None,
    ) -> NoteIndex:
        """Open (or create) the index files in one generation folder."""
        manifest = Manifest(directory / MANIFEST_FILE)
        try:
            # Read the version before opening the vectors: they then hold at least it.
            version = manifest.index_version
            store = vectors or ChromaVectorStore(directory / VECTORS_DIR)
        except BaseException:
            manifest.close()
            raise
        index = cls(manifest, store, embedder, home=home, generation=name, seen_version=version)
        try:
            index._check_embedder()
        except BaseException:
            index.close()
            raise
        return index

    def refresh(self) -> bool:
        """Catch up with what other processes wrote; True when something was reopened.

        Skipped while this process writes: its own writes keep its view current, and a
        reopen under a running batch would pull the store from under it.
        """
        if self.home is None:
            return False
        with self._refresh_lock:
            if self._writing:
                return False
            name = self.home.live_name()
            if name is not None and name != self.generation:
                directory = self.home.path_of(name)
                self.manifest.reopen(directory / MANIFEST_FILE)
                version = self.manifest.index_version
                self.vectors.reopen(directory / VECTORS_DIR)
                self.generation, self._seen_version = name, version
                self._check_embedder()
                return True
            version = self.manifest.index_version
            if version != self._seen_version:
                self.vectors.reopen()
                self._seen_version = version
                return True
            return False

    @contextlib.contextmanager
    def writing(self) -> Iterator[NoteIndex]:
        """Mark this process as the writer for the block (the caller holds the writer
        lock): caught up first, then never reopened under its own writes."""
        self.refresh()
        with self._refresh_lock:
            self._writing += 1
        try:
            yield self
        finally:
            with self._refresh_lock:
                self._writing -= 1
                self._seen_version = self.manifest.index_version

    def _check_embedder(self) -> None:
        identity = self.embedder.identity
        stored = self.stored_embedder()
        if stored is None:
            self.manifest.set_meta("embedder_name", identity.name)
            self.manifest.set_meta("embedder_dimension", str(identity.dimension))
            self.manifest.set_meta("embedder_fingerprint", identity.fingerprint)
        elif stored != identity:
            raise EmbedderMismatchError(
                f"this index was built with {_describe(stored)} but asknotes is set to use "
                f"{_describe(identity)}; run `asknotes index --rebuild` to re-embed the notes"
            )

    def stored_embedder(self) -> EmbedderIdentity | None:
        name = self.manifest.get_meta("embedder_name")
        if name is None:
            return None
        return EmbedderIdentity(
            name,
            int(self.manifest.get_meta("embedder_dimension") or 0),
            self.manifest.get_meta("embedder_fingerprint") or "",
        )

    def bm25(self) -> Bm25Index:
        """The BM25 index for the current manifest version, rebuilt when it changed."""
        with self._bm25_lock:
            key = (self.generation, self.manifest.index_version)
            if self._bm25 is None or self._bm25[0] != key:
                self._bm25 = (key, Bm25Index(self.manifest.lexical_corpus()))
            return self._bm25[1]

    def main_language(self) -> str:
        """The language most of the folder's notes are written in (detected at indexing)."""
        return main_language(self.languages())

    def languages(self) -> dict[str, int]:
        """How many notes are written in each language."""
        return self.manifest.languages()

    @property
    def directory(self) -> Path:
        """The live generation's folder (the manifest and the vectors)."""
        return self.manifest.path.parent

    def status(self) -> IndexStatus:
        files, chunks, texts = self.manifest.counts()
        updated = self.manifest.get_meta("updated_at")
        stored = self.stored_embedder()
        return IndexStatus(
            files,
            chunks,
            texts,
            self.manifest.index_version,
            float(updated) if updated else None,
            _describe(stored) if stored else None,
        )

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.vectors.close()
        self.manifest.close()


def _describe(identity: EmbedderIdentity) -> str:
    return f"{identity.name} ({identity.dimension}-d, fingerprint {identity.fingerprint})"
