from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.core.ingest.walk import NotTextError, SkipReason, read_note, walk_notes
from tests.conftest import write


def test_walk_skips_with_reasons(tmp_path: Path) -> None:
    root = tmp_path / "notes"
    write(root, "a.md", "# A\n")
    write(root, "sub/b.markdown", "# B\n")
    write(root, "c.txt", "plain")
    write(root, "image.png", "not really")
    write(root, ".obsidian/workspace.md", "# hidden")
    write(root, ".git/HEAD", "ref")
    write(root, ".hidden.md", "x")
    write(root, "big.md", "x" * 5000)
    outside = write(tmp_path, "outside.md", "# secret")
    os.symlink(outside, root / "link-out.md")
    os.symlink(root / "sub", root / "sub-link")
    result = walk_notes(root, max_file_bytes=4096)
    assert [n.rel_path for n in result.notes] == ["a.md", "c.txt", "sub/b.markdown"]
    reasons = {s.rel_path: s.reason for s in result.skipped}
    assert reasons == {
        ".obsidian/": SkipReason.HIDDEN,
        ".git/": SkipReason.HIDDEN,
        ".hidden.md": SkipReason.HIDDEN,
        "image.png": SkipReason.EXTENSION,
        "big.md": SkipReason.TOO_LARGE,
        "link-out.md": SkipReason.SYMLINK_OUTSIDE,
        "sub-link/": SkipReason.SYMLINK_DIR,
    }


def test_exclude_patterns(tmp_path: Path) -> None:
    write(tmp_path, "SOURCE.md", "x")
    write(tmp_path, "keep.md", "x")
    result = walk_notes(tmp_path, max_file_bytes=1000, exclude=("SOURCE.md",))
    assert [n.rel_path for n in result.notes] == ["keep.md"]
    assert result.skipped[0].reason is SkipReason.EXCLUDED


def test_read_note_rejects_binary_and_bad_utf8(tmp_path: Path) -> None:
    binary = tmp_path / "b.md"
    binary.write_bytes(b"abc\x00def")
    latin = tmp_path / "l.md"
    latin.write_bytes("café".encode("latin-1"))
    with pytest.raises(NotTextError, match="NUL"):
        read_note(binary)
    with pytest.raises(NotTextError, match="UTF-8"):
        read_note(latin)


def test_read_note_normalises(tmp_path: Path) -> None:
    path = tmp_path / "n.md"
    path.write_bytes("\ufeffCafe\u0301\r\n".encode())
    text, digest = read_note(path)
    assert text == "Caf\u00e9\n"
    assert len(digest) == 64


def test_every_kind_of_path_is_classified_and_nothing_is_opened(tmp_path: Path) -> None:
    import socket

    root = tmp_path / "notes"
    write(root, "good.md", "# Good\n")
    write(root, "sub/inner.md", "# Inner\n")
    os.symlink("loop.md", root / "loop.md")
    os.symlink("b.md", root / "a.md")
    os.symlink("a.md", root / "b.md")
    os.symlink("nowhere.md", root / "dangling.md")
    os.symlink("good.md", root / "alias.md")
    os.symlink(root / "sub", root / "dir-link.md")
    os.symlink(".", root / "dirloop")
    os.mkfifo(root / "pipe.md")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(root / "sock.md"))
    try:
        (root / os.fsdecode(b"caf\xe9.md")).write_text("latin-1 name")
        (root / os.fsdecode(b"d\xe9j\xe0")).mkdir()
        write(root, os.fsdecode(b"d\xe9j\xe0") + "/hidden-inside.md", "# x\n")
        result = walk_notes(root, max_file_bytes=4096)
    finally:
        sock.close()
    assert [n.rel_path for n in result.notes] == ["alias.md", "good.md", "sub/inner.md"]
    reasons = {s.rel_path: s.reason for s in result.skipped}
    assert reasons == {
        "loop.md": SkipReason.SYMLINK_LOOP,
        "a.md": SkipReason.SYMLINK_LOOP,
        "b.md": SkipReason.SYMLINK_LOOP,
        "dangling.md": SkipReason.SYMLINK_BROKEN,
        "dir-link.md/": SkipReason.SYMLINK_DIR,
        "dirloop/": SkipReason.SYMLINK_DIR,
        "pipe.md": SkipReason.SPECIAL,
        "sock.md": SkipReason.SPECIAL,
        "caf\\xe9.md": SkipReason.BAD_NAME,
        "d\\xe9j\\xe0/": SkipReason.BAD_NAME,
    }
    assert result.root_error is None


def test_a_folder_that_cannot_be_listed_is_a_skip_and_the_rest_is_walked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "notes"
    write(root, "a.md", "# A\n")
    write(root, "locked/b.md", "# B\n")
    real_scandir = os.scandir

    def scandir(path):
        if os.fspath(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    result = walk_notes(root, max_file_bytes=4096)
    assert [n.rel_path for n in result.notes] == ["a.md"]
    assert result.unreadable_dirs() == ["locked/"]
    assert result.skipped[0].detail == "Permission denied"


def test_a_missing_root_is_a_root_error_not_an_empty_folder(tmp_path: Path) -> None:
    result = walk_notes(tmp_path / "gone", max_file_bytes=4096)
    assert result.notes == [] and result.root_error == "No such file or directory"


def test_read_note_never_blocks_on_a_fifo(tmp_path: Path) -> None:
    import threading

    from app.core.ingest.walk import NoteSkipped

    fifo = tmp_path / "pipe.md"
    os.mkfifo(fifo)
    outcome: list[BaseException] = []

    def read() -> None:
        try:
            read_note(fifo)
        except BaseException as exc:  # noqa: BLE001 - recorded for the assertion
            outcome.append(exc)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=10)
    if reader.is_alive():  # unblock the stuck open so the test process can exit
        with open(fifo, "wb"):
            pass
        pytest.fail("read_note blocked on a FIFO")
    assert isinstance(outcome[0], NoteSkipped) and outcome[0].reason is SkipReason.SPECIAL


def test_read_note_stops_at_the_size_cap(tmp_path: Path) -> None:
    from app.core.ingest.walk import NoteSkipped

    path = write(tmp_path, "grew.md", "x" * 5000)
    with pytest.raises(NoteSkipped, match="grew past"):
        read_note(path, max_bytes=1000)
