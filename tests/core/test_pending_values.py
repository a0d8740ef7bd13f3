"""A quote that says the asked value is not known yet is no answer, whatever stands beside it."""

from __future__ import annotations

import pytest

from app.core.answer.checks import check_quote, refused_as_not_known_yet
from app.core.answer.pending_values import (
    open_asked_cell,
    pending_for_question,
    pending_for_unknown_kind,
)
from app.core.answer.prompt import Prompt
from app.core.basics.pending import says_pending
from app.core.basics.scores import FusedScore
from app.core.index.records import ChunkSource
from app.core.index.retrieve import Passage
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_type import asked_type


@pytest.mark.parametrize(
    "line",
    [
        "2 h written exam, time and room TBC by Registry",
        "door gasket replaced 20 Aug | invoice to follow",
        "Check-out: non c'è scritto nella conferma, chiedere al check-in",
        "Controllo: richiamano loro per fissare il prossimo, non ci hanno ancora chiamato.",
        "- dopo settembre 2025: da ridiscutere con Federica",
        "Balkontür zieht → gemeldet am 02.06.2025, noch kein Termin",
        "Boulder-Cup 2025: Termin offen, evtl. wieder September.",
        "Kosten: offen",
        "Date du prochain concert : pas encore fixée",
        "Fecha de la revisión: por confirmar",
        "- Subs for 2025-26: to be discussed at the AGM in June. Nothing agreed.",
        "Rent after the review: no decision",
        "Reunião com o síndico: data a definir",
        "Search indexing lag write-up still not done.",
        "EHO visit went fine; no date for the next inspection",
        "fixed the door switch, didn't catch his name",
        "2025 fee: council haven't published it yet",
        "reply by email 28/10, refund promised, no ticket number",
        "Renovação 2025/26: a Patrícia vai mandar a cotação da renovação",
        "Presupuesto del toldo: el instalador va a mandar el precio",
        "Orçamento da pintura: aguardando o Valdir",
        "Boiler service: Dan will send the quote after the visit",
        "Consulta de retorno: falta agendar",
        "Veio um técnico novo da TecnoFisio (não foi o Jairo), não anotei o nome.",
        "ela pediu o novo da autora portuguesa que eu esqueci o nome",
        "omeprazol en ayunas, no anoté cuánto, ver la receta",
        "the locksmith came back, forgot the name of the firm",
        "didn't note the serial when I boxed it",
        "| Möwe | Renneiner | ? (weiß ich nicht, Günter fragen) |",
        "PIN der Bankkarte hab ich vergessen",
        "December's bill isn't out yet.",
        "the plumber's invoice hasn’t come in",
        "- Matrícula: ver DUA no porta-luvas (nunca me lembro)",  # where to look, no value
        "**Registration:** see the V5C in the glovebox",
        "- Date des travaux : inconnue — pas avant l'hiver 2024-25 d'après Thierry",
    ],
)
def test_a_line_saying_the_value_is_not_known_yet(line: str) -> None:
    assert says_pending(line)


@pytest.mark.parametrize(
    "line",
    [
        "Check-in 15:00-19:00, reception closes at 20:00.",
        "No dogs allowed in the flat.",
        "Il treno parte alle 18:05 dal binario 4.",
        "Kein Parkplatz am Haus, nur in der Seitenstraße.",
        "Die Tür bleibt offen bis 22 Uhr.",
        "Le plombier n'est pas venu le 3 mars.",
        "O seguro vai de março a março, R$ 2.380 por ano.",  # "vai" alone is no promise
        "I will send the form with the £40 fee.",  # it is sent, and the fee is known
        "Es la mejor panadería del barrio, sin lugar a dudas.",
        "O ônibus vai passar na frente da escola às 7h.",
        "forgot the cron for restic, found out 2 days later",  # a slip, not a missing value
        "Total R$ 2.051,30, pago em 10 parcelas (esqueci o desconto)",
        "Tyres: check the pressure monthly.",  # an instruction, not a pointer
        "See also the boiler note for the service dates.",
    ],
)
def test_a_line_stating_a_fact_or_a_plain_negation(line: str) -> None:
    assert not says_pending(line)


@pytest.mark.parametrize(
    ("question", "quote", "pending"),
    [
        ("When does Priya start?", "Priya: offer accepted 18 Oct. Start date TBC", True),
        ("When did Priya accept the offer?", "Priya: offer accepted 18 Oct. Start date TBC", False),
        ("what's the rent", "Rent £680 from Oct; rent after the June review to be agreed", False),
        (
            "rye caraway oven temp and bake time",
            "Bake temp/time: TBC after next trial (w/c 18 Nov)",
            True,
        ),
        (
            "quando inizia Sara?",
            "Sara: contratto firmato il 3 marzo, data di inizio da definire",
            True,
        ),
        (
            "quando ha firmato Sara il contratto?",
            "Sara: contratto firmato il 3 marzo, data di inizio da definire",
            False,
        ),
        ("what time is the pest visit", "Pest visit 12 Mar at 10:00; electrician date TBC", False),
        (
            "when's the stats exam",
            "Stats exam: 2 h written, 21 May 2025 — time and room TBC",
            False,
        ),
        ("how much was the call-out", "Call-out £85 paid on the day, invoice to follow", False),
        ("What time is check-out?", "Check-out: not in the confirmation, ask at the desk", True),
        (
            "ticket number for the refund request",
            "| (none) | 25/10 | Acme Cloud | refund | $4.20 refund promised, no ticket number |",
            True,
        ),
        (  # a table row's first cells are what every later cell is about
            "renewal price for quill-and-ink.example",
            "| quill-and-ink.example | Regis | 04/01 | first yr £3.49; renewal price TBC |",
            True,
        ),
        (
            "what did the first year of quill-and-ink.example cost",
            "| quill-and-ink.example | Regis | 04/01 | first yr £3.49; renewal price TBC |",
            False,
        ),
        (
            "qto vai ficar a renovação do seguro do carro 2025/26",
            "Renovação 2025/26: a Patrícia vai mandar a cotação da renovação",
            True,
        ),
        (  # the year names the show; the opening date is the one still to come
            "when does the saltbox spring show open",
            "- Spring 2025 show — new writing piece. Fee TBC, opening date TBC, no brief yet.",
            True,
        ),
        (
            "how many teaching hours do I have in semester 2?",
            "- Semester 2 hours: to follow from Ottilie once the Thursday slot is sorted",
            True,
        ),
        (  # the meeting's month is stated; the AGM's date is left to it
            "when is the next cricket club AGM?",
            "Next AGM: date to be set at the September 2025 committee meeting.",
            True,
        ),
        ("when is the AGM", "AGM on 14 Nov, time to be confirmed", False),
        (  # the meeting's month is stated; the subscription is left to it
            "What will the choir subscription be for 2025-26?",
            "Subs for 2025-26: to be discussed at the AGM in June. Ewan suggests a small rise. "
            "Nothing agreed.",
            True,
        ),
        # the one who will send it is who the question asks for
        ("who sends the invoice?", "Kasia will send the invoice.", False),
        ("how much is the invoice?", "Kasia will send the invoice.", True),
        (
            "ticket number for the router fault",
            "router fault: ticket NW-TKT-4410 raised 02/11; no ticket number for the ONT swap",
            False,
        ),
    ],
)
def test_the_clause_nearest_the_question_decides(question: str, quote: str, pending: bool) -> None:
    asked = asked_type(question)
    assert asked is not None
    assert pending_for_question(quote, asked, question) is pending


@pytest.mark.parametrize(
    ("question", "quote", "language", "pending"),
    [
        # a clause saying what the question names, or a kind of value, is not known yet
        (
            "root cause of the august 2025 search indexing lag",
            "- Search indexing lag write-up still not done.",
            "en",
            True,
        ),
        (
            "in quale chiesa cantiamo a vienna?",
            "Cantiamo sabato 11 in una chiesa del 7° distretto (nome ancora da confermare).",
            "it",
            True,
        ),
        # a pending clause about something else
        (
            "how do I reset the router?",
            "Hold reset for 10 s; firmware update to follow.",
            "en",
            False,
        ),
        # a pending clause that names neither the question's words nor a kind of value
        ("how did the viewing go?", "Went fine; still no reply from the landlord", "en", False),
        # a manner is not a value left open
        ("how did the dentist go?", "Went fine, next appointment date to follow", "en", False),
        # a status is answered by "not done yet"
        (
            "status of the indexing lag write-up",
            "Indexing lag write-up still not done.",
            "en",
            False,
        ),
        # nothing pending
        ("which church do we sing in?", "We sing in St Michael's on Saturday 11th.", "en", False),
        # the error the question pastes is what it asks about, not a value left open
        (
            "SHADER ERROR: Unknown identifier in expression: 'SCREEN_TEXTURE' how to fix",
            "SHADER ERROR: Unknown identifier in expression: 'SCREEN_TEXTURE'.",
            "en",
            False,
        ),
        (
            "fix for the SCREEN_TEXTURE shader error",
            "SCREEN_TEXTURE shader error: cause still unknown.",
            "en",
            True,
        ),
    ],
)
def test_a_question_of_no_known_kind_and_a_pending_line(
    question: str, quote: str, language: str, pending: bool
) -> None:
    assert pending_for_unknown_kind(quote, question, language) is pending
    asked = asked_type(question)
    if asked is not None:  # a place or a person asked for: the same when typed
        assert asked in (AnswerType.PLACE, AnswerType.PERSON)
        assert pending_for_question(quote, asked, question) is pending


def test_a_pending_line_refuses_a_question_of_no_known_kind_but_answers_a_yes_no_one() -> None:
    quote = "- Search indexing lag write-up still not done."
    source = ChunkSource("work/incidents.md", ("Incidents",), 3, 5)
    passage = Passage("h1", quote, (source,), 1, FusedScore(0.03), 1, None, 1, None)
    prompt = Prompt((), (passage,), (), 0)

    def failed(question: str) -> list[str]:
        decision = check_quote(question, True, quote, 1, prompt, None, 0.4)
        return [c.name for c in decision.checks if not c.passed]

    assert failed("root cause of the search indexing lag") == ["answer_type"]
    refusal = check_quote("root cause of the lag", True, quote, 1, prompt, None, 0.4).failed
    assert refusal is not None and refused_as_not_known_yet(refusal)  # not read again
    assert failed("is the search indexing lag write-up done?") == []


BOATS = (
    "| Name | Typ | Baujahr | Werft | Zustand |\n|---|---|---|---|---|\n"
    "| Elsterperle | Gig-Doppelvierer | 1998 | Empacher | gut |\n"
    "| Möwe | Renneiner | ? (weiß ich nicht, Günter fragen) | ? | Riss geflickt |\n"
)


def test_a_row_leaving_the_asked_column_open_says_the_value_is_not_known() -> None:
    source = ChunkSource("verein/boote-inventar.md", ("Boote – Inventar",), 1, 6)
    passage = Passage("h1", BOATS, (source,), 1, FusedScore(0.03), 1, None, 1, None)
    prompt = Prompt((), (passage,), (), 0)
    row = "| Möwe | Renneiner | ? (weiß ich nicht, Günter fragen) | ? | Riss geflickt |"
    refusal = check_quote("baujahr ruderboot möwe", True, row, 1, prompt, None, 0.4).failed
    assert refusal is not None and refused_as_not_known_yet(refusal)
    assert "Baujahr" in refusal.detail
    # the row's other columns, and another row's year, are answered
    assert check_quote("welcher typ ist die möwe", True, row, 1, prompt, None, 0.4).passed
    full = "| Elsterperle | Gig-Doppelvierer | 1998 | Empacher | gut |"
    assert check_quote("baujahr elsterperle", True, full, 1, prompt, None, 0.4).passed


def test_an_open_cell_is_a_question_mark_or_a_pending_phrase() -> None:
    header = ["Item", "Price", "Due"]
    assert open_asked_cell("| Door | TBC | 12 May |", header, "price of the door", "en") == "Price"
    assert open_asked_cell("| Door | ?? | 12 May |", header, "door price", "en") == "Price"
    assert open_asked_cell("| Door | £420 | ? |", header, "door price", "en") is None
    assert open_asked_cell("| Door | ? | ? |", header, "door", "en") is None  # no column asked


def test_the_clause_about_the_asked_month_decides() -> None:
    line = "- November electric came in at $109.87. December's bill isn't out yet."
    asked = "december electric bill amount"
    assert asked_type(asked) is AnswerType.PRICE
    assert pending_for_question(line, AnswerType.PRICE, asked)
    assert not pending_for_question(line, AnswerType.PRICE, "november electric bill amount")


def test_a_terse_date_with_its_year_asks_for_a_date() -> None:
    """ "regionals meet date 2025": the row "| TBA | Regionals | TBA |" says it is not known."""
    assert asked_type("regionals meet date 2025") is AnswerType.DATE
    assert pending_for_question("| TBA | Regionals | TBA | — |", AnswerType.DATE, "regionals date")


def test_a_pending_phrase_the_question_writes_is_what_it_asks_about() -> None:
    error = "SHADER ERROR: Unknown identifier in expression: 'SCREEN_TEXTURE'"
    assert says_pending(error)
    assert not says_pending(error, asked=f"{error} how to fix")
    # the question's word must be the same word, not one holding it
    assert says_pending("cause still unknown", asked="list the unknowns of the crash")
    assert says_pending("price TBC", asked="price of the venue?")
