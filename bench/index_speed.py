"""Index a real corpus from scratch and compare with raw SentenceTransformer.encode.

Prints chunks, chunks/s and the ratio of the raw PyTorch `encode` time of the same texts
to the whole index time, measured in one run: above 1.0 the index (walking, parsing,
exporting the model to ONNX once, ONNX Runtime embedding, SQLite and Chroma writes) beats
plain fp32 PyTorch encoding. The data folder is fresh, as on a first index.
`--backend torch` indexes through PyTorch instead of ONNX Runtime. Also prints how far the
stored vectors are from plain encode's (the index must be what the query path expects).
"""

from __future__ import annotations

import argparse
import dataclasses
import tempfile
import time
from pathlib import Path

import numpy as np
from _common import CORPUS_EXCLUDE, corpus, open_index

from app.config import load_settings
from app.core.index.indexer import update_index
from app.core.models.onnx_embedder import MiniLmEmbedder
from app.core.session.wiring import make_embedder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", default="simonw-til")
    parser.add_argument("--backend", default="auto", choices=("auto", "torch"))
    args = parser.parse_args()
    notes = corpus(args.corpus)
    with tempfile.TemporaryDirectory() as data:
        settings = load_settings(
            {"data_dir": Path(data), "exclude": CORPUS_EXCLUDE, "embedder": "minilm"}
        )
        settings = dataclasses.replace(settings, embedder_backend=args.backend)
        embedder = make_embedder(settings)
        assert isinstance(embedder, MiniLmEmbedder)
        reference = embedder._torch._load()  # the raw PyTorch model, for the comparison
        reference.encode(["warm up the model before timing"])
        index = open_index(settings, notes, create=True, embedder=embedder)
        # A first index on a fresh data folder: the one-time ONNX export is on the clock.
        started = time.perf_counter()
        report = update_index(index, notes, walk=settings.walk(), chunking=settings.chunking())
        total = time.perf_counter() - started
        backend = embedder.backend  # read while the export exists (the folder goes below)
        made = embedder.onnx_path.is_file()
        by_hash = index.manifest.embed_texts(index.manifest.text_hashes())
        hashes = sorted(by_hash, key=lambda h: len(by_hash[h]))
        stored = index.vectors.vectors_of(hashes)
        index.close()

        # the fairest PyTorch run: length-sorted, as the index does
        texts = [by_hash[h] for h in hashes]
        started = time.perf_counter()
        plain = reference.encode(texts, batch_size=64, normalize_embeddings=True)
        raw = time.perf_counter() - started
        cosines = [float(np.dot(stored[h], v)) for h, v in zip(hashes, plain, strict=True)]

    print(f"corpus            : {notes.name} ({report.files_seen} notes)")
    print(f"backend           : {backend} (export made: {made})")
    print(f"chunks            : {report.chunks} ({len(texts)} unique texts embedded)")
    print(f"index time        : {total:.1f} s ({report.chunks / total:.1f} chunks/s)")
    print(f"  of which embed  : {report.embed_seconds:.1f} s")
    print(f"raw encode time   : {raw:.1f} s ({len(texts) / raw:.1f} texts/s, fp32 PyTorch)")
    print(f"encode / index    : {raw / total:.2f}  (> 1: the whole index beats plain encode)")
    print(
        f"stored vectors against plain fp32 encode: min cosine {min(cosines):.6f}, "
        f"median {float(np.median(cosines)):.6f}"
    )


if __name__ == "__main__":
    main()
