"""What every session flow stands on: where the folder's index and user data live, the
models loaded on first use, and an index that catches up with other processes.

Several processes may share one data directory: any number read, one writes. `open`
catches up first with what another process wrote (`NoteIndex.refresh`) every time a flow
reads. The user's own data (refused set, eval runs, the calibrated threshold) lives in
`user_dir`, apart from the index a rebuild replaces.
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

from app import paths
from app.core.basics.progress import Progress, no_progress
from app.core.evals.userdata import load_user_calibration, migrate_user_data
from app.core.index.home import LEGACY, MANIFEST_FILE, IndexHome
from app.core.index.shared import ChromaServerStore
from app.core.index.sqlite import peek_meta
from app.core.index.store import IndexStatus, NoteIndex, VectorsFactory
from app.core.index.vectors import VectorStore
from app.core.models.e5_embedder import NAME as MULTILINGUAL_NAME
from app.core.models.embedder import Embedder
from app.core.models.generator import Generator
from app.core.session.embedder_choice import choose_embedder
from app.core.session.settings import Settings
from app.core.session.wiring import Factories
from app.core.verdict.probes import CALIBRATION_KEY, load_calibration
from app.core.verdict.scorecard import FolderCalibration
from app.errors import IndexMissingError

PendingPaths = Callable[[], Iterable[str]]
Notice = Callable[[str], object]


class SessionBase:
    """The index and the answer model of one notes folder, each loaded on first use.

    `pending` reports notes changed on disk but not yet indexed (a watcher's state); by
    default the folder is walked and stat'ed, which needs no watcher. `warn` hears every
    problem that is not an error (a refused-set line skipped, user data moved); each is
    also kept in `warnings`.
    """

    def __init__(
        self,
        settings: Settings,
        notes: Path,
        factories: Factories | None = None,
        *,
        pending: PendingPaths | None = None,
        warn: Notice | None = None,
        shared_reader: bool = False,
    ) -> None:
        self.settings = settings
        self.notes = notes
        # Reads the shared collection of `settings.chroma_url` through a local mirror;
        # there is no notes folder on this machine (`notes` is only a label).
        self.shared_reader = shared_reader
        if shared_reader and settings.chroma_url is None:
            raise ValueError("a shared reader needs chroma_url")
        self.factories = factories or Factories()
        self.pending = pending
        self.on_warning = warn
        self.warnings: list[str] = []
        self._index: NoteIndex | None = None
        self._embedder: Embedder | None = None
        self._generator: Generator | None = None
        self._open_lock = threading.Lock()
        self._update_lock = threading.Lock()  # a startup sweep and watch batches take turns
        self._answer_lock = threading.Lock()  # one question at a time reaches the model

    @property
    def index_dir(self) -> Path:
        """Derived data: the index generations and the writer lock (a shared reader's
        mirror of the collection)."""
        if self.shared_reader and self.settings.chroma_url is not None:
            return paths.shared_index_dir(
                self.settings.data_dir, self.settings.chroma_url, self.settings.chroma_collection
            )
        return paths.index_dir(self.settings.data_dir, self.notes)

    @property
    def user_dir(self) -> Path:
        """The user's own data about this folder; a rebuild never touches it."""
        if self.shared_reader and self.settings.chroma_url is not None:
            return paths.shared_user_dir(
                self.settings.data_dir, self.settings.chroma_url, self.settings.chroma_collection
            )
        return paths.user_dir(self.settings.data_dir, self.notes)

    def shared_store(self, *, create: bool) -> ChromaServerStore | None:
        """A client of the shared collection, None without `chroma_url`."""
        if self.settings.chroma_url is None:
            return None
        return ChromaServerStore(
            self.settings.chroma_url, self.settings.chroma_collection, create=create
        )

    def _vectors(self) -> VectorsFactory | None:
        """How each index generation opens its vectors: the shared collection, or None
        for the embedded store beside the manifest."""
        if self.settings.chroma_url is None:
            return None
        create = not self.shared_reader

        def open_shared(_directory: Path) -> VectorStore:
            store = self.shared_store(create=create)
            assert store is not None
            return store

        return open_shared

    @property
    def home(self) -> IndexHome:
        return IndexHome(self.index_dir)

    def warn(self, message: str) -> None:
        """Tell `on_warning` once per session: a bad line is read on every question."""
        if message in self.warnings:
            return
        self.warnings.append(message)
        if self.on_warning is not None:
            self.on_warning(message)

    def embedder_choice(self) -> str:
        """auto resolved: the index's own model, else the one the folder's language needs."""
        if self.settings.embedder_path is not None:
            return "minilm"
        if self.settings.embedder == "auto":
            store = self.shared_store(create=False) if self.shared_reader else None
            if store is not None:  # a reader uses whatever the collection was built with
                try:
                    name = store.manifest_meta().get("embedder_name", "")
                finally:
                    store.close()
                return "multilingual" if name.startswith(MULTILINGUAL_NAME) else "minilm"
        return choose_embedder(
            self.settings.embedder, self.notes, self.index_dir, self.settings.walk()
        )

    def embedder(self) -> Embedder:
        if self._embedder is None:
            chosen = dataclasses.replace(self.settings, embedder=self.embedder_choice())
            self._embedder = self.factories.embedder(chosen)
        return self._embedder

    def open(self, *, create: bool = False) -> NoteIndex:
        """Open the folder's index (create it when `create`) once per session, and catch
        up with what another process wrote since.

        Raises:
            IndexMissingError: no index yet and `create` is false.
            EmbedderMismatchError: the index was built with another embedding model.
            IndexCorruptError: a file of the index cannot be read (the message says what
                to run).
        """
        with self._open_lock:
            if self._index is None:
                self._move_user_data()
                self._index = NoteIndex.open(
                    self.index_dir,
                    self.embedder(),
                    create=create or self.shared_reader,
                    vectors=self._vectors(),
                    mirror=self.shared_reader,
                )
            else:
                self._index.refresh()
            return self._index

    def _move_user_data(self) -> None:
        """Move what an older asknotes kept inside the index folder to `user_dir`."""
        home = self.home
        legacy = None
        if home.live_name() == LEGACY:
            legacy = peek_meta(home.root / MANIFEST_FILE, CALIBRATION_KEY)
        try:
            for line in migrate_user_data(home.root, self.user_dir, legacy):
                self.warn(line)
        except OSError as exc:
            self.warn(f"could not move the user data out of {home.root} ({exc}); it stays there")

    @property
    def index(self) -> NoteIndex:
        if self._index is None:
            raise IndexMissingError("the index is not open yet")
        return self._index

    @property
    def is_open(self) -> bool:
        return self._index is not None

    def warm_up(self) -> None:
        """Load the embedding weights now rather than on the first question."""
        self.embedder().embed_queries(["warm up"])

    @property
    def generator(self) -> Generator | None:
        return self._generator

    def load_model(self, progress: Progress = no_progress) -> Generator:
        """Load the answer model (assembling the bundled one on first use)."""
        if self._generator is None:
            generator = self.factories.generator(self.settings, progress)
            load = getattr(generator, "load", None)
            if callable(load):
                load()
            self._generator = generator
        return self._generator

    def calibration(self) -> FolderCalibration:
        """The folder's own bands (derived, in the index) and the threshold the user
        calibrated from labelled questions (user data, kept across rebuilds)."""
        folder = load_calibration(self.open())
        user = load_user_calibration(self.user_dir, self.warn)
        if user is None:
            return folder
        return FolderCalibration(
            folder.bands, user.threshold, {**folder.provenance, "labels": user.labels}
        )

    # --- state ---------------------------------------------------------------------------

    def status(self) -> IndexStatus | None:
        return None if self._index is None else self._index.status()

    def close(self) -> None:
        with self._open_lock:
            with contextlib.suppress(Exception):
                if self._index is not None:
                    self._index.close()
            self._index = None
