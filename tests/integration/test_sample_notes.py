"""Retrieval claims on sample_notes/ with the real embedder, real Chroma and real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.evals.metrics import anchor_rank, score_retrieval, source_rank
from app.core.evals.questions import load_questions
from app.core.index.fusion import RetrievalSettings
from app.core.index.retrieve import search
from app.core.index.store import NoteIndex
from tests.conftest import SAMPLE_NOTES

pytestmark = pytest.mark.real_model
QUESTIONS = load_questions(SAMPLE_NOTES / "questions.jsonl")


def test_every_answerable_sample_question_is_found_in_the_top_5(index: NoteIndex) -> None:
    score = score_retrieval(index, QUESTIONS, RetrievalSettings(k=5))
    missed = [
        q.question
        for q, r in zip([q for q in QUESTIONS if q.anchor], score.ranks, strict=True)
        if r is None
    ]
    assert not missed
    assert score.mrr >= 0.9


@pytest.mark.parametrize(
    ("question", "source"),
    [
        ("ERR-4012", "work/payments-api-errors.md"),
        ("_csv.Error", "tools/python-csv.md"),
        ("git branch -l", "tools/git-tricks.md"),
        ("pasteis de nata", "travel/lisbon.md"),
        ("σ Stefan", "science/optics-symbols.md"),
    ],
)
def test_exact_terms_rank_first(index: NoteIndex, question: str, source: str) -> None:
    passages = search(index, question, RetrievalSettings(k=3)).passages
    assert passages[0].primary.file == source


def test_duplicate_text_takes_one_slot_and_names_both_notes(index: NoteIndex) -> None:
    passages = search(index, "team agreements code review", RetrievalSettings(k=5)).passages
    agreements = [p for p in passages if "Code review within one working day" in p.text]
    assert len(agreements) == 1
    assert {s.file for s in agreements[0].sources} == {
        "meetings/2026-03-12-planning.md",
        "meetings/2026-03-19-planning.md",
    }


def test_the_long_sourdough_fact_is_whole_in_one_chunk(index: NoteIndex) -> None:
    question = next(q for q in QUESTIONS if "bulk ferment" in q.question)
    passages = search(index, question.question, RetrievalSettings(k=5)).passages
    assert anchor_rank(passages, question) is not None
    assert source_rank(passages, question) == 1


def test_scores_carry_their_meaning(index: NoteIndex) -> None:
    passages = search(index, "restic retention", RetrievalSettings(k=5)).passages
    by_vector = [(p.vector_rank, p.cosine) for p in passages if p.vector_rank is not None]
    assert by_vector, "the vector leg returned none of the passages"
    assert all(cosine is not None and -1.0 <= cosine.value <= 1.0 for _, cosine in by_vector)
    values = [cosine.value for _, cosine in sorted(by_vector) if cosine is not None]
    assert values == sorted(values, reverse=True), "a better vector rank has a lower cosine"
    assert all(p.vector_rank is None for p in passages if p.cosine is None)


def test_reopening_the_index_finds_the_same(tmp_path: Path, real_embedder, index) -> None:
    reopened = NoteIndex.open(Path(index.manifest.path).parent, real_embedder, create=False)
    try:
        a = search(index, "guest wifi speed", RetrievalSettings(k=3)).passages
        b = search(reopened, "guest wifi speed", RetrievalSettings(k=3)).passages
        assert [p.text_hash for p in a] == [p.text_hash for p in b]
    finally:
        reopened.close()
