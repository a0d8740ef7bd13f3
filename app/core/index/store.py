"""One index on disk: the manifest, the vector store and the BM25 index built from it."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from app.core.basics.language import main_language
from app.core.index.bm25_cache import BM25_FILE, Bm25Cache
from app.core.index.embedder_record import check_embedder, describe, identity_from
from app.core.index.home import LEGACY, MANIFEST_FILE, IndexHome
from app.core.index.language_space import LanguageSpace, measure_space
from app.core.index.lexical import Bm25Index
from app.core.index.manifest import LOCAL_META, PUBLISHED_VERSION, SHARED_STAMP, Manifest
from app.core.index.shared import ChromaServerStore
from app.core.index.snapshot import (
    MAX_TEXTS,
    SnapshotReader,
    VectorSnapshot,
    discard_snapshot,
    save_snapshot,
)
from app.core.index.vectors import ChromaVectorStore, LazyVectorStore, VectorHit, VectorStore
from app.core.index.vocabulary import NotesVocabulary, PathField, PathWords, PathWordsCache
from app.core.models.embedder import Embedder, EmbedderIdentity, Vectors
from app.errors import IndexMissingError

VECTORS_DIR = "chroma"
__all__ = [
    "BM25_FILE",
    "MANIFEST_FILE",
    "VECTORS_DIR",
    "IndexStatus",
    "NoteIndex",
    "VectorsFactory",
]

# How a generation folder's vector store is opened: by default the embedded Chroma in its
# `chroma/` subfolder; with a server, the shared collection (the same for every generation).
VectorsFactory = Callable[[Path], VectorStore]


def embedded_vectors(directory: Path) -> VectorStore:
    """The generation's embedded Chroma, started only when a question or a write needs it
    (a question answered from the snapshot does not)."""
    return LazyVectorStore(ChromaVectorStore, directory / VECTORS_DIR)


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
        mirror: bool = False,
        snapshots: bool = False,
    ) -> None:
        self.manifest = manifest
        self.vectors = vectors
        self.embedder = embedder
        self.home = home
        self.generation = generation
        # A mirror is a reader's copy of a shared collection's manifest, with no notes.
        self.mirror = mirror
        # The manifest version the vector view is known to be current with.
        self._seen_version = manifest.index_version if seen_version is None else seen_version
        self._writing = 0
        self._refresh_lock = threading.RLock()
        self._bm25 = Bm25Cache()
        # A snapshot of the vectors (see `snapshot`) for an embedded store only: a server's
        # readers elsewhere could not see a file written here.
        self._snapshots = snapshots
        self._snapshot = SnapshotReader()
        self._languages: tuple[tuple[str, int], dict[str, int]] | None = None
        self._space: tuple[tuple[str, int], LanguageSpace | None] | None = None
        self._path_cache = PathWordsCache()

    @classmethod
    def open(
        cls,
        index_dir: Path,
        embedder: Embedder,
        *,
        create: bool,
        vectors: VectorsFactory | None = None,
        mirror: bool = False,
    ) -> NoteIndex:
        """Open the live index in `index_dir`, creating it when `create` is true (a mirror
        is always created, and filled from its shared collection).

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
                    fresh = cls.open_generation(
                        path, embedder, home=home, name=name, vectors=vectors, mirror=mirror
                    )
                    fresh.close()
                    home.switch_to(name)
        return cls.open_generation(
            home.path_of(name), embedder, home=home, name=name, vectors=vectors, mirror=mirror
        )

    @classmethod
    def open_generation(
        cls,
        directory: Path,
        embedder: Embedder,
        *,
        home: IndexHome | None = None,
        name: str = LEGACY,
        vectors: VectorsFactory | None = None,
        mirror: bool = False,
    ) -> NoteIndex:
        """Open (or create) the index files in one generation folder."""
        manifest = Manifest(directory / MANIFEST_FILE)
        try:
            # Read the version before opening the vectors: they then hold at least it.
            version = manifest.index_version
            store = (vectors or embedded_vectors)(directory)
        except BaseException:
            manifest.close()
            raise
        index = cls(
            manifest,
            store,
            embedder,
            home=home,
            generation=name,
            seen_version=version,
            mirror=mirror,
            snapshots=vectors is None,
        )
        try:
            if mirror:
                index.pull_shared()
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
            if self.mirror:
                if not self.pull_shared():
                    return False
                self._check_embedder()
                return True
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

    # --- a shared collection on a Chroma server -------------------------------------------

    @property
    def shared(self) -> ChromaServerStore | None:
        return self.vectors if isinstance(self.vectors, ChromaServerStore) else None

    def pull_shared(self) -> bool:
        """A mirror: copy the shared collection again when its writer published since;
        True when something changed."""
        shared = self.shared
        if shared is None:
            return False
        stamp = shared.stamp()
        if stamp == self.manifest.get_meta(SHARED_STAMP):
            return False
        meta = shared.manifest_meta()
        if "embedder_name" not in meta:
            raise IndexMissingError(
                f"the shared {shared.where} holds no index yet; run `asknotes index NOTES_DIR "
                f"--chroma-url {shared.address.url}` on the machine that has the notes"
            )
        self.manifest.replace_from_shared(shared.pull(), meta, stamp)
        self._seen_version = self.manifest.index_version
        return True

    def publish(self, text_hashes: Iterable[str], *, sweep: bool = False) -> None:
        """A writer on a shared collection: publish what changed for these texts (their
        places, tokens and the manifest meta), so readers elsewhere see it; with `sweep`,
        first delete every record the manifest does not hold."""
        shared = self.shared
        if shared is None or self.mirror:
            return
        if sweep:
            stray = shared.ids() - self.manifest.text_hashes()
            if stray:
                shared.delete(stray)
        wanted = set(text_hashes)
        records = self.manifest.shared_records(wanted)
        # A text that lost its last place keeps its vector until the batch drops it, but
        # readers must stop citing its old places now.
        placeless = wanted - {r.text_hash for r in records}
        meta = {k: v for k, v in self.manifest.all_meta().items() if k not in LOCAL_META}
        shared.publish(records, meta, placeless)
        self.manifest.set_meta(PUBLISHED_VERSION, str(self.manifest.index_version))

    def unpublished(self) -> bool:
        """A writer on a shared collection that stopped between a commit and its publish."""
        return (
            self.shared is not None
            and not self.mirror
            and self.manifest.get_meta(PUBLISHED_VERSION) != str(self.manifest.index_version)
        )

    def _check_embedder(self) -> None:
        check_embedder(self.embedder.identity, self.manifest, self.shared, self.mirror)

    def stored_embedder(self) -> EmbedderIdentity | None:
        return identity_from(self.manifest.all_meta())

    def bm25(self) -> Bm25Index:
        """The BM25 index for the current manifest version (see `bm25_cache`)."""
        return self._bm25.current(self.manifest, self.generation, self.directory)

    def vocabulary(self) -> NotesVocabulary:
        """The words the notes hold, for the verdict: the BM25 index's tokens and the
        notes' path words (see `vocabulary`), both for the current manifest version."""
        bm25 = self.bm25()  # first, as `search` does: paths a writer adds meanwhile are
        words, field = self._path_words()  # then looked up in texts the index may lack
        return NotesVocabulary(bm25, words, field)

    def path_field(self) -> PathField:
        """The texts each notes' path word leads to, for the lexical leg (see
        `vocabulary`), for the current manifest version."""
        return self._path_words()[1]

    def _path_words(self) -> tuple[PathWords, PathField]:
        return self._path_cache.current(self.manifest, self.generation, self.main_language())

    def nearest(
        self, vector: Vectors, n: int, only: Collection[str] | None = None
    ) -> list[VectorHit]:
        """The `n` texts whose vectors are nearest `vector` (among `only` when given): from
        the snapshot while it matches the manifest, else from the vector store."""
        snapshot = self.vector_snapshot()
        if snapshot is not None:
            return snapshot.nearest(vector, n, only)
        return self.vectors.nearest(vector, n, only)

    def vector_snapshot(self) -> VectorSnapshot | None:
        """The snapshot when it was written at the manifest's current version by this
        index's embedder; None otherwise (the caller asks the vector store)."""
        if not self._snapshots:
            return None
        return self._snapshot.current(
            self.directory, self.generation, self.manifest.index_version, self.embedder.identity
        )

    def save_snapshot(self) -> bool:
        """A writer, at the end of a run: leave the snapshot of the manifest's texts at its
        version (only the texts the last one lacks are read from the vector store)."""
        if not self._snapshots:
            return False
        if self.manifest.counts()[2] > MAX_TEXTS:  # before loading every hash
            discard_snapshot(self.directory)
            return False
        identity = self.embedder.identity
        return save_snapshot(
            self.directory,
            self.manifest.text_hashes(),
            version=self.manifest.index_version,
            fingerprint=identity.fingerprint,
            dimension=identity.dimension,
            fetch=self.vectors.vectors_of,
        )

    def main_language(self) -> str:
        """The language most of the folder's notes are written in (detected at indexing);
        counted once per manifest version (every question asks, and counting the notes
        of a large folder cost more than the rest of a search)."""
        return main_language(self.languages())

    def languages(self) -> dict[str, int]:
        """How many notes are written in each language, counted once per manifest
        version."""
        version = self.manifest.index_version
        cached = self._languages
        if cached is not None and cached[0] == (self.generation, version):
            return dict(cached[1])
        found = self.manifest.languages()
        self._languages = ((self.generation, version), found)
        return dict(found)

    def language_space(self) -> LanguageSpace | None:
        """Each language's mean vector and texts (see `language_space`), measured once
        per manifest version; None for a folder in one language."""
        key = (self.generation, self.manifest.index_version)
        cached = self._space
        if cached is not None and cached[0] == key:
            return cached[1]
        space = None
        if len(self.languages()) >= 2:  # a folder in one language reads no texts here
            snapshot = self.vector_snapshot()
            fetch = snapshot.vectors_of if snapshot is not None else self.vectors.vectors_of
            space = measure_space(self.manifest.language_texts(), fetch)
        self._space = (key, space)
        return space

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
            describe(stored) if stored else None,
        )

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.vectors.close()
        self.manifest.close()
