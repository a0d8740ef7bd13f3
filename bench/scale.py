"""How indexing and querying grow with the folder: 5,000 to 50,000 notes on one machine.

The folder is built at bench time from `simonw-til` (577 notes): copy N of every note is
written under `cN/`, with the sentence "Filed in copy N." after every heading and every
blank line outside code fences, so each section of each copy is a text of its own and
duplicate collapsing cannot fold the copies. Copies are made until the folder holds the
size asked for.

The embedder is a stand-in: each text's vector is drawn from a generator seeded by the
text's hash (384 dimensions, unit length, deterministic), so everything but the model is
measured; the embedding cost itself is linear in the chunks and is measured on the real
model by bench/index_speed.py. Each size runs in a fresh process (so its peak resident
memory is its own) through the same session the CLI uses, calibration probes included:

- first index: wall time of `asknotes index` minus the time inside the embedder;
- peak memory: the process's peak resident set size, after the first index;
- query: `search` of 50 questions made of words from the notes (vector + BM25 + fusion),
  after one warm-up query that builds the BM25 index;
- edit: a note is changed, a watch batch indexes it (reading that path, as the watcher's
  batches do), and a query finds the new text;
- first query in a new process: open the index and answer one `search` (what
  `asknotes search` does after Python has started);
- unchanged: `index` again on the unchanged folder, in a fresh process of its own (what a
  startup sweep does, starting the vector store included).

    python bench/scale.py [--sizes 5000,20000] [--queries 50]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from _common import CORPUS_EXCLUDE, ROOT, corpus

DIMENSION = 384
_FENCE = re.compile(r"^\s*(```|~~~)")


class HashEmbedder:
    """Unit vectors drawn from a generator seeded by each text's hash."""

    def __init__(self) -> None:
        from app.core.models.embedder import EmbedderIdentity

        self._identity = EmbedderIdentity("scale-bench-hash", DIMENSION, "seeded-by-text")

    @property
    def identity(self) -> Any:
        return self._identity

    def embed_batch(self, texts: Sequence[str]) -> Any:
        out = np.empty((len(texts), DIMENSION), dtype=np.float32)
        for row, text in enumerate(texts):
            seed = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")
            vector = np.random.default_rng(seed).standard_normal(DIMENSION)
            out[row] = vector / np.linalg.norm(vector)
        return out

    def embed_queries(self, texts: Sequence[str]) -> Any:
        return self.embed_batch(texts)


def stamp_copy(text: str, copy: int) -> str:
    """The note with the copy's own sentence after every heading and blank line."""
    sentence = f"Filed in copy {copy}."
    out = [sentence]
    fenced = False
    for line in text.splitlines():
        out.append(line)
        if _FENCE.match(line):
            fenced = not fenced
        elif not fenced and (line.startswith("#") or not line.strip()):
            out.append(sentence if line.startswith("#") else sentence + "\n")
    return "\n".join(out) + "\n"


def build_folder(target: Path, size: int) -> int:
    source = corpus("simonw-til")
    notes = sorted(p for p in source.rglob("*.md") if p.is_file() and p.name not in CORPUS_EXCLUDE)
    written = 0
    copy = 0
    while written < size:
        for note in notes:
            if written >= size:
                break
            rel = note.relative_to(source)
            path = target / f"c{copy:03d}" / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(stamp_copy(note.read_text(encoding="utf-8"), copy), encoding="utf-8")
            written += 1
        copy += 1
    return written


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def session_for(notes: Path, data: Path) -> Any:
    from app.config import load_settings
    from app.core.session.session import NotesSession
    from app.core.session.wiring import Factories

    settings = load_settings({"data_dir": data})
    embedder = HashEmbedder()
    factories = Factories(embedder=lambda _settings: embedder)
    return NotesSession(settings, notes, factories)


def questions(notes: Path, n: int) -> list[str]:
    """Questions of four to seven words taken from random notes of the folder."""
    rng = random.Random(0)
    files = sorted(notes.rglob("*.md"))
    picked = []
    while len(picked) < n:
        words = re.findall(r"[A-Za-z]{4,}", rng.choice(files).read_text(encoding="utf-8"))
        if len(words) >= 7:
            start = rng.randrange(len(words) - 7)
            picked.append(" ".join(words[start : start + rng.randint(4, 7)]))
    return picked


def first_run(notes: Path, data: Path, queries: int) -> dict[str, Any]:
    session = session_for(notes, data)
    report = session.update()
    result: dict[str, Any] = {
        "notes": report.files_seen,
        "chunks": report.chunks,
        "texts": report.texts_embedded,
        "index_s": report.seconds - report.embed_seconds,
        "embed_s": report.embed_seconds,
        "peak_index_mb": peak_mb(),
    }
    asked = questions(notes, queries)
    t0 = time.perf_counter()
    session.search(asked[0])  # builds the BM25 index
    result["first_query_s"] = time.perf_counter() - t0
    times = []
    for question in asked:
        t0 = time.perf_counter()
        session.search(question)
        times.append(time.perf_counter() - t0)
    times.sort()
    result["query_p50_ms"] = statistics.median(times) * 1000
    result["query_p95_ms"] = times[int(0.95 * (len(times) - 1))] * 1000

    target = sorted(notes.rglob("*.md"))[len(times)]
    marker = "wombatmarker"
    t0 = time.perf_counter()
    target.write_text(
        target.read_text(encoding="utf-8") + f"\n\nThe {marker} sentence.\n", encoding="utf-8"
    )
    session.update(reconcile=False, only={target.relative_to(notes).as_posix()})  # a watch batch
    found = any(marker in p.text for p in session.search(marker).passages)
    result["edit_s"] = time.perf_counter() - t0
    result["edit_found"] = found
    result["peak_mb"] = peak_mb()
    session.close()
    return result


def fresh_query_run(notes: Path, data: Path, _queries: int) -> dict[str, Any]:
    session = session_for(notes, data)
    t0 = time.perf_counter()
    session.search("how do I configure the column")  # what `asknotes search` does
    fresh_query = time.perf_counter() - t0
    session.close()
    return {"fresh_query_s": fresh_query}


def unchanged_run(notes: Path, data: Path, _queries: int) -> dict[str, Any]:
    # Its own process: starting the vector store is part of what a startup sweep costs.
    t0 = time.perf_counter()
    session = session_for(notes, data)
    report = session.update()
    seconds = time.perf_counter() - t0
    session.close()
    return {
        "unchanged_s": seconds,
        "unchanged_embedded": report.texts_embedded,
        "unchanged_peak_mb": peak_mb(),
    }


# Each runs in a process of its own (see run_child), so its time and memory are its own.
PHASES = {"first": first_run, "unchanged": unchanged_run, "fresh": fresh_query_run}


def child(args: argparse.Namespace) -> None:
    sys.path.insert(0, str(ROOT))
    notes, data = Path(args.notes), Path(args.data)
    print(json.dumps(PHASES[args.phase](notes, data, args.queries)))


def run_child(phase: str, notes: Path, data: Path, queries: int) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, __file__, "--phase", phase, "--notes", str(notes), "--data", str(data)]
        + ["--queries", str(queries)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        sys.exit(f"{phase} run failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="5000,20000")
    parser.add_argument("--queries", type=int, default=50)
    parser.add_argument("--phase", choices=tuple(PHASES), help=argparse.SUPPRESS)
    parser.add_argument("--notes", help=argparse.SUPPRESS)
    parser.add_argument("--data", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.phase:
        child(args)
        return
    rows = []
    for size in [int(s) for s in args.sizes.split(",")]:
        with tempfile.TemporaryDirectory(prefix="asknotes-scale-") as tmp:
            notes, data = Path(tmp) / "notes", Path(tmp) / "data"
            t0 = time.perf_counter()
            build_folder(notes, size)
            print(f"{size} notes: folder built in {time.perf_counter() - t0:.1f} s", flush=True)
            row = run_child("first", notes, data, args.queries)
            row.update(run_child("unchanged", notes, data, args.queries))
            row.update(run_child("fresh", notes, data, args.queries))
            rows.append(row)
            print(json.dumps(row), flush=True)
            shutil.rmtree(data, ignore_errors=True)
    print()
    print(
        "| notes | chunks | first index (without embedding) | peak memory | query p50 / p95 "
        "| first query, new process | edit → searchable | index, unchanged folder |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print(
            f"| {r['notes']:,} | {r['chunks']:,} | {r['index_s']:.1f} s | "
            f"{r['peak_mb']:,.0f} MB | {r['query_p50_ms']:.0f} / {r['query_p95_ms']:.0f} ms | "
            f"{r['fresh_query_s']:.2f} s | "
            f"{r['edit_s']:.2f} s{'' if r['edit_found'] else ' (not found)'} | "
            f"{r['unchanged_s']:.1f} s |"
        )


if __name__ == "__main__":
    main()
