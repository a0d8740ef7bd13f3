"""Edit one note of an indexed simonw-til copy; time the write to the first query that
returns the new text, and count the chunks re-embedded.

The corpus is copied (with mtimes) into a temporary folder, and the index built by
bench/retrieval.py is copied beside it, so nothing is re-embedded up front.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import threading
import time
from pathlib import Path

from _common import CORPUS_EXCLUDE, corpus, open_index

from app.config import load_settings
from app.core.index.fusion import RetrievalSettings
from app.core.index.indexer import IndexReport, update_index
from app.core.index.retrieve import search
from app.core.index.watcher import NotesWatcher
from app.core.session.wiring import make_embedder
from app.paths import index_dir

NOTE = "sqlite/column-combinations.md"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "asknotes-bench"
    )
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--debounce", type=float, default=0.2)
    args = parser.parse_args()
    source = corpus("simonw-til")
    settings = load_settings({"data_dir": args.data_dir, "exclude": CORPUS_EXCLUDE})
    embedder = make_embedder(settings)
    original = open_index(settings, source, create=True, embedder=embedder)
    update_index(original, source, walk=settings.walk(), chunking=settings.chunking())
    original.close()
    with tempfile.TemporaryDirectory() as tmp:
        notes = Path(tmp) / "til"
        shutil.copytree(source, notes)  # copy2 keeps mtimes, so the manifest fast path holds
        data = Path(tmp) / "data"
        shutil.copytree(index_dir(args.data_dir, source), index_dir(data, notes))
        settings = load_settings({"data_dir": data, "exclude": CORPUS_EXCLUDE})
        index = open_index(settings, notes, create=False, embedder=embedder)
        sweep = update_index(index, notes, walk=settings.walk(), chunking=settings.chunking())
        print(
            f"startup sweep on the copy: {sweep.texts_embedded} chunks embedded "
            f"in {sweep.seconds:.2f} s ({sweep.files_seen} notes)"
        )
        reports: list[IndexReport] = []
        done = threading.Event()

        def on_batch(paths: frozenset[str]) -> None:
            reports.append(
                update_index(
                    index,
                    notes,
                    walk=settings.walk(),
                    chunking=settings.chunking(),
                    reconcile=False,
                )
            )
            done.set()

        watcher = NotesWatcher(notes, on_batch, debounce_s=args.debounce)
        watcher.start()
        target = notes / NOTE
        base = target.read_text(encoding="utf-8")
        latencies = []
        retrieval = RetrievalSettings(k=5)
        try:
            for n in range(args.edits):
                marker = f"quokkamarker{n}x"
                done.clear()
                started = time.perf_counter()
                target.write_text(base + f"\n\nAlso: the {marker} column trick.\n", "utf-8")
                while True:
                    passages = search(index, marker, retrieval).passages
                    if any(marker in p.text for p in passages):
                        break
                    time.sleep(0.02)
                latencies.append(time.perf_counter() - started)
                done.wait(10)
                r = reports[-1]
                print(
                    f"edit {n + 1}: new text searchable after {latencies[-1]:.2f} s; "
                    f"{r.texts_embedded} chunks re-embedded, {r.texts_reused} reused, "
                    f"batch took {r.seconds:.2f} s"
                )
        finally:
            watcher.stop()
            index.close()
    print(
        f"write -> first query with the new text: median {statistics.median(latencies):.2f} s, "
        f"max {max(latencies):.2f} s (debounce {args.debounce} s)"
    )


if __name__ == "__main__":
    main()
