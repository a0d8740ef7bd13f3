"""`asknotes paths` says which embedder a folder uses, and when an index built earlier
keeps a model `auto` would no longer pick for the folder as it is now."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from app.core.index.home import MANIFEST_FILE
from app.core.ingest.walk import WalkSettings
from app.core.session import embedder_choice
from app.core.session.embedder_choice import describe_embedder

ENGLISH = "The boiler is serviced every May by the engineer, who also checks the pressure."
SPANISH = "La caldera se revisa cada mayo y el técnico también comprueba la presión del agua."


def _folder(root: Path, english: int, spanish: int) -> Path:
    root.mkdir()
    for n in range(english):
        (root / f"en-{n}.md").write_text(f"# Note {n}\n\n{ENGLISH} {ENGLISH}\n", "utf-8")
    for n in range(spanish):
        (root / f"es-{n}.md").write_text(f"# Nota {n}\n\n{SPANISH} {SPANISH}\n", "utf-8")
    return root


def _built_with(index_dir: Path, name: str) -> Path:
    index_dir.mkdir()
    with sqlite3.connect(index_dir / MANIFEST_FILE) as db:
        db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
        db.execute("INSERT INTO meta VALUES ('embedder_name', ?)", (name,))
    return index_dir


@pytest.fixture(autouse=True)
def _e5_runs_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(embedder_choice, "unavailable_reason", lambda: None)


def test_an_index_keeping_a_model_auto_would_not_pick_now_says_how_to_switch(
    tmp_path: Path,
) -> None:
    notes = _folder(tmp_path / "notes", english=6, spanish=3)
    index_dir = _built_with(tmp_path / "index", "all-MiniLM-L6-v2")
    said = describe_embedder("auto", notes, index_dir, WalkSettings())
    assert said.startswith("all-MiniLM-L6-v2")
    assert "the model the index was built with" in said
    assert "3 of 9 notes sampled are not in English" in said
    assert 'set `embedder = "multilingual"` and run `asknotes index --rebuild`' in said


def test_no_hint_when_the_index_keeps_what_auto_picks_or_a_setting_chose(
    tmp_path: Path,
) -> None:
    notes = _folder(tmp_path / "notes", english=8, spanish=1)
    index_dir = _built_with(tmp_path / "index", "all-MiniLM-L6-v2")
    assert "rebuild" not in describe_embedder("auto", notes, index_dir, WalkSettings())
    bilingual = _folder(tmp_path / "both", english=6, spanish=3)
    said = describe_embedder("minilm", bilingual, index_dir, WalkSettings())
    assert "set by `embedder = minilm`" in said and "rebuild" not in said
    fresh = describe_embedder("auto", bilingual, tmp_path / "none", WalkSettings())
    assert "chosen by the folder's language" in fresh and "rebuild" not in fresh
