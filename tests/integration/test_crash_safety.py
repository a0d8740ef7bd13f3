"""Kill `asknotes index` with SIGKILL at random points; the next run must repair it all."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.core.index.store import NoteIndex
from app.core.ingest.chunk import chunk_note
from app.core.ingest.walk import read_note
from app.paths import index_dir
from tests.conftest import SAMPLE_NOTES

pytestmark = pytest.mark.real_model
ROUNDS = 4


def make_folder(root: Path, copies: range) -> None:
    """Enough distinct notes that indexing takes seconds, so a kill lands mid-batch."""
    for n in copies:
        for note in SAMPLE_NOTES.rglob("*.md"):
            rel = note.relative_to(SAMPLE_NOTES)
            target = root / f"copy{n}" / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            text = note.read_text(encoding="utf-8")
            target.write_text(text.replace("\n\n", f"\n\nCopy {n} of {rel.stem}.\n\n", 3))


def index_command(notes: Path, data: Path) -> list[str]:
    return [sys.executable, "-m", "app", "--data-dir", str(data), "index", str(notes)]


def env() -> dict[str, str]:
    return {**os.environ, "HF_HUB_OFFLINE": "1"}


def check_consistent(notes: Path, data: Path, real_embedder) -> None:
    index = NoteIndex.open(index_dir(data, notes), real_embedder, create=False)
    try:
        manifest = index.manifest
        files = manifest.files()
        on_disk = {p.relative_to(notes).as_posix() for p in notes.rglob("*.md")}
        assert set(files) == on_disk, "lost or orphaned files"
        stored = manifest.chunk_hashes()
        for rel in on_disk:
            text, _ = read_note(notes / rel)
            expected = [c.text_hash for c in chunk_note(text, rel)]
            assert stored.get(rel) == expected, f"{rel}: chunks differ from a fresh chunking"
        assert index.vectors.ids() == manifest.text_hashes(), "vectors and texts disagree"
        referenced = {h for hashes in stored.values() for h in hashes}
        assert manifest.text_hashes() == referenced, "unreferenced texts were left behind"
    finally:
        index.close()


def test_sigkill_during_indexing_is_repaired(tmp_path: Path, real_embedder) -> None:
    notes, data = tmp_path / "notes", tmp_path / "data"
    make_folder(notes, range(4))
    rng = random.Random(20261130)
    killed_mid_run = 0
    for round_ in range(ROUNDS):
        if round_:
            # change the folder between rounds: edit, add and delete notes
            victim = sorted(notes.rglob("*.md"))[round_]
            victim.write_text(victim.read_text() + f"\n\nEdited in round {round_}.\n")
            shutil.rmtree(notes / f"copy{round_}", ignore_errors=True)
            make_folder(notes, range(10 * round_, 10 * round_ + 2))
        proc = subprocess.Popen(
            index_command(notes, data),
            env=env(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        # Kill at a random progress line once indexing has started (and a moment after
        # it), so it lands mid-batch on a fast machine as on a slow one: a fixed delay
        # outlived the small later rounds when the model loaded quickly.
        assert proc.stderr is not None
        lines_left = rng.randint(0, 6)
        started = False
        for line in proc.stderr:
            started = started or line.startswith("indexing")
            if started and lines_left == 0:
                break
            lines_left -= started
        time.sleep(rng.uniform(0.0, 0.2))
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            killed_mid_run += 1
        proc.wait()
        proc.stderr.close()
        finish = subprocess.run(
            index_command(notes, data), env=env(), capture_output=True, text=True, timeout=900
        )
        assert finish.returncode == 0, finish.stderr
        check_consistent(notes, data, real_embedder)
    assert killed_mid_run >= 3, "the kills should land while indexing runs"
