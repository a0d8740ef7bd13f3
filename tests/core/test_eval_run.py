from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.answer.result import AnswerSettings
from app.core.evals.questions import Question
from app.core.evals.refusals import (
    mark_refusal,
    record_refusal,
    refusals_as_questions,
    unique_refusals,
)
from app.core.evals.runs import flips, last_run, run_questions, set_identity, store_run, summarize
from app.core.index.fusion import RetrievalSettings
from app.core.index.store import NoteIndex
from app.core.verdict.gates import GateSettings, judge_retrieval
from tests.core.test_verdict import result, signals
from tests.fakes import FakeEmbedder, ScriptedGenerator, index_notes, scripted_reply

RETRIEVAL = RetrievalSettings(k=2, candidates=10)
# The scorecard is pinned open and a hard lexical gate set, so these tests exercise the
# eval run itself rather than the fitted verdict on a two-note index.
GATES = AnswerSettings(gates=GateSettings(min_lexical_overlap=0.5, threshold=-100.0))


@pytest.fixture
def index(tmp_path: Path, fake_embedder: FakeEmbedder) -> Iterator[NoteIndex]:
    notes = {
        "garden.md": "# Garden\n\n## Garlic\n\nGarlic is planted in October, ten centimetres "
        "apart, in the north bed of the garden.\n",
        "bike.md": "# Bike\n\n## Tyres\n\nThe tyres are inflated to 4 bar before every long "
        "ride, and checked for cuts.\n",
    }
    idx = index_notes(tmp_path / "notes", tmp_path / "idx", fake_embedder, notes)
    yield idx
    idx.close()


QUESTIONS = [
    Question("When is garlic planted?", "answer", "planted in October", ("garden.md",)),
    Question("What pressure for the bike tyres?", "answer", "4 bar", ("bike.md",)),
    Question("What colour is the shed?", "refuse"),
    Question("When is garlic harvested?", "refuse", extra={"trap": "harvested in July"}),
]


def test_retrieval_only_outcomes_and_summary(index) -> None:
    outcomes = run_questions(index, QUESTIONS, retrieval=RETRIEVAL, answering=GATES, generator=None)
    garlic, tyres, shed, trap = outcomes
    assert garlic.anchor_rank == 1 and garlic.source_rank == 1 and garlic.passed
    assert tyres.anchor_rank == 1 and tyres.answered is None
    assert shed.refused and shed.refusal_state == "refused" and shed.verdict == "lexical_support"
    # refused, but the misleading passage it names was never retrieved: proves nothing
    assert trap.refusal_state in ("trap not reached", "not refused")
    summary = summarize(outcomes, RETRIEVAL.k, with_model=False)
    assert summary["recall_at_k"] == 1.0 and summary["mrr"] == 1.0
    assert summary["refusal_precision"] == 1.0
    assert "grounded_answer_rate" not in summary
    assert outcomes[0].retrieved[0]["file"] == "garden.md"


def test_model_run_scores_grounding(index) -> None:
    quote = "Garlic is planted in October, ten centimetres apart, in the north bed of the garden."
    gen = ScriptedGenerator(
        {
            "garlic planted": scripted_reply(True, quote, 1, "In October [1]."),
            "tyres": scripted_reply(False, "", 0, "The notes do not contain the answer."),
        }
    )
    outcomes = run_questions(
        index, QUESTIONS[:2], retrieval=RETRIEVAL, answering=GATES, generator=gen
    )
    assert outcomes[0].answered and outcomes[0].cited_anchor and outcomes[0].passed
    assert outcomes[1].refused and not outcomes[1].passed
    summary = summarize(outcomes, RETRIEVAL.k, with_model=True)
    assert summary["grounded_answer_rate"] == 0.5
    assert summary["unsupported_citations"] == 0


def test_stored_runs_report_flips_and_regressions(index, tmp_path: Path) -> None:
    first = run_questions(
        index, QUESTIONS[:2], retrieval=RETRIEVAL, answering=GATES, generator=None
    )
    identity = set_identity(tmp_path / "q.jsonl")
    assert flips(last_run(tmp_path, identity), first) == []
    store_run(tmp_path, identity, first, {}, settings={"k": 2}, index_version=1)
    strict = AnswerSettings(gates=GateSettings(min_top_gap=5.0, threshold=-100.0))  # all flat
    second = run_questions(
        index, QUESTIONS[:2], retrieval=RETRIEVAL, answering=strict, generator=None
    )
    changed = flips(last_run(tmp_path, identity), second)
    assert {f.question for f in changed} == {q.question for q in QUESTIONS[:2]}
    assert all(f.regressed and "refused" in f.after for f in changed)


def test_refused_set_marks_and_replay(tmp_path: Path) -> None:
    verdict = judge_retrieval(result(0), signals([]), GateSettings())
    for question in ("a?", "b?", "a?"):
        record_refusal(tmp_path, question, verdict, settings={}, index_version=1)
    assert [e["question"] for e in unique_refusals(tmp_path)] == ["a?", "b?"]
    mark_refusal(tmp_path, 1, "should-answer", anchor="alpha")
    mark_refusal(tmp_path, 2, "correct-refusal")
    questions = refusals_as_questions(tmp_path)
    assert [(q.question, q.expect, q.anchor) for q in questions] == [
        ("a?", "answer", "alpha"),
        ("b?", "refuse", None),
    ]
    with pytest.raises(ValueError, match="no refused question #3"):
        mark_refusal(tmp_path, 3, "should-answer")
    with pytest.raises(ValueError, match="mark must be"):
        mark_refusal(tmp_path, 1, "maybe")


def test_an_anchor_written_with_a_wikilink_matches_the_passage_as_it_reads() -> None:
    question = Question("who is priya's mentor?", anchor=r"mentor:: \[\[Mark Ellery\]\]")
    pattern = question.anchor_pattern()
    assert pattern is not None
    assert pattern.search("tags:: people\nmentor:: Mark Ellery\n- ECT yr 1")
    assert pattern.search("mentor:: [[Mark Ellery]]")
    assert not pattern.search("mentor:: Janet Holloway")
