"""The manifest's SQLite schema, and SQLite failures as one-line errors."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from app.errors import AsknotesError, IndexBusyError, IndexCorruptError, IndexError_

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
    path TEXT PRIMARY KEY,
    content_hash TEXT NOT NULL,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    indexed_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS texts (
    text_hash TEXT PRIMARY KEY,
    text TEXT NOT NULL,
    embed_text TEXT NOT NULL,
    tokens TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS chunks (
    path TEXT NOT NULL,
    ordinal INTEGER NOT NULL,
    text_hash TEXT NOT NULL REFERENCES texts(text_hash),
    heading_path TEXT NOT NULL,
    start_line INTEGER NOT NULL,
    end_line INTEGER NOT NULL,
    PRIMARY KEY (path, ordinal)
);
CREATE INDEX IF NOT EXISTS chunks_by_text ON chunks(text_hash);
CREATE TABLE IF NOT EXISTS skipped (
    path TEXT PRIMARY KEY,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    reason TEXT NOT NULL
);
"""


def translate(exc: sqlite3.Error, path: Path) -> AsknotesError:
    """One line that names the file and says what to do, for any SQLite failure."""
    text = str(exc) or type(exc).__name__
    if isinstance(exc, sqlite3.ProgrammingError):
        return IndexError_(f"the index at {path.parent} was closed ({text})")
    if "locked" in text or "busy" in text:
        return IndexBusyError(
            f"the index at {path.parent} is locked by another process ({text}); try again"
        )
    if "readonly" in text or "read-only" in text:
        return IndexCorruptError(
            f"cannot write the index at {path.parent} ({text}); check the folder's permissions"
        )
    return IndexCorruptError(
        f"the index manifest {path} is damaged ({text}); run `asknotes index --rebuild` "
        "(refused questions, marks, eval runs and calibration are kept)"
    )


def peek_meta(path: Path, key: str) -> str | None:
    """One meta value of the manifest at `path`, read-only; None when it cannot be read
    (a missing or damaged file is somebody else's error to report)."""
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])
    except sqlite3.Error:
        return None
    finally:
        db.close()
