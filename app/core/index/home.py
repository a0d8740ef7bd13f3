"""Where one notes folder's index lives on disk, and how a rebuild replaces it whole.

    indexes/<folder>-<hash>/
        writer.lock     the writer lock (never replaced, so every process locks the same file)
        CURRENT         the name of the live generation, replaced atomically
        g3/             a generation: manifest.sqlite3, chroma/ and bm25.npz

A rebuild (or a repair of the vectors) builds a new generation beside the live one and
switches CURRENT only when it is complete, so a cancelled or killed rebuild leaves the old
index in place. Readers compare CURRENT with the generation they opened before each
question and reopen when it moved. An index written before generations existed keeps its
files at the top level; it is read there until its first rebuild.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
from pathlib import Path

from app.core.basics.files import fsync_dir
from app.core.index.lock import WriterLock

CURRENT_FILE = "CURRENT"
LOCK_FILE = "writer.lock"
LEGACY = "."  # the generation name of an index kept at the top level
_GENERATION = re.compile(r"^g(\d+)$")
MANIFEST_FILE = "manifest.sqlite3"


class IndexHome:
    """The folder that holds one notes folder's index generations and its writer lock."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.lock = WriterLock.for_path(root / LOCK_FILE)

    def live_name(self) -> str | None:
        """The live generation's name, "." for a top-level index, None when there is none."""
        try:
            name = (self.root / CURRENT_FILE).read_text(encoding="utf-8").strip()
        except FileNotFoundError:
            name = ""
        except OSError:
            name = ""
        if name and _GENERATION.match(name) and (self.root / name).is_dir():
            return name
        if (self.root / MANIFEST_FILE).exists():
            return LEGACY
        return None

    def path_of(self, name: str) -> Path:
        return self.root if name == LEGACY else self.root / name

    def live(self) -> Path | None:
        name = self.live_name()
        return None if name is None else self.path_of(name)

    def new_generation(self) -> tuple[str, Path]:
        """A fresh, empty generation folder (the caller holds the writer lock)."""
        self.root.mkdir(parents=True, exist_ok=True)
        numbers = [
            int(m.group(1)) for child in self.root.iterdir() if (m := _GENERATION.match(child.name))
        ]
        name = f"g{max(numbers, default=0) + 1}"
        path = self.root / name
        path.mkdir()
        return name, path

    def switch_to(self, name: str) -> None:
        """Make generation `name` the live one in one atomic step, durably, then delete
        every other generation (the caller holds the writer lock)."""
        staged = self.root / f"{CURRENT_FILE}.{os.getpid()}.partial"
        with staged.open("w", encoding="utf-8") as f:
            f.write(name + "\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(staged, self.root / CURRENT_FILE)
        fsync_dir(self.root)
        self.sweep(keep=name)

    def sweep(self, keep: str | None = None) -> list[str]:
        """Delete generations that are not live: what a killed rebuild left, or the one a
        finished rebuild replaced. Readers that still have one open keep their open files
        (POSIX) and reopen the live one before their next question."""
        keep = keep or self.live_name()
        if keep is None:
            return []
        removed = []
        for child in self.root.iterdir():
            if _GENERATION.match(child.name) and child.name != keep:
                shutil.rmtree(child, ignore_errors=True)
                removed.append(child.name)
        if keep != LEGACY:
            for leftover in (
                MANIFEST_FILE,
                MANIFEST_FILE + "-wal",
                MANIFEST_FILE + "-shm",
                "chroma",
                "bm25.npz",
            ):
                target = self.root / leftover
                if target.is_dir():
                    shutil.rmtree(target, ignore_errors=True)
                else:
                    with contextlib.suppress(FileNotFoundError):
                        target.unlink()
        for partial in self.root.glob(f"{CURRENT_FILE}.*.partial"):
            with contextlib.suppress(FileNotFoundError):
                partial.unlink()
        return removed
