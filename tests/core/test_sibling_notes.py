"""Two maintenance notes, two devices: a cost from the electrostimulator's note is not the
ultrasound's, though that note mentions the ultrasound in passing."""

from __future__ import annotations

import dataclasses

from app.core.answer.checks import check_quote
from app.core.answer.prompt import Prompt
from app.core.basics.scores import FusedScore
from app.core.index.records import ChunkSource
from app.core.index.retrieve import Passage

ULTRASOUND = (
    "## Calibracao\n- Tem que calibrar a cada 6 meses\n- Ultima calibracao: 14/02/2025\n"
    "- Quem faz: Eletromedica Pampa"
)
NEUROSTIM = (
    "# Eletroestimulador Neurostim 4C — manutenção\n\nTENS de 4 canais, fica na sala 1 junto "
    "com o ultrassom.\n\n## Manutenção preventiva\n- Última revisão: 22/08/2024\n"
    "- Custo da última revisão: **R$ 280,00** (incluiu troca de 2 cabos)"
)
QUOTE = "Custo da última revisão: R$ 280,00 (incluiu troca de 2 cabos)"
QUESTION = "Quanto custou a última calibração do ultrassom?"


def passage(text: str, file: str, heading: tuple[str, ...], rank: int) -> Passage:
    source = ChunkSource(file, heading, 1, 6)
    return Passage(f"h{rank}", text, (source,), rank, FusedScore(0.03), rank, None, rank, None)


def failed(question: str, quote: str, passages: tuple[Passage, ...], cited: int) -> list[str]:
    prompt = Prompt((), passages, (), 0)
    decision = check_quote(question, True, quote, cited, prompt, None, 0.45)
    return [c.name for c in decision.checks if not c.passed]


ultrasound = passage(
    ULTRASOUND,
    "clinica/Ultrassom Ultramed UT3 - manutencao.md",
    ("Ultrassom Ultramed UT3 - manutencao", "Calibracao"),
    1,
)
neurostim = dataclasses.replace(
    passage(
        NEUROSTIM,
        "clinica/Eletroestimulador Neurostim - manutenção.md",
        ("Eletroestimulador Neurostim 4C — manutenção", "Manutenção preventiva"),
        2,
    ),
    note_lead="TENS de 4 canais, fica na sala 1 junto com o ultrassom.",
)


def test_a_value_from_the_note_of_a_sibling_is_not_the_asked_ones() -> None:
    assert failed(QUESTION, QUOTE, (ultrasound, neurostim), 2) == ["not_a_neighbour"]


def test_without_the_siblings_note_the_passing_mention_stands() -> None:
    # no retrieved note is titled with the ultrasound: nothing says the quote is another's
    assert "not_a_neighbour" not in failed(QUESTION, QUOTE, (neurostim,), 1)


def test_a_quote_naming_the_asked_thing_is_its_own() -> None:
    question = "Quanto custou a última revisão do Neurostim?"
    assert failed(question, QUOTE, (ultrasound, neurostim), 2) == []
