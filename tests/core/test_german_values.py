"""German notes write clock times with "Uhr", hours as "Std." and days as "Tag", and a
German question typed without umlauts ("Oeffnungszeiten") names what the notes write with
them ("Öffnungszeiten")."""

from __future__ import annotations

import pytest

from app.core.answer.grounding import identifiers_missing
from app.core.basics.durations import has_duration
from app.core.basics.values import times
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_type import asked_type
from app.core.verdict.stated_values import states


@pytest.mark.parametrize(
    ("text", "expected"),
    [("Training ab 18 Uhr", {(18, 0)}), ("Termin um 7:45 Uhr", {(7, 45)}), ("Gleis 16", set())],
)
def test_clock_times_with_uhr(text: str, expected: set[tuple[int, int]]) -> None:
    assert times(text) == expected


@pytest.mark.parametrize("text", ["1 Std. gehen lassen", "ca. 1,5 Std", "1 Tag ruhen", "90 Sek."])
def test_german_lengths_of_time(text: str) -> None:
    assert has_duration(text)


def test_a_time_asked_in_german_is_stated_with_uhr() -> None:
    question = "um wie viel uhr ist das training am dienstag"
    assert asked_type(question) is AnswerType.TIME
    assert states("Dienstag: Ergometer ab 18 Uhr", AnswerType.TIME, question)


def test_a_name_typed_without_umlauts_is_the_notes_name() -> None:
    passage = "## Öffnungszeiten\nMo–Do 7:00–16:00 Uhr, Fr bis 15:00 Uhr (Kita Sonnenblume)"
    assert identifiers_missing("Kita Oeffnungszeiten freitags", passage) == []
    assert identifiers_missing("Öffnungszeiten Kita", passage.replace("Ö", "Oe")) == []
    # a short name is not read so: "Zoe" is not "zo" inside "Zone"
    assert identifiers_missing("What is Zoe's number?", "Zone 3, number 12") == ["Zoe"]


def test_a_german_compound_is_about_its_last_part() -> None:
    from app.core.answer.grounding import topic_check

    question = "Wann ist Milas nächster Zahnarzttermin?"
    quote = "Nächster Termin: 18.11.2025 um 15:20 Uhr."
    assert topic_check(question, quote, "Kinderzahnärztin", None, 0.9).passed
    # the compound's first part is not what it is: an appointment is no dentist
    assert not topic_check(question, "Der Zahnarzt ist umgezogen.", "", None, 0.9).passed


def test_a_german_genitive_and_compound_name_what_the_passage_holds() -> None:
    passage = (
        "Kinderarzt & Gesundheit Mila\n## Kinderzahnärztin\n"
        "Zahnarztpraxis Dr. Ulbrich. Nächster Termin: 18.11.2025 um 15:20 Uhr."
    )
    assert identifiers_missing("Wann ist Milas nächster Zahnarzttermin?", passage) == []
    assert identifiers_missing("Wann ist Bens nächster Zahnarzttermin?", passage) == ["Bens"]
    # an English name is not split: "Greenwood" is no "green" and "wood"
    assert identifiers_missing(
        "Where is Greenwoodhall?", "The green door by the wood store hall."
    ) == ["Greenwoodhall"]


def test_german_common_nouns_and_code_compounds_are_no_missing_names() -> None:
    minutes = "# Mitgliederversammlung 28.03.2025\n\n- Stand: 87 Mitglieder im Verein"
    assert identifiers_missing("Wie viele Mitglieder hatte der Verein Anfang 2025?", minutes) == []
    heating = "## Therme: Störung – F28\n\nDisplay zeigt F28. Techniker Wendt kam am 09.01.2025."
    question = "Wann war der Techniker wegen dem F28-Fehler an der Therme da?"
    assert identifiers_missing(question, heating) == []
    # another code is still missing, and so is a name
    assert identifiers_missing("Was heißt der F31-Fehler?", heating) == ["F31-Fehler"]
    assert identifiers_missing("Wann kam Herr Baumgartner?", heating) == ["Baumgartner"]


def test_a_german_noun_is_not_asked_of_a_passage_in_another_language() -> None:
    """German capitalises its nouns; an English note writes them in English ("hive" for
    "Volk"), while a name is written alike in both."""
    products = (
        "## FormiVap 60 (formic acid 60 %)\nLong-term evaporator pads.\n"
        "Each application stays in the hive for 7 days."
    )
    assert identifiers_missing("wie lange bleibt ein FormiVap 60 Pad im Volk?", products) == []
    sightings = (
        "Collected by Gareth for the English group.\n"
        "| 12 Sep 2024 | Kirchzarten, poplar | nest removed 16 Sep 2024 by a pest firm |"
    )
    question = "Wann wurde das Hornissennest in Kirchzarten entfernt?"
    assert identifiers_missing(question, sightings) == []
    # a name is still asked for, and a German passage is read as before
    assert identifiers_missing(
        "Wann wurde das Hornissennest in Hinterzarten entfernt?", sightings
    ) == ["Hinterzarten"]
    german = "## Pflege\nJede Behandlung bleibt 7 Tage im Stock."
    missing = identifiers_missing("wie lange bleibt ein FormiVap 60 Pad im Volk?", german)
    assert missing == ["FormiVap", "Pad", "Volk"]


def test_a_german_hyphened_compound_is_found_by_its_parts() -> None:
    plan = "Varroa-Behandlung 2024\n## Winterbehandlung\n- Termin: Sa 14.12.2024, 10:00 Uhr"
    assert identifiers_missing("Wann war die Varroa-Winterbehandlung 2024?", plan) == []
    assert identifiers_missing("Wann war die Varroa-Sommerbehandlung 2024?", plan) == [
        "Varroa-Sommerbehandlung"
    ]
