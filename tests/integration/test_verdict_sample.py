"""The verdict gates on sample_notes/ with the real embedder."""

from __future__ import annotations

import pytest

from app.core.index.retrieve import RetrievalSettings
from app.core.verdict.gates import SCORE_SHAPE, UNKNOWN_TERM, GateSettings
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
    ("question", "word"),
    [
        ("What did the dentist say about my wisdom teeth?", "dentist"),
        ("What is the capital of Australia?", "Australia"),
        ("Which port does the Plex server listen on?", "Plex"),
    ],
)
def test_off_topic_question_is_refused_naming_the_missing_word(index, question, word) -> None:
    explanation = why(index, question)
    fired = explanation.verdict.fired
    assert fired is not None and fired.name == UNKNOWN_TERM, fired
    assert f"`{word}`" in fired.detail
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
