"""A value the quote does not state, found in the table or list under it, must come from
the row the question names: asked for the oil change, the catalytic converter's price is
no answer."""

from __future__ import annotations

from app.core.answer.claims import extract_claims
from app.core.answer.row_support import from_unasked_row

QUOTE = "Shop: Hal's Auto on Division St — Hal Decker, (509) 555-0155."
LOG = (
    f"{QUOTE}\n\n| Date | Work | Shop | Cost |\n|---|---|---|---|\n"
    "| 2024-12-03 | Downstream O2 sensor | Hal's Auto | $240.00 |\n"
    "| 2025-03-04 | Catalytic converter (aftermarket) | Hal's Auto | $1,480.00 |\n"
    "| 2025-11-04 | 4 winter tires, mounted | Tireland | $689.00 |"
)


def _flags(question: str, answer: str, quote: str = QUOTE, evidence: str = LOG) -> list[bool]:
    return [from_unasked_row(c, quote, evidence, question) for c in extract_claims(answer)]


def test_a_value_from_a_row_the_question_does_not_name() -> None:
    # "Hal" is in two rows: it picks out none of them
    assert _flags("How much did Hal charge for the oil change?", "$1,480.00 [2]") == [True]


def test_a_value_from_the_row_the_question_names() -> None:
    assert _flags("How much was the catalytic converter?", "$1,480.00 [2]") == [False]
    assert _flags("what did the winter tires cost", "$689.00") == [False]


def test_a_value_the_quote_states_or_running_text_or_a_single_row() -> None:
    row = "| 2025-03-04 | Catalytic converter (aftermarket) | Hal's Auto | $1,480.00 |"
    assert _flags("How much did Hal charge for the oil change?", "$1,480.00", quote=row) == [False]
    prose = f"{QUOTE}\n\nThe converter came to $1,480.00 in the end."
    assert _flags("oil change cost", "$1,480.00", evidence=prose) == [False]
    one_row = f"{QUOTE}\n\n| Work | Cost |\n|---|---|\n| Converter | $1,480.00 |"
    assert _flags("oil change cost", "$1,480.00", evidence=one_row) == [False]


def test_a_row_labelled_with_the_kind_of_value_asked_is_named() -> None:
    quote = "PSC1 pour Maëlle, Julien T. et Helen."
    course = (
        f"{quote}\n\n- Date : **mercredi 22 mai 2024**, 8h30–17h\n"
        "- Lieu : caserne des pompiers de Lannion\n- Organisé par : UDSP 22"
    )
    assert not any(_flags("C'est quand la formation PSC1 ?", "mercredi 22 mai 2024", quote, course))
    # two rows labelled "Date": the label picks out neither
    twice = course + "\n- Date (recyclage) : jeudi 6 juin 2024"
    assert all(_flags("C'est quand la formation PSC1 ?", "mercredi 22 mai 2024", quote, twice))


def test_a_date_without_its_year_that_the_quote_states_is_the_quotes_own() -> None:
    quote = "**Renovação das licenças** — prazo para entregar tudo: **31 de março**."
    points = (
        f"## Pontos\n1. {quote} Quem entregar depois fica sem zona.\n"
        "2. **Atribuição das zonas** — reunião a **14 de abril**, 18h.\n"
        "3. **Vistoria do material** — pranchas e kits."
    )
    question = "Qual é o prazo para entregar os documentos da renovação da licença?"
    assert _flags(question, "31 de março [4].", quote, points) == [False]
