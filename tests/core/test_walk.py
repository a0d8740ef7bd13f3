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
