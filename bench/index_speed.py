"""Index a real corpus from scratch and compare with raw SentenceTransformer.encode.

Prints chunks, chunks/s, and the ratio of total index time to the encode time of the
same texts in the same run (1.0 would mean indexing costs nothing beyond the model).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from _common import CORPUS_EXCLUDE, corpus, open_index

from app.config import load_settings
from app.core.index.indexer import update_index
from app.core.session.wiring import make_embedder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", default="simonw-til")
    args = parser.parse_args()
    notes = corpus(args.corpus)
    with tempfile.TemporaryDirectory() as data:
        settings = load_settings({"data_dir": Path(data), "exclude": CORPUS_EXCLUDE})
        embedder = make_embedder(settings)
        embedder.embed_batch(["warm up the model before timing"])
        index = open_index(settings, notes, create=True, embedder=embedder)
        started = time.perf_counter()
        report = update_index(index, notes, walk=settings.walk(), chunking=settings.chunking())
        total = time.perf_counter() - started
        texts = list(index.manifest.embed_texts(index.manifest.text_hashes()).values())
        index.close()

        model = embedder._load()  # the raw model, timed on exactly the texts indexed
        started = time.perf_counter()
        model.encode(texts, batch_size=embedder.batch_size, normalize_embeddings=True)
        raw = time.perf_counter() - started

    print(f"corpus            : {notes.name} ({report.files_seen} notes)")
    print(f"chunks            : {report.chunks} ({len(texts)} unique texts embedded)")
    print(f"index time        : {total:.1f} s ({report.chunks / total:.1f} chunks/s)")
    print(f"  of which embed  : {report.embed_seconds:.1f} s")
    print(f"raw encode time   : {raw:.1f} s ({len(texts) / raw:.1f} texts/s)")
    print(f"index / encode    : {total / raw:.2f}")


if __name__ == "__main__":
    main()
