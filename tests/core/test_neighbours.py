"""A quote about the neighbour of the asked thing: another row, item, label or person."""

from __future__ import annotations

import pytest

from app.core.answer.neighbours import neighbour_of_asked

PROVAS = (
    "| disciplina | prova | data |\n| --- | --- | --- |\n"
    "| Cálculo II | P1 | 14/04 (ter) |\n| Química Geral | P1 | 30/04 (qui) |\n"
)
PROFESSORES = (
    "## Professores\n- Cálculo II: Prof.ª Helena Vasconcelos, atendimento às quartas, sala "
    "B-310\n- Física II: Prof. Ricardo Tanaka\n- Química Geral: Prof.ª Cecília Moura\n"
)
HELENA = "- Cálculo II: Prof.ª Helena Vasconcelos, atendimento às quartas, sala B-310"
OPTICA = (
    "## Refração\n- Índice de refração: n = c/v\n"
    "- Valores: ar ≈ 1,00; água 1,33; vidro comum ≈ 1,5; diamante 2,42\n"
)
SUBSTITUICOES = (
    "| expressão | substituição |\n| --- | --- |\n| √(a² − x²) | x = a·sen θ |\n"
    "| √(a² + x²) | x = a·tg θ |\n"
)


@pytest.mark.parametrize(
    ("question", "quote", "passage", "where", "neighbour"),
    [
        # a numbered label given with another number
        ("Qual a data da P2 de Química Geral?", "| Química Geral | P1 | 30/04 (qui) |", PROVAS,
         "", "P2"),
        ("Qual a data da P1 de Química Geral?", "| Química Geral | P1 | 30/04 (qui) |", PROVAS,
         "", None),
        ("Qual foi o rendimento da prática 4?", "Prática 2 (12/03): rendimento de 71%.",
         "Prática 2 (12/03): rendimento de 71%.", "", "pratica 4"),
        ("How long does it take about 5 minutes?", "It takes about 3 minutes.",
         "It takes about 3 minutes.", "", None),  # "about 5" measures, it labels nothing
        # an identifier of the same family, not the one asked
        ("What worker_processes value does the config use?",
         "events { worker_connections 1024; }", "events { worker_connections 1024; }", "",
         "worker_connections"),
        ("What does gemini-3.6-flash charge?", "gemini-3.5-flash costs $0.40 per million.",
         "gemini-3.5-flash costs $0.40 per million.", "", "gemini-3.5-flash"),
        ("How do I write a fixture with pytest-asyncio?", "A fixture with pytest-asyncio.",
         "A fixture with pytest-asyncio.", "", None),
        # a keyed item beside the one the question names
        ("Onde o professor de Física II atende os alunos?", HELENA, PROFESSORES, "", "Física II"),
        ("Onde a professora de Cálculo II atende?", HELENA, PROFESSORES, "", None),
        ("Qual o índice de refração do diamante?", OPTICA.split("\n")[2], OPTICA, "", None),
        ("Que substituição usar para raiz de a² + x²?", "| √(a² + x²) | x = a·tg θ |",
         SUBSTITUICOES, "", None),
        # an owner the quoted passage never names
        ("What is the window cleaner's phone number?", "- Phone: 07700 900412",
         "# Marta Ruiz\n- Phone: 07700 900412", "people/Marta Ruiz.md", "window cleaner"),
        ("What is Marta's phone number?", "- Phone: 07700 900412",
         "- Phone: 07700 900412", "people/Marta Ruiz.md", None),  # named by the note's path
        ("What's the boiler's pressure when cold?", "Between 1.0 and 1.5 bar.",
         "## Boiler\nBetween 1.0 and 1.5 bar.", "", None),
    ],
)  # fmt: skip
def test_a_neighbour_of_the_asked_thing(
    question: str, quote: str, passage: str, where: str, neighbour: str | None
) -> None:
    found = neighbour_of_asked(question, quote, passage, where)
    if neighbour is None:
        assert found is None, found.detail if found else ""
    else:
        assert found is not None
        assert neighbour in found.detail
