"""A question for someone's or something's age, in each language asknotes reads: a number
of years answers it, and so does a birth date or the year it was made; a count of years
asked with "last" is a length of time, not an age."""

from __future__ import annotations

import pytest

from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_type import asked_type
from app.core.verdict.stated_values import states


@pytest.mark.parametrize(
    "question",
    [
        "How old was Yves in 1914?",
        "Quel âge avait Jean-Marie à son décès ?",
        "Wie alt ist der Hund?",
        "Hoe oud is de boormachine?",
        "Hur gammal är Erik?",
        "Quanti anni ha la caldaia?",
        "Che età ha Marco?",
        "¿Cuántos años tiene Lucía?",
        "¿Qué edad tiene Lucía?",
        "Quantos anos tem o carro?",
        "Qual é a idade do Pedro?",
    ],
)
def test_an_age_is_asked_as_a_number(question: str) -> None:
    assert asked_type(question) is AnswerType.QUANTITY


def test_years_that_something_lasted_are_a_length_of_time() -> None:
    assert asked_type("Quantos anos durou o curso?") is AnswerType.DURATION


@pytest.mark.parametrize(
    ("text", "question", "stated"),
    [
        ("Erik Nilsson (född 2011), ungdomsgruppen", "Hur gammal är Erik?", True),
        ("Yves, né le 3 mars 1872 à Quimper", "Quel âge avait Yves en 1914 ?", True),
        ("décès 1880 : « âgé de cinquante-quatre ans »", "Quel âge avait-il en 1880 ?", True),
        ("La caldaia è stata installata nel 2015.", "Quanti anni ha la caldaia?", True),
        # the year the question names is what it asks about, not the age
        ("Yves était soldat en 1914.", "Quel âge avait Yves en 1914 ?", False),
        ("Erik ritar kartan över Nydala.", "Hur gammal är Erik?", False),
    ],
)
def test_a_birth_date_or_a_number_of_years_states_an_age(
    text: str, question: str, stated: bool
) -> None:
    assert states(text, AnswerType.QUANTITY, question) is stated
