"""The verdict gates on sample_notes/ with the real embedder."""

from __future__ import annotations

import pytest

from app.core.index.retrieve import RetrievalSettings
from app.core.verdict.gates import LEXICAL_SUPPORT, SCORE_SHAPE, GateSettings
from app.core.verdict.why import explain

pytestmark = pytest.mark.real_model


def why(index, question):
    return explain(index, question, RetrievalSettings(k=5), GateSettings())


@pytest.mark.parametrize(
    ("question", "gate"),
    [
        ("What did the dentist say about my wisdom teeth?", LEXICAL_SUPPORT),
        ("What is the capital of Australia?", LEXICAL_SUPPORT),
    ],
)
def test_off_topic_question_is_refused_by_the_right_gate(index, question, gate) -> None:
    explanation = why(index, question)
    assert explanation.verdict.fired is not None
    assert explanation.verdict.fired.name == gate
    assert any("no note contains" in step for step in explanation.next_steps)


@pytest.mark.parametrize(
    "question",
    [
        "how long do I keep the monthly restic snapshots around",  # phrased differently
        "which number is Home Assistant reachable on behind caddy",
        "what should i do when the idempotency key was reused",
    ],
)
def test_real_question_phrased_differently_passes_every_gate(index, question) -> None:
    explanation = why(index, question)
    assert explanation.verdict.answerable, explanation.verdict.fired


def test_flat_list_fires_score_shape_when_the_threshold_demands_it(index) -> None:
    explanation = explain(
        index,
        "what is this about",
        RetrievalSettings(k=5),
        GateSettings(min_top_gap=0.5, min_lexical_overlap=0),
    )
    fired = explanation.verdict.fired
    assert fired is not None and fired.name == SCORE_SHAPE
