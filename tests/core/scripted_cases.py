"""One scripted model reply put through every answer check, and what must come of it.

A case is (question, quote, reply, outcome, the check that decides it, text that must
never be shown): the reply quotes `quote` from passage 1 and answers `reply`.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.core.answer.answering import answer_question
from app.core.answer.result import AnswerKind, AnswerSettings
from app.core.index.fusion import RetrievalSettings
from app.core.index.store import NoteIndex
from app.core.verdict.gates import GateSettings
from tests.fakes import FakeEmbedder, ScriptedGenerator, index_notes, scripted_reply

G, Q, R = AnswerKind.GENERATED, AnswerKind.QUOTED, "refused"
OPEN = AnswerSettings(gates=GateSettings(threshold=-1e9))  # let every case reach the checks
Case = tuple[str, str, str, AnswerKind | str, str | None, str | None]


def case_id(case: Case) -> str:
    return f"{case[0][:40]}|{case[2][:30]}"


def notes_index(
    tmp_path_factory: pytest.TempPathFactory, name: str, notes: dict[str, str]
) -> Iterator[NoteIndex]:
    """A fixture's body: `notes` indexed with the fake embedder, closed afterwards."""
    root = tmp_path_factory.mktemp(name)
    index = index_notes(root / "notes", root / "idx", FakeEmbedder(), notes)
    yield index
    index.close()


def check_case(index: NoteIndex, case: Case, *, k: int) -> None:
    question, quote, reply, outcome, check, never = case
    generator = ScriptedGenerator({"": scripted_reply(True, quote, 1, reply)})
    streamed: list[str] = []
    answer = answer_question(
        index,
        generator,
        question,
        retrieval=RetrievalSettings(k=k, candidates=20),
        settings=OPEN,
        on_text=streamed.append,
    )
    failed = next((c for c in answer.checks if not c.passed), None)
    if outcome == R:
        assert answer.refused, answer.display
        assert answer.refusal_check == check, failed
    else:
        assert answer.kind is outcome, (answer.kind, failed)
        assert (failed.name if failed else None) == check
    shown = "".join(streamed) + "\n" + answer.display
    if never is not None:
        assert never not in shown, shown
    if outcome is G:
        assert reply.rstrip(".").replace(" [1]", "") in answer.text
