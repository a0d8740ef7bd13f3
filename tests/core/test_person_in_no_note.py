"""A question about a person no note names is about someone the notes never met, even
where a capital cannot say that a word is a name: German capitalises every noun, and
questions are often typed in lower case ("wann hat onkel dieter geburtstag")."""

from __future__ import annotations

import pytest

from app.core.basics.text import lexical_tokens
from app.core.verdict.person_names import names_a_person
from app.core.verdict.question_words import NAME_SALIENCE, question_terms
from tests.core.test_verdict import _Vocabulary

NOTE = (
    "## Geburtstage\nMama: 3. Mai. Oma Gerda: 12. August.\n"
    "## Verein\nBeitrag 2025: 120 € im Jahr, fällig im März. Ansprechpartner: Herr Pohl.\n"
    "## Cash\nThe float in the till is 80 € at opening."
)


def unknown_names(question: str, language: str) -> list[str]:
    words = _Vocabulary(set(lexical_tokens(NOTE, language)))
    terms = question_terms(question, words, NOTE, language)
    return [t.word for t in terms if not t.known and t.salience >= NAME_SALIENCE]


@pytest.mark.parametrize(
    ("question", "language", "name"),
    [
        ("wann hat onkel dieter geburtstag", "de", "dieter"),
        ("Wann hat Friederike Geburtstag?", "de", "Friederike"),
        ("Was hat Herr Baumgartner zum Beitrag gesagt?", "de", "Baumgartner"),
        ("telefonnummer von dr. hoffmann", "de", "hoffmann"),
        ("ich brauche die nummer von dr. hoffmann.", "de", "hoffmann"),
        ("what did aunt marguerite send us", "en", "marguerite"),
        ("when is sebastian's birthday", "en", "sebastian"),
    ],
)
def test_a_person_no_note_names_counts_as_a_name(question: str, language: str, name: str) -> None:
    assert name in unknown_names(question, language)


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("Wann ist der Beitrag fällig?", "de"),  # German nouns name no one
        ("Wann hat Gerda Geburtstag?", "de"),  # a given name the notes hold
        ("how much cash goes in the till", "en"),  # a short given name is a word too
        ("who is the contact for the club", "en"),
    ],
)
def test_nouns_and_known_names_are_no_unknown_person(question: str, language: str) -> None:
    assert unknown_names(question, language) == []


def test_a_capital_after_a_given_name_is_no_surname_in_a_question() -> None:
    assert unknown_names("Wann hat Paula Jahrestag?", "de") == ["Paula"]
    assert names_a_person("Paula", "Wann hat Paula Jahrestag?", "de")
    assert not names_a_person("Jahrestag", "Wann hat Paula Jahrestag?", "de")
    assert not names_a_person("Lärm", "Was sagt Herr Pohl wegen dem Lärm?", "de")
