"""`index` and `watch` go through a hostile folder (tests/hostile.py): every bad path is
skipped with its reason, nothing hangs, and every good note is searchable."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.index.fusion import RetrievalSettings
from app.core.index.indexer import pending_changes, update_index
from app.core.index.retrieve import search
from app.core.index.store import NoteIndex
from app.core.ingest.walk import WalkSettings
from tests.conftest import write
from tests.fakes import FakeEmbedder
from tests.hostile import HostileFolder, build_hostile_folder
from tests.integration.test_processes import Reader, StderrTail, stop, wait_for
from tests.procs import run, start


@pytest.fixture
def hostile(tmp_path: Path) -> Iterator[HostileFolder]:
    folder = build_hostile_folder(tmp_path / "notes")
    yield folder
    folder.close()


def found_files(index: NoteIndex, word: str) -> list[str]:
    result = search(index, word, RetrievalSettings(k=5))
    return [s.file for p in result.passages for s in p.sources]


def test_the_core_indexes_every_good_note_and_skips_every_bad_path(
    hostile: HostileFolder, tmp_path: Path
) -> None:
    index = NoteIndex.open(tmp_path / "index", FakeEmbedder(), create=True)
    try:
        report = update_index(index, hostile.root)
        skipped = {s.rel_path: s.reason for s in report.skipped}
        for rel, reason in hostile.skips.items():
            assert skipped.get(rel) is reason, (rel, skipped.get(rel))
        for rel, word in hostile.good.items():
            assert rel in found_files(index, word), f"{rel} is not searchable by {word!r}"
        assert set(index.manifest.files()) >= set(hostile.good)
        assert pending_changes(index, hostile.root, WalkSettings()) == []
        assert (
            max(
                len(t.text)
                for t in index.manifest.texts_with_sources(index.manifest.text_hashes()).values()
            )
            <= 1000
        )
        again = update_index(index, hostile.root)
        assert again.nothing_to_do
    finally:
        index.close()


def test_asknotes_index_goes_through_it_as_a_process(
    hostile: HostileFolder, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    result = run(data, "index", str(hostile.root), "--json", timeout=300)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    reasons = {s["file"]: s["reason"] for s in report["skipped"]}
    for rel, reason in hostile.skips.items():
        assert reasons.get(rel) == reason.value, rel
    reader = Reader(data, hostile.root)  # one process asks every word
    try:
        for rel, word in hostile.good.items():
            assert rel in reader.search(word)["files"], f"{rel} is not searchable by {word!r}"
    finally:
        reader.close()


def test_asknotes_watch_survives_new_hostile_paths(hostile: HostileFolder, tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert run(data, "index", str(hostile.root), timeout=300).returncode == 0
    watcher = start(data, "watch", str(hostile.root), "--debounce", "0.1")
    tail = StderrTail(watcher)
    try:
        wait_for(lambda: tail.has("watching"), timeout=120, what="the watcher to start")
        os.symlink("new-loop.md", hostile.root / "new-loop.md")
        os.mkfifo(hostile.root / "new-pipe.md")
        (hostile.root / os.fsdecode(b"new-\xff.md")).write_text("# x\n")
        time.sleep(0.5)  # the bad paths go in their own batch
        write(hostile.root, "after.md", "# After\n\n## Facts\n\nThe word is snarfblat now.\n")

        def searchable() -> bool:
            found = run(data, "search", "snarfblat", "--json")
            return found.returncode == 0 and any(
                p["file"] == "after.md" for p in json.loads(found.stdout)["passages"]
            )

        wait_for(searchable, timeout=60, what="a note written after the bad paths")
        assert watcher.poll() is None, "the watcher died"
    finally:
        stop(watcher)
    assert not tail.has("Traceback"), tail.lines
