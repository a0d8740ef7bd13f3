"""The manifest's rows about chunk texts: each unique text (`texts`) and each place it
occurs (`chunks`). Like the mirror rows, these run on the manifest's own connection,
inside its lock (and, for a write, its transaction)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence

from app.core.index.records import ChunkSource, StoredText
from app.core.index.sql_slices import in_slices, pairs_where
from app.core.ingest.chunk import Chunk


def read_embed_texts(db: sqlite3.Connection, text_hashes: Iterable[str]) -> dict[str, str]:
    """The embedded form of the given texts."""
    query = "SELECT text_hash, embed_text FROM texts WHERE text_hash IN ({})"
    return pairs_where(db, query, text_hashes)


def read_texts_with_sources(
    db: sqlite3.Connection, text_hashes: Iterable[str]
) -> dict[str, StoredText]:
    """Each given text that has a place, with every place in note and chunk order."""
    found: dict[str, StoredText] = {}
    for marks, batch in in_slices(text_hashes):
        texts = dict(
            db.execute(
                f"SELECT text_hash, text FROM texts WHERE text_hash IN ({marks})", batch
            ).fetchall()
        )
        sources: dict[str, list[ChunkSource]] = {h: [] for h in texts}
        for h, path, heading, start, end, links in db.execute(
            "SELECT text_hash, path, heading_path, start_line, end_line, links FROM chunks "
            f"WHERE text_hash IN ({marks}) ORDER BY path, ordinal",
            batch,
        ):
            sources[h].append(
                ChunkSource(path, tuple(json.loads(heading)), start, end, _links(links))
            )
        for h, text in texts.items():
            if sources[h]:  # a text between batches with no chunk is not retrievable
                found[h] = StoredText(h, text, tuple(sources[h]))
    return found


def read_first_chunks(db: sqlite3.Connection, paths: Iterable[str]) -> dict[str, tuple[str, str]]:
    """The text of each given note's first chunk (its title and opening lines) and its
    embedded form (which carries the note's aliases), in one read."""
    query = (
        "SELECT c.path, t.text, t.embed_text FROM chunks c "
        "JOIN texts t ON t.text_hash = c.text_hash WHERE c.ordinal = 0 AND c.path IN ({})"
    )
    found: dict[str, tuple[str, str]] = {}
    for marks, batch in in_slices(paths):
        found.update(
            (str(p), (str(t), str(e))) for p, t, e in db.execute(query.format(marks), batch)
        )
    return found


def insert_chunks(
    db: sqlite3.Connection, path: str, chunks: Sequence[Chunk], tokens: Sequence[str]
) -> set[str]:
    """A file's chunks, in order, and any text not stored yet (in the caller's
    transaction); returns the chunks' text hashes."""
    touched: set[str] = set()
    for ordinal, (chunk, chunk_tokens) in enumerate(zip(chunks, tokens, strict=True)):
        touched.add(chunk.text_hash)
        db.execute(
            "INSERT OR IGNORE INTO texts VALUES (?, ?, ?, ?)",
            (chunk.text_hash, chunk.text, chunk.embed_text, chunk_tokens),
        )
        db.execute(
            "INSERT INTO chunks (path, ordinal, text_hash, heading_path, "
            "start_line, end_line, links) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                path,
                ordinal,
                chunk.text_hash,
                json.dumps(list(chunk.heading_path), ensure_ascii=False),
                chunk.start_line,
                chunk.end_line,
                json.dumps(list(chunk.links), ensure_ascii=False),
            ),
        )
    return touched


def delete_unreferenced(db: sqlite3.Connection, candidates: Iterable[str] | None) -> set[str]:
    """Delete the texts no chunk references, among `candidates` only when given (in the
    caller's transaction); returns their hashes."""
    unreferenced = "NOT EXISTS (SELECT 1 FROM chunks WHERE chunks.text_hash = texts.text_hash)"
    # Each text is probed in chunks' index (NOT IN built a temporary index of every
    # chunk, twice).
    if candidates is None:
        rows = db.execute(f"DELETE FROM texts WHERE {unreferenced} RETURNING text_hash").fetchall()
    else:
        rows = []
        for marks, part in in_slices(candidates):
            rows += db.execute(
                f"DELETE FROM texts WHERE text_hash IN ({marks}) AND {unreferenced} "
                "RETURNING text_hash",
                part,
            ).fetchall()
    return {r[0] for r in rows}


def _links(stored: object) -> tuple[str, ...]:
    """A chunk's stored link targets; none for a value this asknotes did not write."""
    try:
        value = json.loads(str(stored))
    except json.JSONDecodeError:
        return ()
    return tuple(str(v) for v in value) if isinstance(value, list) else ()
