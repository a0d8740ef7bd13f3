"""Notes and questions in Dutch: told apart from the languages whose function words it
shares ("de", "en", "die", "wie", "door"), stemmed and stopped as Dutch, and read by the
value checks (months, days, times, units, pending values, the asked type) and the
refusal sentence like the other languages asknotes reads."""

from __future__ import annotations

import pytest

from app.core.answer.checks import is_refusal_text
from app.core.answer.claims import polarity_differs
from app.core.answer.pair_sides import other_side
from app.core.answer.phrases import refusal_sentence
from app.core.basics.dates import dates
from app.core.basics.durations import has_duration
from app.core.basics.language import detect_language
from app.core.basics.pending import says_pending
from app.core.basics.text import lexical_tokens
from app.core.basics.values import quantities, times
from app.core.basics.weekdays import day_numbers
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_type import asked_type
from app.core.verdict.person_names import names_a_person
from app.core.verdict.yes_no import is_yes_no

NOTE = (
    "De wasmachine van mevrouw Jansen gaf foutcode E21. We hebben de pomp schoongemaakt "
    "en het filter vervangen, daarna werkte hij weer."
)


@pytest.mark.parametrize(
    "text",
    [
        NOTE,
        "Het gereedschap mag maximaal een week geleend worden.",
        "Hoeveel kost de borg voor een boormachine?",
        "Wie heeft de sleutel van het buurthuis op zaterdag?",
        "wanneer is de volgende repair cafe",
    ],
)
def test_dutch_notes_and_questions_read_as_dutch(text: str) -> None:
    # Before Dutch was read, "de" and "en" made these Spanish or French.
    assert detect_language(text, default="?") == "nl"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("back door keypad code", "?"),  # "door" is an English noun, not Dutch "through"
        ("Wie heißt Emils Bezugserzieherin?", "de"),  # "wie" is German too
        ("pode dar commit direto na main?", "pt"),  # "na" is Portuguese too
        ("What is the deposit for a drill?", "en"),
        ("La reunión del equipo es los martes por la mañana en la sala grande.", "es"),
    ],
)
def test_words_dutch_shares_do_not_make_other_texts_dutch(text: str, language: str) -> None:
    assert detect_language(text, default="?") == language


def test_dutch_is_stemmed_and_stopped_as_dutch() -> None:
    tokens = lexical_tokens("De reparaties van het Repair Café", "nl")
    assert "de" not in tokens and "het" not in tokens and "van" not in tokens
    assert lexical_tokens("reparaties", "nl") == lexical_tokens("reparatie", "nl")


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Hoeveel kost de borg voor een boormachine?", AnswerType.PRICE),
        ("prijs borg decoupeerzaag", AnswerType.PRICE),
        ("Hoeveel reparaties waren er in maart?", AnswerType.QUANTITY),
        ("Hoe lang mag ik een boormachine lenen?", AnswerType.DURATION),
        ("hoe laat gaat de deur open op zaterdag", AnswerType.TIME),
        ("Op welke datum was de ledenvergadering?", AnswerType.DATE),
        ("Wanneer is het volgende repair café?", AnswerType.WHEN),
        ("Wie heeft de sleutel van het buurthuis?", AnswerType.PERSON),
        ("Waar staat de lasapparatuur?", AnswerType.PLACE),
        ("wat is het telefoonnummer van Henk", AnswerType.PHONE),
        ("e-mailadres van de gemeente", AnswerType.EMAIL),
        ("Wat betekent foutcode E21?", None),
        ("hoeveel geld is er over in de kas", AnswerType.PRICE),
        ("wat is er begroot voor zaalhuur in 2025", AnswerType.PRICE),  # "-huur": a rent
        ("Vanaf welk bedrag moet de penningmeester tekenen?", AnswerType.PRICE),
        ("welk ID nummer heeft de tegelsnijder", AnswerType.CODE),
        ("Welke Marlin-versie draait op de printer?", AnswerType.CODE),
        ("Vanaf welke leeftijd mag je alleen komen?", AnswerType.QUANTITY),
        ("Wat was het slagingspercentage in 2024?", AnswerType.QUANTITY),
        # "borg" is a Dutch deposit and BorgBackup
        ("How many monthly borg archives do I keep?", AnswerType.QUANTITY),
        ("Where is the borg repo passphrase kept?", AnswerType.PLACE),
        # German "wie" asks how, not who
        ("Wie funktioniert die Heizung?", None),
        ("Wie lange dauert die Fahrt?", AnswerType.DURATION),
    ],
)
def test_the_type_a_dutch_question_asks_for(question: str, kind: AnswerType | None) -> None:
    assert asked_type(question) == kind


def test_dutch_dates_months_and_days() -> None:
    assert dates("op 8 maart 2025") == {(2025, 3, 8)}
    assert dates("sessie van 08-03-2025") == {(2025, 3, 8)}
    assert dates("vergadering 14 okt 2024") == {(2024, 10, 14)}
    assert dates("bel 06-12345678") == set()  # a phone number, not a date
    assert day_numbers("elke zaterdag en woensdag") == {2, 5}


def test_dutch_times_and_lengths() -> None:
    assert times("open om 10 uur") == {(10, 0)}
    assert times("begint 14.30 uur") == {(14, 30)}  # not 14.3 hours
    assert times("duurt 2 uur") == set()
    assert has_duration("de reparatie duurt 2 uur")
    assert has_duration("levertijd 3 tot 5 werkdagen")
    [weeks] = quantities("drie weken lenen")
    assert weeks.values == frozenset({3}) and weeks.unit == "week"
    [deposit] = quantities("borg € 12,50")
    assert deposit.values == frozenset({12.5}) and deposit.unit == "eur"


@pytest.mark.parametrize(
    ("line", "pending"),
    [
        ("Datum: nog niet bekend", True),
        ("Prijs: n.t.b.", True),
        ("De offerte volgt nog", True),
        ("Datum van de APK: 12 maart", False),
        ("NTB Logistics levert de pallets", False),
        ("Kenteken: zie het kentekenbewijs in de map", True),  # where to find it, not it
        ("Borg: zie [[Borg en tarieven]]", True),
        ("Ospiti: zie e zii da Bari", False),  # Italian aunts
    ],
)
def test_dutch_lines_that_say_a_value_is_not_known_yet(line: str, pending: bool) -> None:
    assert says_pending(line, promised=False) is pending


def test_the_dutch_refusal_sentence_is_recognised_as_a_refusal() -> None:
    sentence = refusal_sentence("nl")
    assert sentence == "De notities bevatten het antwoord niet."
    assert is_refusal_text(sentence)


def test_a_dutch_answer_that_drops_the_notes_negation_differs_in_polarity() -> None:
    quote = "Honden zijn niet toegestaan in de werkplaats."
    assert polarity_differs("Honden zijn toegestaan in de werkplaats.", quote)
    assert not polarity_differs("Honden zijn niet toegestaan in de werkplaats.", quote)


def test_a_quote_of_the_last_dutch_service_does_not_answer_for_the_next() -> None:
    question = "Wanneer is de volgende APK van de bus?"
    assert other_side(question, "Laatste APK: 12 maart 2024") is not None
    assert other_side(question, "Volgende APK: 12 maart 2025") is None


@pytest.mark.parametrize(
    ("question", "yes_no"),
    [
        ("Mag ik mijn hond meenemen?", True),
        ("Zijn honden toegestaan in de werkplaats?", True),
        ("Heeft de bibliotheek een tegelsnijder?", True),
        ("Wat kost een tegelsnijder?", False),
    ],
)
def test_dutch_yes_no_questions(question: str, yes_no: bool) -> None:
    assert is_yes_no(question) is yes_no


def test_a_dutch_title_makes_the_next_word_a_name() -> None:
    assert names_a_person("jansen", "wanneer komt mevrouw jansen haar stofzuiger ophalen", "nl")
    assert names_a_person("Bakker", "Heeft dhr. Bakker de boor teruggebracht?", "nl")
