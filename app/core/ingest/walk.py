"""Walk a notes folder: which files are notes, and why every other file was skipped."""

from __future__ import annotations

import enum
import fnmatch
import hashlib
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from app.core.basics.text import normalize_text

NOTE_EXTENSIONS: tuple[str, ...] = (".md", ".markdown", ".txt")


class SkipReason(enum.Enum):
    HIDDEN = "hidden file or folder"
    EXTENSION = "not a notes file type (.md, .markdown, .txt)"
    EXCLUDED = "matches an exclude pattern"
    TOO_LARGE = "larger than the size cap"
    SYMLINK_OUTSIDE = "symlink that leaves the notes folder"
    SYMLINK_DIR = "symlinked folder (not followed)"
    NOT_TEXT = "not UTF-8 text"
    UNREADABLE = "cannot be read"


@dataclass(frozen=True)
class WalkSettings:
    """Which files of a notes folder are notes."""

    max_file_bytes: int = 2 * 1024 * 1024
    exclude: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.max_file_bytes < 1:
            raise ValueError(f"max_file_bytes={self.max_file_bytes} must be at least 1")


@dataclass(frozen=True)
class NoteFile:
    """A note found by the walk; `rel_path` is POSIX-style, relative to the notes root."""

    rel_path: str
    path: Path
    size: int
    mtime_ns: int


@dataclass(frozen=True)
class SkippedFile:
    rel_path: str
    reason: SkipReason
    detail: str = ""


@dataclass
class WalkResult:
    notes: list[NoteFile] = field(default_factory=list)
    skipped: list[SkippedFile] = field(default_factory=list)


class NotTextError(ValueError):
    """A file with a notes extension whose bytes are not UTF-8 text."""


def walk_notes(
    root: Path,
    *,
    max_file_bytes: int,
    exclude: Sequence[str] = (),
    extensions: Sequence[str] = NOTE_EXTENSIONS,
) -> WalkResult:
    """List the notes under `root` in a stable order, recording a reason for each skip."""
    root = root.resolve()
    result = WalkResult()
    for dirpath, dirnames, filenames in os.walk(root):
        here = Path(dirpath)
        kept_dirs = []
        for name in sorted(dirnames):
            rel = (here / name).relative_to(root).as_posix()
            if name.startswith("."):
                result.skipped.append(SkippedFile(rel + "/", SkipReason.HIDDEN))
            elif (here / name).is_symlink():
                result.skipped.append(SkippedFile(rel + "/", SkipReason.SYMLINK_DIR))
            elif _excluded(rel + "/", exclude):
                result.skipped.append(SkippedFile(rel + "/", SkipReason.EXCLUDED))
            else:
                kept_dirs.append(name)
        dirnames[:] = kept_dirs
        for name in sorted(filenames):
            path = here / name
            rel = path.relative_to(root).as_posix()
            skip = _skip_reason(root, path, rel, name, max_file_bytes, exclude, extensions)
            if skip is not None:
                result.skipped.append(skip)
                continue
            stat = path.stat()
            result.notes.append(NoteFile(rel, path, stat.st_size, stat.st_mtime_ns))
    result.notes.sort(key=lambda n: n.rel_path)
    return result


def _skip_reason(
    root: Path,
    path: Path,
    rel: str,
    name: str,
    max_file_bytes: int,
    exclude: Sequence[str],
    extensions: Sequence[str],
) -> SkippedFile | None:
    if name.startswith("."):
        return SkippedFile(rel, SkipReason.HIDDEN)
    if not name.lower().endswith(tuple(extensions)):
        return SkippedFile(rel, SkipReason.EXTENSION)
    if _excluded(rel, exclude):
        return SkippedFile(rel, SkipReason.EXCLUDED)
    if path.is_symlink():
        target = path.resolve()
        if not target.is_relative_to(root):
            return SkippedFile(rel, SkipReason.SYMLINK_OUTSIDE, f"points to {target}")
    try:
        size = path.stat().st_size
    except OSError as exc:
        return SkippedFile(rel, SkipReason.UNREADABLE, exc.strerror or str(exc))
    if size > max_file_bytes:
        return SkippedFile(rel, SkipReason.TOO_LARGE, f"{size:,} bytes > {max_file_bytes:,}")
    return None


def _excluded(rel: str, patterns: Sequence[str]) -> bool:
    return any(fnmatch.fnmatch(rel, p) or fnmatch.fnmatch(rel.rstrip("/"), p) for p in patterns)


def read_note(path: Path) -> tuple[str, str]:
    """Return the note's normalised text and the sha256 of its bytes.

    Raises:
        NotTextError: the bytes hold a NUL or are not valid UTF-8.
        OSError: the file cannot be read.
    """
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if b"\x00" in data[:8192]:
        raise NotTextError("binary content (NUL byte)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise NotTextError(f"invalid UTF-8 at byte {exc.start}") from exc
    return normalize_text(text), digest
