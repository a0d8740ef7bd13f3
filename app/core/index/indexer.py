"""Bring an index up to date with its notes folder, embedding only what changed.

Order of writes, chosen so that a crash at any point leaves a usable index: vectors for
new texts go into the vector store first, then one manifest transaction switches to the
new chunks, then vectors nobody references are deleted. Vectors the manifest does not
know are invisible to queries and are swept on the next run.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from app.core.basics.language import detect_language, main_language
from app.core.basics.progress import Progress, check_cancelled, no_progress
from app.core.basics.text import TOKENIZER_VERSION, lexical_tokens
from app.core.index.embedding import Embedding
from app.core.index.guard import judge_removals
from app.core.index.records import FileRecord, FileUpdate
from app.core.index.store import NoteIndex
from app.core.ingest.chunk import Chunk, ChunkingSettings, prepare_note
from app.core.ingest.folder_language import sample_languages
from app.core.ingest.walk import (
    KEEPS_INDEXED,
    NoteFile,
    NoteSkipped,
    SkippedFile,
    SkipReason,
    WalkSettings,
    read_note,
    walk_notes,
    walk_paths,
)
from app.errors import NotesFolderError

DIALECT_VERSION = 8  # 8: Notion relation paths; 7: "- ## x" heads a section (Logseq)
COMMIT_EVERY_TEXTS = 512  # new texts per commit: what a crash can cost, what memory holds
COMMIT_EVERY_NOTES = 500  # notes per commit when their texts are already stored


@dataclass
class IndexReport:
    """What one `index` run found and did."""

    files_seen: int = 0
    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    unchanged: int = 0
    skipped: list[SkippedFile] = field(default_factory=list)
    chunks: int = 0
    texts_embedded: int = 0
    texts_reused: int = 0
    duplicate_chunks: int = 0
    repaired_vectors: int = 0
    swept_vectors: int = 0
    seconds: float = 0.0
    embed_seconds: float = 0.0
    kept: list[str] = field(default_factory=list)  # indexed notes unreadable this time
    held_removals: list[str] = field(default_factory=list)  # the mass-removal guard's
    removal_guard: str | None = None  # why they were held, and how to confirm
    rebuilt: bool = False  # built from scratch into a new generation
    store_repaired: str | None = None  # why the vector store was rebuilt from the manifest

    @property
    def nothing_to_do(self) -> bool:
        return not (self.added or self.changed or self.removed or self.texts_embedded)


@dataclass
class _Pending:
    note: NoteFile
    content_hash: str
    chunks: list[Chunk]
    language: str
    tags: tuple[str, ...]


def update_index(
    index: NoteIndex,
    notes_root: Path,
    *,
    walk: WalkSettings | None = None,
    chunking: ChunkingSettings | None = None,
    progress: Progress = no_progress,
    cancel: threading.Event | None = None,
    reconcile: bool = True,
    allow_removals: bool = False,
    only: Collection[str] | None = None,
) -> IndexReport:
    """Index new and changed notes under `notes_root` and drop deleted ones.

    The caller holds the folder's writer lock. `reconcile` also compares the vector store
    with the manifest (repairing what a crash left); a watcher's batches skip it, the
    startup sweep and `asknotes index` do not. Notes that cannot be read this time stay
    indexed as they were; when most indexed notes are missing, none is removed unless
    `allow_removals` (see `guard`). With `only` (a watch batch's changed paths, files or
    folders, relative), just those paths are read and every other note is taken as
    indexed: the batch costs its own notes, not a walk of the folder.

    Raises:
        NotesFolderError: the notes folder itself cannot be listed (nothing is changed).
    """
    walk = walk or WalkSettings()
    chunking = chunking or ChunkingSettings()
    started = time.perf_counter()
    report = IndexReport()
    manifest = index.manifest

    # The dialect version is part of the key: a new reading of links, callouts and front
    # matter re-reads every note once (re-embedding only the texts it changes).
    chunking_key = json.dumps({**chunking.__dict__, "dialect": DIALECT_VERSION}, sort_keys=True)
    first_index = manifest.is_empty()
    if only is not None and (
        reconcile
        or first_index
        or manifest.get_meta("chunking") != chunking_key
        or manifest.get_meta("tokenizer") != str(TOKENIZER_VERSION)
    ):
        only = None  # a sweep, a first index or a re-read of every note reads the folder

    progress(0, 0, "scanning")
    if only is not None:
        found = walk_paths(
            notes_root, only, max_file_bytes=walk.max_file_bytes, exclude=walk.exclude
        )
    else:
        found = walk_notes(notes_root, max_file_bytes=walk.max_file_bytes, exclude=walk.exclude)
    if found.root_error is not None:
        raise NotesFolderError(
            f"notes folder {notes_root} cannot be read ({found.root_error}); nothing was "
            f"changed: the index keeps its {manifest.counts()[0]} notes until it comes back"
        )
    report.swept_vectors, repair = _reconcile(index) if reconcile else (0, {})
    # A writer stopped between a commit and its publish: publish every text again.
    republish = index.unpublished()
    report.skipped.extend(found.skipped)
    report.files_seen = len(found.notes)

    tokenizer_changed = manifest.get_meta("tokenizer") != str(TOKENIZER_VERSION)
    if tokenizer_changed and not manifest.is_empty():
        # New tokens for every stored text, in its note's language, no re-embedding; the
        # notes are re-read below (rechunk_all) so each one's language is recorded again.
        main = index.main_language()
        manifest.retokenize(
            lambda embed_text, language: " ".join(
                lexical_tokens(embed_text, language or detect_language(embed_text, main))
            )
        )
    rechunk_all = manifest.get_meta("chunking") != chunking_key or tokenizer_changed
    indexed = manifest.counts()[0]
    known = manifest.files() if only is None else manifest.files_within(only)
    # A note too short to tell its language takes the folder's main language: on a first
    # index, the one a sample of its notes is written in (not English for every folder).
    main = (
        main_language(dict(sample_languages(found.notes))) if first_index else index.main_language()
    )
    # Which texts are stored already is asked note by note (a changed note's few hashes),
    # not loaded whole: a watch batch on a large folder touches one note.
    touched: list[FileRecord] = []  # unchanged notes whose size or mtime moved
    replaced: set[str] = set()  # texts whose places changed in this run's commits
    present: set[str] = set()
    unindexable: list[tuple[str, int, int, str]] = []  # found as notes, skipped on reading
    embedder = Embedding(index, cancel)
    report.repaired_vectors = len(repair)
    if repair:  # texts the manifest holds whose vectors a crash lost
        progress(0, len(repair), "repairing")
        embedder.embed(repair, lambda done: progress(done, len(repair), "repairing"))
    queued: set[str] = set(repair)  # every text embedded (or to embed) in this run

    def unchanged(note: NoteFile) -> bool:
        record = known.get(note.rel_path)
        return (
            not rechunk_all
            and record is not None
            and record.size == note.size
            and record.mtime_ns == note.mtime_ns
        )

    # Notes are read, chunked, embedded and committed in bounded batches, so memory holds
    # one batch whatever the folder's size, and each commit is a crash-safe point.
    to_read = sum(1 for note in found.notes if not unchanged(note))
    if to_read:
        progress(0, to_read, "indexing")
    read = 0
    batch = _Batch()
    # Newest first: during a first index, the notes a person is working on now are the
    # first to be searchable (each batch is visible to questions once committed).
    for note in sorted(found.notes, key=lambda n: (-n.mtime_ns, n.rel_path)):
        check_cancelled(cancel)
        if unchanged(note):
            present.add(note.rel_path)
            report.unchanged += 1
            continue
        read += 1
        record = known.get(note.rel_path)
        try:
            text, digest = read_note(note.path, walk.max_file_bytes)
        except (NoteSkipped, OSError) as exc:
            skip = _read_skip(note, exc)
            report.skipped.append(skip)
            if skip.reason is not SkipReason.VANISHED:
                unindexable.append((note.rel_path, note.size, note.mtime_ns, skip.reason.name))
            progress(read, to_read, "indexing")
            continue
        if record is not None and record.content_hash == digest and not rechunk_all:
            present.add(note.rel_path)
            touched.append(FileRecord(note.rel_path, digest, note.size, note.mtime_ns, time.time()))
            report.unchanged += 1
            progress(read, to_read, "indexing")
            continue
        prepared = prepare_note(text, note.rel_path, chunking)
        if prepared.empty is not None:
            # Counted and skipped like any other file that is not a note; an indexed copy
            # goes, since the note now says nothing.
            report.skipped.append(SkippedFile(note.rel_path, SkipReason.EMPTY, prepared.empty))
            unindexable.append((note.rel_path, note.size, note.mtime_ns, SkipReason.EMPTY.name))
            progress(read, to_read, "indexing")
            continue
        present.add(note.rel_path)
        (report.changed if record is not None else report.added).append(note.rel_path)
        chunks = prepared.chunks
        report.chunks += len(chunks)
        stored = (
            set()
            if first_index
            else manifest.known_hashes(c.text_hash for c in chunks if c.text_hash not in queued)
        )
        for chunk in chunks:
            if chunk.text_hash in queued:
                report.duplicate_chunks += 1
            elif chunk.text_hash in stored:
                report.texts_reused += 1
            else:
                queued.add(chunk.text_hash)
                batch.to_embed[chunk.text_hash] = chunk.embed_text
        language = detect_language(text, main)
        batch.items.append(_Pending(note, digest, chunks, language, prepared.tags))
        if len(batch.to_embed) >= COMMIT_EVERY_TEXTS or len(batch.items) >= COMMIT_EVERY_NOTES:
            replaced |= _commit(index, batch, (), embedder)
            batch = _Batch()
        progress(read, to_read, "indexing")

    report.kept = _kept(known, report.skipped)
    missing = sorted(set(known) - present - set(report.kept))
    decision = judge_removals(
        missing,
        indexed,
        # A batch takes every note it did not look at as present.
        len({n.rel_path for n in found.notes} | set(report.kept))
        if only is None
        else indexed - len(missing) + sum(n.rel_path not in known for n in found.notes),
        report.skipped,
        allow=allow_removals,
    )
    report.removed, report.held_removals = decision.removed, decision.held
    report.removal_guard = decision.reason
    if touched:
        manifest.touch_files(touched)
    if batch.items or report.removed:
        replaced |= _commit(index, batch, report.removed, embedder)

    # A sweep checks every text (what a crash left included); a watch batch, its own.
    orphans = manifest.drop_unreferenced(None if reconcile else replaced)
    if orphans:
        index.vectors.delete(orphans)
    manifest.replace_skipped(unindexable, only)
    manifest.set_meta("chunking", chunking_key)
    manifest.set_meta("tokenizer", str(TOKENIZER_VERSION))
    if index.shared is not None:
        # Publish the run's meta; after a rebuild (no reconcile) or an interrupted
        # publish, every text again and nothing the manifest does not hold.
        full = republish or not reconcile
        if full or report.added or report.changed or report.removed or orphans:
            index.publish(manifest.text_hashes() if full else (), sweep=full)
    if index.vector_snapshot() is None:
        index.save_snapshot()
    report.texts_embedded = len(queued) - len(repair)
    report.embed_seconds = embedder.seconds
    report.seconds = time.perf_counter() - started
    return report


def _read_skip(note: NoteFile, exc: Exception) -> SkippedFile:
    """Why a note the walk found could not be read."""
    if isinstance(exc, NoteSkipped):
        return SkippedFile(note.rel_path, exc.reason, exc.detail)
    if isinstance(exc, FileNotFoundError):
        return SkippedFile(note.rel_path, SkipReason.VANISHED)
    detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return SkippedFile(note.rel_path, SkipReason.UNREADABLE, detail)


def _kept(known: dict[str, FileRecord], skipped: Sequence[SkippedFile]) -> list[str]:
    """Indexed notes the walk could not see or read this time: they stay as they were."""
    files = {s.rel_path for s in skipped if s.reason in KEEPS_INDEXED}
    folders = tuple(s.rel_path for s in skipped if s.reason is SkipReason.UNREADABLE_DIR)
    return sorted(rel for rel in known if rel in files or (folders and rel.startswith(folders)))


@dataclass
class _Batch:
    """Notes read and chunked but not committed yet, and their texts still to embed."""

    items: list[_Pending] = field(default_factory=list)
    to_embed: dict[str, str] = field(default_factory=dict)  # text hash -> embedded form


def _commit(
    index: NoteIndex, batch: _Batch, removed: Sequence[str], embedding: Embedding
) -> set[str]:
    """Vectors first, then one manifest transaction, then what readers elsewhere see."""
    embedding.embed(batch.to_embed)
    now = time.time()
    updates = [
        FileUpdate(
            FileRecord(
                i.note.rel_path,
                i.content_hash,
                i.note.size,
                i.note.mtime_ns,
                now,
                i.language,
                i.tags,
            ),
            i.chunks,
            [" ".join(lexical_tokens(c.embed_text, i.language)) for c in i.chunks],
        )
        for i in batch.items
    ]
    touched = index.manifest.apply(updates, removed)
    index.publish(touched)
    return touched


def _reconcile(index: NoteIndex) -> tuple[int, dict[str, str]]:
    """Sweep vectors the manifest does not know; find manifest texts that lack a vector.

    Returns:
        How many stray vectors were deleted, and the embed texts of texts to re-embed.
    """
    index.manifest.drop_unreferenced()
    known = index.manifest.text_hashes()
    stored = index.vectors.ids()
    stray = stored - known
    if stray:
        index.vectors.delete(stray)
    missing = known - stored
    repair = index.manifest.embed_texts(missing) if missing else {}
    return len(stray), repair


def pending_changes(index: NoteIndex, notes_root: Path, walk: WalkSettings) -> list[str]:
    """Notes added, changed (by size or mtime) or removed since they were last indexed.

    Cheap (a walk and a stat per file, no reads), so every answer can say when the index
    is behind the folder.
    """
    found = walk_notes(notes_root, max_file_bytes=walk.max_file_bytes, exclude=walk.exclude)
    known = index.manifest.files()
    skipped = index.manifest.skipped()
    seen = {n.rel_path: n for n in found.notes}

    def behind(rel: str, note: NoteFile) -> bool:
        record = known.get(rel)
        if record is None:  # new, unless it is a note already found unreadable as it is
            return skipped.get(rel) != (note.size, note.mtime_ns)
        return record.size != note.size or record.mtime_ns != note.mtime_ns

    changed = [rel for rel, note in seen.items() if behind(rel, note)]
    kept = set(_kept(known, found.skipped))
    removed = [rel for rel in known if rel not in seen and rel not in kept]
    return sorted(changed + removed)
