"""Every labelled question set kept in the repository still fits the notes it is about:
an edited note that loses an answer's anchor, or gains the fact a refusal question says
is missing, would make every figure measured on that set wrong without any error."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parent.parent


def _bench_module(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, REPO / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _checker() -> ModuleType:
    return _bench_module("check_question_sets")


# Every labelled folder the benches know whose notes live in the repository.
SETS = [
    (notes, questions)
    for notes, questions in _bench_module("_common").ALL_SETS.values()
    if notes is not None
]


@pytest.mark.parametrize(("notes", "questions"), SETS, ids=[n.name for n, _ in SETS])
def test_question_set_matches_its_notes(
    notes: Path, questions: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = _checker().main([str(notes), str(questions)])
    assert code == 0, capsys.readouterr().out


def test_the_checker_catches_a_lost_anchor(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "note.md").write_text("# Boiler\n\nService on 14 May.\n", encoding="utf-8")
    questions = tmp_path / "q.jsonl"
    questions.write_text(
        '{"question": "When is the service?", "expect": "answer", "anchor": "15 May", '
        '"source": "note.md", "type": "date"}\n',
        encoding="utf-8",
    )
    assert _checker().main([str(tmp_path), str(questions)]) == 1
    assert "15 May" in capsys.readouterr().out
