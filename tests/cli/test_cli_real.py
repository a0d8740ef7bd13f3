"""The CLI as a user runs it: a real process, real files, the real model and Chroma.

The in-process tests (test_commands.py) cover every command with fakes; these few keep
the claims the README makes honest end to end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_NOTES

pytestmark = pytest.mark.real_model
MODEL: dict[str, str] = {}


@pytest.fixture(autouse=True)
def _one_model_copy(shared_model_path: Path) -> None:
    """Every CLI run loads the model assembled once for the session."""
    MODEL["ASKNOTES_MODEL_PATH"] = str(shared_model_path)


def run(args: list[str], data_dir: Path, **env: str) -> subprocess.CompletedProcess[str]:
    full_env = {
        **os.environ,
        "ASKNOTES_DATA_DIR": str(data_dir),
        "HF_HUB_OFFLINE": "1",
        **MODEL,
        **env,
    }
    return subprocess.run(
        [sys.executable, "-m", "app", *args],
        capture_output=True,
        text=True,
        env=full_env,
        timeout=600,
    )


@pytest.fixture(scope="module")
def indexed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = tmp_path_factory.mktemp("data")
    result = run(["index", str(SAMPLE_NOTES)], data)
    assert result.returncode == 0, result.stderr
    assert "20 added" in result.stdout
    assert "1 exact duplicates" in result.stdout
    assert "hidden file or folder: .obsidian/" in result.stdout
    assert "indexing 0/20 notes (0%)" in result.stderr
    assert "indexing 20/20 notes (100%) · " in result.stderr  # with the rate
    assert "calibrating" in result.stderr and "probes" in result.stderr
    return data


def test_reindex_unchanged_embeds_nothing(indexed: Path) -> None:
    result = run(["index", str(SAMPLE_NOTES)], indexed)
    assert result.returncode == 0
    assert "nothing changed: 0 chunks embedded" in result.stdout


def test_search_json_schema(indexed: Path) -> None:
    result = run(["search", "What does ERR-4012 mean?", "--json", "--k", "3"], indexed)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert len(data["passages"]) == 3
    first = data["passages"][0]
    assert set(first) >= {
        "file",
        "heading_path",
        "start_line",
        "end_line",
        "text",
        "sources",
        "vector_rank",
        "cosine_similarity",
        "bm25_rank",
        "bm25_score",
        "fused_rank",
    }
    assert first["file"] == "work/payments-api-errors.md"
    assert "ERR-4012" in first["heading_path"]
    assert first["fused_rank"] == 1
    lines = (SAMPLE_NOTES / first["file"]).read_text().split("\n")
    assert "\n".join(lines[first["start_line"] - 1 : first["end_line"]]) == first["text"]


def test_search_text_output_shows_duplicate_sources(indexed: Path) -> None:
    result = run(["search", "team agreements about code review"], indexed)
    assert result.returncode == 0
    assert "also in meetings/2026-03-19-planning.md" in result.stdout


def test_why_json_names_the_gate(indexed: Path) -> None:
    result = run(["why", "What did the dentist say about my wisdom teeth?", "--json"], indexed)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["verdict"] == "refused" and data["fired"] == "lexical_support"
    card = data["scorecard"]
    assert card["total"] < card["threshold"]
    assert sum(f["points"] for f in card["features"]) + card["intercept"] == pytest.approx(
        card["total"], abs=1e-3
    )
    assert "dentist" in data["signals"]["unknown_words"]
    assert data["next_steps"]


def test_why_text_lists_every_gate(indexed: Path) -> None:
    result = run(["why", "What port does Home Assistant use?"], indexed)
    assert "verdict: the notes look able to answer" in result.stdout
    for signal in ("top_cosine", "gap", "bm25", "coverage", "unknown", "type_missing", "total"):
        assert signal in result.stdout
    assert "no_evidence" in result.stdout and "distance_floor" in result.stdout


def test_calibrate_suggests_a_threshold_from_labels(indexed: Path) -> None:
    questions = SAMPLE_NOTES / "questions.jsonl"
    plot = indexed / "bands.png"
    result = run(["calibrate", str(questions), "--plot", str(plot)], indexed)
    assert result.returncode == 0, result.stderr
    assert "suggested threshold" in result.stdout
    assert plot.read_bytes()[:4] == b"\x89PNG"
    assert "a = answerable, u = unanswerable" in result.stdout


def test_calibrate_without_labels_probes_the_folder(indexed: Path) -> None:
    result = run(["calibrate"], indexed)
    assert result.returncode == 0, result.stderr
    assert "questions made from the notes" in result.stdout and "top_cosine" in result.stdout


def test_ask_json_answers_with_a_citation(indexed: Path) -> None:
    result = run(["ask", "What port does Home Assistant use?", "--json"], indexed)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["kind"] in ("generated", "quoted") and not data["refused"]
    assert "8123" in data["text"] and "[" in data["text"]
    assert [p["file"] for p in data["cited"]] == ["homelab/reverse-proxy.md"]
    assert data["unused"] and all(p["file"] for p in data["unused"])
    assert data["timings"]["first_token_s"] > 0


def test_ask_refusal_is_recorded_in_the_refused_set(indexed: Path) -> None:
    result = run(["ask", "What did the dentist say about my wisdom teeth?"], indexed)
    assert result.returncode == 0, result.stderr
    assert "The notes do not contain the answer." in result.stdout
    assert "lexical_support" in result.stdout
    refused = list(indexed.glob("user/*/refused.jsonl"))  # user data, apart from the index
    assert refused, "refusal not recorded"
    entries = [json.loads(line) for line in refused[0].read_text().splitlines()]
    assert entries[-1]["question"] == "What did the dentist say about my wisdom teeth?"
    assert entries[-1]["verdict"] == "lexical_support"


def test_eval_flags_the_question_a_smaller_chunk_size_cuts_in_half(tmp_path: Path) -> None:
    data = tmp_path / "data"
    questions = SAMPLE_NOTES / "questions.jsonl"
    assert run(["index", str(SAMPLE_NOTES)], data).returncode == 0
    first = run(["eval", str(questions), "--retrieval-only", "--json"], data)
    assert first.returncode == 0, first.stderr
    before = json.loads(first.stdout)
    bulk = next(q for q in before["questions"] if "bulk ferment" in q["question"])
    assert bulk["anchor_rank"] is not None and bulk["passed"]
    assert before["summary"]["recall_at_k"] == 1.0

    tiny = {"ASKNOTES_CHUNK_MAX_CHARS": "100", "ASKNOTES_CHUNK_OVERLAP_CHARS": "0"}
    assert run(["index", str(SAMPLE_NOTES)], data, **tiny).returncode == 0
    second = run(["eval", str(questions), "--retrieval-only"], data, **tiny)
    assert second.returncode == 1, "a regression must fail the run"
    assert "REGRESSED: How long is the bulk ferment at 24 degrees?" in second.stdout
    assert "anchor missing" in second.stdout
