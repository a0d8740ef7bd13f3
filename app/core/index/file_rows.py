"""The manifest's rows about whole notes: each indexed file's record (`files`) and each
note the last walk found but could not index (`skipped`). Like the mirror rows, these run
on the manifest's own connection, inside its lock (and, for a write, its transaction)."""

from __future__ import annotations

import sqlite3
from collections.abc import Collection, Iterable, Sequence
from typing import Any

from app.core.index.records import FileRecord
from app.core.index.sql_slices import pairs_where

SCOPE_QUERY_MAX = 300  # paths in one scoped query; more are filtered in Python

_FILE_COLUMNS = "path, content_hash, size, mtime_ns, indexed_at, language, tags"


def within(rel: str, paths: Collection[str]) -> bool:
    """Whether `rel` is one of `paths` or inside a folder among them."""
    return rel in paths or any(rel.startswith(p + "/") for p in paths)


def _scope_clause(paths: Collection[str]) -> tuple[str, list[object]]:
    """SQL matching a `path` column to `paths` and to what is inside them."""
    clauses, params = [], []
    for p in paths:
        clauses.append("path = ? OR substr(path, 1, ?) = ?")
        params += [p, len(p) + 1, p + "/"]
    return " OR ".join(f"({c})" for c in clauses) or "0", params


def _file_record(row: Sequence[Any]) -> FileRecord:
    """A `files` row, read in `_FILE_COLUMNS` order."""
    return FileRecord(row[0], row[1], row[2], row[3], row[4], row[5], tuple(str(row[6]).split()))


def read_files(db: sqlite3.Connection) -> dict[str, FileRecord]:
    rows = db.execute(f"SELECT {_FILE_COLUMNS} FROM files").fetchall()
    return {r[0]: _file_record(r) for r in rows}


def read_files_within(db: sqlite3.Connection, paths: Collection[str]) -> dict[str, FileRecord]:
    """The indexed files at `paths` or inside the folders among them, without loading
    every file's record."""
    if len(paths) > SCOPE_QUERY_MAX:
        return {rel: r for rel, r in read_files(db).items() if within(rel, paths)}
    where, params = _scope_clause(paths)
    rows = db.execute(
        f"SELECT {_FILE_COLUMNS} FROM files WHERE {where}",
        params,
    ).fetchall()
    return {r[0]: _file_record(r) for r in rows}


def read_languages(db: sqlite3.Connection) -> dict[str, int]:
    """How many notes are written in each detected language."""
    rows = db.execute(
        "SELECT language, COUNT(*) FROM files WHERE language != '' GROUP BY language"
    ).fetchall()
    return {str(language): int(count) for language, count in rows}


def read_path_languages(db: sqlite3.Connection) -> dict[str, str]:
    """Each indexed note's path and detected language ("" when not detected)."""
    return {
        str(path): str(language)
        for path, language in db.execute("SELECT path, language FROM files")
    }


def read_languages_of(db: sqlite3.Connection, paths: Iterable[str]) -> dict[str, str]:
    """The detected language of each given note that has one."""
    query = "SELECT path, language FROM files WHERE language != '' AND path IN ({})"
    return pairs_where(db, query, paths)


def insert_file(db: sqlite3.Connection, r: FileRecord) -> None:
    """A file's record, after its old row was deleted (in the caller's transaction)."""
    db.execute(
        "INSERT INTO files "
        "(path, content_hash, size, mtime_ns, indexed_at, language, tags) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            r.path,
            r.content_hash,
            r.size,
            r.mtime_ns,
            r.indexed_at,
            r.language,
            " ".join(r.tags),
        ),
    )


def touch_files(db: sqlite3.Connection, records: Sequence[FileRecord]) -> None:
    """New mtimes and sizes for files whose content did not change (in the caller's
    transaction)."""
    for r in records:
        db.execute(
            "UPDATE files SET mtime_ns = ?, size = ? WHERE path = ?",
            (r.mtime_ns, r.size, r.path),
        )


def replace_skipped(
    db: sqlite3.Connection,
    records: Sequence[tuple[str, int, int, str]],
    scope: Collection[str] | None,
) -> None:
    """Replace the skip records (path, size, mtime, reason) everywhere, or only inside
    `scope` when given (in the caller's transaction)."""
    if scope is None or len(scope) > SCOPE_QUERY_MAX:
        kept = (
            []
            if scope is None
            else [
                r
                for r in db.execute("SELECT * FROM skipped").fetchall()
                if not within(str(r[0]), scope)
            ]
        )
        db.execute("DELETE FROM skipped")
        db.executemany("INSERT OR REPLACE INTO skipped VALUES (?, ?, ?, ?)", kept)
    else:
        where, params = _scope_clause(scope)
        db.execute(f"DELETE FROM skipped WHERE {where}", params)
    db.executemany("INSERT OR REPLACE INTO skipped VALUES (?, ?, ?, ?)", records)


def read_skipped(db: sqlite3.Connection) -> dict[str, tuple[int, int]]:
    """Each recorded skip's (size, mtime_ns), by path."""
    rows = db.execute("SELECT path, size, mtime_ns FROM skipped").fetchall()
    return {str(path): (int(size), int(mtime)) for path, size, mtime in rows}
