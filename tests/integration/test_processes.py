"""Several real processes on one data directory: one writer at a time, readers current
within one batch, no vector lost or embedded twice, a rebuild while another process
watches. The processes run the real CLI with the fake embedder (tests/procs.py): the
claims are about locks and files, not about the model."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from app.core.index.home import IndexHome
from app.core.index.store import NoteIndex
from app.paths import index_dir
from tests.conftest import write
from tests.fakes import FakeEmbedder
from tests.procs import REPO, env, run, start

BODY = "A paragraph long enough to be a chunk of its own, about note number"


def make_notes(root: Path, names: range, word: str = "word") -> None:
    for i in names:
        write(root, f"n{i:03d}.md", f"# Note {i}\n\n## Body\n\n{BODY} {i}, {word}{i}.\n")


def wait_for(check: Callable[[], bool], timeout: float = 30.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    pytest.fail(f"timed out waiting for {what}")


class StderrTail:
    """Collects a child's stderr lines on a thread, so the test can wait for one."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.lines: list[str] = []
        assert proc.stderr is not None
        stream = proc.stderr
        self.thread = threading.Thread(target=lambda: self.lines.extend(stream), daemon=True)
        self.thread.start()

    def has(self, text: str) -> bool:
        return any(text in line for line in list(self.lines))


class Reader:
    """A long-lived reader process (what the TUI is), asked over a pipe."""

    def __init__(self, data: Path, notes: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.procs", "reader", str(data), str(notes)],
            env=env(),
            cwd=REPO,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert json.loads(self._line()) == {"ready": True}

    def _line(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            assert self.proc.stderr is not None
            pytest.fail(f"the reader died: {self.proc.stderr.read()}")
        return line

    def search(self, question: str) -> dict[str, list[str]]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(question + "\n")
        self.proc.stdin.flush()
        answer: dict[str, list[str]] = json.loads(self._line())
        assert "error" not in answer, answer
        return answer

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    notes, data = tmp_path / "notes", tmp_path / "data"
    make_notes(notes, range(20))
    first = run(data, "index", str(notes))
    assert first.returncode == 0, first.stderr
    yield notes, data


def stop(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def test_a_reader_sees_a_note_indexed_by_another_process_within_one_batch(folder) -> None:
    notes, data = folder
    reader = Reader(data, notes)
    watcher = start(data, "watch", str(notes), "--debounce", "0.1")
    tail = StderrTail(watcher)
    try:
        wait_for(lambda: tail.has("watching"), what="the watcher to start")
        question = "zebracorn quokka marmalade"
        assert "fresh.md" not in reader.search(question)["files"]
        write(notes, "fresh.md", f"# Fresh\n\n## Body\n\nThe {question} note, written now.\n")

        def found_by_vectors() -> bool:
            return "fresh.md" in reader.search(question)["vector_files"]

        # Within one batch: the watcher's debounce plus its indexing, with room for a
        # loaded machine; a reader that kept its old HNSW view never finds it at all.
        wait_for(found_by_vectors, timeout=30, what="the reader's vector leg to see fresh.md")
    finally:
        stop(watcher)
        reader.close()
    assert not tail.has("error"), tail.lines


def test_two_index_runs_started_together_embed_everything_once(tmp_path: Path) -> None:
    notes, data = tmp_path / "notes", tmp_path / "data"
    make_notes(notes, range(120))
    procs = [start(data, "index", str(notes), "--json", FAKE_EMBED_DELAY="0.05") for _ in range(2)]
    outputs = [p.communicate(timeout=180) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outputs
    reports = [json.loads(out) for out, _ in outputs]
    assert sorted(r["texts_embedded"] for r in reports) == [0, 120]
    assert any("another asknotes process is indexing this folder (pid" in err for _, err in outputs)
    check_consistent(notes, data)


def test_a_second_writer_never_deletes_vectors_the_first_has_not_committed(
    folder, tmp_path: Path
) -> None:
    from app.config import load_settings
    from app.core.index.vectors import ChromaVectorStore
    from app.core.session.session import NotesSession
    from app.core.session.wiring import Factories
    from app.errors import IndexBusyError

    notes, data = folder
    make_notes(notes, range(100, 200), word="late")
    gate = tmp_path / "gate"
    first = start(data, "index", str(notes), "--json", FAKE_EMBED_GATE=str(gate))
    try:
        wait_for(lambda: Path(str(gate) + ".waiting").exists(), what="the first writer")
        # The first writer has upserted one batch of vectors and not committed them.
        home = IndexHome(index_dir(data, notes))
        live = home.live()
        assert live is not None
        vectors = ChromaVectorStore(live / "chroma")
        upserted = vectors.count()
        assert upserted >= 20 + 64
        # A writer in this process (the TUI's watcher) is refused at once...
        session = NotesSession(
            load_settings({"data_dir": data}), notes, Factories(embedder=lambda s: FakeEmbedder())
        )
        with pytest.raises(IndexBusyError, match=r"indexing this folder \(pid \d+"):
            session.update(wait=False)
        session.close()
        # ...and a second `asknotes index` waits, saying for whom, deleting nothing.
        second = start(data, "index", str(notes), "--json")
        tail = StderrTail(second)
        wait_for(lambda: tail.has("waiting"), what="the second writer to wait")
        vectors.reopen()
        assert vectors.count() == upserted, "uncommitted vectors were deleted"
        vectors.close()
        gate.touch()
        out_first, err_first = first.communicate(timeout=120)
        assert first.returncode == 0, err_first
        out_second, _ = second.communicate(timeout=120)
        assert second.returncode == 0, tail.lines
    finally:
        gate.touch()
        for proc in (first,):
            if proc.poll() is None:
                stop(proc)
    assert json.loads(out_first)["texts_embedded"] == 100
    assert json.loads(out_second)["texts_embedded"] == 0
    check_consistent(notes, data)


def test_a_rebuild_while_another_process_watches(folder) -> None:
    notes, data = folder
    home = IndexHome(index_dir(data, notes))
    before = home.live_name()
    watcher = start(data, "watch", str(notes), "--debounce", "0.1")
    tail = StderrTail(watcher)
    try:
        wait_for(lambda: tail.has("watching"), what="the watcher to start")
        rebuilt = run(data, "index", str(notes), "--rebuild")
        assert rebuilt.returncode == 0, rebuilt.stderr
        assert home.live_name() != before
        write(notes, "n005.md", "# Note 5\n\n## Body\n\nEdited after the rebuild: quokka.\n")

        def searchable() -> bool:
            found = run(data, "search", "quokka edited after the rebuild", "--json")
            return found.returncode == 0 and any(
                p["file"] == "n005.md" and "quokka" in p["text"]
                for p in json.loads(found.stdout)["passages"]
            )

        wait_for(searchable, timeout=40, what="the watcher's edit to reach the new index")
    finally:
        stop(watcher)
    assert not tail.has("error"), tail.lines
    assert sorted(p.name for p in home.root.iterdir() if p.name.startswith("g")) == [
        str(home.live_name())
    ]
    check_consistent(notes, data)


def check_consistent(notes: Path, data: Path) -> None:
    index = NoteIndex.open(index_dir(data, notes), FakeEmbedder(), create=False)
    try:
        on_disk = {p.relative_to(notes).as_posix() for p in notes.rglob("*.md")}
        assert set(index.manifest.files()) == on_disk
        assert index.vectors.ids() == index.manifest.text_hashes()
    finally:
        index.close()
