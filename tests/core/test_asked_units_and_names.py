"""Answers of the asked kind, read more closely: an amount asked in a unit is stated in
that unit (kilos, kWh, square metres, cubic metres), a terse query for a lock's code asks
a code, a date asked within a month lies in it, and a person's own full name does not
answer who takes over from them."""

from __future__ import annotations

import pytest

from app.core.answer.another_period import another_period
from app.core.answer.former_values import gives_former_value
from app.core.answer.periods import month_framed
from app.core.answer.sentence_checks import names_something
from app.core.basics.text import lexical_tokens
from app.core.basics.values import quantities
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_type import asked_type
from app.core.verdict.measures import counted_unit, dimension
from app.core.verdict.stated_values import states


@pytest.mark.parametrize(
    ("text", "unit", "measures"),
    [
        ("Tuin 12 is 150 m² groot.", "m2", "area"),
        ("plot of 200 m2", "m2", "area"),
        ("het complex verbruikte 412 kuub", "m3", "volume"),
        ("a 3 m³ water butt", "m3", "volume"),
        ("De zonnepanelen leverden 3.712 kWh op.", "kwh", "energy"),
        ("een warmtepomp van 5 kW", "kw", "power"),
        ("a strip of 12 m along the ditch", "m", "length"),
    ],
)
def test_areas_volumes_and_energy_are_read_with_their_units(
    text: str, unit: str, measures: str
) -> None:
    (quantity,) = [q for q in quantities(text) if q.unit is not None]
    assert quantity.unit == unit
    assert dimension(quantity.unit) == measures


def test_a_number_and_its_new_unit_are_one_search_token() -> None:
    assert "412m3" in lexical_tokens("het complex verbruikte 412 kuub", "nl")
    assert "3712kwh" in lexical_tokens("3712 kWh", "en")


@pytest.mark.parametrize(
    ("question", "unit"),
    [
        ("hoeveel kilo asperges heb ik in 2025 geoogst", "kg"),
        ("hoeveel kWh stroom verbruikt het clubhuis per jaar", "kwh"),
        ("how much kWh did the panels make", "kwh"),
        ("wie viel Liter Wasser", "l"),
        ("hoeveel vierkante meter is tuin 12", "m2"),
        ("how many square metres is plot 12", "m2"),
        ("how many people came", ""),
        # an amount without its unit may be any measure, and money is a price's
        ("hoeveel water heeft het complex verbruikt", None),
        ("how much is the rent", None),
        ("quanto ha dato il forno nel 2024", None),
        ("quanti posti ha la sala", ""),
    ],
)
def test_the_unit_an_amount_is_asked_in(question: str, unit: str | None) -> None:
    assert counted_unit(question) == unit


@pytest.mark.parametrize(
    ("question", "text", "context", "stated"),
    [
        # counts of other things, or labels, are no amount in the asked unit
        ("hoeveel kilo asperges heb ik in 2025 geoogst", "2 planten is genoeg!!", "", False),
        (
            "hoeveel kWh stroom verbruikt het clubhuis per jaar",
            "Er waren twee lekkages (tuin 9 en bij de hoofdleiding achter het clubhuis)",
            "",
            False,
        ),
        ("how many km is the ride", "Honda Fit 2016", "", False),
        ("hoeveel kilo aardappels heb ik geoogst", "3 zakken, genoeg voor de winter", "", False),
        # the unit written, a figure alone, a column or a passage naming the unit
        ("hoeveel kWh stroom leverden de panelen", "De panelen leverden 3.712 kWh op", "", True),
        ("hoeveel kilo aardappels heb ik geoogst", "± 0,5 kg [2].", "", True),
        ("hoeveel kilo aardappels heb ik geoogst", "12,5 [1].", "", True),
        ("hoeveel kilo aardappels heb ik geoogst", "| Bintje | 12,5 | goed |", "", True),
        ("how many km is the ride", "We rode 42 along the coast", "Distance in km", True),
        ("hoeveel vierkante meter is tuin 12", "Tuin 12: 150 m²", "", True),
        ("hoeveel vierkante meter is tuin 12", "Tuin 12 is 15 m lang", "", False),
        ("how many people came", "58 children and 9 adults", "", True),
    ],
)
def test_an_amount_asked_in_a_unit_is_stated_in_it(
    question: str, text: str, context: str, stated: bool
) -> None:
    assert states(text, AnswerType.QUANTITY, question, context) is stated


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("code schuur?", AnswerType.CODE),
        ("schuurcode", AnswerType.CODE),
        ("pincode van het hek", AnswerType.CODE),
        ("code sleutelkastje clubhuis", AnswerType.CODE),
        ("shed code?", AnswerType.CODE),
        ("code shed", AnswerType.CODE),
        ("code of conduct", None),
        ("code review process", None),
    ],
)
def test_a_terse_query_for_what_a_code_opens_asks_a_code(
    question: str, kind: AnswerType | None
) -> None:
    assert asked_type(question) is kind


@pytest.mark.parametrize(
    ("question", "answer", "new"),
    [
        ("wie wordt de nieuwe kantinebeheerder als Corrie stopt?", "Corrie Jacobs [2].", False),
        ("Who did Tom sell his scope to?", "Tom Baxter", False),
        ("Who did Tom sell his scope to?", "Sam Oduya", True),
        ("who is Corrie's husband?", "Piet Jacobs", True),
        # asked which of that name, or after someone with a surname, another may share it
        ("Which Dave is the equipment officer", "Dave Sutcliffe [5].", True),
        ("welke Jan leest de watermeters af?", "Jan de Vries [1].", True),
        ("Who replaced Dave Holroyd as treasurer?", "Dave Sutcliffe", True),
    ],
)
def test_the_full_name_of_the_person_asked_about_names_no_one_new(
    question: str, answer: str, new: bool
) -> None:
    assert names_something(answer, question, person=True) is new
    assert names_something(answer, question)  # a place's name may repeat the question's


@pytest.mark.parametrize(
    ("answer", "named"),
    [
        ("17:00–19:00, 10 min slots", False),  # what a number counts is no place
        ("8 appts", False),
        ("16:30–19:30, main hall", True),
        ("12 Baker Street", True),  # a capitalised word after a number is a name
        ("3 boxes in the loft", True),
    ],
)
def test_what_a_number_counts_names_no_place(answer: str, named: bool) -> None:
    assert names_something(answer, "where's the y13 parents evening held") is named


@pytest.mark.parametrize(
    ("text", "placed"),
    [
        ("## Y13 – Thu 23 Jan 2025\n- 17:00–19:00, 10 min slots", False),  # a date's words
        ("Tue 7 Jan – Fri 17 Jan 2025, in the sports hall", True),
        ("Sandy Lane allotments, plot 14B", True),
    ],
)
def test_a_dates_weekday_and_month_are_no_place(text: str, placed: bool) -> None:
    assert states(text, AnswerType.PLACE, "where's the y13 parents evening held") is placed


@pytest.mark.parametrize(
    ("question", "framed"),
    [
        ("op welke datum heeft groep B in september werkbeurt", True),
        ("what date in March did we plant the garlic", True),
        ("wann ist im Mai das Sommerfest", True),
        ("when is the April bill due?", False),
        ("¿cuándo salimos en mar abierto?", False),
        ("when did we plant garlic in 2024", False),
    ],
)
def test_a_date_asked_within_a_month(question: str, framed: bool) -> None:
    assert month_framed(question) is framed


def test_a_date_of_another_month_does_not_answer_a_date_asked_within_one() -> None:
    question = "op welke datum heeft groep B in september werkbeurt"
    quote = "Werkbeurt groep B: zaterdag 12 april."
    assert another_period(question, quote, quote) is not None
    row = "| 13 september 2025 | B | Fatima | oogstfeest opbouwen |"
    assert another_period(question, row, row) is None
    # the month names the bill, and it may fall due in another
    assert another_period("when is the April bill due?", "due 12 May", "due 12 May") is None


@pytest.mark.parametrize(
    "question",
    ["wat rekent de vereniging nu per kuub water", "wat rekenen we voor een tosti"],
)
def test_what_a_dutch_question_says_is_charged_is_a_price(question: str) -> None:
    assert asked_type(question) is AnswerType.PRICE


FINE = "- Boete gemiste werkbeurt wordt € 30,00 (was € 25,00). Aangenomen, 3 tegen."
MEMBERSHIP = "Adult membership goes up from £35 to £38 in April."
WATER = "Water gaat van € 1,98 naar € 2,15 per m³."


@pytest.mark.parametrize(
    ("question", "answer", "quote", "former"),
    [
        ("Hoeveel boete krijg je tegenwoordig bij een gemiste werkbeurt?", "€ 25,00", FINE, True),
        ("Hoeveel boete krijg je tegenwoordig bij een gemiste werkbeurt?", "€ 30,00", FINE, False),
        ("what does adult membership cost", "£35 a year", MEMBERSHIP, True),
        ("what does adult membership cost", "£38 a year", MEMBERSHIP, False),
        ("wat kost water per kuub", "€ 1,98 per m³", WATER, True),
        # asked for the old value, or a year's, the former one answers
        ("wat was de boete vroeger", "€ 25,00", FINE, False),
        ("what did adult membership cost in 2024", "£35", MEMBERSHIP, False),
        # a range is no change
        ("how many people fit", "20", "Groups from 20 to 30 people", False),
    ],
)
def test_an_answer_giving_the_value_its_quote_says_was_replaced(
    question: str, answer: str, quote: str, former: bool
) -> None:
    assert (gives_former_value(question, answer, quote) is not None) is former


def test_a_unit_spelled_out_is_searched_as_its_symbol() -> None:
    assert "m3" in lexical_tokens("wat rekent de vereniging per kuub water", "nl")
    assert "m3" in lexical_tokens("Water: € 2,15 per m³", "nl")
    assert "kwh" in lexical_tokens("Wie viele Kilowattstunden?", "de")


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Op welke plek staat Lotte van Dam nu op de wachtlijst?", AnswerType.QUANTITY),
        ("what position is Tom on the waiting list", AnswerType.QUANTITY),
        ("which place did we finish in the league", AnswerType.QUANTITY),
        ("op welke plek staat de container", None),
        ("which spot is free in the car park", None),
    ],
)
def test_a_position_in_a_list_is_a_number(question: str, kind: AnswerType | None) -> None:
    assert asked_type(question) is kind
