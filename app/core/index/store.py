"""One index on disk: the manifest, the vector store and the BM25 index built from it."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from app.core.basics.language import main_language
from app.core.index.lexical import Bm25Index
from app.core.index.manifest import Manifest
from app.core.index.vectors import ChromaVectorStore, VectorStore
from app.core.models.embedder import Embedder, EmbedderIdentity
from app.errors import EmbedderMismatchError, IndexMissingError

MANIFEST_FILE = "manifest.sqlite3"
VECTORS_DIR = "chroma"


@dataclass(frozen=True)
class IndexStatus:
    files: int
    chunks: int
    unique_texts: int
    index_version: int
    updated_at: float | None
    embedder: str | None


class NoteIndex:
    """The index of one notes folder; the manifest is the source of truth."""

    def __init__(self, manifest: Manifest, vectors: VectorStore, embedder: Embedder) -> None:
        self.manifest = manifest
        self.vectors = vectors
        self.embedder = embedder
        self._bm25: tuple[int, Bm25Index] | None = None
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
        """Open the index in `index_dir`, creating it when `create` is true.

        Raises:
            IndexMissingError: there is no index and `create` is false.
            EmbedderMismatchError: the index was built with another embedding model.
        """
        manifest_path = index_dir / MANIFEST_FILE
        if not create and not manifest_path.exists():
            raise IndexMissingError(
                f"no index in {index_dir}; run `asknotes index NOTES_DIR` first"
            )
        manifest = Manifest(manifest_path)
        index = cls(manifest, vectors or ChromaVectorStore(index_dir / VECTORS_DIR), embedder)
        index._check_embedder()
        return index

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
            version = self.manifest.index_version
            if self._bm25 is None or self._bm25[0] != version:
                self._bm25 = (version, Bm25Index(self.manifest.lexical_corpus()))
            return self._bm25[1]

    def main_language(self) -> str:
        """The language most of the folder's notes are written in (detected at indexing)."""
        return main_language(self.languages())

    def languages(self) -> dict[str, int]:
        """How many notes are written in each language."""
        return self.manifest.languages()

    @property
    def directory(self) -> Path:
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
        self.manifest.close()


def _describe(identity: EmbedderIdentity) -> str:
    return f"{identity.name} ({identity.dimension}-d, fingerprint {identity.fingerprint})"
