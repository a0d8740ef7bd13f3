"""Time chunking on pathological notes: many headings, and one huge line with no space.

Each case runs in a fresh child process so its peak memory (ru_maxrss) is its own.
Prints, per case: the note's size, the chunks made, the largest chunk, the seconds and the
child's peak resident memory. A case over `--budget` seconds is stopped and reported.
With `--index`, each note is also indexed whole (walk, read, chunk, BM25 tokens, manifest
and Chroma writes) with a constant stand-in embedder, so the figure is everything but the
model.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time

from _common import ROOT


def note(kind: str, n: int) -> str:
    """The text of one pathological note of `kind`, scaled by `n`."""
    if kind == "headings":  # heading-only lines, one level: nothing to merge into
        return "".join(f"# Heading {i}\n" for i in range(n))
    if kind == "nested":  # heading-only lines, alternating levels: bare parents dropped
        return "".join(f"{'#' * (1 + i % 3)} Heading {i}\n" for i in range(n))
    if kind == "tiny-sections":  # every heading with a body shorter than chunk_min_chars
        return "".join(f"## H{i}\nfact {i}\n" for i in range(n))
    if kind == "fences":  # a fenced block under every heading
        return "".join(f"## H{i}\n```\ncode {i}\n```\n" for i in range(n))
    if kind == "headings-then-text":  # one group of n bare headings over one paragraph
        return "".join(f"# Heading {i}\n" for i in range(n)) + "Body text. " * 20 + "\n"
    if kind == "one-line":  # n bytes, one line, no whitespace
        return "x" * n
    if kind == "one-paragraph":  # n bytes of words, one line, no sentence end
        return ("word " * (n // 5)).strip()
    raise ValueError(kind)


class ConstantEmbedder:
    """Stands in for the model: the same unit vector for every text, at no cost."""

    def __init__(self) -> None:
        from app.core.models.embedder import EmbedderIdentity

        self.identity = EmbedderIdentity("constant", 8, "bench")

    def embed_batch(self, texts: list[str]) -> object:
        import numpy as np

        out = np.zeros((len(texts), 8), dtype=np.float32)
        out[:, 0] = 1.0
        return out


def child(kind: str, n: int, index: bool) -> None:
    sys.path.insert(0, str(ROOT))
    from app.core.basics.text import normalize_text
    from app.core.ingest.chunk import ChunkingSettings, chunk_note

    text = normalize_text(note(kind, n))
    settings = ChunkingSettings()
    started = time.perf_counter()
    chunks = chunk_note(text, f"{kind}.md", settings)
    seconds = time.perf_counter() - started
    index_seconds = None
    if index:
        import tempfile
        from pathlib import Path

        from app.core.index.indexer import update_index
        from app.core.index.store import NoteIndex
        from app.core.ingest.walk import WalkSettings

        with tempfile.TemporaryDirectory() as tmp:
            notes = Path(tmp) / "notes"
            notes.mkdir()
            (notes / f"{kind}.md").write_text(text, encoding="utf-8")
            store = NoteIndex.open(Path(tmp) / "index", ConstantEmbedder(), create=True)  # type: ignore[arg-type]
            started = time.perf_counter()
            update_index(store, notes, walk=WalkSettings(max_file_bytes=64 * 1024 * 1024))
            index_seconds = time.perf_counter() - started
            store.close()
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    largest = max((len(c.text) for c in chunks), default=0)
    print(
        json.dumps(
            {
                "bytes": len(text.encode()),
                "chunks": len(chunks),
                "largest": largest,
                "seconds": seconds,
                "peak_mb": peak_kb / 1024,
                "limit": settings.max_chars,
                "index_seconds": index_seconds,
            }
        )
    )


CASES = [
    ("headings", 2_000),
    ("headings", 4_000),
    ("headings", 8_000),
    ("headings", 16_000),
    ("headings", 100_000),
    ("nested", 8_000),
    ("nested", 100_000),
    ("tiny-sections", 8_000),
    ("tiny-sections", 100_000),
    ("fences", 8_000),
    ("fences", 50_000),
    ("headings-then-text", 100_000),
    ("one-line", 5_000_000),
    ("one-paragraph", 5_000_000),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--budget", type=float, default=120.0, help="seconds per case")
    parser.add_argument("--only", help="run only the cases of this kind")
    parser.add_argument("--index", action="store_true", help="also index each note whole")
    args = parser.parse_args()
    extra = f" {'index s':>8}" if args.index else ""
    print(
        f"{'case':<28} {'size':>10} {'chunks':>7} {'largest':>8} {'seconds':>9} "
        f"{'peak MB':>8}{extra}"
    )
    for kind, n in CASES:
        if args.only and kind != args.only:
            continue
        label = f"{kind} ×{n:,}"
        try:
            out = subprocess.run(
                [sys.executable, __file__, "--child", kind, str(n), str(int(args.index))],
                capture_output=True,
                text=True,
                timeout=args.budget,
                check=True,
            ).stdout
        except subprocess.TimeoutExpired:
            print(f"{label:<28} {'':>10} {'':>7} {'':>8} {'>' + str(args.budget):>9}")
            continue
        r = json.loads(out)
        flag = "" if r["largest"] <= r["limit"] else f"  ! a chunk exceeds {r['limit']}"
        indexed = "" if r["index_seconds"] is None else f" {r['index_seconds']:>8.2f}"
        print(
            f"{label:<28} {r['bytes']:>10,} {r['chunks']:>7,} {r['largest']:>8,} "
            f"{r['seconds']:>9.2f} {r['peak_mb']:>8.0f}{indexed}{flag}"
        )


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--child":
        child(sys.argv[2], int(sys.argv[3]), sys.argv[4] == "1")
    else:
        main()
