"""The BM25 index of one index on disk, kept current with its manifest and saved beside
it, so that a new process loads it instead of counting every text's tokens again."""

from __future__ import annotations

import contextlib
import threading
from pathlib import Path

from app.core.basics.files import atomic_write_with
from app.core.index.lexical import Bm25Index
from app.core.index.manifest import Manifest

BM25_FILE = "bm25.npz"  # the BM25 index as last saved, beside the manifest


class Bm25Cache:
    """The BM25 index for a manifest version, built once per version and process."""

    def __init__(self) -> None:
        self._cached: tuple[tuple[str, int, str], Bm25Index] | None = None
        self._drift = 0  # texts changed since the saved file this one started from
        self._lock = threading.Lock()

    def current(self, manifest: Manifest, generation: str, directory: Path) -> Bm25Index:
        """The BM25 index for the manifest's current version.

        When the version moved, the texts that came and went are applied to the index in
        hand, or to the one a process saved beside the manifest (an edit costs its own
        texts, not the folder's); it is built afresh when there is neither, when the
        tokenizer changed, or once removed texts are half of what it holds.
        """
        with self._lock:
            tokenizer = manifest.get_meta("tokenizer") or ""
            key = (generation, manifest.index_version, tokenizer)
            cached = self._cached
            if cached is not None and cached[0] == key:
                return cached[1]
            base: Bm25Index | None = None
            if cached is not None and cached[0][::2] == key[::2]:
                base = cached[1]
            else:
                base = self._load(directory, tokenizer)
            if base is None or base.dead_share > 0.5:
                index = Bm25Index(manifest.lexical_corpus())  # streamed a page at a time
                self._drift = len(index) or 1
            else:
                have = base.hashes()
                now = manifest.lexical_hashes()
                added, removed = now - have, have - now
                index = base.updated(manifest.lexical_corpus(added), removed)
                self._drift += len(added) + len(removed)
            self._cached = (key, index)
            # Saved for the next process when built afresh, or when what it would have to
            # catch up with from the saved file has grown past a twentieth of the index.
            if self._drift >= max(1, len(index) // 20):
                self._save(directory, index, key[1], tokenizer)
            return index

    def _load(self, directory: Path, tokenizer: str) -> Bm25Index | None:
        """The BM25 index a process saved for this generation and tokenizer (perhaps a
        few versions old: the caller applies what changed since), None when there is
        none or it cannot be read."""
        try:
            with (directory / BM25_FILE).open("rb") as saved:
                index, _version, stamp = Bm25Index.read(saved)
        except (OSError, ValueError):
            return None
        if stamp != tokenizer:
            return None
        self._drift = 0
        return index

    def _save(self, directory: Path, index: Bm25Index, version: int, tokenizer: str) -> None:
        with contextlib.suppress(OSError):  # a read-only data dir only costs the next start
            atomic_write_with(directory / BM25_FILE, lambda f: index.write(f, version, tokenizer))
            self._drift = 0
