from __future__ import annotations

import pytest

from app.core.answer.claims import unsupported_claims
from app.core.basics.durations import has_duration
from app.core.basics.values import has_money, quantities, times
from app.core.basics.weekdays import day_numbers, weekdays


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("na segunda às 10h", {"segunda"}),
        ("segunda-feira", {"segunda"}),
        ("de segunda a sexta", {"segunda", "sexta"}),
        ("terça e quinta", {"terca", "quinta"}),
        ("Quarta: laboratório", {"quarta"}),
        ("sábado de manhã", {"sabado"}),
        ("Sat 13 Jun 15:00 ferry", {"sat"}),
        ("Fridays at 5", {"friday"}),
        ("| segunda | 8h-10h | Cálculo |", {"segunda"}),
        ("- quinta 14h: laboratório", {"quinta"}),
        ("Meu plantão é sexta", {"sexta"}),
        ("Terça, 14/05", {"terca"}),
        ("A prova é na segunda.", {"segunda"}),
        ("mon/wed/fri gym", {"mon", "wed", "fri"}),
        ("terc\u0327a-feira", {"terca"}),  # typed with a combining cedilla
    ],
)
def test_days_are_read_in_either_language(text: str, expected: set[str]) -> None:
    assert weekdays(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Quando é a segunda prova de Física?",
        "a segunda lei de Newton",
        "prova de segunda chamada",
        "a quinta questão da lista",
        "na segunda vez que tentei",
        "Segunda Guerra Mundial",
        "Na segunda prova de Física tirei 8",
        "the sun is hot",
        "we sat down and wed the two tables",
    ],
)
def test_ordinals_and_plain_words_are_not_days(text: str) -> None:
    assert weekdays(text) == set()
    assert day_numbers(text) == set()


@pytest.mark.parametrize(
    ("answer", "quote"),
    [
        ("Wed at 3pm", "Standup moved to Wednesday at 3pm"),
        ("On Wednesday", "Bins go out Wed night"),
        ("Na quarta-feira", "Reunião toda quarta às 9h"),
    ],
)
def test_a_day_is_one_day_in_any_spelling(answer: str, quote: str) -> None:
    assert unsupported_claims(answer, [quote]) == []


def test_another_day_is_unsupported() -> None:
    assert [c.text for c in unsupported_claims("On Thursday", ["Bins go out Wed night"])] == [
        "thursday"
    ]


def test_a_code_that_starts_with_a_day_is_still_a_code() -> None:
    unsupported = unsupported_claims("It was MON-1234.", ["The fix landed in MON-1235."])
    assert [c.text for c in unsupported] == ["MON-1234"]


@pytest.mark.parametrize(
    ("text", "clock", "money"),
    [
        ("input is $0.30 per million tokens and output is\n$2.50", set(), True),
        ("R$ 12.30 a entrada", set(), True),
        ("the shelf is 2.50 m wide, 1.25% of the budget", set(), False),
        ("meet at 9.30, leave 9.30 am", {(9, 30)}, False),
        ("plantão 9.30-10.30", {(9, 30), (10, 30)}, False),
        ("release v1.2.30 went out at 14:05", {(14, 5)}, False),
    ],
)
def test_a_dotted_number_is_a_clock_time_only_where_no_amount_or_measure_reads_it(
    text: str, clock: set[tuple[int, int]], money: bool
) -> None:
    assert times(text) == clock
    assert has_money(text) is money


def test_a_price_with_cents_is_a_quantity_in_its_currency() -> None:
    assert [(q.values, q.unit) for q in quantities("output is $2.50")] == [
        (frozenset({2.5}), "usd")
    ]


@pytest.mark.parametrize(
    "code",
    [
        "format('{:06d}', n) || '.parquet'",
        'printf("%5d items", n)',
        "{count:06d}",
        'f"{elapsed:5d}"',
    ],
)
def test_a_format_spec_in_code_is_no_quantity(code: str) -> None:
    """ "{:06d}" is a zero-padded integer, not six days: a quote above such a code block
    must not pass as stating a length of time."""
    assert [q.written for q in quantities(code) if q.unit is not None] == []


def test_a_number_glued_to_its_unit_outside_a_format_spec_is_still_one() -> None:
    assert [(q.values, q.unit) for q in quantities("the backfill took 41h, then 3d more")] == [
        (frozenset({41.0}), "hour"),
        (frozenset({3.0}), "day"),
    ]
    assert [q.unit for q in quantities("80% 2h later")] == ["percent", "hour"]


@pytest.mark.parametrize("text", ["Consigna: 4 °C", "Consigna: 4°C", "Consigna: 4 ºC", "a 4ºC"])
def test_degrees_in_either_sign_are_a_temperature(text: str) -> None:
    """Spanish keyboards type the ordinal sign "º" for the degree sign "°"."""
    assert [(q.values, q.unit) for q in quantities(text)] == [(frozenset({4.0}), "degree")]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("rdv 16 h 30 devant la salle", {(16, 30)}),
        ("tous les dimanches à 2 h 30", {(2, 30)}),
        ("ouvert à 9 h", {(9, 0)}),
        ("a las 10h en la puerta", {(10, 0)}),
        ("permanence 14h–18h", {(14, 0)}),
        ("a full restore takes 2 h 40 min", set()),  # a length of time
        ("14h", set()),  # alone, as likely 14 hours
    ],
)
def test_french_and_spanish_clock_times(text: str, found: set[tuple[int, int]]) -> None:
    assert times(text) == found


@pytest.mark.parametrize(
    ("answer", "quote", "supported"),
    [
        ("2 h 40 [1].", "Rough timing: **2 h 40 min**, mostly downloading.", True),
        ("2 h 45 [1].", "Rough timing: **2 h 40 min**, mostly downloading.", False),
        ("16 h 30 [1].", "rdv 16 h 30 devant la salle", True),
    ],
)
def test_a_time_said_of_a_length_of_time_is_that_length(
    answer: str, quote: str, supported: bool
) -> None:
    assert (unsupported_claims(answer, [quote]) == []) is supported


@pytest.mark.parametrize(
    "text",
    ["Laisser macérer 10 à 15 jours", "plâtre 6 semaines", "gardées 30 jours", "2 ans",
     "3 Wochen", "tra 3 giorni", "4 mois"],
)  # fmt: skip
def test_lengths_of_time_in_french_german_and_italian(text: str) -> None:
    assert has_duration(text)


def test_once_before_a_clause_is_when_not_how_many() -> None:
    assert quantities("to follow once the Thursday slot is sorted") == []
    assert [q.values for q in quantities("descale once a month")] == [frozenset({1})]
