"""The pieces of a shared index that need no server: the address and collection settings,
the records a writer publishes, the mirror a reader rebuilds from them, and the lease."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.config import load_settings
from app.core.index.indexer import update_index
from app.core.index.lease import Lease, hold_lease
from app.core.index.manifest import Manifest
from app.core.index.server_address import ServerAddress, check_collection_name
from app.core.index.shared_records import SharedRecord, SharedSource
from app.core.index.store import NoteIndex
from app.errors import ConfigError, IndexBusyError
from tests.conftest import SAMPLE_NOTES
from tests.fakes import FakeEmbedder


@pytest.mark.parametrize(
    ("url", "address"),
    [
        ("http://127.0.0.1:8000", ServerAddress("http://127.0.0.1:8000", "127.0.0.1", 8000, False)),
        ("http://chroma.lan", ServerAddress("http://chroma.lan", "chroma.lan", 8000, False)),
        ("https://db.example/", ServerAddress("https://db.example", "db.example", 443, True)),
        (" http://h:9/ ", ServerAddress("http://h:9", "h", 9, False)),
    ],
)
def test_a_server_address_is_parsed(url: str, address: ServerAddress) -> None:
    assert ServerAddress.parse(url) == address


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("ftp://h:21", "is not an http://HOST:PORT address"),
        ("127.0.0.1:8000", "is not an http://HOST:PORT address"),
        ("http://", "is not an http://HOST:PORT address"),
        ("http://h:8000/api/v2", "must be only http://HOST:PORT"),
        ("http://h:99999", "has a bad port"),
    ],
)
def test_a_bad_server_address_is_one_line(url: str, says: str) -> None:
    with pytest.raises(ConfigError, match=says):
        ServerAddress.parse(url)


@pytest.mark.parametrize("name", ["ab", "-notes", "notes-", "a..b", "my notes", "x" * 600])
def test_a_collection_name_chroma_would_refuse_is_refused_first(name: str) -> None:
    with pytest.raises(ConfigError, match="chroma_collection"):
        check_collection_name(name)


def test_the_settings_read_the_server_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ASKNOTES_CHROMA_URL", "http://10.0.0.2:8000")
    monkeypatch.setenv("ASKNOTES_CHROMA_COLLECTION", "team-wiki")
    settings = load_settings()
    assert (settings.chroma_url, settings.chroma_collection) == (
        "http://10.0.0.2:8000",
        "team-wiki",
    )
    monkeypatch.setenv("ASKNOTES_CHROMA_URL", "10.0.0.2")
    with pytest.raises(ConfigError, match="chroma_url='10.0.0.2'"):
        load_settings()


def test_a_record_survives_the_metadata_round_trip() -> None:
    record = SharedRecord(
        "h1",
        "## Ports\nHome Assistant on 8123.",
        "port home assist 8123",
        (
            SharedSource("homelab/a.md", 0, ("Reverse proxy", "Ports"), 6, 9, "en"),
            SharedSource("πλ/b.md", 3, (), 1, 2, "el"),
        ),
    )
    assert SharedRecord.from_metadata("h1", record.metadata()) == record
    assert SharedRecord.from_metadata("h1", {**record.metadata(), "sources": ""}) is None
    assert SharedRecord.from_metadata("h1", None) is None


def test_a_mirror_built_from_the_records_reads_like_the_writer(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    shutil.copytree(SAMPLE_NOTES, notes)
    writer = NoteIndex.open(tmp_path / "writer", FakeEmbedder(), create=True)
    update_index(writer, notes)
    source = writer.manifest
    records = source.shared_records(source.text_hashes())
    meta = {"embedder_name": "fake-bow", "folder_calibration": "{}", "index_version": "99"}
    mirror = Manifest(tmp_path / "mirror.sqlite3")
    try:
        mirror.replace_from_shared(records, meta, "collection-id:3")
        hashes = source.text_hashes()
        assert mirror.text_hashes() == hashes
        assert mirror.texts_with_sources(hashes) == source.texts_with_sources(hashes)
        assert list(mirror.lexical_corpus()) == list(source.lexical_corpus())
        assert mirror.languages() == source.languages()
        assert mirror.get_meta("shared_stamp") == "collection-id:3"
        assert mirror.get_meta("embedder_name") == "fake-bow"
        assert mirror.index_version == 1  # its own counter, never the writer's
        mirror.replace_from_shared(records[:3], meta, "collection-id:4")
        assert len(mirror.text_hashes()) == 3  # a pull replaces, never merges
    finally:
        mirror.close()
        writer.close()


class MemoryLeaseHome:
    def __init__(self) -> None:
        self.record = ""

    def lease_record(self) -> str:
        return self.record

    def set_lease_record(self, value: str) -> None:
        self.record = value


def test_one_lease_at_a_time_and_released_after() -> None:
    home = MemoryLeaseHome()
    with hold_lease(home, "test collection", "asknotes index a", wait=False) as mine:
        assert Lease.parse(home.record) == mine
        with pytest.raises(IndexBusyError, match=r"asknotes index a"):
            with hold_lease(home, "test collection", "asknotes index b", wait=False):
                pass
    assert home.record == ""


def test_a_lapsed_lease_or_a_dead_holder_on_this_host_is_taken_over() -> None:
    home = MemoryLeaseHome()
    lapsed = Lease("t1", "elsewhere", 1, "asknotes index", time.time() - 1)
    home.record = lapsed.to_record()
    with hold_lease(home, "c", "asknotes index", wait=False) as mine:
        assert mine.token != "t1"

    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        text=True,
        capture_output=True,
        check=True,
    )
    gone = Lease("t2", socket.gethostname(), int(dead.stdout), "x", time.time() + 60)
    home.record = gone.to_record()
    with hold_lease(home, "c", "asknotes index", wait=False) as mine:
        assert mine.token != "t2"

    alive = Lease("t3", socket.gethostname(), os.getpid(), "x", time.time() + 60)
    elsewhere = Lease("t4", "another-host", 1, "x", time.time() + 60)
    for held in (alive, elsewhere):
        home.record = held.to_record()
        with pytest.raises(IndexBusyError):
            with hold_lease(home, "c", "asknotes index", wait=False):
                pass
