"""Export a mean-pooled sentence-transformers model to ONNX, once, from its own weights.

The query path then needs only onnxruntime, tokenizers and numpy: no torch import, which
is most of a cold `asknotes search`. The export runs where torch would be loaded anyway
(before an index run embeds its first text), writes beside the data, and is checked
against the PyTorch vectors before it is used; vectors agree to a cosine of 0.9999 or
better, so an index built by one path is queried by the other.
"""

from __future__ import annotations

import json
import os
import warnings
from pathlib import Path
from typing import Any

import numpy as np

from app.core.models.embedder import fingerprint_model_folder

MIN_COSINE = 0.9999
CHECK_TEXTS = (
    "How do I paginate boto3 calls?",
    "Home Assistant listens on port 8123 on the server, behind the reverse proxy.",
    "A variância mede a dispersão em torno da média: σ² = E[(X − μ)²].",
    " ".join(["A long passage that runs past the model's window of word pieces."] * 40),
)


def exportable(folder: Path) -> bool:
    """A Transformer, mean pooling and Normalize, nothing else: what the export rebuilds."""
    try:
        modules = json.loads((folder / "modules.json").read_text(encoding="utf-8"))
        pooling = json.loads((folder / "1_Pooling" / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    kinds = [str(m.get("type", "")).rsplit(".", 1)[-1] for m in modules]
    return (
        kinds in (["Transformer", "Pooling", "Normalize"],)
        and bool(pooling.get("pooling_mode_mean_tokens"))
        and (folder / "tokenizer.json").is_file()
    )


def onnx_path_for(folder: Path, data_dir: Path) -> Path:
    """Where the export of `folder` lives: keyed by the folder's fingerprint."""
    return data_dir / "onnx" / f"{folder.name}-{fingerprint_model_folder(folder)}.onnx"


def export(folder: Path, target: Path, reference: Any) -> None:
    """Export `folder` to `target` and check it against `reference` (the loaded
    SentenceTransformer); nothing is left at `target` unless the check passes.

    Raises:
        RuntimeError: the export failed or its vectors drift from PyTorch's.
    """
    import torch
    from transformers import AutoModel

    class Pooled(torch.nn.Module):
        """The encoder, masked mean pooling and L2 normalisation, traced as one graph."""

        def __init__(self, bert: torch.nn.Module) -> None:
            super().__init__()
            self.bert = bert

        def forward(self, ids: Any, mask: Any, types: Any) -> Any:
            hidden = self.bert(input_ids=ids, attention_mask=mask, token_type_ids=types)
            weights = mask.unsqueeze(-1).to(hidden.last_hidden_state.dtype)
            summed = (hidden.last_hidden_state * weights).sum(1)
            mean = summed / weights.sum(1).clamp(min=1e-9)
            return torch.nn.functional.normalize(mean, p=2, dim=1)

    # Eager attention exports as plain matrix products ONNX Runtime can fuse.
    bert = AutoModel.from_pretrained(
        str(folder), local_files_only=True, attn_implementation="eager"
    ).eval()
    ids = torch.randint(1000, 2000, (2, 16), dtype=torch.long)
    mask = torch.ones_like(ids)
    mask[1, 10:] = 0  # a padded row, so the mask is part of the trace
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f"{target.name}.{os.getpid()}.partial")
    names = ["input_ids", "attention_mask", "token_type_ids"]
    axes = {name: {0: "batch", 1: "tokens"} for name in names}
    try:
        # The exporter warns about tracing details that do not apply to this graph
        # (the legacy exporter's deprecation, a padding length that is always 0).
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            torch.onnx.export(
                Pooled(bert).eval(),
                (ids, mask, torch.zeros_like(ids)),
                str(partial),
                input_names=names,
                output_names=["sentence_embedding"],
                dynamic_axes={**axes, "sentence_embedding": {0: "batch"}},
                opset_version=17,
                dynamo=False,  # the graph-based exporter fuses less and runs slower here
            )
        from app.core.models.onnx_embedder import OnnxSession

        exported = OnnxSession(folder, partial).embed(list(CHECK_TEXTS))
        expected = np.asarray(
            reference.encode(list(CHECK_TEXTS), normalize_embeddings=True), dtype=np.float32
        )
        worst = float(np.min(np.sum(exported * expected, axis=1)))
        if worst < MIN_COSINE:
            raise RuntimeError(f"the ONNX export drifts from PyTorch (cosine {worst:.6f})")
        os.replace(partial, target)
    except Exception as exc:  # noqa: BLE001 - any failure leaves the PyTorch path in use
        partial.unlink(missing_ok=True)
        raise RuntimeError(f"cannot export {folder.name} to ONNX: {exc}") from exc
