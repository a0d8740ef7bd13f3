"""The manifest: a SQLite file that is the source of truth for what the index holds.

Every file's content hash, every chunk and every unique chunk text live here; the vector
store is keyed by the same text hashes. One SQLite transaction applies a batch, so a crash
leaves either the old state or the new one, never half of each.
"""

from __future__ import annotations

import functools
import hashlib
import sqlite3
import threading
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from app.core.index import file_rows, text_rows
from app.core.index.mirror import read_shared_records, write_mirror
from app.core.index.records import FileRecord, FileUpdate, StoredText
from app.core.index.shared_records import SharedRecord
from app.core.index.sql_slices import hashes_where, in_slices
from app.core.index.sqlite import SCHEMA, SCHEMA_VERSION, translate
from app.core.ingest.obsidian import aliases_in
from app.errors import SchemaVersionError

T = TypeVar("T")
LEXICAL_PAGE = 2000  # texts per read when the BM25 index is built from the manifest

SHARED_STAMP = "shared_stamp"  # the shared collection's stamp a mirror was pulled at
PUBLISHED_VERSION = "published_version"  # the index version a writer last published
# Meta that describes this file, not the index: never published, never mirrored.
LOCAL_META = frozenset(
    {"schema_version", "index_version", "updated_at", SHARED_STAMP, PUBLISHED_VERSION}
)


def _locked(method: Callable[..., T]) -> Callable[..., T]:
    """Serialise a method on the manifest's lock (UI workers share one connection), and
    turn a SQLite failure into a one-line error."""

    @functools.wraps(method)
    def wrapper(self: Manifest, *args: Any, **kwargs: Any) -> T:
        with self._lock:
            try:
                return method(self, *args, **kwargs)
            except sqlite3.Error as exc:
                raise translate(exc, self.path) from exc

    return wrapper


class Manifest:
    """SQLite-backed record of files, chunks and unique texts.

    Raises (from every method):
        IndexCorruptError: the file is damaged or cannot be written.
    """

    def __init__(self, path: Path) -> None:
        self._lock = threading.RLock()
        self._connect(path)

    def _connect(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        # One connection shared by the UI's worker threads; the lock serialises them.
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(SCHEMA)
            self._add_columns()
            stored = self._db.execute(
                "SELECT value FROM meta WHERE key = 'schema_version'"
            ).fetchone()
        except sqlite3.Error as exc:
            self._db.close()
            raise translate(exc, path) from exc
        if stored is None:
            self.set_meta("schema_version", str(SCHEMA_VERSION))
        elif not str(stored[0]).isdigit() or int(stored[0]) != SCHEMA_VERSION:
            self._db.close()
            raise SchemaVersionError(
                f"the index at {path.parent} has schema version {stored[0]}, this asknotes "
                f"reads version {SCHEMA_VERSION}; run `asknotes index --rebuild` "
                "(refused questions, marks, eval runs and calibration are kept)"
            )

    def reopen(self, path: Path) -> None:
        """Switch this object to the manifest at `path` (a rebuilt generation)."""
        with self._lock:
            self._db.close()
            self._connect(path)

    def _add_columns(self) -> None:
        """Additive migrations: columns a newer asknotes keeps, older ones ignore."""
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(files)")}
        if "language" not in columns:
            self._db.execute("ALTER TABLE files ADD COLUMN language TEXT NOT NULL DEFAULT ''")
        if "tags" not in columns:  # space-separated; filled when each note is next read
            self._db.execute("ALTER TABLE files ADD COLUMN tags TEXT NOT NULL DEFAULT ''")
        chunk_columns = {row[1] for row in self._db.execute("PRAGMA table_info(chunks)")}
        if "links" not in chunk_columns:  # a JSON list of link targets
            self._db.execute("ALTER TABLE chunks ADD COLUMN links TEXT NOT NULL DEFAULT '[]'")

    def close(self) -> None:
        with self._lock:  # never under a worker thread's query: that crashes the process
            self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    @_locked
    def get_meta(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    @_locked
    def set_meta(self, key: str, value: str) -> None:
        self._db.execute(
            "INSERT INTO meta(key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    @property
    def index_version(self) -> int:
        """Bumped by every applied batch, so caches (BM25, eval runs) know when to refresh."""
        return int(self.get_meta("index_version") or 0)

    @_locked
    def files(self) -> dict[str, FileRecord]:
        return file_rows.read_files(self._db)

    @_locked
    def files_within(self, paths: Collection[str]) -> dict[str, FileRecord]:
        """The indexed files at `paths` or inside the folders among them (a watch batch's
        scope), without loading every file's record."""
        return file_rows.read_files_within(self._db, paths)

    @_locked
    def texts_of(self, paths: Iterable[str]) -> set[str]:
        """The text hashes of every chunk of the given files."""
        return hashes_where(self._db, "SELECT text_hash FROM chunks WHERE path IN ({})", paths)

    @_locked
    def languages(self) -> dict[str, int]:
        """How many notes are written in each detected language."""
        return file_rows.read_languages(self._db)

    @_locked
    def path_languages(self) -> dict[str, str]:
        """Each note's path and detected language, without the rest of its record."""
        return file_rows.read_path_languages(self._db)

    @_locked
    def languages_of(self, paths: Iterable[str]) -> dict[str, str]:
        """The detected language of each given note that has one."""
        return file_rows.read_languages_of(self._db, paths)

    @_locked
    def language_texts(self) -> dict[str, set[str]]:
        """The text hashes of the notes written in each detected language; a text held by
        notes of two languages counts in both."""
        found: dict[str, set[str]] = {}
        for language, text_hash in self._db.execute(
            "SELECT DISTINCT f.language, c.text_hash FROM chunks c JOIN files f "
            "ON f.path = c.path WHERE f.language != ''"
        ):
            found.setdefault(str(language), set()).add(str(text_hash))
        return found

    @_locked
    def text_hashes(self) -> set[str]:
        return {r[0] for r in self._db.execute("SELECT text_hash FROM texts")}

    @_locked
    def known_hashes(self, text_hashes: Iterable[str]) -> set[str]:
        """The subset of `text_hashes` the manifest holds: a query checks its few hits
        instead of loading every hash."""
        return hashes_where(
            self._db, "SELECT text_hash FROM texts WHERE text_hash IN ({})", text_hashes
        )

    @_locked
    def chunk_hashes(self) -> dict[str, list[str]]:
        """Every file's chunk text hashes, in chunk order."""
        found: dict[str, list[str]] = {}
        for path, text_hash in self._db.execute(
            "SELECT path, text_hash FROM chunks ORDER BY path, ordinal"
        ):
            found.setdefault(path, []).append(text_hash)
        return found

    @_locked
    def is_empty(self) -> bool:
        return self._db.execute("SELECT 1 FROM texts LIMIT 1").fetchone() is None

    @_locked
    def counts(self) -> tuple[int, int, int]:
        """Files, chunks (every source), unique chunk texts."""
        files = self._db.execute("SELECT COUNT(*) FROM files").fetchone()[0]
        chunks = self._db.execute("SELECT COUNT(*) FROM chunks").fetchone()[0]
        texts = self._db.execute("SELECT COUNT(*) FROM texts").fetchone()[0]
        return int(files), int(chunks), int(texts)

    def lexical_corpus(
        self, text_hashes: Iterable[str] | None = None
    ) -> Iterator[tuple[str, list[str]]]:
        """Every referenced text's hash and BM25 tokens (only the given ones, when
        given), ordered by hash, read a page at a time.

        Each page is read under the lock on its own, so a BM25 build over a large folder
        never holds every text's tokens at once, and other threads are not held up by it.
        A commit between two pages can make the result mix two versions; its reader diffs
        by hash against the manifest before it trusts a version (see `Bm25Cache`).
        """
        if text_hashes is None:
            after = ""
            while rows := self._lexical_page(after, LEXICAL_PAGE):
                yield from ((h, tokens.split()) for h, tokens in rows)
                after = rows[-1][0]
            return
        for marks, batch in in_slices(sorted(set(text_hashes))):
            yield from ((h, t.split()) for h, t in self._lexical_rows(marks, batch))

    @_locked
    def _lexical_page(self, after: str, size: int) -> list[tuple[str, str]]:
        return self._db.execute(
            "SELECT text_hash, tokens FROM texts WHERE text_hash > ? "
            "AND text_hash IN (SELECT text_hash FROM chunks) ORDER BY text_hash LIMIT ?",
            (after, size),
        ).fetchall()

    @_locked
    def _lexical_rows(self, marks: str, wanted: Sequence[str]) -> list[tuple[str, str]]:
        return self._db.execute(
            f"SELECT text_hash, tokens FROM texts WHERE text_hash IN ({marks}) "
            "AND text_hash IN (SELECT text_hash FROM chunks) ORDER BY text_hash",
            list(wanted),
        ).fetchall()

    @_locked
    def lexical_hashes(self) -> set[str]:
        """The hashes of every text a chunk references (what BM25 holds)."""
        return {r[0] for r in self._db.execute("SELECT DISTINCT text_hash FROM chunks")}

    @_locked
    def sample_texts(self, n: int, seed: int) -> list[tuple[str, str]]:
        """Up to `n` referenced texts (hash, text), the same sample for the same seed.

        Each text's place in the sample is a keyed hash of its own hash, so the sample
        depends on what the folder holds, not on how often it was indexed, and a new or
        removed note moves it by at most that note's texts.
        """
        rows = self._db.execute(
            "SELECT text_hash, text FROM texts WHERE text_hash IN (SELECT text_hash FROM chunks)"
        ).fetchall()
        rows.sort(key=lambda row: hashlib.sha256(f"{seed}:{row[0]}".encode()).digest())
        return [(str(h), str(t)) for h, t in rows[:n]]

    @_locked
    def retokenize(self, tokenize: Callable[[str, str | None], str]) -> int:
        """Recompute every text's BM25 tokens (after the tokenizer changed); no re-embedding.

        Each text is read in the language recorded for a note holding it, as indexing
        reads it: a code-heavy section of a Portuguese note, detected alone, reads as
        English and would be stemmed as English.
        """
        with self._transaction() as db:
            rows = db.execute(
                "SELECT t.text_hash, t.embed_text, (SELECT f.language FROM chunks c "
                "JOIN files f ON f.path = c.path WHERE c.text_hash = t.text_hash "
                "ORDER BY c.path LIMIT 1) FROM texts t"
            ).fetchall()
            db.executemany(
                "UPDATE texts SET tokens = ? WHERE text_hash = ?",
                [
                    (tokenize(embed_text, language), text_hash)
                    for text_hash, embed_text, language in rows
                ],
            )
            self._bump_version()
        return len(rows)

    @_locked
    def embed_texts(self, text_hashes: Iterable[str]) -> dict[str, str]:
        """The embedded form of the given texts, for re-embedding after a crash."""
        return text_rows.read_embed_texts(self._db, text_hashes)

    @_locked
    def texts_with_sources(self, text_hashes: Iterable[str]) -> dict[str, StoredText]:
        return text_rows.read_texts_with_sources(self._db, text_hashes)

    @_locked
    def openings(self, paths: Iterable[str]) -> dict[str, tuple[str, tuple[str, ...]]]:
        """Each given note's first chunk's text, and the note's aliases (front matter
        `aliases:`, Logseq's `alias::`), which its embedded form carries."""
        firsts = text_rows.read_first_chunks(self._db, paths)
        return {path: (text, aliases_in(embedded)) for path, (text, embedded) in firsts.items()}

    @_locked
    def apply(self, updates: Sequence[FileUpdate], removed_paths: Sequence[str]) -> set[str]:
        """Replace the given files' chunks and drop removed files, in one transaction.

        Texts that lose their last chunk stay until `drop_unreferenced`, so that a text
        moving between files in two batches keeps its vector.

        Returns:
            The hashes of every text whose list of places changed (old and new chunks).
        """
        touched: set[str] = set()
        with self._transaction() as db:
            for path in [u.record.path for u in updates] + list(removed_paths):
                touched.update(
                    r[0] for r in db.execute("SELECT text_hash FROM chunks WHERE path = ?", (path,))
                )
                db.execute("DELETE FROM chunks WHERE path = ?", (path,))
                db.execute("DELETE FROM files WHERE path = ?", (path,))
            for update in updates:
                file_rows.insert_file(db, update.record)
                touched |= text_rows.insert_chunks(
                    db, update.record.path, update.chunks, update.tokens
                )
            self._bump_version()
        return touched

    @_locked
    def drop_unreferenced(self, candidates: Iterable[str] | None = None) -> set[str]:
        """Delete texts no chunk references (among `candidates` only, when given: a watch
        batch checks the texts it touched, not the folder's); returns their hashes (their
        vectors can go)."""
        with self._transaction() as db:
            doomed = text_rows.delete_unreferenced(db, candidates)
            if doomed:
                self._bump_version()
        return doomed

    @_locked
    def all_meta(self) -> dict[str, str]:
        return {str(k): str(v) for k, v in self._db.execute("SELECT key, value FROM meta")}

    @_locked
    def shared_records(self, text_hashes: Iterable[str]) -> list[SharedRecord]:
        """What a machine without the notes needs about each given text that still has a
        place (a text with none is about to be dropped, with its vector)."""
        return read_shared_records(self._db, text_hashes)

    @_locked
    def replace_from_shared(
        self, records: Sequence[SharedRecord], meta: dict[str, str], stamp: str
    ) -> None:
        """Make this manifest a mirror of a shared collection, in one transaction."""
        with self._transaction() as db:
            write_mirror(db, records)
            for key, value in meta.items():
                if key not in LOCAL_META:
                    self.set_meta(key, value)
            self.set_meta(SHARED_STAMP, stamp)
            self._bump_version()

    def _bump_version(self) -> None:
        self.set_meta("index_version", str(self.index_version + 1))
        self.set_meta("updated_at", str(time.time()))

    @_locked
    def replace_skipped(
        self, records: Sequence[tuple[str, int, int, str]], scope: Collection[str] | None = None
    ) -> None:
        """Record the notes the last walk found but could not index (path, size, mtime,
        reason), so that they do not read as "changed since indexed" forever; a walk of
        only some paths (`scope`) replaces only the records there."""
        with self._transaction() as db:
            file_rows.replace_skipped(db, records, scope)

    @_locked
    def skipped(self) -> dict[str, tuple[int, int]]:
        """Each recorded skip's (size, mtime_ns), by path."""
        return file_rows.read_skipped(self._db)

    @_locked
    def touch_files(self, records: Sequence[FileRecord]) -> None:
        """Record new mtimes for files whose content did not change."""
        with self._transaction() as db:
            file_rows.touch_files(db, records)
