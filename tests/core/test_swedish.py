"""Notes and questions in Swedish: told apart from the languages whose function words it
shares ("en", "de", "men", "om", "för"), stemmed and stopped as Swedish, and read by the
value checks (months, days, times, units, prices, pending values, the asked type) and
the refusal sentence like the other languages asknotes reads."""

from __future__ import annotations

import pytest

from app.core.answer.checks import is_refusal_text
from app.core.answer.claims import negated, polarity_differs
from app.core.answer.pair_sides import other_side
from app.core.answer.phrases import refusal_sentence
from app.core.basics.dates import dates
from app.core.basics.durations import has_duration
from app.core.basics.generic_words import generic_stems
from app.core.basics.language import detect_language
from app.core.basics.pending import says_pending
from app.core.basics.text import lexical_tokens
from app.core.basics.values import has_money, quantities, times
from app.core.basics.weekdays import day_numbers, weekdays
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_type import asked_type
from app.core.verdict.measures import counted_unit, measured
from app.core.verdict.stated_values import states
from app.core.verdict.yes_no import is_yes_no

NOTE = (
    "Vi har träning på tisdagar kl. 18.30 vid klubbstugan. Ta med pannlampa och kompass, "
    "det är mörkt i skogen redan vid sex."
)


@pytest.mark.parametrize(
    "text",
    [
        NOTE,
        "Kartan är inte klar än, Erik ritar om den norra delen.",
        "Hur mycket kostar medlemsavgiften för en familj?",
        "När är nästa styrelsemöte?",
        "vad kostar det att hyra klubbstugan en helg",
    ],
)
def test_swedish_notes_and_questions_read_as_swedish(text: str) -> None:
    assert detect_language(text, default="?") == "sv"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        # "var", "for" and "min" are code and English, not Swedish
        ("var x = 5; for (var i = 0; i < n; i++) { total += min(a, b) }", "?"),
        ("Le mot de passe du wifi est dans le tiroir de la cuisine.", "fr"),  # "mot"
        ("De reparaties van het Repair Café zijn op zaterdag.", "nl"),  # "men", "om"
        ("Wie lange dauert die Fahrt nach Freiburg?", "de"),  # "man", "an"
        ("The coach said we should bring head torches for the night event.", "en"),
        ("La reunión del equipo es los martes por la mañana en la sala grande.", "es"),
    ],
)
def test_words_swedish_shares_do_not_make_other_texts_swedish(text: str, language: str) -> None:
    assert detect_language(text, default="?") == language


def test_swedish_is_stemmed_and_stopped_as_swedish() -> None:
    tokens = lexical_tokens("Träningen är på tisdagar och det är mörkt", "sv")
    assert not {"ar", "pa", "och", "det"} & set(tokens)
    # accents folded on both sides: "traning" typed without them finds "träning"
    assert lexical_tokens("traningen", "sv") == lexical_tokens("träningen", "sv")
    assert lexical_tokens("kartorna", "sv") == lexical_tokens("kartor", "sv")
    # "hur många", "bara", "också" name nothing a note must hold
    assert lexical_tokens("hur många kontroller har banan också", "sv") == lexical_tokens(
        "kontroller banan", "sv"
    )


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Hur mycket kostar medlemsavgiften för en familj?", AnswerType.PRICE),
        ("vad kostade kartutskriften", AnswerType.PRICE),
        ("startavgift Umeå-sprinten?", AnswerType.PRICE),
        ("Vad var hyran för minibussen?", AnswerType.PRICE),
        ("Hur många startade i ungdomsklassen?", AnswerType.QUANTITY),
        ("Hur lång är långdistansbanan?", AnswerType.QUANTITY),
        ("Hur långa dubbar ska juniorerna ha?", AnswerType.QUANTITY),
        ("hur stora är kartorna", AnswerType.QUANTITY),
        ("Vilken ekvidistans har kartan?", AnswerType.QUANTITY),
        ("Hur lång tid tog det att rita kartan?", AnswerType.DURATION),
        ("hur länge gäller licensen", AnswerType.DURATION),
        ("Vilken tid är samlingen på lördag?", AnswerType.TIME),
        ("Vilket datum är årsmötet?", AnswerType.DATE),
        ("När är nästa styrelsemöte?", AnswerType.WHEN),
        ("Hur ofta har vi nattträning?", AnswerType.WHEN),
        ("Vem ritade kartan över Nydala?", AnswerType.PERSON),
        ("Var ligger klubbstugan?", AnswerType.PLACE),
        ("Var förvaras SI-enheterna?", AnswerType.PLACE),
        ("Vad är telefonnumret till kassören?", AnswerType.PHONE),
        ("Vad betyder en röd-vit skärm?", None),
        ("Var det regn på Tiomila?", None),  # "var" as "was": no place asked
    ],
)
def test_the_type_a_swedish_question_asks_for(question: str, kind: AnswerType | None) -> None:
    assert asked_type(question) == kind


def test_swedish_dates_months_and_days() -> None:
    assert dates("årsmötet den 14 mars 2024") == {(2024, 3, 14)}
    assert dates("sista anmälan 2 maj") == {(None, 5, 2)}
    assert dates("Maj Lindqvist ringde") == set()  # a name, not May
    assert day_numbers("träning på tisdagar och torsdag") == {1, 3}
    assert day_numbers("lördag och söndag") == {5, 6}


def test_swedish_times_lengths_and_prices() -> None:
    assert times("samling kl. 18.30 vid sjön") == {(18, 30)}
    assert times("start kl 9 vid klubbstugan") == {(9, 0)}
    assert times("klockan 18") == {(18, 0)}
    assert times("kl. 18.30") == times("18:30")
    assert has_duration("banläggningen tog 3 timmar")
    assert has_duration("leverans 2 till 3 veckor")
    [weeks] = quantities("fyra veckor")
    assert weeks.values == frozenset({4}) and weeks.unit == "week"
    [years] = quantities("medlem i 2 år")
    assert years.unit == "year"
    assert has_money("Startavgift 350:- per löpare")
    assert has_money("familj 1 250 kronor")
    assert not has_money("kontroll 31 vid stenen")


@pytest.mark.parametrize(
    ("line", "pending"),
    [
        ("Datum: inte bestämt än", True),
        ("Pris: oklart, återkommer", True),
        ("Plats meddelas senare", True),
        ("Datum för årsmötet: 14 mars", False),
    ],
)
def test_swedish_lines_that_say_a_value_is_not_known_yet(line: str, pending: bool) -> None:
    assert says_pending(line, promised=False) is pending


def test_the_swedish_refusal_sentence_is_recognised_as_a_refusal() -> None:
    sentence = refusal_sentence("sv")
    assert sentence == "Anteckningarna innehåller inte svaret."
    assert is_refusal_text(sentence)


def test_a_swedish_answer_that_drops_the_notes_negation_differs_in_polarity() -> None:
    quote = "Hundar är inte tillåtna i klubbstugan."
    assert polarity_differs("Hundar är tillåtna i klubbstugan.", quote)
    assert not polarity_differs("Hundar är inte tillåtna i klubbstugan.", quote)


def test_a_quote_of_the_last_swedish_meeting_does_not_answer_for_the_next() -> None:
    question = "När är nästa styrelsemöte?"
    assert other_side(question, "Senaste styrelsemöte: 12 mars 2024") is not None
    assert other_side(question, "Nästa styrelsemöte: 9 april 2024") is None


@pytest.mark.parametrize(
    ("question", "yes_no"),
    [
        ("Får man ta med hund på träningen?", True),
        ("Är kartan över Nydala klar?", True),
        ("Finns det dusch i klubbstugan?", True),
        ("Var det regn på Tiomila?", True),
        ("Var ligger klubbstugan?", False),
        ("Vad kostar en SI-pinne?", False),
    ],
)
def test_swedish_yes_no_questions(question: str, yes_no: bool) -> None:
    assert is_yes_no(question) is yes_no


def test_swedish_question_verbs_name_nothing() -> None:
    generic = generic_stems("sv")
    for word in ("heter", "betyder", "gäller", "brukar", "hittar"):
        assert set(lexical_tokens(word, "sv")) <= generic, word
    # an English content word that is also a Swedish one stays a content word in English
    assert not set(lexical_tokens("tar", "en")) & generic_stems("en")


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Var träffas vi innan tävlingen?", AnswerType.PLACE),
        ("Vart åker vi på lägret?", AnswerType.PLACE),
        ("Vilka tränar ungdomarna?", AnswerType.PERSON),
        ("Vilken tid fick Erik på långa banan?", AnswerType.DURATION),  # a race's result
        ("Sista anmälningsdag till DM?", AnswerType.DATE),
        ("Portkoden till förrådet?", AnswerType.CODE),
        ("Vilket nummer har Erik?", AnswerType.PHONE),
        ("Ingår lunch i priset?", None),  # a yes or a no, not a price
        # words other languages write: French "pris", Portuguese "vem" (comes)
        ("Qui a pris les clés ?", AnswerType.PERSON),
        ("Le petit-déjeuner est compris ?", None),
        ("Vem a Ana amanhã?", None),
    ],
)
def test_more_swedish_question_shapes(question: str, kind: AnswerType | None) -> None:
    assert asked_type(question) == kind


@pytest.mark.parametrize(
    "question", ["Ingår lunch i priset?", "Kommer Erik?", "Gäller avgiften hela familjen?"]
)
def test_swedish_yes_no_questions_opened_by_a_verb(question: str) -> None:
    assert is_yes_no(question)


def test_what_swedish_writes_is_not_misread_in_other_texts() -> None:
    # "är" (is) and "år" (years) fold alike: only "år" is a unit
    assert [q.unit for q in quantities("Bana 3 är 5,2 km.")] == [None, "km"]
    assert not has_duration("Anmälan 2025 är öppen")
    [crowns] = quantities("120 SEK")  # the crown, not German "Sek." (seconds)
    assert crowns.unit != "second"
    assert not quantities("TVA 20 %")[0].values & {2}  # French VAT, not Swedish "två"
    assert not has_money("MONTH=${1:-$(date -d 'last month')}")  # not "350:-"
    assert detect_language("Shop open till 8pm weekdays, 6pm Saturdays", default="?") == "?"
    assert not negated("Denominación: «Cerveza» (p. ej.: «Cerveza IPA»)")
    assert negated("Hundar ej tillåtna")
    assert dates("maj: 2025-01-08") == {(2025, 1, 8)}  # French "mise à jour"
    assert dates("£15 a set") == set()
    assert weekdays("Lors des événements, ouvert à tous") == set()
    assert weekdays("'Tis the season") == set()


def test_more_swedish_dates_days_and_pending_values() -> None:
    assert dates("Årsmötet hålls i maj.") == {(None, 5, None)}
    assert dates("den 14:e mars") == {(None, 3, 14)}
    assert dates("årsmöte maj 2024") == {(2024, 5, None)}
    assert day_numbers("fre kl 18 vid stugan") == {4}
    assert day_numbers("söndagen den 3 mars") == {6}
    assert times("kl.18") == {(18, 0)}
    assert has_duration("Lägret varar en vecka.")
    assert says_pending("Datum: ej klart", promised=False)
    assert says_pending("Kartan är inte klar än.", promised=False)
    assert not says_pending("Erik kommer senare, runt 19.", promised=False)


@pytest.mark.parametrize(
    ("text", "week"),
    [
        ("O-Ringen v. 30", True),
        ("| v 12 | Nydala |", True),
        ("vecka 12: nattträning", True),
        ("Python v 3 is required", False),
        ("LG V30", False),
    ],
)
def test_a_week_number_dates_a_passage(text: str, week: bool) -> None:
    assert states(text, AnswerType.WHEN, "När är O-Ringen?") is week


def test_swedish_definites_are_their_word() -> None:
    for definite, word in (("kartan", "karta"), ("priset", "pris"), ("budgeten", "budget"),
                           ("mötet", "möte"), ("stugan", "stugor")):  # fmt: skip
        assert lexical_tokens(definite, "sv") == lexical_tokens(word, "sv"), definite
    assert "iof" in lexical_tokens("IOF:s regler", "sv")
    assert "14.03" in lexical_tokens("den 14:e mars", "sv")


def test_a_swedish_weight_or_swish_number_is_asked_for() -> None:
    assert measured("hur mycket väger stora klubbtältet") == "mass"
    assert not states("Tältet rymmer 4 personer.", AnswerType.QUANTITY, "hur mycket väger tältet")
    assert asked_type("Vad är klubbens swishnummer?") is AnswerType.PHONE


def test_what_a_swedish_count_counts() -> None:
    assert counted_unit("Hur många timmar tog banläggningen?") == "hour"
    assert counted_unit("Hur många startade i ungdomsklassen?") == ""
