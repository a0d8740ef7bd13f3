"""The watcher on a real folder with real filesystem events (no mocked observer)."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from app.core.index.indexer import update_index
from app.core.index.store import NoteIndex
from app.core.index.watcher import NotesWatcher
from tests.conftest import write
from tests.fakes import FakeEmbedder

BODY = "A paragraph long enough to be a chunk of its own, about the garden and the shed."


class Harness:
    """An index kept up to date by a watcher; `settle` waits for the next quiet batch."""

    def __init__(self, root: Path, index: NoteIndex) -> None:
        self.root = root
        self.index = index
        self.batches: list[frozenset[str]] = []
        self.done = threading.Condition()
        self.watcher = NotesWatcher(root, self.on_batch, debounce_s=0.2)

    def on_batch(self, paths: frozenset[str]) -> None:
        update_index(self.index, self.root, reconcile=False)
        with self.done:
            self.batches.append(paths)
            self.done.notify_all()

    def settle(self, until: Callable[[], bool], timeout: float = 15.0) -> None:
        with self.done:
            assert self.done.wait_for(until, timeout), "the watcher did not catch up"

    def files(self) -> set[str]:
        return set(self.index.manifest.files())

    def texts(self) -> str:
        manifest = self.index.manifest
        return " ".join(
            t.text for t in manifest.texts_with_sources(manifest.text_hashes()).values()
        )


@pytest.fixture
def harness(tmp_path: Path):
    root = tmp_path / "notes"
    write(root, "a.md", f"# A\n\n## One\n\nAlpha. {BODY}\n")
    embedder = FakeEmbedder()
    index = NoteIndex.open(tmp_path / "idx", embedder, create=True)
    update_index(index, root)
    h = Harness(root, index)
    h.watcher.start()
    yield h
    h.watcher.stop()
    index.close()


def test_create_modify_delete(harness: Harness) -> None:
    write(harness.root, "b.md", f"# B\n\n## Two\n\nBravo. {BODY}\n")
    harness.settle(lambda: "b.md" in harness.files())
    write(harness.root, "b.md", f"# B\n\n## Two\n\nCharlie. {BODY}\n")
    harness.settle(lambda: "Charlie" in harness.texts())
    assert "Bravo" not in harness.texts()
    (harness.root / "b.md").unlink()
    harness.settle(lambda: "b.md" not in harness.files())
    assert harness.index.vectors.ids() == harness.index.manifest.text_hashes()


def test_rename_and_move_into_a_subfolder(harness: Harness) -> None:
    embedder = harness.index.embedder
    assert isinstance(embedder, FakeEmbedder)
    before = embedder.embedded
    (harness.root / "sub").mkdir()
    os.rename(harness.root / "a.md", harness.root / "sub" / "moved.md")
    harness.settle(lambda: harness.files() == {"sub/moved.md"})
    assert embedder.embedded == before, "a rename must not re-embed"


def test_editor_atomic_save(harness: Harness) -> None:
    temp = harness.root / ".a.md.swp"
    temp.write_text(f"# A\n\n## One\n\nDelta. {BODY}\n", encoding="utf-8")
    os.replace(temp, harness.root / "a.md")
    harness.settle(lambda: "Delta" in harness.texts())
    assert harness.files() == {"a.md"}


def test_burst_is_coalesced(harness: Harness) -> None:
    for i in range(40):
        write(harness.root, f"burst/n{i}.md", f"# N{i}\n\n## S\n\nNote {i}. {BODY}\n")
    harness.settle(lambda: len(harness.files()) == 41)
    assert len(harness.batches) <= 5, f"{len(harness.batches)} batches for one burst"
    assert harness.watcher.pending() == frozenset()


def test_pending_lists_changes_not_yet_indexed(tmp_path: Path) -> None:
    seen: list[frozenset[str]] = []
    release = threading.Event()

    def slow_batch(paths: frozenset[str]) -> None:
        seen.append(paths)
        release.wait(10)

    root = tmp_path / "n"
    root.mkdir()
    watcher = NotesWatcher(root, slow_batch, debounce_s=0.1)
    watcher.start()
    try:
        write(root, "x.md", "# X\n")
        tick = threading.Event()
        for _ in range(200):  # at most 10 s for the event to arrive
            if seen or tick.wait(0.05):
                break
        assert seen and "x.md" in watcher.pending()
    finally:
        release.set()
        watcher.stop()
