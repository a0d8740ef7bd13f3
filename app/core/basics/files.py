"""Durable file writes and a file lock, for data that must survive a crash and a second
process: a whole-file rewrite lands complete or not at all, and two processes that
rewrite and append to one file take turns."""

from __future__ import annotations

import contextlib
import fcntl
import os
import threading
import uuid
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

_local_locks: dict[str, threading.Lock] = {}
_local_guard = threading.Lock()


def fsync_dir(path: Path) -> None:
    """Make a rename or a new file in `path` durable."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write(path: Path, text: str | bytes) -> None:
    """Replace `path` with `text`: written to a file no other process uses, flushed to
    disk, then renamed over the old one, so a reader or a crash sees old or new, whole."""
    atomic_write_parts(path, [text.encode("utf-8") if isinstance(text, str) else text])


def atomic_write_parts(path: Path, parts: Iterable[bytes]) -> None:
    """`atomic_write` of a file produced piece by piece (never whole in memory)."""

    def write(f: BinaryIO) -> None:
        for part in parts:
            f.write(part)

    atomic_write_with(path, write)


def atomic_write_with(path: Path, write: Callable[[BinaryIO], object]) -> None:
    """`atomic_write` of a file that `write` writes to an open binary file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    staged = path.with_name(f".{path.name}.{os.getpid()}.{uuid.uuid4().hex[:8]}.partial")
    try:
        with staged.open("wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(staged, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            staged.unlink()
        raise
    fsync_dir(path.parent)


def append_line(path: Path, line: str) -> None:
    """Append one line with one `write`, then fsync; a line torn by an earlier crash is
    closed first so the new one starts on its own line."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("ab") as f:
        data = line.encode("utf-8")
        if f.tell() > 0:
            with path.open("rb") as r:
                r.seek(-1, os.SEEK_END)
                if r.read(1) != b"\n":
                    data = b"\n" + data
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


@contextlib.contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on `path` (a sidecar lock file) against other processes and
    other threads of this one; blocks until it is free."""
    path.parent.mkdir(parents=True, exist_ok=True)
    key = os.path.abspath(path)
    with _local_guard:
        local = _local_locks.setdefault(key, threading.Lock())
    with local:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)
