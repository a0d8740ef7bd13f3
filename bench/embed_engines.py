"""Ways to run all-MiniLM-L6-v2 on this machine's cores, on the same chunks, in one run.

Embeds the first N chunks of `simonw-til` (as the index chunks them) with:
- the ONNX export on ONNX Runtime, one session on every core, as asknotes runs it, idle
  threads sleeping (what the app ships) or spinning;
- two sessions of one thread each, fed alternate texts from two Python threads;
- the shipped session at batch sizes 8, 16, 32 and 64 (texts sorted by token length);
- the export with its matrix products quantised to int8 (ONNX Runtime's dynamic
  quantisation, per channel, reduced range for AVX2), which asknotes does not ship;
- plain fp32 `SentenceTransformer.encode` (batch 32), the reference.

Prints texts/s for each and the smallest cosine to the shipped engine's vectors.

    python bench/embed_engines.py [--texts 600]
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt
from _common import CORPUS_EXCLUDE, corpus

import app.core.models.onnx_embedder as onnx_embedder
from app.core.ingest.chunk import ChunkingSettings, prepare_note
from app.core.models.embedder import default_embedder_path

Vectors = npt.NDArray[np.float32]


def chunk_texts(n: int) -> list[str]:
    texts: list[str] = []
    for path in sorted(corpus("simonw-til").rglob("*.md")):
        if path.name in CORPUS_EXCLUDE:
            continue
        prepared = prepare_note(path.read_text(encoding="utf-8"), path.name, ChunkingSettings())
        texts += [c.embed_text for c in prepared.chunks]
        if len(texts) >= n:
            break
    return texts[:n]


def session(folder: Path, onnx: Path, threads: int, spin: bool) -> onnx_embedder.OnnxSession:
    import onnxruntime as ort

    engine = onnx_embedder.OnnxSession(folder, onnx, threads=threads)
    if spin:  # the shipped session lets idle threads sleep; this one spins
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.inter_op_num_threads = 1
        if threads:
            options.intra_op_num_threads = threads
        engine.session = ort.InferenceSession(
            str(onnx), options, providers=["CPUExecutionProvider"]
        )
    return engine


def two_sessions(
    engines: tuple[onnx_embedder.OnnxSession, onnx_embedder.OnnxSession], texts: list[str]
) -> Vectors:
    order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
    halves = (order[0::2], order[1::2])
    out = np.zeros((len(texts), engines[0].dimension), dtype=np.float32)

    def work(engine: onnx_embedder.OnnxSession, rows: list[int]) -> None:
        out[rows] = engine.embed([texts[i] for i in rows])

    pairs = zip(engines, halves, strict=True)
    workers = [threading.Thread(target=work, args=pair) for pair in pairs]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--texts", type=int, default=600)
    args = parser.parse_args()
    from sentence_transformers import SentenceTransformer

    from app.core.models.onnx_export import export, onnx_path_for

    folder = default_embedder_path()
    texts = chunk_texts(args.texts)
    average = sum(map(len, texts)) / len(texts)
    print(f"{len(texts)} chunks of simonw-til, {average:.0f} characters on average")
    model = SentenceTransformer(str(folder), device="cpu")
    with tempfile.TemporaryDirectory() as data:
        onnx = onnx_path_for(folder, Path(data))
        export(folder, onnx, model)
        shipped = session(folder, onnx, 0, spin=False)
        shipped.embed(texts[:16])  # warm up
        reference = shipped.embed(texts)

        def timed(label: str, run: Callable[[], Vectors]) -> None:
            started = time.perf_counter()
            vectors = run()
            seconds = time.perf_counter() - started
            cosine = float(np.min(np.sum(vectors * reference, axis=1)))
            print(
                f"{label:<46} {seconds:6.2f} s {len(texts) / seconds:6.1f} texts/s"
                f"   min cosine {cosine:.6f}",
                flush=True,
            )

        timed("ONNX Runtime, 1 session, threads sleep (shipped)", lambda: shipped.embed(texts))
        spinning = session(folder, onnx, 0, spin=True)
        spinning.embed(texts[:16])  # each engine warmed up like the shipped one
        timed("ONNX Runtime, 1 session, threads spin", lambda: spinning.embed(texts))
        pair = (session(folder, onnx, 1, spin=False), session(folder, onnx, 1, spin=False))
        two_sessions(pair, texts[:16])
        timed("ONNX Runtime, 2 sessions x 1 thread", lambda: two_sessions(pair, texts))
        shipped_batch = onnx_embedder.BATCH
        for batch in (8, 16, 32, 64):
            onnx_embedder.BATCH = batch
            timed(f"ONNX Runtime, shipped session, batch {batch}", lambda: shipped.embed(texts))
        onnx_embedder.BATCH = shipped_batch
        from onnxruntime.quantization import QuantType, quantize_dynamic

        int8 = Path(data) / "int8.onnx"
        quantize_dynamic(
            str(onnx),
            str(int8),
            op_types_to_quantize=["MatMul"],
            per_channel=True,
            reduce_range=True,
            weight_type=QuantType.QInt8,
        )
        quantized = session(folder, int8, 0, spin=False)
        quantized.embed(texts[:16])
        timed("ONNX Runtime int8 (dynamic, per channel)", lambda: quantized.embed(texts))
        model.encode(texts[:8])
        timed(
            "PyTorch SentenceTransformer.encode fp32, batch 32",
            lambda: np.asarray(model.encode(texts, batch_size=32, normalize_embeddings=True)),
        )
        import torch

        def bf16() -> Vectors:
            with torch.autocast("cpu", dtype=torch.bfloat16):
                vectors = model.encode(texts, batch_size=32, convert_to_tensor=True)
            out = vectors.float().numpy()
            return np.asarray(out / np.linalg.norm(out, axis=1, keepdims=True), dtype=np.float32)

        if torch.ops.mkldnn._is_mkldnn_bf16_supported():  # emulated bf16 says nothing
            timed("PyTorch encode in bfloat16 (autocast), not shipped", bf16)


if __name__ == "__main__":
    main()
