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


def test_a_symlink_loop_does_not_stop_the_watching(harness: Harness) -> None:
    os.symlink("loop.md", harness.root / "loop.md")
    os.symlink(".", harness.root / "dirloop")
    write(harness.root, "after.md", f"# After\n\n## Two\n\nAfter the loop. {BODY}\n")
    harness.settle(lambda: "after.md" in harness.files())
    assert harness.watcher._observer_healthy()
    write(harness.root, "later.md", f"# Later\n\n## Three\n\nStill watching. {BODY}\n")
    harness.settle(lambda: "later.md" in harness.files())


def test_an_event_the_handler_cannot_take_is_reported_and_watching_goes_on(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    errors: list[Exception] = []
    harness.watcher.on_error = errors.append
    real_notice = harness.watcher.notice
    calls = {"n": 0}

    def notice(*paths: str | bytes) -> None:
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("Symlink loop from '/x'")  # what Path.resolve used to raise
        real_notice(*paths)

    monkeypatch.setattr(harness.watcher, "notice", notice)
    write(harness.root, "b.md", f"# B\n\n## Two\n\nBravo. {BODY}\n")
    harness.settle(lambda: "b.md" in harness.files())
    assert any("Symlink loop" in str(e) for e in errors)
    write(harness.root, "c.md", f"# C\n\n## Three\n\nCharlie. {BODY}\n")
    harness.settle(lambda: "c.md" in harness.files())


def test_a_dead_observer_is_restarted_and_the_folder_swept(harness: Harness) -> None:
    harness.watcher._observer.stop()  # as if watchdog's thread had died
    harness.watcher._observer.join(timeout=5)
    write(harness.root, "missed.md", f"# Missed\n\n## Two\n\nMissed event. {BODY}\n")
    harness.settle(lambda: "missed.md" in harness.files())
    assert harness.watcher.restarts >= 1


def test_moving_the_folder_away_and_back_drops_and_embeds_nothing(harness: Harness) -> None:
    errors: list[Exception] = []
    harness.watcher.on_error = errors.append
    embedder = harness.index.embedder
    assert isinstance(embedder, FakeEmbedder)
    before = embedder.embedded
    away = harness.root.with_name("away")
    os.rename(harness.root, away)
    tick = threading.Event()
    for _ in range(100):  # the health check reports the folder gone within a second or so
        if errors or tick.wait(0.05):
            break
    assert errors and "is gone" in str(errors[0])
    assert harness.files() == {"a.md"}
    os.rename(away, harness.root)
    write(harness.root, "back.md", f"# Back\n\n## Two\n\nBack again. {BODY}\n")
    harness.settle(lambda: "back.md" in harness.files())
    assert harness.files() == {"a.md", "back.md"}
    assert embedder.embedded == before + 1, "only the new note is embedded"


def test_a_busy_index_defers_the_batch_and_keeps_its_paths(tmp_path: Path) -> None:
    from app.errors import IndexBusyError

    root = tmp_path / "n"
    root.mkdir()
    seen: list[frozenset[str]] = []
    done = threading.Event()

    def on_batch(paths: frozenset[str]) -> None:
        seen.append(paths)
        if len(seen) == 1:
            raise IndexBusyError("another asknotes process is indexing this folder (pid 1)")
        done.set()

    watcher = NotesWatcher(root, on_batch, debounce_s=0.1, retry_s=0.2)
    watcher.start()
    try:
        write(root, "x.md", "# X\n")
        assert done.wait(15), "the deferred batch was never retried"
        assert "x.md" in seen[0] and "x.md" in seen[1]
        assert watcher.pending() == frozenset()
    finally:
        watcher.stop()


def test_a_replaced_folder_is_watched_again(harness: Harness) -> None:
    import shutil

    old = harness.root.with_name("old-copy")
    os.rename(harness.root, old)
    shutil.copytree(old, harness.root)  # a new folder (a new inode) at the same path
    write(harness.root, "fresh.md", f"# Fresh\n\n## Two\n\nIn the new folder. {BODY}\n")
    harness.settle(lambda: "fresh.md" in harness.files())
    assert harness.watcher.restarts >= 1
    write(harness.root, "later.md", f"# Later\n\n## Three\n\nStill watched. {BODY}\n")
    harness.settle(lambda: "later.md" in harness.files())
