"""Whole-process time of `asknotes search` and `asknotes why` from the shell, cold.

Indexes a corpus once (which also exports the embedder to ONNX and writes the vector
snapshot), then runs each command as a fresh process several times: as shipped, without
the vector snapshot (Chroma answers) and on PyTorch; and prints the median and the worst,
and the time of a search in a process whose index is already open (the TUI's case).

    python bench/query_speed.py [--corpus simonw-til] [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import CORPUS_EXCLUDE, ROOT, corpus

QUESTION = "How do I paginate boto3 calls?"


def run(args: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "app", *args], env=env, cwd=ROOT, check=True, capture_output=True
    )
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", default="simonw-til")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    notes = corpus(args.corpus)
    with tempfile.TemporaryDirectory() as data:
        env = {
            **os.environ,
            "HF_HUB_OFFLINE": "1",
            "ASKNOTES_DATA_DIR": data,
            "ASKNOTES_EXCLUDE": ",".join(CORPUS_EXCLUDE),
        }
        took = run(["index", str(notes)], env)
        print(f"indexed {notes.name} in {took:.0f} s (the ONNX export is made after it)")
        sys.path.insert(0, str(ROOT))
        from app.core.index.home import IndexHome
        from app.core.index.snapshot import SNAPSHOT_FILE
        from app.paths import index_dir

        live = IndexHome(index_dir(Path(data), notes.resolve())).live()
        assert live is not None
        snapshot = live / SNAPSHOT_FILE
        saved = snapshot.read_bytes()
        # The default, then without the vector snapshot (Chroma started for each question),
        # then without the ONNX export (PyTorch loaded for each question).
        for label, backend, with_snapshot in (
            ("default", "auto", True),
            ("no snapshot", "auto", False),
            ("torch", "torch", True),
        ):
            if with_snapshot:
                snapshot.write_bytes(saved)
            else:
                snapshot.unlink()
            timed = {**env, "ASKNOTES_EMBEDDER_BACKEND": backend}
            for command in (["search", QUESTION], ["why", QUESTION]):
                times = [run(command, timed) for _ in range(args.runs)]
                median = statistics.median(times)
                print(
                    f"{command[0]:<7} {label:<12}: median {median:.2f} s, "
                    f"max {max(times):.2f} s over {args.runs} fresh processes"
                )
        from app.config import load_settings
        from app.core.session.session import NotesSession

        session = NotesSession(load_settings({"data_dir": Path(data)}), notes.resolve())
        session.open()
        started = time.perf_counter()
        session.search(QUESTION)
        cold = time.perf_counter() - started
        session.close()
        # The TUI loads the embedder in the background as it starts: its first question
        # finds the model loaded.
        session = NotesSession(load_settings({"data_dir": Path(data)}), notes.resolve())
        session.open()
        session.warm_up()
        started = time.perf_counter()
        session.search(QUESTION)
        first = time.perf_counter() - started
        started = time.perf_counter()
        session.search("How do I list the files in a git branch?")
        second = time.perf_counter() - started
        session.close()
        print(
            f"search in an open session: first {cold * 1000:.0f} ms with the embedder still to "
            f"load, {first * 1000:.0f} ms once loaded (the TUI's case), next {second * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
