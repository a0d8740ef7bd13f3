"""A quote written as a column's header and one of its cells ("Preço/noite: 75 €") is the
table row holding that cell: the model read the row, and the checks read it too."""

from __future__ import annotations

from app.core.answer.checks import check_quote
from app.core.answer.prompt import Prompt
from app.core.answer.quote_location import locate_quotes
from app.core.basics.scores import FusedScore
from app.core.index.records import ChunkSource
from app.core.index.retrieve import Passage

PRICES = (
    "## Preços 2025\n| Época | Preço/noite |\n|---|---|\n"
    "| Alta (jun–set, Páscoa) | 75 € |\n| Média (abr–mai, out) | 65 € |\n"
    "| Baixa (nov–mar) | 55 € |\n\nEstadia mínima: 2 noites."
)
ROOM = "# Quarto do Pinhal\n\nRés-do-chão, dá para o jardim e para o pinhal das traseiras."


def passage(text: str, rank: int) -> Passage:
    heading = ("Quarto do Pinhal", "Preços 2025") if "Preços" in text else ("Quarto do Pinhal",)
    source = ChunkSource("Alojamento/Quarto do Pinhal.md", heading, rank * 10, rank * 10 + 8)
    return Passage(f"h{rank}", text, (source,), rank, FusedScore(0.03), rank, None, rank, None)


def test_the_header_and_cell_name_the_one_row_holding_that_cell() -> None:
    found = locate_quotes("Preço/noite: 75 €", [ROOM, PRICES], preferred=1)
    assert [(q.passage, q.text, q.exact) for q in found] == [
        (2, "| Alta (jun–set, Páscoa) | 75 € |", False)
    ]


def test_the_header_with_the_rows_key_names_that_row() -> None:
    tides = (
        "| Semaine | PM | Séance matin | Séance après-midi |\n|---|---|---|---|\n"
        "| 08/07 – 12/07 | 12h40 | 10h30 – 12h30 | 15h30 – 18h00 |\n"
        "| 15/07 – 19/07 | 7h25 | 9h30 – 12h30 | 14h00 – 17h00 |"
    )
    found = locate_quotes("Séance matin [15/07 – 19/07] : 9h30 – 12h30", [tides], preferred=1)
    assert [q.text for q in found] == ["| 15/07 – 19/07 | 7h25 | 9h30 – 12h30 | 14h00 – 17h00 |"]
    # a key that is not the row's: the model read another row
    assert locate_quotes("Séance matin [22/07] : 9h30 – 12h30", [tides], preferred=1) == []


def test_a_cell_no_row_holds_or_a_column_no_table_has_is_in_no_passage() -> None:
    assert locate_quotes("Preço/noite: 85 €", [ROOM, PRICES], preferred=1) == []
    assert locate_quotes("Preço total: 75 €", [ROOM, PRICES], preferred=1) == []
    # two rows holding the cell: which one the model read is unknown
    twice = PRICES.replace("| 65 € |", "| 75 € |")
    assert locate_quotes("Preço/noite: 75 €", [twice], preferred=1) == []


def test_the_row_passes_the_checks_for_the_season_asked() -> None:
    prompt = Prompt((), (passage(ROOM, 1), passage(PRICES, 2)), (), 0)
    question = "preço Quarto do Pinhal época alta"
    decision = check_quote(question, True, "Preço/noite: 75 €", 1, prompt, None, 0.45, "75 € [1]")
    assert decision.passed, decision.failed
    assert decision.quote is not None and decision.quote.text.startswith("| Alta")


def test_the_header_and_cell_without_a_colon_name_that_row() -> None:
    policies = (
        "| Versicherung | Policen-Nr. | Beitrag/Jahr |\n|---|---|---|\n"
        "| Betriebshaftpflicht | BH-2023-448172 | 3.870,00 € |\n"
        "| Inhalt | IN-2023-448173 | 1.120,00 € |"
    )
    found = locate_quotes("Policen-Nr. BH-2023-448172 [1]", [policies], preferred=1)
    assert [q.text for q in found] == ["| Betriebshaftpflicht | BH-2023-448172 | 3.870,00 € |"]
    assert locate_quotes("Policen-Nr. BH-2023-448179", [policies], preferred=1) == []


METER = (
    "# Contador agua pozo (lecturas)\n\n| Fecha | Lectura (m³) | Consumo mes (m³) |\n"
    "|---|---|---|\n| 01/07/2024 | 3.214 | 164 |\n| 01/08/2024 | 3.412 | 198 |\n"
    "| 01/09/2024 | 3.598 | 186 |\n"
)


def test_the_headers_cells_copied_before_a_rows_cells_name_that_row() -> None:
    quote = "Lectura (m³) | Consumo mes (m³) | 01/08/2024 | 3.412 | 198"
    found = locate_quotes(quote, [ROOM, METER], preferred=2)
    assert [(q.passage, q.text, q.exact) for q in found] == [
        (2, "| 01/08/2024 | 3.412 | 198 |", False)
    ]
    # a cell of no row, or cells of two rows, name none
    assert locate_quotes("Lectura (m³) | 01/08/2024 | 3.999", [METER], preferred=1) == []
    assert locate_quotes("Lectura (m³) | 3.214 | 3.412", [METER], preferred=1) == []
