"""A quote dated to another month than the one asked is about a neighbour: March's row of a
bill table for April's bill, the rota's 19 January row for the week of 2 February."""

from __future__ import annotations

import pytest

from app.core.answer.neighbours import neighbour_of_asked
from app.core.answer.periods import other_period
from app.core.basics.dates import dates

GAS = (
    "| mes | m³ | total |\n| --- | --- | --- |\n| feb 2025 | 41 | $712 |\n| mar 2025 | 36 | $688 |"
)


@pytest.mark.parametrize(
    ("question", "quote", "passage"),
    [
        ("cuánto llegó el recibo del gas de la casa en abril", "| mar 2025 | 36 | $688 |", GAS),
        (
            "who is secondary on call the week of 2 february 2026",
            "| 2026-01-19 | Rafael Ito | Kwame Asante |",
            "| week | primary | secondary |\n| --- | --- | --- |\n"
            "| 2026-01-12 | Kwame Asante | Rafael Ito |\n"
            "| 2026-01-19 | Rafael Ito | Kwame Asante |",
        ),
        (
            "How many people listened to the Early Shift on 8 March?",
            "- audience: ~1,100 weekly reach (station survey, November 2025)",
            "- slot: 6-9am weekdays\n"
            "- audience: ~1,100 weekly reach (station survey, November 2025)",
        ),
        (
            "How much was the water bill in December 2024?",
            "Water bill for December 2023: £41.",
            "Water bill for December 2023: £41.",
        ),
    ],
)
def test_a_quote_dated_to_another_month_is_a_neighbour(
    question: str, quote: str, passage: str
) -> None:
    found = neighbour_of_asked(question, quote, passage, "Bills\nbills.md")
    assert found is not None and "dated" in found.detail


@pytest.mark.parametrize(
    ("question", "quote", "where"),
    [
        # the asked month itself
        ("how much was the gas bill in March?", "| mar 2025 | 36 | $688 |", ""),
        ("what did I pay on 3 May 2024?", "Paid £40 on 3rd May.", ""),
        # a quote that dates itself to no month: the heading or table header may
        ("How much was the Stowbox bill in December 2024?", "| Stowbox | €288 | €301 |", ""),
        # a span that runs over the asked month
        ("Is anyone away in April?", "Ana is away from March to June.", ""),
        ("Who covers the desk in April?", "Ana covers it from March to June 2025.", ""),
        # the heading dates the entry to the asked month
        ("What did I pay for March's electricity?", "Paid £62 on 2 April.", "Electricity > March"),
        # no month asked
        ("when did v4.12.0 go out", "| v4.12.0 | 2025-09-16 | CSV ticket import v2 |", ""),
        ("When is the dentist?", "Dentist on 3 June at 9:00.", ""),
    ],
)
def test_the_asked_month_or_no_month_is_no_neighbour(question: str, quote: str, where: str) -> None:
    assert other_period(question, quote, where) is None


def test_a_yes_no_question_is_answered_by_another_month() -> None:
    quote = "Dentist bill, 3 June: £45."
    assert neighbour_of_asked("Is the dentist bill from August paid?", quote, quote) is None
    assert neighbour_of_asked("How much was the dentist bill in August?", quote, quote)


def test_a_date_asked_about_a_month_may_fall_in_another() -> None:
    """A due date or a follow-up is in another month than what it is for; only a row of a
    table dated by month is another month's."""
    quote = "- April bill: due 12 May, paid by direct debit"
    assert neighbour_of_asked("when is the April bill due?", quote, quote) is None
    rota = "| week | on call |\n|---|---|\n| 2026-01-19 | Rafael Ito |"
    assert neighbour_of_asked(
        "when is Rafael on call in February 2026?", "| 2026-01-19 | Rafael Ito |", rota
    )


@pytest.mark.parametrize(
    ("question", "quote"),
    [
        (
            "who covers the desk in January 2025?",
            "Ana covers it from November 2024 to February 2025.",
        ),
        ("who covers the desk in January?", "Ana covers it from November to February."),
        ("how much was the boiler repair after the March leak?", "Boiler repaired 14 April: £180."),
    ],
)
def test_a_span_over_the_new_year_or_a_month_dating_something_else(
    question: str, quote: str
) -> None:
    assert other_period(question, quote, "") is None


def test_a_word_month_needs_a_number_beside_it() -> None:
    assert dates("when did v4.12.0 go out") == set()  # "out" is no October here
    assert dates("pagamento 14 de mar") == {(None, 3, 14)}
    assert dates("the 3rd of may") == {(None, 5, 3)}
    assert dates("3 may 2024") == {(2024, 5, 3)}


def test_a_question_opening_with_and_is_not_yes_no() -> None:
    from app.core.verdict.yes_no import is_yes_no

    assert is_yes_no("É caro o estacionamento?") and is_yes_no("Da tempo?")
    assert not is_yes_no("E quanto custou o gás em abril?")
    assert not is_yes_no("Da quando è aperto?")


@pytest.mark.parametrize(
    "question",
    ["Ist der Bootshänger noch zugelassen?", "Wurde die Erhöhung angenommen?", "Gibt es WLAN?",
     "Hat der Techniker angerufen?", "Est-ce que le garage est ouvert ?", "Ha chiamato Luca?"],
)  # fmt: skip
def test_german_french_and_italian_yes_no_questions(question: str) -> None:
    from app.core.verdict.yes_no import is_yes_no

    assert is_yes_no(question)
    assert not is_yes_no("Wann wurde die Erhöhung angenommen?")


COSTS = (
    "# Nebenkosten\n\nÄltere Abrechnungen (2019–2021) nur auf Papier.\n\n"
    "| Position | 2022 | 2023 | 2024 |\n|---|---:|---:|---:|\n"
    "| Wasser/Abwasser | 318,44 € | 368,58 € | 300,42 € |\n"
    "| Müllabfuhr | 176,10 € | 182,94 € | 190,20 € |\n"
)
WATER = "| Wasser/Abwasser | 318,44 € | 368,58 € | 300,42 € |"
MOT = "# MOT\n\n| year | cost |\n|---|---|\n| 2024 | £54.85 |\n| 2025 | not booked yet |\n"


def test_a_row_of_a_table_of_other_years_is_a_neighbour() -> None:
    found = neighbour_of_asked("wasser/abwasser kosten 2021", WATER, COSTS)
    assert found is not None and "2022, 2023, 2024" in found.detail
    assert neighbour_of_asked("wasser/abwasser kosten 2023", WATER, COSTS) is None
    row = "| 2024 | £54.85 |"
    keyed = neighbour_of_asked("how much did the 2025 MOT cost", row, MOT, "MOT")
    assert keyed is not None and "2024" in keyed.detail
    assert neighbour_of_asked("how much did the 2024 MOT cost", row, MOT, "MOT") is None


@pytest.mark.parametrize(
    "question",
    [
        "wasser kosten seit 2021",  # the year dates something else
        "waren die Wasserkosten 2021 höher?",  # yes/no: "no, 2022's were"
        "wasser/abwasser kosten",  # no year asked
    ],
)
def test_a_year_table_is_no_neighbour_when_no_year_is_asked_of_it(question: str) -> None:
    assert neighbour_of_asked(question, WATER, COSTS) is None


def test_a_span_of_years_in_a_column_covers_the_years_inside_it() -> None:
    table = "| Posten | 2019–2021 | 2022 |\n|---|---|---|\n| Wasser | 900 € | 318 € |\n"
    assert neighbour_of_asked("Wasser 2020", "| Wasser | 900 € | 318 € |", table) is None


TAX_2023 = (
    "# Steuererklärung 2023\n\nAbgegeben am 12.06.2024 über ELSTER (selbst gemacht)\n"
    "Bescheid vom 29.07.2024, Erstattung: 847,00 € (überwiesen am 02.08.2024)\n"
)
REFUND = "Bescheid vom 29.07.2024, Erstattung: 847,00 € (überwiesen am 02.08.2024)"
TITLES_2023 = "Steuererklärung 2023\nprivat/steuer/steuererklaerung-2023.md"


def test_a_quote_under_another_years_title_is_a_neighbour() -> None:
    """A 2024 date in the 2023 return's note is no refund for 2024: a year standing in a
    day's date dates an event, the title's year names the period."""
    found = neighbour_of_asked(
        "Wie hoch ist meine Steuererstattung für 2024?", REFUND, TAX_2023, "", TITLES_2023
    )
    assert found is not None and "2024" in found.detail and "2023" in found.detail
    asked_2023 = "Wie hoch ist meine Steuererstattung für 2023?"
    assert neighbour_of_asked(asked_2023, REFUND, TAX_2023, "", TITLES_2023) is None


@pytest.mark.parametrize(
    ("question", "quote", "titles"),
    [
        # asked when: the 2024 date is the answer
        ("Wann kam die Erstattung 2024?", REFUND, TITLES_2023),
        # the quote names the asked year as a period of its own
        ("how much was the 2024 forecast", "2024 forecast: 5,000 €", "Budget 2023\nbudget.md"),
        # the title dates something else, or spans the asked year
        ("how much was the MOT in 2025", "MOT passed, £54", "Car (since 2019)\ncar.md"),
        ("how much was the MOT in 2025", "MOT passed, £54", "Car 2024–2026\ncar.md"),
        # nothing titles a year, or no year is asked
        ("how much was the MOT in 2025", "MOT passed, £54", "Car\ncar.md"),
        ("how much was the MOT", "MOT passed, £54", "MOT 2024\ncar/mot-2024.md"),
        # yes/no: "no, in 2023"
        ("was the refund paid in 2024?", REFUND, TITLES_2023),
    ],
)
def test_a_titled_year_leaves_these_alone(question: str, quote: str, titles: str) -> None:
    assert neighbour_of_asked(question, quote, quote, "", titles) is None


def test_a_season_s_title_spans_both_its_years() -> None:
    """ "Meets 2024–25" holds February 2025: its short second year is a year too."""
    quote = "| Sat Feb 22, 2025 | Lilac Invitational | Northside Aquatic Center |"
    titles = "Meets 2024–25\nswim-team/meets.md"
    assert neighbour_of_asked("lilac invitational venue 2025", quote, quote, "", titles) is None
    found = neighbour_of_asked("lilac invitational venue 2026", quote, quote, "", titles)
    assert found is not None and "2024, 2025" in found.detail


NEWSLETTER = "Stats after one week: 388 recipients, open rate 48%, 31 clicks."
MARCH_TITLES = "Notes from the shop – March 2025\nNewsletter/Newsletter - March 2025.md"


BOX = "G: + tomate cherry 250 g, judía verde 750 g, patata Kennebec 2 kg, albahaca"
JUNE_26 = "Cestas 2024 – junio\n26/06\ncestas/cestas-2024-junio.md"


@pytest.mark.parametrize(
    ("question", "quote", "titles", "named", "right_question"),
    [
        # March's open rate is not May's: the quote names no month, its note is March's
        (
            "What was the open rate of the May newsletter?", NEWSLETTER, MARCH_TITLES,
            ("May", "March 2025"), "What was the open rate of the March newsletter?",
        ),
        # the box of 26 June is not the box of 12 June: the month's log keeps a section
        # per delivery day, and the quoted line names no day
        (
            "¿Qué llevaba la cesta grande el 12 de junio?", BOX, JUNE_26,
            ("12 June", "26 June"), "¿Qué llevaba la cesta grande el 26 de junio?",
        ),
    ],
)  # fmt: skip
def test_a_quote_under_another_months_or_days_title_is_a_neighbour(
    question: str, quote: str, titles: str, named: tuple[str, str], right_question: str
) -> None:
    found = neighbour_of_asked(question, quote, quote, "", titles)
    assert found is not None and all(word in found.detail for word in named), found
    assert neighbour_of_asked(right_question, quote, quote, "", titles) is None


@pytest.mark.parametrize(
    ("question", "titles"),
    [
        ("What was the open rate of the newsletter?", MARCH_TITLES),  # no month asked
        ("What was the open rate of the May newsletter?", "Newsletter\nnewsletter.md"),
        ("Did the May newsletter beat 40%?", MARCH_TITLES),  # yes/no: "no, March's did"
        # the title's months span May
        ("What was the open rate in May?", "Spring: March to June 2025\nspring.md"),
        ("What did we change after the May newsletter?", MARCH_TITLES),  # dates another
    ],
)
def test_a_titled_month_leaves_these_alone(question: str, titles: str) -> None:
    assert neighbour_of_asked(question, NEWSLETTER, NEWSLETTER, "", titles) is None


def test_may_after_an_article_is_the_month_and_the_verb_is_not() -> None:
    assert dates("the May newsletter") == {(None, 5, None)}
    assert dates("since May we open at nine") == {(None, 5, None)}
    assert dates("It may rain, so May I bring the awning?") == set()


@pytest.mark.parametrize(
    ("question", "titles"),
    [
        ("¿Qué llevaba la cesta grande en junio?", JUNE_26),  # no day asked
        ("What was in the box on 12 June?", "Week 10/06 – 16/06\nboxes.md"),  # a span
        ("What was in the box on 1 June?", "Week 28/05 – 03/06\nboxes.md"),  # across months
        ("What was in the box on 12 June?", "Boxes\nboxes.md"),  # titles name no day
        ("Was the 12 June box the big one?", JUNE_26),  # yes/no: "no, 26 June's was"
        ("What changed after the 12 June frost?", JUNE_26),  # the day dates something else
    ],
)
def test_a_titled_day_leaves_these_alone(question: str, titles: str) -> None:
    assert neighbour_of_asked(question, BOX, BOX, "", titles) is None


def test_may_beside_another_month_is_the_month() -> None:
    """A rota "spring 2024 (April–May)" covers May: asked who looks after the hens in May,
    its row is not April's."""
    assert dates("Volunteer rota – spring 2024 (April–May)") == {(None, 4, None), (None, 5, None)}
    assert dates("from April to May") == {(None, 4, None), (None, 5, None)}
    assert dates("May and June") == {(None, 5, None), (None, 6, None)}
    assert dates("It may rain in June") == {(None, 6, None)}  # the verb stays a verb
    question = "Who looks after the hens in May?"
    row = "| Hens (morning + closing at dusk) | Tom | Tom | Tom | Tom | Tom | Tom |"
    titles = "Volunteer rota – spring 2024 (April–May)\nvoluntarios/volunteer rota spring 2024.md"
    assert neighbour_of_asked(question, row, row, "", titles) is None
