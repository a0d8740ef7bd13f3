"""Replace an index whole: a rebuild from the notes, or a repair of the vectors from the
manifest. Both build a new generation beside the live one and switch to it only when it
is complete (see `home`), so cancelling or killing either leaves the old index usable.
The caller holds the writer lock.
"""

from __future__ import annotations

import shutil
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

from app.core.basics.progress import Progress, no_progress
from app.core.index.home import MANIFEST_FILE, IndexHome
from app.core.index.indexer import IndexReport, update_index
from app.core.index.manifest import Manifest
from app.core.index.sqlite import translate
from app.core.index.store import NoteIndex, VectorsFactory
from app.core.ingest.chunk import ChunkingSettings
from app.core.ingest.walk import WalkSettings
from app.core.models.embedder import Embedder
from app.errors import IndexMissingError

Finish = Callable[[NoteIndex], object]  # last work on the new generation before the switch


def rebuild_index(
    home: IndexHome,
    notes_root: Path,
    embedder: Embedder,
    *,
    vectors: VectorsFactory | None = None,
    walk: WalkSettings | None = None,
    chunking: ChunkingSettings | None = None,
    progress: Progress = no_progress,
    cancel: threading.Event | None = None,
    finish: Finish | None = None,
) -> IndexReport:
    """Index every note into a new generation and make it the live index.

    Needs nothing from the old index, so it works whatever is wrong with it (another
    embedder, another schema version, a damaged file).
    """
    name, path = home.new_generation()

    def build(index: NoteIndex) -> IndexReport:
        return update_index(
            index,
            notes_root,
            walk=walk,
            chunking=chunking,
            progress=progress,
            cancel=cancel,
            reconcile=False,
        )

    return _build_and_switch(home, name, path, embedder, build, finish, vectors)


def repair_index(
    home: IndexHome,
    notes_root: Path,
    embedder: Embedder,
    *,
    vectors: VectorsFactory | None = None,
    walk: WalkSettings | None = None,
    chunking: ChunkingSettings | None = None,
    progress: Progress = no_progress,
    cancel: threading.Event | None = None,
    finish: Finish | None = None,
    allow_removals: bool = False,
) -> IndexReport:
    """Rebuild the vectors of the live index from its manifest (which holds every chunk's
    embedded text) into a new generation, bring it up to date, and make it live.

    Raises:
        IndexMissingError: there is no index to repair.
        IndexCorruptError: the manifest itself cannot be read (only a rebuild helps).
    """
    live = home.live()
    if live is None:
        raise IndexMissingError(f"no index in {home.root} to repair; run `asknotes index`")
    Manifest(live / MANIFEST_FILE).close()  # a damaged manifest fails here, with its hint
    name, path = home.new_generation()
    try:
        _copy_manifest(live / MANIFEST_FILE, path / MANIFEST_FILE)
    except BaseException:
        shutil.rmtree(path, ignore_errors=True)
        raise

    def build(index: NoteIndex) -> IndexReport:
        # The new vector store is empty: reconciling re-embeds every stored text.
        return update_index(
            index,
            notes_root,
            walk=walk,
            chunking=chunking,
            progress=progress,
            cancel=cancel,
            reconcile=True,
            allow_removals=allow_removals,
        )

    return _build_and_switch(home, name, path, embedder, build, finish, vectors)


def _copy_manifest(source: Path, target: Path) -> None:
    """A consistent copy of a live SQLite file (the backup API, not a byte copy)."""
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
        except sqlite3.Error as exc:
            raise translate(exc, source) from exc
        finally:
            dst.close()
    finally:
        src.close()


def _build_and_switch(
    home: IndexHome,
    name: str,
    path: Path,
    embedder: Embedder,
    build: Callable[[NoteIndex], IndexReport],
    finish: Finish | None,
    vectors: VectorsFactory | None,
) -> IndexReport:
    try:
        # No home: the generation being built must never "catch up" with the live one.
        index = NoteIndex.open_generation(path, embedder, name=name, vectors=vectors)
        try:
            with index.writing():
                report = build(index)
                if finish is not None:
                    finish(index)
        finally:
            index.close()
    except BaseException:
        shutil.rmtree(path, ignore_errors=True)  # the old generation stays live
        raise
    home.switch_to(name)
    return report
