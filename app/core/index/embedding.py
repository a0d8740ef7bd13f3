"""Embedding a run's new texts and writing their vectors: in batches of similar length,
on the embedder's faster engine when it has one, timing the embedder alone."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from app.core.basics.progress import check_cancelled
from app.core.index.store import NoteIndex

EMBED_BATCH = 64


class Embedding:
    """Embeds texts in batches of similar length and writes their vectors, timing the
    embedder alone."""

    def __init__(self, index: NoteIndex, cancel: threading.Event | None) -> None:
        self.index = index
        self.cancel = cancel
        self.seconds = 0.0
        self._made_fast = False

    def embed(self, texts: dict[str, str], done: Callable[[int], object] = lambda _: None) -> None:
        if texts and not self._made_fast:
            check_cancelled(self.cancel)
            self._made_fast = True
            self._make_fast()
        # Batches of similar length waste less work on padding.
        hashes = sorted(texts, key=lambda h: len(texts[h]))
        for i in range(0, len(hashes), EMBED_BATCH):
            check_cancelled(self.cancel)
            part = hashes[i : i + EMBED_BATCH]
            t0 = time.perf_counter()
            vectors = self.index.embedder.embed_batch([texts[h] for h in part])
            self.seconds += time.perf_counter() - t0
            self.index.vectors.upsert(part, vectors)
            done(i + len(part))

    def _make_fast(self) -> None:
        """Before the first text is embedded, let the embedder switch to its faster engine
        (MiniLM exports itself to ONNX Runtime once, in about 1.5 s, with the PyTorch it
        would otherwise embed with), so that a first index runs on it too."""
        make_fast = getattr(self.index.embedder, "make_fast", None)
        if callable(make_fast):
            t0 = time.perf_counter()
            make_fast()
            self.seconds += time.perf_counter() - t0
