"""A rebuild builds beside the live index and switches when complete; the user's data
lives apart and survives it; a damaged index ends in a one-line error or a repair."""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from pathlib import Path

import pytest

from app.config import load_settings
from app.core.evals.refusals import record_refusal, refused_path
from app.core.evals.runs import RUNS_DIR
from app.core.evals.userdata import CALIBRATION_FILE
from app.core.index.home import CURRENT_FILE, IndexHome
from app.core.index.snapshot import SNAPSHOT_FILE
from app.core.session.session import NotesSession
from app.core.session.wiring import Factories
from app.core.verdict.gates import GateSettings, judge_retrieval
from app.errors import (
    Cancelled,
    EmbedderMismatchError,
    IndexCorruptError,
    SchemaVersionError,
)
from tests.conftest import write
from tests.core.test_verdict import result, signals
from tests.fakes import FakeEmbedder

BODY = "A paragraph long enough to be a chunk of its own, about note number"


def make_session(tmp_path: Path, embedder_name: str = "fake-bow") -> NotesSession:
    settings = load_settings({"data_dir": tmp_path / "data"})
    factories = Factories(embedder=lambda s: FakeEmbedder(name=embedder_name))
    return NotesSession(settings, tmp_path / "notes", factories)


@pytest.fixture
def session(tmp_path: Path):
    for i in range(8):
        write(tmp_path / "notes", f"n{i}.md", f"# Note {i}\n\n## Body\n\n{BODY} {i}, word{i}.\n")
    s = make_session(tmp_path)
    s.update()
    yield s
    s.close()


def add_user_data(session: NotesSession) -> None:
    verdict = judge_retrieval(result(0), signals([]), GateSettings())
    record_refusal(session.user_dir, "Where is the boat?", verdict, settings={}, index_version=1)
    session.mark(1, "correct-refusal", anchor="boat")
    runs = session.user_dir / RUNS_DIR
    runs.mkdir(parents=True)
    (runs / "set-abc--20260101T000000.json").write_text('{"questions": []}')
    (session.user_dir / CALIBRATION_FILE).write_text(
        json.dumps({"threshold": 0.25, "labels": {"questions_file": "q.jsonl"}})
    )


def user_data_intact(session: NotesSession) -> None:
    entries = session.refusals()
    assert [(e["question"], e["mark"], e["anchor"]) for e in entries] == [
        ("Where is the boat?", "correct-refusal", "boat")
    ]
    assert (session.user_dir / RUNS_DIR / "set-abc--20260101T000000.json").exists()
    calibration = session.calibration()
    assert calibration.threshold == 0.25
    assert calibration.provenance["labels"] == {"questions_file": "q.jsonl"}


def test_a_rebuild_switches_to_a_new_generation_and_keeps_user_data(session) -> None:
    add_user_data(session)
    home = session.home
    before = home.live_name()
    report = session.rebuild()
    assert report.rebuilt and len(report.added) == 8
    assert home.live_name() != before and not (home.root / str(before)).exists()
    assert [p.primary.file for p in session.search("word3").passages][0] == "n3.md"
    user_data_intact(session)


def test_a_cancelled_rebuild_leaves_the_old_index_in_use(session) -> None:
    home = session.home
    before = home.live_name()
    cancel = threading.Event()

    def progress(done: int, total: int, label: str) -> None:
        if label == "indexing" and done:
            cancel.set()

    with pytest.raises(Cancelled):
        session.rebuild(progress, cancel)
    assert home.live_name() == before
    assert sorted(p.name for p in home.root.iterdir() if p.name.startswith("g")) == [before]
    assert [p.primary.file for p in session.search("word5").passages][0] == "n5.md"


def test_a_killed_rebuilds_leftovers_are_swept_by_the_next_writer(session) -> None:
    home = session.home
    leftover = home.root / "g99"
    (leftover / "chroma").mkdir(parents=True)  # what a SIGKILL mid-rebuild leaves
    session.rebuild()
    assert not leftover.exists()


def test_an_embedder_change_says_rebuild_and_the_rebuild_works(session, tmp_path: Path) -> None:
    add_user_data(session)
    session.close()
    other = make_session(tmp_path, embedder_name="another-model")
    with pytest.raises(EmbedderMismatchError, match="run `asknotes index --rebuild`"):
        other.search("word1")
    other.rebuild()
    assert [p.primary.file for p in other.search("word1").passages][0] == "n1.md"
    user_data_intact(other)
    other.close()


def test_a_schema_change_says_rebuild_and_the_rebuild_works(session, tmp_path: Path) -> None:
    add_user_data(session)
    manifest = session.index.manifest.path
    session.close()
    db = sqlite3.connect(manifest)
    db.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    db.commit()
    db.close()
    again = make_session(tmp_path)
    with pytest.raises(SchemaVersionError, match="run `asknotes index --rebuild`"):
        again.search("word1")
    again.rebuild()
    assert again.search("word2").passages
    user_data_intact(again)
    again.close()


def test_a_damaged_manifest_is_a_one_line_error_and_a_rebuild_fixes_it(
    session, tmp_path: Path
) -> None:
    add_user_data(session)
    manifest = session.index.manifest.path
    session.close()
    for suffix in ("-wal", "-shm"):
        Path(str(manifest) + suffix).unlink(missing_ok=True)
    manifest.write_bytes(b"this is not a database, it was overwritten" * 100)
    again = make_session(tmp_path)
    with pytest.raises(IndexCorruptError, match="is damaged .*run `asknotes index --rebuild`") as e:
        again.search("word1")
    assert "\n" not in str(e.value)
    again.rebuild()
    assert again.search("word4").passages
    user_data_intact(again)
    again.close()


def test_a_damaged_vector_store_says_repair_and_a_writer_repairs_it(
    session, tmp_path: Path
) -> None:
    chroma = session.index.directory / "chroma" / "chroma.sqlite3"
    snapshot = session.index.directory / SNAPSHOT_FILE
    session.close()
    chroma.write_bytes(chroma.read_bytes()[:4096])  # truncated
    reader = make_session(tmp_path)
    # The snapshot still matches the manifest: questions never reach the damaged store.
    assert [p.primary.file for p in reader.search("word6").passages][0] == "n6.md"
    reader.close()
    snapshot.unlink()
    reader = make_session(tmp_path)
    with pytest.raises(IndexCorruptError, match="run `asknotes index --repair`") as e:
        reader.search("word1")
    assert "\n" not in str(e.value)
    reader.close()
    writer = make_session(tmp_path)
    report = writer.update()  # any writer rebuilds the vectors from the manifest
    assert report.store_repaired and report.repaired_vectors == 8
    assert [p.primary.file for p in writer.search("word6").passages][0] == "n6.md"
    writer.close()


def test_repair_on_request_re_embeds_from_the_manifest(session) -> None:
    embedder = session.embedder()
    assert isinstance(embedder, FakeEmbedder)
    before = embedder.embedded
    report = session.repair()
    assert report.repaired_vectors == 8 and report.texts_embedded == 0
    assert embedder.embedded - before >= 8
    assert session.index.vectors.ids() == session.index.manifest.text_hashes()


def test_an_index_from_before_generations_is_read_and_its_user_data_moved(
    tmp_path: Path,
) -> None:
    """An older asknotes kept everything at the top of the index folder."""
    write(tmp_path / "notes", "a.md", f"# A\n\n## Body\n\n{BODY} a, alpha.\n")
    s = make_session(tmp_path)
    s.update()
    home = s.home
    live = home.live()
    assert live is not None
    s.close()
    for child in live.iterdir():  # lay the generation out the old way
        os.replace(child, home.root / child.name)
    live.rmdir()
    (home.root / CURRENT_FILE).unlink()
    (home.root / "refused.jsonl").write_text('{"question": "Old refusal?", "mark": null}\n')
    (home.root / RUNS_DIR).mkdir()
    (home.root / RUNS_DIR / "old--1.json").write_text('{"questions": []}')
    db = sqlite3.connect(home.root / "manifest.sqlite3")
    legacy = {"bands": {}, "threshold": 0.3, "provenance": {"labels": {"answerable": 3}}}
    db.execute(
        "INSERT OR REPLACE INTO meta VALUES ('folder_calibration', ?)", (json.dumps(legacy),)
    )
    db.commit()
    db.close()

    old = make_session(tmp_path)
    assert IndexHome(home.root).live_name() == "."
    assert [p.primary.file for p in old.search("alpha").passages] == ["a.md"]
    assert [e["question"] for e in old.refusals()] == ["Old refusal?"]
    assert not (home.root / "refused.jsonl").exists()
    assert (old.user_dir / RUNS_DIR / "old--1.json").exists()
    assert old.calibration().threshold == 0.3
    assert any("moved" in w for w in old.warnings)
    old.rebuild()  # the first rebuild moves it into a generation
    assert home.live_name() == "g1" and not (home.root / "manifest.sqlite3").exists()
    assert old.calibration().threshold == 0.3
    assert refused_path(old.user_dir).exists()
    old.close()
