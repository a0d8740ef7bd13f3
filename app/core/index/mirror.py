"""The manifest rows a shared collection carries: read from a writer's manifest to
publish, written into a reader's mirror when it pulls. Both run on the manifest's own
connection, inside its lock (and, for a mirror, its transaction)."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable, Sequence

from app.core.index.shared_records import SharedRecord, SharedSource
from app.core.index.sql_slices import in_slices


def read_shared_records(db: sqlite3.Connection, text_hashes: Iterable[str]) -> list[SharedRecord]:
    """Each given text that still has a place, with every place and its note's language."""
    found: list[SharedRecord] = []
    for marks, batch in in_slices(text_hashes):
        texts = {
            h: (text, tokens)
            for h, text, tokens in db.execute(
                f"SELECT text_hash, text, tokens FROM texts WHERE text_hash IN ({marks})", batch
            )
        }
        sources: dict[str, list[SharedSource]] = {h: [] for h in texts}
        for h, path, ordinal, heading, start, end, language, tags, links in db.execute(
            "SELECT c.text_hash, c.path, c.ordinal, c.heading_path, c.start_line, "
            "c.end_line, COALESCE(f.language, ''), COALESCE(f.tags, ''), c.links FROM chunks c "
            f"LEFT JOIN files f ON f.path = c.path WHERE c.text_hash IN ({marks}) "
            "ORDER BY c.path, c.ordinal",
            batch,
        ):
            sources[h].append(
                SharedSource(
                    path,
                    ordinal,
                    tuple(json.loads(heading)),
                    start,
                    end,
                    language,
                    tuple(str(tags).split()),
                    tuple(json.loads(links or "[]")),
                )
            )
        found.extend(
            SharedRecord(h, text, tokens, tuple(sources[h]))
            for h, (text, tokens) in texts.items()
            if sources[h]
        )
    return found


def write_mirror(db: sqlite3.Connection, records: Sequence[SharedRecord]) -> None:
    """Replace every file, chunk and text with the shared records (in the caller's
    transaction). A mirror has no notes folder: its files carry only their path, language
    and tags, and its texts no embedded form (a reader never embeds a note)."""
    now = time.time()
    db.execute("DELETE FROM chunks")
    db.execute("DELETE FROM texts")
    db.execute("DELETE FROM files")
    files: dict[str, tuple[str, str]] = {}  # path -> (language, tags)
    for record in records:
        db.execute(
            "INSERT OR REPLACE INTO texts VALUES (?, ?, ?, ?)",
            (record.text_hash, record.text, "", record.tokens),
        )
        db.executemany(
            "INSERT OR REPLACE INTO chunks (path, ordinal, text_hash, heading_path, "
            "start_line, end_line, links) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    s.path,
                    s.ordinal,
                    record.text_hash,
                    json.dumps(list(s.heading_path), ensure_ascii=False),
                    s.start_line,
                    s.end_line,
                    json.dumps(list(s.links), ensure_ascii=False),
                )
                for s in record.sources
            ],
        )
        for s in record.sources:
            files.setdefault(s.path, (s.language, " ".join(s.tags)))
    db.executemany(
        "INSERT INTO files (path, content_hash, size, mtime_ns, indexed_at, language, tags) "
        "VALUES (?, '', 0, 0, ?, ?, ?)",
        [(path, now, language, tags) for path, (language, tags) in files.items()],
    )
