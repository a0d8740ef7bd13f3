"""German capitalises every noun, so a capital does not make a name: a German quote names
a person by a title, an initial or a given name, or by a surname its passage introduces
that way."""

from __future__ import annotations

import pytest

from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_type import asked_type
from app.core.verdict.person_names import german_names
from app.core.verdict.stated_values import states

ASKED = "Wer ist unser Ansprechpartner beim Stadtsportbund?"


@pytest.mark.parametrize(
    "text",
    [
        "Eigenanteil Verein: 5.460 € aus Rücklage, wenn der Zuschuss kommt.",
        "Ohne Zuschuss → MV muss neu entscheiden.",  # an acronym is no one
        "Antrag beim Stadtsportbund bis Ende März einreichen, Unterlagen im Ordner Verein.",
    ],
)
def test_german_nouns_name_no_one(text: str) -> None:
    assert not states(text, AnswerType.PERSON, ASKED)


@pytest.mark.parametrize(
    "text",
    [
        "Ansprechpartner beim Stadtsportbund: Frau Lindner, Zimmer 3.",  # a title
        "Beim Stadtsportbund kümmert sich Herr Dr. Okafor um die Anträge.",
        "Die Zuschüsse bearbeitet beim Stadtsportbund inzwischen Mareike.",  # a given name
        "Zuständig beim Stadtsportbund sind jetzt M. Quast und das Sekretariat.",  # an initial
    ],
)
def test_a_german_quote_names_a_person(text: str) -> None:
    assert states(text, AnswerType.PERSON, ASKED)


def test_a_surname_the_passage_introduces_names_its_person_alone() -> None:
    passage = (
        "Teilnehmer: S. Rieger, J. Köhler, M. Weidlich\n\n"
        "4. Sonstiges: Rieger ab 14.04. zwei Wochen Urlaub, Vertretung macht Weidlich."
    )
    quote = "Rieger ab 14.04. zwei Wochen Urlaub, Vertretung macht Weidlich."
    question = "Wer vertritt Rieger, während er im Urlaub ist?"
    assert states(quote, AnswerType.PERSON, question, passage)
    # without the passage, Weidlich could be any noun; Rieger is the one asked about
    assert not states(quote, AnswerType.PERSON, question)


def test_names_known_by_what_stands_around_them() -> None:
    found = german_names("Bootswart: Günter Hähnel, Kasse: Frau Hentschel, Protokoll: U. Sander")
    assert {"gunter", "hahnel", "hentschel", "sander"} <= found
    assert "bootswart" not in found and "kasse" not in found


def test_english_capitals_still_name_people() -> None:
    assert states("Ask Dana about the gate, she knows.", AnswerType.PERSON, "who knows the gate")


def test_an_extension_is_asked_as_a_number() -> None:
    """An extension ("Durchwahl 205") is a short number, not a whole phone number."""
    assert asked_type("durchwahl frau lehmann hausverwaltung") is AnswerType.QUANTITY
    assert states("Durchwahl 205", AnswerType.QUANTITY, "durchwahl frau lehmann")
    assert not states(
        "Frau Lehmann wegen Küchenfenster nochmal anschreiben!!",
        AnswerType.QUANTITY,
        "durchwahl frau lehmann",
    )
