"""A watch batch reads only the paths that changed (files or folders), and leaves the
index exactly where a walk of the whole folder would."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app.core.index.indexer import pending_changes, update_index
from app.core.index.store import NoteIndex
from app.core.index.watcher import SWEEP, batch_scope
from app.core.ingest.walk import WalkSettings
from tests.conftest import write
from tests.fakes import FakeEmbedder

BODY = "This paragraph is long enough to be a chunk on its own, with words to match."


@pytest.fixture
def indexed(tmp_path: Path, fake_embedder: FakeEmbedder):
    notes = tmp_path / "notes"
    for name in ("a.md", "b.md", "c.md", "trip/day1.md", "trip/day2.md"):
        write(notes, name, f"# {name}\n\n## Part\n\nAbout {name}. {BODY}\n")
    write(notes, "empty.md", "# Only a title\n")  # recorded as skipped, not indexed
    index = NoteIndex.open(tmp_path / "index", fake_embedder, create=True)
    update_index(index, notes)
    yield notes, index
    index.close()


def full_walk_finds_nothing(index: NoteIndex, notes: Path) -> None:
    assert pending_changes(index, notes, WalkSettings()) == []
    again = update_index(index, notes, reconcile=False)
    assert (again.added, again.changed, again.removed) == ([], [], [])


def test_a_batch_reads_its_paths_and_ends_where_a_full_walk_would(indexed) -> None:
    notes, index = indexed
    write(notes, "a.md", f"# a\n\n## Part\n\nThe wombat moved in. {BODY}\n")
    write(notes, "new.md", f"# new\n\n## Part\n\nA new note. {BODY}\n")
    (notes / "c.md").unlink()
    shutil.move(notes / "trip", notes / "travel")
    report = update_index(
        index, notes, reconcile=False, only={"a.md", "new.md", "c.md", "trip", "travel"}
    )
    assert report.changed == ["a.md"]
    assert sorted(report.added) == ["new.md", "travel/day1.md", "travel/day2.md"]
    assert sorted(report.removed) == ["c.md", "trip/day1.md", "trip/day2.md"]
    assert report.files_seen == 4  # the batch's notes, not the folder's
    full_walk_finds_nothing(index, notes)


def test_notes_outside_the_batch_are_not_read(indexed) -> None:
    notes, index = indexed
    write(notes, "a.md", f"# a\n\n## Part\n\nChanged. {BODY}\n")
    write(notes, "b.md", f"# b\n\n## Part\n\nChanged too, but not in this batch. {BODY}\n")
    report = update_index(index, notes, reconcile=False, only={"a.md"})
    assert report.changed == ["a.md"]
    assert pending_changes(index, notes, WalkSettings()) == ["b.md"]
    assert "empty.md" not in pending_changes(index, notes, WalkSettings())  # skip kept


def test_a_batch_never_indexes_what_the_walk_skips(indexed) -> None:
    notes, index = indexed
    write(notes, ".obsidian/workspace.md", f"# ws\n\n{BODY}\n")
    write(notes, "drafts/x.md", f"# x\n\n{BODY}\n")
    report = update_index(
        index,
        notes,
        walk=WalkSettings(exclude=("drafts/*",)),
        reconcile=False,
        only={".obsidian/workspace.md", ".obsidian", "drafts/x.md"},
    )
    assert report.added == []
    assert ".obsidian/workspace.md" not in index.manifest.files()


def test_a_sweep_or_a_new_chunking_reads_the_whole_folder(indexed) -> None:
    notes, index = indexed
    assert batch_scope({"a.md", SWEEP}) is None
    write(notes, "b.md", f"# b\n\n## Part\n\nChanged outside the batch. {BODY}\n")
    report = update_index(index, notes, reconcile=True, only={"a.md"})
    assert report.changed == ["b.md"]  # a sweep is never narrowed to a batch
