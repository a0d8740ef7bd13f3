"""The user's own files (refused set, eval runs, calibration, question sets): written
durably under a lock, read line by line so one bad line costs one warning, never more."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from app.core.basics.files import atomic_write
from app.core.evals.questions import QuestionSetError, load_questions
from app.core.evals.refusals import (
    mark_refusal,
    read_refusals,
    record_refusal,
    refusals_as_questions,
    refused_path,
    unique_refusals,
)
from app.core.evals.runs import RUNS_DIR, last_run
from app.core.evals.userdata import (
    UserCalibration,
    load_user_calibration,
    save_user_calibration,
)
from app.core.index.lock import WriterLock
from app.core.verdict.gates import GateSettings, judge_retrieval
from app.errors import Cancelled, IndexBusyError
from tests.core.test_verdict import result, signals
from tests.procs import REPO, env

VERDICT = judge_retrieval(result(0), signals([]), GateSettings())


def refuse(user_dir: Path, question: str) -> None:
    record_refusal(user_dir, question, VERDICT, settings={}, index_version=1)


def test_bad_lines_are_skipped_with_a_warning_each(tmp_path: Path) -> None:
    refuse(tmp_path, "first?")
    with refused_path(tmp_path).open("ab") as f:
        f.write(b'["not", "an", "object"]\n')
        f.write(b'{"verdict": "no question key"}\n')
        f.write('{"question": "café?"}\n'.encode("latin-1"))
        f.write(b'{"question": "torn')
    refuse(tmp_path, "second?")
    warnings: list[str] = []
    entries = unique_refusals(tmp_path, warnings.append)
    assert [e["question"] for e in entries] == ["first?", "second?"]
    path = refused_path(tmp_path)
    assert warnings == [
        f"{path}:2: not a JSON object; line skipped",
        f'{path}:3: no "question" string; line skipped',
        f"{path}:4: not UTF-8 text (byte 18); line skipped",
        f"{path}:5: not valid JSON (cut short by a crash?); line skipped",
    ]


def test_a_mark_moves_bad_lines_aside_instead_of_dropping_them(tmp_path: Path) -> None:
    refuse(tmp_path, "first?")
    with refused_path(tmp_path).open("ab") as f:
        f.write('{"question": "café?"}\n'.encode("latin-1"))
    mark_refusal(tmp_path, 1, "should-answer", anchor="first")
    assert read_refusals(tmp_path).problems == []
    assert (tmp_path / "refused.jsonl.bad").read_bytes() == '{"question": "café?"}\n'.encode(
        "latin-1"
    )


def test_a_bad_anchor_is_refused_at_mark_time(tmp_path: Path) -> None:
    refuse(tmp_path, "first?")
    before = refused_path(tmp_path).read_bytes()
    with pytest.raises(ValueError, match=r"--anchor '\(unclosed' is not a valid regular") as e:
        mark_refusal(tmp_path, 1, "should-answer", anchor="(unclosed")
    assert "\n" not in str(e.value)
    assert refused_path(tmp_path).read_bytes() == before


def test_a_bad_anchor_already_in_the_file_is_dropped_with_a_warning(tmp_path: Path) -> None:
    refuse(tmp_path, "first?")
    with refused_path(tmp_path).open("a") as f:
        f.write(json.dumps({"question": "first?", "mark": "should-answer", "anchor": "(x"}) + "\n")
    warnings: list[str] = []
    questions = refusals_as_questions(tmp_path, warnings.append)
    assert [(q.question, q.expect, q.anchor) for q in questions] == [("first?", "answer", None)]
    assert "anchor ignored" in warnings[0]


MARK_SLOWLY = """
import sys, time
from pathlib import Path
from app.core.evals import refusals
real = refusals.atomic_write
def slow(path, text):
    Path(sys.argv[2]).touch()  # inside the lock, between the read and the rewrite
    time.sleep(1.5)
    real(path, text)
refusals.atomic_write = slow
refusals.mark_refusal(Path(sys.argv[1]), 1, "should-answer")
"""


def test_a_refusal_appended_while_another_process_marks_is_kept(tmp_path: Path) -> None:
    refuse(tmp_path, "first?")
    inside = tmp_path / "inside"
    marker = subprocess.Popen(
        [sys.executable, "-c", MARK_SLOWLY, str(tmp_path), str(inside)], env=env(), cwd=REPO
    )
    deadline = time.monotonic() + 30
    while not inside.exists():
        assert time.monotonic() < deadline and marker.poll() is None, "the marker never started"
        time.sleep(0.02)
    refuse(tmp_path, "appended meanwhile?")  # waits for the lock, then appends
    assert marker.wait(timeout=30) == 0
    entries = unique_refusals(tmp_path)
    assert [(e["question"], e["mark"]) for e in entries] == [
        ("first?", "should-answer"),
        ("appended meanwhile?", None),
    ]


def test_a_rewrite_is_flushed_to_disk_before_it_replaces_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        events.append("fsync")
        real_fsync(fd)

    def replace(source: Path, target: Path) -> None:
        events.append("replace")
        real_replace(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    atomic_write(tmp_path / "refused.jsonl", "x\n")
    assert events == ["fsync", "replace", "fsync"]  # the file, the rename, the folder
    assert (tmp_path / "refused.jsonl").read_text() == "x\n"
    assert list(tmp_path.iterdir()) == [tmp_path / "refused.jsonl"]


def test_an_unreadable_eval_run_is_skipped_for_the_one_before(tmp_path: Path) -> None:
    runs = tmp_path / RUNS_DIR
    runs.mkdir()
    good = {"questions": [{"question": "q?", "summary_key": "refused", "passed": True}]}
    (runs / "set--20260101T000000.json").write_text(json.dumps(good))
    (runs / "set--20260102T000000.json").write_bytes(b'{"questions": [tr')
    warnings: list[str] = []
    assert last_run(tmp_path, "set", warnings.append) == good
    assert "set--20260102T000000.json: not a readable eval run" in warnings[0]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"question": "ok"}\n{"question": "caf\xe9"}\n'.encode("latin-1"), ":2: not UTF-8 text"),
        (b'{"question": "q", "anchor": "(unclosed"}\n', ":1: anchor '(unclosed' is not a valid"),
        (b'{"question": "q", "expect": "refuse", "trap": "[z-a]"}\n', ":1: trap '[z-a]' is not"),
        (b'{"question": "q", "trap": 3}\n', ":1: trap must be a string"),
    ],
)
def test_a_bad_question_file_names_the_line(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "q.jsonl"
    path.write_bytes(content)
    with pytest.raises(QuestionSetError, match=message.replace("(", r"\(").replace("[", r"\[")):
        load_questions(path)


def test_the_calibrated_threshold_is_user_data(tmp_path: Path) -> None:
    save_user_calibration(tmp_path, UserCalibration(0.2, {"questions_file": "q.jsonl"}))
    assert load_user_calibration(tmp_path) == UserCalibration(0.2, {"questions_file": "q.jsonl"})
    (tmp_path / "calibration.json").write_bytes(b"\xff\xfe garbage")
    warnings: list[str] = []
    assert load_user_calibration(tmp_path, warnings.append) is None
    assert "calibration.json: not a readable calibration" in warnings[0]


HOLD_LOCK = """
import sys, time
from pathlib import Path
from app.core.index.lock import WriterLock
with WriterLock.for_path(Path(sys.argv[1])).hold(wait=False):
    Path(sys.argv[2]).touch()
    time.sleep(60)
"""


@pytest.fixture
def held_lock(tmp_path: Path):
    lock, ready = tmp_path / "writer.lock", tmp_path / "ready"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCK, str(lock), str(ready), "index", "~/notes"],
        env=env(),
        cwd=REPO,
    )
    deadline = time.monotonic() + 30
    while not ready.exists():
        assert time.monotonic() < deadline and holder.poll() is None
        time.sleep(0.02)
    yield lock, holder
    holder.kill()
    holder.wait()


def test_a_second_writer_is_told_who_holds_the_lock(held_lock) -> None:
    lock, holder = held_lock
    with pytest.raises(IndexBusyError, match=rf"\(pid {holder.pid}, `.*index ~/notes`\)"):
        with WriterLock(lock).hold(wait=False):
            pass


def test_a_waiting_writer_says_so_once_and_can_be_cancelled(held_lock) -> None:
    lock, _ = held_lock
    told: list[str] = []
    cancel = threading.Event()
    threading.Timer(0.5, cancel.set).start()
    with pytest.raises(Cancelled):
        with WriterLock(lock).hold(wait=True, on_wait=told.append, cancel=cancel):
            pass
    assert len(told) == 1 and told[0].endswith("; waiting…")
    assert told[0].startswith("another asknotes process is indexing this folder (pid ")


def test_the_lock_is_free_again_when_its_holder_dies(held_lock) -> None:
    lock, holder = held_lock
    holder.kill()
    holder.wait()
    with WriterLock(lock).hold(wait=False):
        pass


def test_the_refused_set_is_compacted_as_it_grows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.core.evals import refusals

    monkeypatch.setattr(refusals, "COMPACT_BYTES", 4096)
    refuse(tmp_path, "kept?")
    mark_refusal(tmp_path, 1, "should-answer", anchor="kept")
    for i in range(200):  # the same three questions asked again and again
        refuse(tmp_path, f"again {i % 3}?")
    lines = refused_path(tmp_path).read_bytes().count(b"\n")
    entries = unique_refusals(tmp_path)
    assert [e["question"] for e in entries] == ["kept?", "again 0?", "again 1?", "again 2?"]
    assert entries[0]["mark"] == "should-answer" and entries[0]["anchor"] == "kept"
    assert lines < 4 + 4096 // 400  # one line per question, plus what came since


def test_past_the_limit_the_oldest_unmarked_refusals_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.core.evals import refusals

    monkeypatch.setattr(refusals, "COMPACT_BYTES", 1)  # compact on every append
    monkeypatch.setattr(refusals, "MAX_REFUSED", 5)
    refuse(tmp_path, "q0?")
    mark_refusal(tmp_path, 1, "correct-refusal")
    for i in range(1, 12):
        refuse(tmp_path, f"q{i}?")
    questions = [e["question"] for e in unique_refusals(tmp_path)]
    assert questions == ["q0?", "q8?", "q9?", "q10?", "q11?"]


def test_only_the_newest_eval_runs_are_kept(tmp_path: Path) -> None:
    from app.core.evals.runs import KEEP_RUNS, store_run

    for i in range(KEEP_RUNS + 5):
        store_run(tmp_path, "set-a", [], {"run": i}, settings={}, index_version=i)
        time.sleep(0.002)  # distinct time stamps
    store_run(tmp_path, "set-b", [], {"run": 0}, settings={}, index_version=0)
    runs = sorted((tmp_path / RUNS_DIR).glob("set-a--*.json"))
    assert len(runs) == KEEP_RUNS and len(list((tmp_path / RUNS_DIR).glob("set-b--*"))) == 1
    newest = last_run(tmp_path, "set-a")
    assert newest is not None and newest["summary"] == {"run": KEEP_RUNS + 4}


def test_a_run_stored_across_a_second_boundary_is_the_newest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.core.evals import runs

    # The last microsecond of one second, then the first of the next: names must sort
    # in that order, whichever way the fraction would round.
    base = 1_700_000_000.0
    for i, at in enumerate([base + 0.9999997, base + 1.0000001]):
        monkeypatch.setattr("app.core.evals.runs.time.time", lambda at=at: at)
        runs.store_run(tmp_path, "set-a", [], {"run": i}, settings={}, index_version=i)
    assert len(list((tmp_path / RUNS_DIR).glob("set-a--*.json"))) == 2
    newest = last_run(tmp_path, "set-a")
    assert newest is not None and newest["summary"] == {"run": 1}
