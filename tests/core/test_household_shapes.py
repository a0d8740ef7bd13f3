"""Values a note states by its shape: a table column's unit in its header, hours and
minutes run together, a subject named only by the note's file name."""

from __future__ import annotations

import pytest

from app.core.answer.checks import check_quote
from app.core.answer.prompt import Prompt
from app.core.answer.quoted_items import row_with_header_units
from app.core.basics.durations import has_duration
from app.core.basics.scores import FusedScore
from app.core.index.records import ChunkSource
from app.core.index.retrieve import Passage
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.stated_values import states

BUDGET = (
    "## Out\n| item | £/month | notes |\n|---|---|---|\n| mortgage | 1,043.18 | |\n"
    "| groceries | 720 | incl. lunches, was 650 last year |"
)


def test_minutes_and_seconds_under_a_length_column_are_a_length() -> None:
    tracks = "| # | Title | Length |\n|---|---|---|\n| 15 | The Snuffer | 4:48 |"
    row = row_with_header_units("| 15 | The Snuffer | 4:48 |", tracks)
    assert row == "| 15 | The Snuffer | 4 min 48 s |"
    assert states(row, AnswerType.DURATION, "how long is the snuffer track")
    race = "| Race | Dauer |\n|---|---|\n| Halbmarathon | 1:52:07 |"
    assert row_with_header_units("| Halbmarathon | 1:52:07 |", race) == (
        "| Halbmarathon | 1 h 52 min 07 s |"
    )
    # under a column of clock times it is a time of day, and no length
    buses = "| Line | Departs |\n|---|---|\n| 7 | 9:00 |"
    assert row_with_header_units("| 7 | 9:00 |", buses) == "| 7 | 9:00 |"
    assert not states("| 7 | 9:00 |", AnswerType.DURATION, "how long is the bus ride")


def test_a_bare_number_takes_its_columns_currency_or_unit() -> None:
    row = "| groceries | 720 | incl. lunches, was 650 last year |"
    assert row_with_header_units(row, BUDGET).startswith("| groceries | £720 |")
    timings = "| step | time (min) |\n|---|---|\n| proof | 45 |"
    assert row_with_header_units("| proof | 45 |", timings) == "| proof | 45 min |"
    assert row_with_header_units("| step | time (min) |", timings) == "| step | time (min) |"
    assert row_with_header_units("- groceries: 720", BUDGET) == "- groceries: 720"
    takings = "| Month | 2024 | 2025 |\n|---|---|---|\n| May | 2,480 | 2,615 |"
    heading = "Bar takings (gross £, till Z-reads)"
    assert row_with_header_units("| May | 2,480 | 2,615 |", takings, heading) == (
        "| May | £2,480 | £2,615 |"
    )
    assert row_with_header_units("| May | 2,480 | 2,615 |", takings) == "| May | 2,480 | 2,615 |"
    covers = "| Month | Takings | Covers |\n|---|---|---|\n| May | 2,480 | 310 |"
    assert row_with_header_units("| May | 2,480 | 310 |", covers, heading) == (
        "| May | £2,480 | 310 |"
    )


@pytest.mark.parametrize(
    ("text", "duration"),
    [
        ("Drive: 3h40 with one stop at Pont Abraham services.", True),
        ("took 2h30m door to door", True),
        ("left at 13h30", False),  # a time of day
        ("chegamos às 9h30", False),
        ("Pete came at 10:30", False),
        ("9h30 réunion", False),
        ("Consulta: 14h30", False),
        ("9h30-11h00", False),
        ("durou 1h30 com trânsito", True),
    ],
)
def test_hours_and_minutes_run_together_are_a_length(text: str, duration: bool) -> None:
    assert has_duration(text) is duration


def passage(text: str, file: str, heading: tuple[str, ...]) -> Passage:
    source = ChunkSource(file, heading, 1, 6)
    return Passage("h1", text, (source,), 1, FusedScore(0.03), 1, None, 1, None)


def failed(question: str, quote: str, shown: Passage) -> list[str]:
    decision = check_quote(question, True, quote, 1, Prompt((), (shown,), (), 0), None, 0.45)
    return [c.name for c in decision.checks if not c.passed]


def test_a_table_row_states_a_price_its_header_gives() -> None:
    shown = passage(BUDGET, "money/budget-2025.md", ("Budget 2025", "Out"))
    quote = "| groceries | 720 | incl. lunches, was 650 last year |"
    assert failed("how much do we budget for food shopping each month", quote, shown) == []


def test_a_note_named_by_its_file_is_on_topic() -> None:
    text = "# Greenstar Halden 30c\n\nInstalled: 14 Nov 2019 by Avon Heat & Gas.\n"
    shown = passage(text, "house/boiler.md", ("Greenstar Halden 30c",))
    quote = "Installed: 14 Nov 2019 by Avon Heat & Gas."
    assert failed("when was the boiler put in", quote, shown) == []
    elsewhere = passage(text, "house/appliances.md", ("Greenstar Halden 30c",))
    assert "quote_on_topic" in failed("when was the boiler put in", quote, elsewhere)


@pytest.mark.parametrize(
    ("text", "duration"),
    [
        ("  intervalo_segundos: 120", True),
        ("timeout_ms = 500", True),
        ('"retry_delay_secs": 30', True),
        ("RETRY_HOURS=6", True),
        ("max_tentativas: 3", False),  # a count
        ("port: 8080", False),
        ("dias: seg a sex", False),  # days of the week, no length
    ],
)
def test_a_setting_whose_key_names_its_unit_is_a_length(text: str, duration: bool) -> None:
    assert has_duration(text) is duration


@pytest.mark.parametrize(
    ("text", "often"),
    [
        ("- Frequência: **a cada 12 meses** (preventiva anual)", True),
        ("Wartung alle 2 Jahre", True),
        ("Vidange tous les 6 mois", True),
        ("alle Unterlagen liegen im Ordner", False),  # "all", no frequency
        ("cada paciente traz a toalha", False),  # "each"
    ],
)
def test_how_often_is_said_in_every_language(text: str, often: bool) -> None:
    question = "How often does the electrostimulator need maintenance?"
    assert states(text, AnswerType.WHEN, question) is often
