"""Every failure a user can cause or meet, from the command line: one line that names the
file or value and says what to do, or a repair; and user data that survives it all."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.paths import index_dir, user_dir
from tests.cli.conftest import Cli
from tests.conftest import write


def one_error_line(result, *needles: str) -> None:
    assert result.code == 1, (result.stdout, result.stderr)
    assert result.stderr.startswith("asknotes: error: "), result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    for needle in needles:
        assert needle in result.stderr, result.stderr


def live_generation(cli: Cli, notes: Path) -> Path:
    from app.core.index.home import IndexHome

    live = IndexHome(index_dir(cli.data_dir, notes)).live()
    assert live is not None
    return live


def refuse_and_mark(cli: Cli) -> None:
    assert "do not contain" in cli("ask", "When do I plant garlic in the garden bed?").stdout
    assert cli("refused", "mark", "1", "should-answer", "--anchor", "north bed").code == 0


def test_a_rebuild_keeps_the_refused_set_and_its_marks(indexed: Cli, notes: Path) -> None:
    refuse_and_mark(indexed)
    rebuilt = indexed("index", str(notes), "--rebuild")
    assert rebuilt.code == 0 and rebuilt.stdout.startswith("rebuilt the index of")
    listing = indexed("refused")
    assert "1. [should-answer] When do I plant garlic in the garden bed?" in listing.stdout
    replay = indexed("eval", "--retrieval-only", "--json").json()
    assert replay["questions"][0]["has_anchor"] is True


def test_a_bad_anchor_is_a_one_line_error_at_mark_time(indexed: Cli) -> None:
    indexed("ask", "When do I plant garlic in the garden bed?")
    result = indexed("refused", "mark", "1", "should-answer", "--anchor", "(unclosed")
    one_error_line(result, "--anchor '(unclosed' is not a valid regular expression")
    assert indexed("eval", "--retrieval-only").code == 0


def test_bad_refused_lines_are_warnings_not_tracebacks(indexed: Cli, notes: Path) -> None:
    indexed("ask", "When do I plant garlic in the garden bed?")
    path = user_dir(indexed.data_dir, notes) / "refused.jsonl"
    with path.open("ab") as f:
        f.write(
            b"[1, 2]\n" + b'{"mark": "should-answer"}\n' + '{"question": "é"}\n'.encode("cp1252")
        )
    listing = indexed("refused")
    assert listing.code == 0 and "1. [unmarked] When do I plant garlic" in listing.stdout
    warnings = [line for line in listing.stderr.splitlines() if "warning" in line]
    assert len(warnings) == 3 and all(f"{path}:" in w for w in warnings), listing.stderr
    assert indexed("eval", "--retrieval-only").code == 0
    assert indexed("refused", "mark", "1", "correct-refusal").code == 0
    assert "warning" not in indexed("refused").stderr  # the bad lines moved aside


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"question": "caf\xe9?"}\n'.encode("latin-1"), ":1: not UTF-8 text"),
        (b'{"question": "q", "expect": "refuse", "trap": "(x"}\n', ":1: trap '(x' is not a valid"),
        (b'{"question": "q", "anchor": "a{2"}\n{"question": "r", "anchor": "["}\n', ":2: anchor"),
    ],
)
def test_a_bad_questions_file_is_a_one_line_error(
    indexed: Cli, tmp_path: Path, content: bytes, message: str
) -> None:
    questions = tmp_path / "q.jsonl"
    questions.write_bytes(content)
    one_error_line(indexed("eval", str(questions)), f"{questions}{message}")
    one_error_line(indexed("calibrate", str(questions)), f"{questions}{message}")


def test_a_damaged_manifest_says_rebuild_and_the_rebuild_works(indexed: Cli, notes: Path) -> None:
    refuse_and_mark(indexed)
    manifest = live_generation(indexed, notes) / "manifest.sqlite3"
    for suffix in ("-wal", "-shm"):
        Path(str(manifest) + suffix).unlink(missing_ok=True)
    manifest.write_bytes(b"\x00garbage" * 1000)
    for args in (("search", "port"), ("ask", "Which port?"), ("index", str(notes))):
        one_error_line(indexed(*args), str(manifest), "run `asknotes index --rebuild`")
    assert indexed("index", str(notes), "--rebuild").code == 0
    assert "server.md" in indexed("search", "which port does the server listen on").stdout
    assert "[should-answer] When do I plant garlic" in indexed("refused").stdout


def test_a_truncated_vector_store_says_repair_and_index_repairs_it(
    indexed: Cli, notes: Path
) -> None:
    chroma = live_generation(indexed, notes) / "chroma" / "chroma.sqlite3"
    chroma.write_bytes(chroma.read_bytes()[:8192])
    # Questions are answered from the vector snapshot, which does not need Chroma...
    assert "vectors     : snapshot of" in indexed("paths").stdout
    assert "server.md" in indexed("search", "which port does the server listen on").stdout
    # ...until it is gone; then the damaged store is named, with what to run.
    (live_generation(indexed, notes) / "vectors.snapshot").unlink()
    assert "vectors     : Chroma (no snapshot" in indexed("paths").stdout
    one_error_line(indexed("search", "port"), "vector store", "run `asknotes index --repair`")
    repaired = indexed("index", str(notes))
    assert repaired.code == 0, repaired.stderr
    assert "rebuilt the vector store from the manifest" in repaired.stdout
    assert "server.md" in indexed("search", "which port does the server listen on").stdout


def test_index_repair_on_request(indexed: Cli, notes: Path) -> None:
    result = indexed("index", str(notes), "--repair", "--json")
    assert result.code == 0 and result.json()["repaired_vectors"] == 3
    assert indexed("index", str(notes), "--repair", "--rebuild").code == 2


def test_a_setting_that_excludes_most_notes_removes_nothing(
    indexed: Cli, notes: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ASKNOTES_EXCLUDE", "*.md")
    held = indexed("index", str(notes), "--json")
    assert held.code == 1
    assert held.json()["removed"] == [] and len(held.json()["held_removals"]) == 3
    assert "asknotes: warning: 3 of the 3 indexed notes were not found (3 match an exclude" in (
        held.stderr
    )
    assert "run `asknotes index --allow-removals`" in held.stderr
    monkeypatch.delenv("ASKNOTES_EXCLUDE")
    assert "server.md" in indexed("search", "which port does the server listen on").stdout
    monkeypatch.setenv("ASKNOTES_EXCLUDE", "*.md")
    confirmed = indexed("index", str(notes), "--allow-removals", "--json")
    assert confirmed.code == 0 and len(confirmed.json()["removed"]) == 3


def test_a_note_skipped_for_a_reason_is_not_reported_as_stale(indexed: Cli, notes: Path) -> None:
    (notes / "binary.md").write_bytes(b"# Bin\n\x00\x00\x00")
    assert indexed("index", str(notes)).code == 0
    flags = indexed("ask", "Which port does the server use?", "--json").json()["flags"]
    assert not any("notes changed since they were indexed" in f for f in flags), flags


def test_a_config_path_that_is_a_folder_is_a_one_line_error(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "config.toml").mkdir()
    monkeypatch.setenv("ASKNOTES_CONFIG", str(tmp_path / "config.toml"))
    one_error_line(cli("paths"), "config.toml: cannot be read")


def test_a_garbled_last_folder_marker_is_not_a_traceback(cli: Cli) -> None:
    cli.data_dir.mkdir(parents=True)
    (cli.data_dir / "last_notes_dir").write_bytes(b"/no/such/caf\xe9")
    one_error_line(cli("search", "x"), "/no/such/caf\\xe9 does not exist")


def test_paths_names_the_user_data_folder(indexed: Cli, notes: Path) -> None:
    out = indexed("paths").stdout
    assert f"user data   : {user_dir(indexed.data_dir, notes)} (kept by rebuilds)" in out


def test_json_report_names_what_the_guard_and_the_walk_did(indexed: Cli, notes: Path) -> None:
    (notes / "pipe.md").unlink(missing_ok=True)
    import os

    os.mkfifo(notes / "pipe.md")
    os.symlink("loop.md", notes / "loop.md")
    data = indexed("index", str(notes), "--json").json()
    reasons = {s["file"]: s["reason"] for s in data["skipped"]}
    assert reasons["pipe.md"].startswith("not a regular file")
    assert reasons["loop.md"] == "symlink loop"
    assert data["removal_guard"] is None and data["held_removals"] == []
    assert json.dumps(data)  # plain data all the way down
    write(notes, "more.md", "# More\n\nMore text about the server room door code.\n")
    assert indexed("index", str(notes)).code == 0


def test_a_calibrated_threshold_is_user_data_and_survives_a_rebuild(
    indexed: Cli, notes: Path, tmp_path: Path
) -> None:
    questions = write(
        tmp_path,
        "q.jsonl",
        '{"question": "Which port does the server listen on?", "expect": "answer"}\n'
        '{"question": "When does garlic go in the north bed?", "expect": "answer"}\n'
        '{"question": "What did the dentist say about my teeth?", "expect": "refuse"}\n',
    )
    written = indexed("calibrate", str(questions), "--write")
    assert written.code == 0, written.stderr
    target = user_dir(indexed.data_dir, notes) / "calibration.json"
    assert f"to {target} (kept by rebuilds)" in written.stdout
    threshold = json.loads(target.read_text())["threshold"]

    def in_force() -> float:
        why = indexed("why", "What did the dentist say?", "--json").json()
        return float(why["scorecard"]["threshold"])

    assert in_force() == pytest.approx(threshold)
    assert indexed("index", str(notes), "--rebuild").code == 0
    assert in_force() == pytest.approx(threshold)
