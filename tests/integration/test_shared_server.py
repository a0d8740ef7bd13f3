"""A shared index on a real Chroma server (`chroma run`): written from one machine's notes,
read by a process that has never seen the notes folder, with the same passages, scores
and verdicts as the embedded store; a server killed mid-index is reported by the writer,
which resumes cleanly once the server is back. The processes run the real CLI with the
fake embedder (tests/procs.py): the claims are about the store, not the model."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.core.index.home import IndexHome
from app.core.index.manifest import Manifest
from app.core.index.shared import ChromaServerStore
from app.core.index.vectors import EF_SEARCH
from app.errors import IndexBusyError, IndexMissingError
from app.paths import index_dir, shared_user_dir, user_dir
from tests.conftest import SAMPLE_NOTES, write
from tests.procs import env, run, start

QUESTIONS = SAMPLE_NOTES / "questions.jsonl"
CHROMA = Path(sys.executable).parent / "chroma"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ChromaServer:
    """`chroma run` on a folder and a free port, started and killed by the test."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        log = (self.path.parent / "chroma.log").open("ab")
        self.proc = subprocess.Popen(
            [str(CHROMA), "run", "--path", str(self.path), "--host", "127.0.0.1"]
            + ["--port", str(self.port)],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env(),
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail(f"chroma run exited with {self.proc.returncode}; see {log.name}")
            try:
                if httpx.get(f"{self.url}/api/v2/heartbeat", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        pytest.fail("chroma run did not answer within 60 s")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=30)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ChromaServer]:
    if not CHROMA.exists():
        pytest.skip(f"no chroma command beside {sys.executable}")
    chroma = ChromaServer(tmp_path / "chroma-server")
    chroma.start()
    yield chroma
    chroma.kill()


def retrievals(data: Path, *flags: str) -> dict[str, Any]:
    """Every sample question's retrieved passages (ranks, scores, places) and verdict."""
    done = run(data, *flags, "eval", str(QUESTIONS), "--retrieval-only", "--json")
    assert done.returncode == 0, done.stderr
    return {
        q["question"]: (q["retrieved"], q["verdict"], q["gate_values"])
        for q in json.loads(done.stdout)["questions"]
    }


def ok(done: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert done.returncode == 0, done.stderr
    return done


def test_a_machine_without_the_notes_reads_what_embedded_mode_reads(
    tmp_path: Path, server: ChromaServer
) -> None:
    notes = tmp_path / "notes"
    shutil.copytree(SAMPLE_NOTES, notes)
    url = ("--chroma-url", server.url)
    ok(run(tmp_path / "writer", *url, "index", str(notes)))
    ok(run(tmp_path / "embedded", "index", str(notes)))
    expected = retrievals(tmp_path / "embedded")

    notes.rename(tmp_path / "gone")  # the reader's machine has no notes folder at all
    shared = retrievals(tmp_path / "reader", *url)
    assert shared == expected
    assert sum(len(r[0]) for r in shared.values()) > 100  # the comparison compared passages

    asked = ok(run(tmp_path / "reader", *url, "ask", "What did the dentist say?", "--json"))
    answer = json.loads(asked.stdout)
    assert answer["kind"] == "refused"
    assert answer["flags"] == []  # no notes folder here is not "notes changed since indexed"
    mine = shared_user_dir(tmp_path / "reader", server.url, "asknotes") / "refused.jsonl"
    assert "dentist" in mine.read_text(encoding="utf-8")  # refusals stay with their user
    assert not (user_dir(tmp_path / "writer", notes) / "refused.jsonl").exists()

    # The reader cannot write: it has no notes; a new note reaches it after the next index.
    refused = run(tmp_path / "reader", *url, "index")
    assert refused.returncode != 0
    (tmp_path / "gone").rename(notes)
    write(notes, "new.md", "# Quokka\n\nThe quokka census counted 417 quokkas on Rottnest.\n")
    ok(run(tmp_path / "writer", *url, "index", str(notes)))
    found = ok(run(tmp_path / "reader", *url, "search", "quokka census", "--json"))
    assert json.loads(found.stdout)["passages"][0]["file"] == "new.md"


def test_a_server_killed_mid_index_is_reported_and_the_writer_resumes(
    tmp_path: Path, server: ChromaServer
) -> None:
    notes = tmp_path / "notes"
    shutil.copytree(SAMPLE_NOTES, notes)
    for i in range(40):  # past one embedding batch, so the kill lands between two
        write(notes, f"extra/n{i:02d}.md", f"# Extra {i}\n\nParagraph {i} about topic{i}.\n")
    url = ("--chroma-url", server.url)
    gate = tmp_path / "gate"
    writer = start(tmp_path / "writer", *url, "index", str(notes), FAKE_EMBED_GATE=str(gate))
    deadline = time.monotonic() + 60
    while not Path(str(gate) + ".waiting").exists():
        assert writer.poll() is None, writer.communicate()
        assert time.monotonic() < deadline, "the writer never reached its second batch"
        time.sleep(0.05)
    server.kill()
    gate.touch()
    _, stderr = writer.communicate(timeout=120)
    assert writer.returncode == 1
    error = [line for line in stderr.splitlines() if line.startswith("asknotes: error:")]
    assert len(error) == 1 and server.url in error[0] and "cannot be reached" in error[0]

    server.start()
    resumed = ok(run(tmp_path / "writer", *url, "index", str(notes)))
    assert "0 removed" in resumed.stdout
    ok(run(tmp_path / "embedded", "index", str(notes)))
    assert retrievals(tmp_path / "reader", *url) == retrievals(tmp_path / "embedded")

    store = ChromaServerStore(server.url, "asknotes", create=False)
    live = IndexHome(index_dir(tmp_path / "writer", notes)).live()
    assert live is not None
    manifest = Manifest(live / "manifest.sqlite3")
    try:
        assert store.ids() == manifest.text_hashes()  # nothing stray, nothing missing
        assert {r.text_hash for r in store.pull()} == manifest.text_hashes()
        assert store.current_lease() is None  # released at the end of the run
    finally:
        manifest.close()
        store.close()


def test_one_writer_lease_per_collection(tmp_path: Path, server: ChromaServer) -> None:
    first = ChromaServerStore(server.url, "leased", create=True)
    second = ChromaServerStore(server.url, "leased", create=True)
    with first.writer_lease("asknotes index one", wait=False):
        with pytest.raises(IndexBusyError, match="asknotes index one"):
            with second.writer_lease("asknotes index two", wait=False):
                pass
    with second.writer_lease("asknotes index two", wait=False) as lease:
        assert second.current_lease() == lease
    assert first.current_lease() is None
    with pytest.raises(IndexMissingError, match="there is no collection absent"):
        ChromaServerStore(server.url, "absent", create=False)


def test_a_writer_widens_the_search_of_an_older_collection(server: ChromaServer) -> None:
    made = ChromaServerStore(server.url, "older", create=True)
    made._collection.modify(configuration={"hnsw": {"ef_search": 100}})  # as made before
    made.close()

    def ef_search(create: bool) -> int:
        store = ChromaServerStore(server.url, "older", create=create)
        try:
            return int(store._collection.configuration["hnsw"]["ef_search"])
        finally:
            store.close()

    assert ef_search(create=False) == 100  # a reader never changes the collection
    assert ef_search(create=True) == EF_SEARCH
    assert ef_search(create=False) == EF_SEARCH


def test_an_unreachable_server_is_one_line_naming_it(tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{free_port()}"
    done = run(tmp_path / "reader", "--chroma-url", url, "search", "anything", timeout=60)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"asknotes: error: the Chroma server at {url} cannot be reached")
