"""The verdict gates on sample_notes/ with the real embedder."""

from __future__ import annotations

import pytest

from app.core.index.fusion import RetrievalSettings
from app.core.verdict.gates import LEXICAL_SUPPORT, SCORE_SHAPE, UNKNOWN_TERM, GateSettings
from app.core.verdict.probes import load_calibration
from app.core.verdict.why import explain

pytestmark = pytest.mark.real_model


def why(index, question):
    gates = GateSettings(calibration=load_calibration(index))
    return explain(index, question, RetrievalSettings(k=5), gates)


def test_the_folder_measured_its_own_bands(index) -> None:
    calibration = load_calibration(index)
    assert calibration.probed
    assert calibration.provenance["answerable_probes"] >= 30
    top = calibration.bands["top_cosine"]
    assert top.miss < top.hit


@pytest.mark.parametrize(
    ("question", "word", "gate"),
    [
        ("What did the dentist say about my wisdom teeth?", "dentist", LEXICAL_SUPPORT),
        ("What is the capital of Australia?", "Australia", UNKNOWN_TERM),
        ("Which port does the Plex server listen on?", "Plex", UNKNOWN_TERM),
    ],
)
def test_off_topic_question_is_refused_naming_the_missing_word(index, question, word, gate) -> None:
    explanation = why(index, question)
    fired = explanation.verdict.fired
    assert fired is not None and fired.name == gate, fired
    assert word in fired.detail
    assert any("no note contains" in step and word in step for step in explanation.next_steps)


def test_answerable_sample_questions_pass_the_verdict(index) -> None:
    """The sample questions are phrased as people ask, not as the notes say; the fitted
    verdict may refuse at most one of them (measured: see README)."""
    from app.core.evals.questions import load_questions
    from tests.conftest import SAMPLE_NOTES

    answerable = [
        q for q in load_questions(SAMPLE_NOTES / "questions.jsonl") if q.expect == "answer"
    ]
    refused = [q.question for q in answerable if not why(index, q.question).verdict.answerable]
    assert len(refused) <= 1, refused


def test_flat_list_fires_score_shape_when_the_threshold_demands_it(index) -> None:
    explanation = explain(
        index,
        "what is this about",
        RetrievalSettings(k=5),
        GateSettings(min_top_gap=0.5, min_lexical_overlap=0),
    )
    fired = explanation.verdict.fired
    assert fired is not None and fired.name == SCORE_SHAPE
