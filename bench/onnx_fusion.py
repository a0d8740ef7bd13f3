"""Does ONNX Runtime's offline transformer optimiser make the indexing embedder faster?

Exports all-MiniLM-L6-v2 to ONNX as asknotes does, fuses it with
`onnxruntime.transformers.optimizer` (attention, skip layer-norm, bias GELU, embedding
layer-norm), and embeds the same chunks of `simonw-til` with each graph, alternately,
twice each, in one run; prints the times, their ratio, the fused operators and the worst
cosine between the two graphs' vectors.

    python bench/onnx_fusion.py [--chunks 400]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import numpy as np
from _common import CORPUS_EXCLUDE, corpus

from app.core.ingest.chunk import chunk_note
from app.core.ingest.walk import read_note, walk_notes
from app.core.models.onnx_embedder import OnnxSession
from app.core.models.onnx_export import export
from app.core.models.resolve import resolve_embedder_path


def texts(limit: int) -> list[str]:
    out: list[str] = []
    for note in walk_notes(
        corpus("simonw-til"), max_file_bytes=2 << 20, exclude=CORPUS_EXCLUDE
    ).notes:
        text, _ = read_note(note.path)
        out.extend(c.embed_text for c in chunk_note(text, note.rel_path))
        if len(out) >= limit:
            break
    return out[:limit]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--chunks", type=int, default=400)
    args = parser.parse_args()
    from onnxruntime.transformers import optimizer
    from sentence_transformers import SentenceTransformer

    folder = resolve_embedder_path(None, Path(__file__).resolve().parent.parent / "models")
    chunks = texts(args.chunks)
    with tempfile.TemporaryDirectory() as tmp:
        plain = Path(tmp) / "plain.onnx"
        export(folder, plain, SentenceTransformer(str(folder), device="cpu"))
        fused_model = optimizer.optimize_model(
            str(plain), model_type="bert", num_heads=12, hidden_size=384
        )
        fused = Path(tmp) / "fused.onnx"
        fused_model.save_model_to_file(str(fused))
        used = {k: v for k, v in fused_model.get_fused_operator_statistics().items() if v}
        print(f"fused operators: {used}")
        sessions = {"plain": OnnxSession(folder, plain), "fused": OnnxSession(folder, fused)}
        seconds: dict[str, list[float]] = {"plain": [], "fused": []}
        vectors = {}
        for _ in range(2):
            for name, session in sessions.items():
                started = time.perf_counter()
                vectors[name] = session.embed(chunks)
                seconds[name].append(time.perf_counter() - started)
    best = {name: min(times) for name, times in seconds.items()}
    worst = float(np.min(np.sum(vectors["plain"] * vectors["fused"], axis=1)))
    print(
        f"{len(chunks)} chunks: plain graph {best['plain']:.2f} s, fused graph "
        f"{best['fused']:.2f} s (best of 2 each); plain / fused = "
        f"{best['plain'] / best['fused']:.2f}; worst cosine between them {worst:.6f}"
    )


if __name__ == "__main__":
    main()
