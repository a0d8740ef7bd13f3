"""The CLI as a user runs it: a real process, real files, the real model and Chroma."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_NOTES

pytestmark = pytest.mark.real_model


def run(args: list[str], data_dir: Path, **env: str) -> subprocess.CompletedProcess[str]:
    full_env = {**os.environ, "ASKNOTES_DATA_DIR": str(data_dir), "HF_HUB_OFFLINE": "1", **env}
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
    assert "17 added" in result.stdout
    assert "1 exact duplicates" in result.stdout
    assert "hidden file or folder: .obsidian/" in result.stdout
    assert "embedding 0/51 chunks (0%)" in result.stderr
    assert "embedding 51/51 chunks (100%) · " in result.stderr  # with the rate
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


def test_search_uses_last_indexed_folder_by_default(indexed: Path) -> None:
    result = run(["search", "lockbox code"], indexed)
    assert "travel/lisbon.md" in result.stdout


def test_missing_folder_is_one_line_error(tmp_path: Path) -> None:
    result = run(["index", str(tmp_path / "nope")], tmp_path / "data")
    assert result.returncode == 1
    assert result.stderr.strip().count("\n") == 0
    assert "does not exist" in result.stderr


def test_search_before_index_is_one_line_error(tmp_path: Path) -> None:
    result = run(["--notes-dir", str(SAMPLE_NOTES), "search", "x"], tmp_path / "data")
    assert result.returncode == 1
    assert "run `asknotes index NOTES_DIR` first" in result.stderr


def test_bad_setting_is_one_line_error(tmp_path: Path) -> None:
    result = run(["search", "x"], tmp_path, ASKNOTES_K="many")
    assert result.returncode == 1
    assert "setting k='many'" in result.stderr


def test_paths_lists_settings(tmp_path: Path) -> None:
    result = run(["paths"], tmp_path)
    assert result.returncode == 0
    assert "ASKNOTES_CHUNK_MAX_CHARS" in result.stdout
    assert str(tmp_path) in result.stdout


def test_every_command_has_help(tmp_path: Path) -> None:
    for command in ([], ["index"], ["search"], ["paths"]):
        result = run([*command, "--help"], tmp_path)
        assert result.returncode == 0 and "Usage" in result.stdout
