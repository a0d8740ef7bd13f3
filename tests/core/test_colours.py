"""A thing asked by its colour is not its sibling of another colour."""

from __future__ import annotations

from app.core.answer.colours import other_colour
from app.core.answer.neighbours import neighbour_of_asked

BLUE_VAN = "## Inspeção\nPróxima: **3 de novembro de 2025**."
WHERE = "Carrinhas > Carrinha azul (Transporter) > Inspeção\nEscola/Carrinhas/Carrinha azul"


def test_the_blue_vans_date_is_not_the_red_vans() -> None:
    question = "Quando é a inspeção da carrinha vermelha?"
    detail = other_colour(question, "Próxima: **3 de novembro de 2025**.", BLUE_VAN, WHERE)
    assert detail == "the question asks about a red one; the quoted passage names only a blue one"
    found = neighbour_of_asked(question, "Próxima: **3 de novembro de 2025**.", BLUE_VAN, WHERE)
    assert found is not None and "red" in found.detail


def test_one_colour_in_two_languages_is_the_same_colour() -> None:
    question = "When is the blue van's next inspection?"
    assert other_colour(question, "Próxima: 3 de novembro de 2025.", BLUE_VAN, WHERE) is None


def test_a_passage_naming_no_colour_may_hold_the_only_one() -> None:
    question = "When is the red van's next inspection?"
    assert other_colour(question, "Next: 3 November 2025.", "## Van\nNext: 3 November.", "") is None


def test_a_capitalised_colour_is_a_name() -> None:
    question = "What is Mr White's phone number?"
    assert other_colour(question, "Phone: 0161 555 0100", "Blue door, flat 2.", "") is None
