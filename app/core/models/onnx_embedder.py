"""all-MiniLM-L6-v2 on ONNX Runtime when its export exists, on PyTorch until then.

One embedder, two engines with the same vectors (cosine ≥ 0.9999, checked when the export
is made), so one index serves both. ONNX Runtime needs no torch import: a cold
`asknotes search` takes under a second instead of six, and it embeds 1.4 to 2.3 times as
many chunks a second as PyTorch on this machine's two cores (bench/embed_engines.py, on
different days).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from app.core.models.embedder import (
    EmbedderIdentity,
    SentenceTransformerEmbedder,
    Vectors,
    fingerprint_model_folder,
)
from app.core.models.onnx_export import exportable, onnx_path_for

BATCH = 8  # 8 to 16 embed alike on 2 cores, 32 and up pad more (bench/embed_engines.py)


class OnnxSession:
    """An ONNX export of a pooled sentence encoder, with the model's own tokenizer."""

    def __init__(self, folder: Path, onnx_path: Path, *, threads: int = 0) -> None:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        config = json.loads((folder / "sentence_bert_config.json").read_text(encoding="utf-8"))
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        # The shipped tokenizer.json truncates at 128 and pads to 128; sentence-transformers
        # reads up to max_seq_length and pads per batch, and so must this path.
        self.tokenizer.enable_truncation(max_length=int(config.get("max_seq_length", 256)))
        self.tokenizer.no_padding()
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.inter_op_num_threads = 1
        if threads:
            options.intra_op_num_threads = threads
        # Idle threads sleep instead of spinning: llama.cpp and the UI share two cores.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self.session = ort.InferenceSession(
            str(onnx_path), options, providers=["CPUExecutionProvider"]
        )
        self.dimension = int(self.session.get_outputs()[0].shape[1])

    def embed(self, texts: Sequence[str]) -> Vectors:
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return out
        encodings = self.tokenizer.encode_batch(list(texts))
        lengths = np.array([len(e.ids) for e in encodings])
        order = np.argsort(-lengths, kind="stable")  # batches of like length pad little
        for start in range(0, len(texts), BATCH):
            rows = order[start : start + BATCH]
            width = int(lengths[rows].max())
            ids = np.zeros((len(rows), width), dtype=np.int64)
            mask = np.zeros((len(rows), width), dtype=np.int64)
            for r, i in enumerate(rows):
                ids[r, : lengths[i]] = encodings[i].ids
                mask[r, : lengths[i]] = 1
            feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
            out[rows] = self.session.run(["sentence_embedding"], feeds)[0]
        return out


class MiniLmEmbedder:
    """A sentence-transformers folder embedded by ONNX Runtime or, without an export,
    by PyTorch; `backend` says which. `make_fast()` exports once PyTorch is loaded."""

    def __init__(self, folder: Path, data_dir: Path, *, backend: str = "auto") -> None:
        self.folder = folder
        self.onnx_path = onnx_path_for(folder, data_dir)
        self.allowed = backend  # auto, onnx or torch
        self._torch = SentenceTransformerEmbedder(folder)
        self._onnx: OnnxSession | None = None
        self._lock = threading.Lock()
        self._identity: EmbedderIdentity | None = None
        self._export_failed = False

    @property
    def backend(self) -> str:
        """The engine that embeds: onnx (torch-free) or torch."""
        if self.allowed == "torch" or not exportable(self.folder):
            return "torch"
        return "onnx" if self.onnx_path.is_file() else "torch"

    @property
    def identity(self) -> EmbedderIdentity:
        """The same identity on either engine (the vectors are the same), read without torch."""
        if self._identity is None:
            if self.backend == "onnx":
                pooling = json.loads(
                    (self.folder / "1_Pooling" / "config.json").read_text(encoding="utf-8")
                )
                name = self.folder.name
                if name == "model":  # the packaged folder is called "model"; name its package
                    name = self.folder.parent.name
                self._identity = EmbedderIdentity(
                    name,
                    int(pooling["word_embedding_dimension"]),
                    fingerprint_model_folder(self.folder),
                )
            else:
                self._identity = self._torch.identity
        return self._identity

    def _engine(self) -> OnnxSession | None:
        if self.backend != "onnx":
            return None
        with self._lock:
            if self._onnx is None:
                self._onnx = OnnxSession(self.folder, self.onnx_path)
            return self._onnx

    def embed_batch(self, texts: Sequence[str]) -> Vectors:
        engine = self._engine()
        return engine.embed(texts) if engine is not None else self._torch.embed_batch(texts)

    def embed_queries(self, texts: Sequence[str]) -> Vectors:
        return self.embed_batch(texts)

    def make_fast(self) -> bool:
        """Export to ONNX (once) so this run and later processes skip torch; True when the
        export exists.

        Called before an index run embeds its first text (PyTorch would be loaded to embed
        it otherwise). A failed export keeps the PyTorch path, says nothing more than
        False, and is not tried again by this process: indexing must never depend on it.
        """
        if self.allowed == "torch" or not exportable(self.folder) or self._export_failed:
            return False
        if self.onnx_path.is_file():
            return True
        try:
            from app.core.models.onnx_export import export

            reference: Any = self._torch._load()
            export(self.folder, self.onnx_path, reference)
        except Exception:  # whatever breaks (torch, transformers, the disk), embed on
            self._export_failed = True
            return False
        return True
