"""End to end with the real default model, the real embedder, Chroma and sample_notes/."""

from __future__ import annotations

import pytest

from app.core.answer.answering import answer_question
from app.core.answer.result import AnswerKind, AnswerSettings
from app.core.index.fusion import RetrievalSettings
from app.core.models.generator import GenerationSettings
from app.core.models.llama_generator import LlamaCppGenerator
from app.core.verdict.gates import GateSettings
from app.core.verdict.probes import load_calibration

pytestmark = pytest.mark.real_model


@pytest.fixture(scope="module")
def generator(shared_model_path):
    return LlamaCppGenerator(shared_model_path, GenerationSettings(seed=0), temperature=0.0)


def ask(index, generator, question):
    gates = GateSettings(calibration=load_calibration(index))
    return answer_question(
        index,
        generator,
        question,
        retrieval=RetrievalSettings(k=5),
        settings=AnswerSettings(gates=gates),
    )


@pytest.mark.parametrize(
    ("question", "file", "fact"),
    [
        ("How many monthly snapshots do I keep?", "homelab/backups.md", "12"),
        ("What port does Home Assistant use?", "homelab/reverse-proxy.md", "8123"),
        ("Que dias tem monitoria de calculo?", "estudos/calculo.md", "terças e quintas"),
    ],
)
def test_answerable_question_is_answered_with_a_correct_citation(
    index, generator, question, file, fact
) -> None:
    answer = ask(index, generator, question)
    assert answer.kind in (AnswerKind.GENERATED, AnswerKind.QUOTED), answer.text
    assert fact in answer.display
    assert [p.primary.file for p in answer.cited] == [file]
    assert fact in answer.cited[0].text
    assert not answer.citations.unsupported


@pytest.mark.parametrize(
    "question",
    [
        "What is the capital of Australia?",
        "What time does the corner shop close on Sundays?",
        "Qual é a capital da Mongólia?",
    ],
)
def test_unanswerable_question_is_refused(index, generator, question) -> None:
    answer = ask(index, generator, question)
    assert answer.refused, answer.text
    assert answer.refusal_check is not None


def test_same_question_same_answer(index, generator) -> None:
    first = ask(index, generator, "When are deploys frozen?")
    second = ask(index, generator, "When are deploys frozen?")
    assert first.text == second.text
    assert first.timings.first_token_s is not None


def test_portuguese_refusal_is_in_portuguese(index, generator) -> None:
    answer = ask(index, generator, "Qual é a capital da Mongólia?")
    assert answer.refused
    assert "As notas não contêm a resposta." in answer.display
