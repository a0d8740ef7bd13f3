"""Walk a notes folder: which files are notes, and why every other path was skipped.

Every path is classified before anything opens it: a regular file, a symlink inside or
outside the folder, a symlink loop or one pointing at nothing, a FIFO, device or socket,
a name that is not UTF-8, a folder that cannot be listed. Only regular files are ever
opened (a FIFO would block the open forever), and a file that vanishes or changes kind
between the walk and the read is skipped with a reason like any other.
"""

from __future__ import annotations

import enum
import errno
import fnmatch
import hashlib
import os
import stat
from collections.abc import Collection, Sequence
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
    SYMLINK_LOOP = "symlink loop"
    SYMLINK_BROKEN = "symlink to nothing"
    SPECIAL = "not a regular file (FIFO, socket or device; never opened)"
    BAD_NAME = "name is not valid UTF-8 (rename it to index it)"
    NOT_TEXT = "not UTF-8 text"
    UNREADABLE = "cannot be read (kept in the index as it was)"
    UNREADABLE_DIR = "folder cannot be listed (its notes are kept in the index as they were)"
    VANISHED = "deleted while the folder was being read"
    EMPTY = "nothing to answer from (empty, or only a title); not embedded"


# Skips that say nothing about whether a note still exists: its indexed copy is kept.
KEEPS_INDEXED = frozenset({SkipReason.UNREADABLE, SkipReason.UNREADABLE_DIR})


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
    full_path: str  # absolute, as the walk found it
    size: int
    mtime_ns: int

    @property
    def path(self) -> Path:
        return Path(self.full_path)


@dataclass(frozen=True)
class SkippedFile:
    rel_path: str  # a folder's ends with "/"
    reason: SkipReason
    detail: str = ""


@dataclass
class WalkResult:
    notes: list[NoteFile] = field(default_factory=list)
    skipped: list[SkippedFile] = field(default_factory=list)
    root_error: str | None = None  # the root itself cannot be listed: nothing is known

    def unreadable_dirs(self) -> list[str]:
        """Folders (relative, ending in "/") whose notes the walk could not see."""
        return [s.rel_path for s in self.skipped if s.reason is SkipReason.UNREADABLE_DIR]


class NoteSkipped(Exception):
    """A path that looked like a note turned out not to be one when it was read."""

    def __init__(self, reason: SkipReason, detail: str = "") -> None:
        super().__init__(detail or reason.value)
        self.reason = reason
        self.detail = detail


class NotTextError(NoteSkipped):
    """A file with a notes extension whose bytes are not UTF-8 text."""

    def __init__(self, detail: str) -> None:
        super().__init__(SkipReason.NOT_TEXT, detail)


def display_name(name: str) -> str:
    """A file name as it can be printed: undecodable bytes shown as \\xNN escapes."""
    try:
        name.encode("utf-8")
        return name
    except UnicodeEncodeError:
        raw = os.fsencode(name)
        return raw.decode("utf-8", errors="backslashreplace")


def _decodable(name: str) -> bool:
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def walk_notes(
    root: Path,
    *,
    max_file_bytes: int,
    exclude: Sequence[str] = (),
    extensions: Sequence[str] = NOTE_EXTENSIONS,
) -> WalkResult:
    """List the notes under `root` in a stable order, recording a reason for each skip.

    Paths are handled as strings, not `Path` objects: every `ask` walks the folder to say
    whether the index is behind it, and on a folder of tens of thousands of notes the
    `Path` arithmetic cost more than the `lstat` calls themselves.
    """
    root_text = os.path.realpath(root)
    result = WalkResult()
    suffixes = tuple(e.lower() for e in extensions)
    _walk_folders(result, root_text, [("", root_text)], max_file_bytes, exclude, suffixes)
    result.notes.sort(key=lambda n: n.rel_path)
    return result


def walk_paths(
    root: Path,
    paths: Collection[str],
    *,
    max_file_bytes: int,
    exclude: Sequence[str] = (),
    extensions: Sequence[str] = NOTE_EXTENSIONS,
) -> WalkResult:
    """What `walk_notes` reports about `paths` (relative, POSIX) and the folders among
    them, without listing the rest of the folder: a watch batch reads the few paths that
    changed. A path that no longer exists is simply not found; a path inside a folder the
    walk skips (hidden, excluded, symlinked, undecodable) is not a note here either."""
    root_text = os.path.realpath(root)
    result = WalkResult()
    if not os.path.isdir(root_text):
        result.root_error = "not a folder any more"
        return result
    suffixes = tuple(e.lower() for e in extensions)
    folders: list[tuple[str, str]] = []
    for rel in sorted(set(paths), reverse=True):
        if not rel or not _inside_walk(root_text, rel, exclude):
            continue
        full = os.path.join(root_text, rel)
        try:
            info = os.lstat(full)
        except FileNotFoundError:
            continue  # gone: the caller drops what it had indexed there
        except OSError:
            info = None
        if info is not None and stat.S_ISDIR(info.st_mode):
            folders.append((rel + "/", full))
            continue
        found = _classify(root_text, full, rel, max_file_bytes, exclude, suffixes)
        if isinstance(found, SkippedFile):
            result.skipped.append(found)
        else:
            result.notes.append(found)
    _walk_folders(result, root_text, folders, max_file_bytes, exclude, suffixes)
    unique = {n.rel_path: n for n in result.notes}  # a file named and inside a named folder
    result.notes = sorted(unique.values(), key=lambda n: n.rel_path)
    return result


def _inside_walk(root: str, rel: str, exclude: Sequence[str]) -> bool:
    """Whether the full walk would descend to `rel`: every folder on the way, and `rel`
    itself when it is a folder, is listed (not hidden, excluded, symlinked or undecodable)."""
    parts = rel.split("/")
    if any(p in ("", ".", "..") for p in parts):
        return False
    here = root
    for depth, name in enumerate(parts):
        here = os.path.join(here, name)
        last = depth == len(parts) - 1
        if last and not os.path.isdir(here):
            return True  # a file: `_classify` judges its own name
        folder = "/".join(parts[: depth + 1]) + "/"
        if (
            not _decodable(name)
            or name.startswith(".")
            or os.path.islink(here)
            or _excluded(folder, exclude)
        ):
            return False
    return True


def _walk_folders(
    result: WalkResult,
    root_text: str,
    stack: list[tuple[str, str]],
    max_file_bytes: int,
    exclude: Sequence[str],
    suffixes: tuple[str, ...],
) -> None:
    """Add the notes and skips under each (relative prefix, absolute folder) of `stack`."""
    while stack:
        prefix, folder = stack.pop()
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError as exc:
            if not prefix:
                result.root_error = exc.strerror or str(exc)
            else:
                rel = display_name(prefix)
                result.skipped.append(
                    SkippedFile(rel, SkipReason.UNREADABLE_DIR, exc.strerror or "")
                )
            continue
        files: list[os.DirEntry[str]] = []
        folders: list[os.DirEntry[str]] = []
        for entry in entries:
            try:
                is_folder = entry.is_dir()  # follows a symlink, as os.walk does
            except OSError:
                is_folder = False
            (folders if is_folder else files).append(entry)
        below = []
        for entry in folders:
            name = entry.name
            rel = display_name(prefix + name) + "/"
            if not _decodable(name):
                result.skipped.append(SkippedFile(rel, SkipReason.BAD_NAME))
            elif name.startswith("."):
                result.skipped.append(SkippedFile(rel, SkipReason.HIDDEN))
            elif entry.is_symlink():
                result.skipped.append(SkippedFile(rel, SkipReason.SYMLINK_DIR))
            elif _excluded(rel, exclude):
                result.skipped.append(SkippedFile(rel, SkipReason.EXCLUDED))
            else:
                below.append((prefix + name + "/", entry.path))
        for entry in files:
            found = _classify(
                root_text, entry.path, prefix + entry.name, max_file_bytes, exclude, suffixes
            )
            if isinstance(found, SkippedFile):
                result.skipped.append(found)
            else:
                result.notes.append(found)
        stack.extend(reversed(below))  # depth first, in name order, as os.walk goes


def _classify(
    root: str,
    path: str,
    rel: str,
    max_file_bytes: int,
    exclude: Sequence[str],
    suffixes: tuple[str, ...],
) -> NoteFile | SkippedFile:
    """A note, or the reason this path is not one; opens nothing."""
    name = rel.rpartition("/")[2]
    if not _decodable(rel):
        return SkippedFile(display_name(rel), SkipReason.BAD_NAME)
    if name.startswith("."):
        return SkippedFile(rel, SkipReason.HIDDEN)
    if not name.lower().endswith(suffixes):
        return SkippedFile(rel, SkipReason.EXTENSION)
    if exclude and _excluded(rel, exclude):
        return SkippedFile(rel, SkipReason.EXCLUDED)
    try:
        info = os.lstat(path)
        if stat.S_ISLNK(info.st_mode):
            try:
                info = os.stat(path)
            except OSError as exc:
                if exc.errno == errno.ELOOP:
                    return SkippedFile(rel, SkipReason.SYMLINK_LOOP)
                if exc.errno == errno.ENOENT:
                    return SkippedFile(rel, SkipReason.SYMLINK_BROKEN, os.readlink(path))
                raise
            target = Path(os.path.realpath(path))
            if not target.is_relative_to(root):
                return SkippedFile(rel, SkipReason.SYMLINK_OUTSIDE, f"points to {target}")
    except FileNotFoundError:
        return SkippedFile(rel, SkipReason.VANISHED)
    except OSError as exc:
        return SkippedFile(rel, SkipReason.UNREADABLE, exc.strerror or str(exc))
    if stat.S_ISDIR(info.st_mode):
        return SkippedFile(rel, SkipReason.SYMLINK_DIR)
    if not stat.S_ISREG(info.st_mode):
        return SkippedFile(rel, SkipReason.SPECIAL, _kind(info.st_mode))
    if info.st_size > max_file_bytes:
        return SkippedFile(
            rel, SkipReason.TOO_LARGE, f"{info.st_size:,} bytes > {max_file_bytes:,}"
        )
    return NoteFile(rel, path, info.st_size, info.st_mtime_ns)


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "FIFO"
    if stat.S_ISSOCK(mode):
        return "socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    return "special file"


def _excluded(rel: str, patterns: Sequence[str]) -> bool:
    return any(fnmatch.fnmatch(rel, p) or fnmatch.fnmatch(rel.rstrip("/"), p) for p in patterns)


def read_note(path: Path, max_bytes: int | None = None) -> tuple[str, str]:
    """Return the note's normalised text and the sha256 of its bytes.

    The file is opened without blocking and checked to be a regular file before a byte is
    read, so a note swapped for a FIFO after the walk cannot hang the read.

    Raises:
        NotTextError: the bytes hold a NUL or are not valid UTF-8.
        NoteSkipped: the path is no longer a regular file, or has grown past `max_bytes`.
        OSError: the file cannot be read (FileNotFoundError: it was deleted).
    """
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NoteSkipped(SkipReason.SPECIAL, _kind(info.st_mode))
        limit = max_bytes if max_bytes is not None else info.st_size
        parts: list[bytes] = []
        total = 0
        while block := os.read(fd, max(65536, min(limit + 1 - total, 1 << 22))):
            parts.append(block)
            total += len(block)
            if max_bytes is not None and total > max_bytes:
                raise NoteSkipped(SkipReason.TOO_LARGE, f"grew past {max_bytes:,} bytes")
    finally:
        os.close(fd)
    data = b"".join(parts)
    digest = hashlib.sha256(data).hexdigest()
    if b"\x00" in data[:8192]:
        raise NotTextError("binary content (NUL byte)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise NotTextError(f"invalid UTF-8 at byte {exc.start}") from exc
    return normalize_text(text), digest
