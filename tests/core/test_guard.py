"""Nothing is lost: notes that cannot be seen now stay indexed, and a walk that finds far
fewer notes than the index holds removes none of them without a confirmation."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.core.index.indexer import pending_changes, update_index
from app.core.index.store import NoteIndex
from app.core.ingest.walk import SkipReason, WalkSettings
from app.errors import NotesFolderError
from tests.conftest import write
from tests.fakes import FakeEmbedder

BODY = "A paragraph long enough to be a chunk of its own, about note number"


@pytest.fixture
def folder(tmp_path: Path, fake_embedder: FakeEmbedder):
    notes = tmp_path / "notes"
    for i in range(10):
        write(notes, f"n{i}.md", f"# Note {i}\n\n## Body\n\n{BODY} {i}, word{i}.\n")
    index = NoteIndex.open(tmp_path / "index", fake_embedder, create=True)
    update_index(index, notes)
    yield notes, index, fake_embedder
    index.close()


def test_an_exclude_that_hides_most_notes_removes_nothing(folder) -> None:
    notes, index, _ = folder
    report = update_index(index, notes, walk=WalkSettings(exclude=("n[0-8].md",)))
    assert report.removed == [] and len(report.held_removals) == 9
    assert report.removal_guard is not None
    assert "9 of the 10 indexed notes were not found (9 match an exclude pattern)" in (
        report.removal_guard
    )
    assert "asknotes index --allow-removals" in report.removal_guard
    assert len(index.manifest.files()) == 10
    confirmed = update_index(
        index, notes, walk=WalkSettings(exclude=("n[0-8].md",)), allow_removals=True
    )
    assert len(confirmed.removed) == 9 and set(index.manifest.files()) == {"n9.md"}


def test_a_tiny_size_cap_removes_nothing(folder) -> None:
    notes, index, _ = folder
    report = update_index(index, notes, walk=WalkSettings(max_file_bytes=10))
    assert len(report.held_removals) == 10 and "are over max_file_bytes" in str(
        report.removal_guard
    )
    assert len(index.manifest.files()) == 10


def test_an_emptied_folder_removes_nothing(folder) -> None:
    notes, index, embedder = folder
    for path in notes.iterdir():
        path.unlink()
    report = update_index(index, notes)
    assert len(report.held_removals) == 10
    assert "10 not on disk; is the folder unmounted, moved or emptied?" in str(report.removal_guard)
    before = embedder.embedded
    for i in range(10):  # the disk comes back: nothing is embedded again
        write(notes, f"n{i}.md", f"# Note {i}\n\n## Body\n\n{BODY} {i}, word{i}.\n")
    again = update_index(index, notes)
    assert again.removal_guard is None and embedder.embedded == before


def test_a_missing_root_is_an_error_and_removes_nothing(folder) -> None:
    notes, index, _ = folder
    moved = notes.with_name("elsewhere")
    notes.rename(moved)
    with pytest.raises(NotesFolderError, match="cannot be read .*the index keeps its 10 notes"):
        update_index(index, notes)
    assert len(index.manifest.files()) == 10


def test_deleting_a_few_notes_or_moving_them_all_is_not_held(folder) -> None:
    notes, index, embedder = folder
    for i in range(4):
        (notes / f"n{i}.md").unlink()
    report = update_index(index, notes)
    assert len(report.removed) == 4 and report.removal_guard is None
    before = embedder.embedded
    archive = notes / "archive"
    archive.mkdir()
    for path in sorted(notes.glob("*.md")):
        path.rename(archive / path.name)
    moved = update_index(index, notes)
    assert len(moved.removed) == 6 and len(moved.added) == 6 and moved.removal_guard is None
    assert embedder.embedded == before, "a move must not re-embed"


def test_an_unlistable_subfolder_keeps_its_notes(folder, monkeypatch: pytest.MonkeyPatch) -> None:
    notes, index, _ = folder
    write(notes, "locked/deep.md", f"# Deep\n\n## Body\n\n{BODY} deep.\n")
    update_index(index, notes)
    real_scandir = os.scandir

    def scandir(path):
        if os.fspath(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    report = update_index(index, notes)
    assert report.removed == [] and report.kept == ["locked/deep.md"]
    assert [s.reason for s in report.skipped] == [SkipReason.UNREADABLE_DIR]
    assert "locked/deep.md" in index.manifest.files()
    assert "locked/deep.md" not in pending_changes(index, notes, WalkSettings())


def test_an_unreadable_note_keeps_its_indexed_copy(folder, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.core.index import indexer

    notes, index, _ = folder
    write(notes, "n3.md", "# Note 3\n\n## Body\n\nEdited while its permissions were broken.\n")
    real_read = indexer.read_note  # type: ignore[attr-defined]

    def read_note(path: Path, max_bytes: int | None = None) -> tuple[str, str]:
        if path.name == "n3.md":
            raise PermissionError(13, "Permission denied", str(path))
        return real_read(path, max_bytes)

    monkeypatch.setattr(indexer, "read_note", read_note)
    report = update_index(index, notes)
    assert report.kept == ["n3.md"] and report.removed == []
    assert "n3.md" in index.manifest.files()


def test_a_note_deleted_between_walk_and_read_does_not_stop_the_rest(
    folder, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.core.index import indexer

    notes, index, _ = folder
    write(notes, "late.md", f"# Late\n\n## Body\n\n{BODY} late.\n")
    write(notes, "zz.md", f"# Zz\n\n## Body\n\n{BODY} zz.\n")
    real_read = indexer.read_note  # type: ignore[attr-defined]

    def read_note(path: Path, max_bytes: int | None = None) -> tuple[str, str]:
        if path.name == "late.md":
            path.unlink()  # gone between the walk and the read
        return real_read(path, max_bytes)

    monkeypatch.setattr(indexer, "read_note", read_note)
    report = update_index(index, notes)
    assert report.added == ["zz.md"]
    assert [(s.rel_path, s.reason) for s in report.skipped] == [("late.md", SkipReason.VANISHED)]


def test_a_skipped_note_is_not_reported_as_changed_forever(folder) -> None:
    notes, index, _ = folder
    (notes / "nul.md").write_bytes(b"# Nul\n\x00\x01 binary")
    report = update_index(index, notes)
    assert [s.reason for s in report.skipped] == [SkipReason.NOT_TEXT]
    assert pending_changes(index, notes, WalkSettings()) == []
    (notes / "nul.md").write_bytes(b"# Nul\n\x00\x02 binary, edited")
    assert pending_changes(index, notes, WalkSettings()) == ["nul.md"]


def test_hostile_names_and_kinds_never_stop_the_good_notes(folder) -> None:
    notes, index, _ = folder
    os.symlink("loop.md", notes / "loop.md")
    os.mkfifo(notes / "pipe.md")
    (notes / os.fsdecode(b"caf\xe9.md")).write_text("# Latin-1 name\n\nSome text here.\n")
    write(notes, "new.md", f"# New\n\n## Body\n\n{BODY} new, zebracorn.\n")
    report = update_index(index, notes)
    assert report.added == ["new.md"]
    assert {s.reason for s in report.skipped} == {
        SkipReason.SYMLINK_LOOP,
        SkipReason.SPECIAL,
        SkipReason.BAD_NAME,
    }
    assert pending_changes(index, notes, WalkSettings()) == []
