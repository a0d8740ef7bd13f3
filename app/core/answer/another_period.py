"""Is the quote about another month, year or day of the week than the one asked about?

Notes keep one row per month or year, one note per year's return, one label per year's
value. A small model asked for April's gas bill quotes March's row; asked for the 2025
premium, it quotes "Prime 2024 : 4 318 €". A yes/no question is answered by another
period ("no, in May"), so none of these apply to one.
"""

from __future__ import annotations

from app.core.answer.other_weekday import another_weekday
from app.core.answer.periods import (
    month_framed,
    other_day_titled,
    other_month_titled,
    other_period,
    other_year,
    other_year_labelled,
    other_year_titled,
)
from app.core.answer.quoted_items import lead_in, quoted_item, row_cells, table_header
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_type import asked_type
from app.core.verdict.yes_no import is_yes_no

_WHEN_ASKED = (AnswerType.DATE, AnswerType.WHEN, AnswerType.TIME)


def another_period(
    question: str, quote: str, passage_text: str, where: str = "", titles: str = ""
) -> str | None:
    """Why the quote is about another month, year or weekday than the asked one, or None.

    `where` is the passage's heading path, note lead and paths; `titles` its heading path
    and note paths alone.
    """
    if is_yes_no(question):
        return None
    return (
        _another_month(question, quote, passage_text, where)
        or _another_year(question, quote, passage_text)
        or other_year_labelled(question, quote)
        or _titled_year(question, quote, titles)
        or _titled_month(question, quote, titles)
        or (other_day_titled(question, quote, titles) if titles else None)
        or another_weekday(question, quote, passage_text)
    )


def _another_month(question: str, quote: str, passage_text: str, where: str) -> str | None:
    """The row or entry of another month than the one asked (March's gas bill for
    April's)."""
    item = quoted_item(quote, passage_text)
    line = item[1] if item is not None else quote
    if (
        asked_type(question) in _WHEN_ASKED
        and not line.lstrip().startswith("|")
        and not month_framed(question)
    ):
        return None  # "when is the April bill due?": "due 12 May" is its answer
    context = f"{where}\n{lead_in(quote, passage_text)}"
    return other_period(question, f"{quote}\n{line}", context)


def _another_year(question: str, quote: str, passage_text: str) -> str | None:
    """The row of a table of other years than the one asked (2022's water costs for
    2021's)."""
    item = quoted_item(quote, passage_text)
    if item is None:
        return None
    header = table_header(item[1], passage_text)
    if header is None:
        return None
    return other_year(question, row_cells(item[1]), header)


def _titled_year(question: str, quote: str, titles: str) -> str | None:
    """A quote from a note or section titled with another year than the one asked (the
    2023 tax return's refund for 2024's)."""
    if not titles:
        return None
    day_dates = asked_type(question) in _WHEN_ASKED
    return other_year_titled(question, quote, titles, day_dates=day_dates)


def _titled_month(question: str, quote: str, titles: str) -> str | None:
    """A quote naming no month, from a note or section titled with another month than the
    one asked (March's newsletter's open rate for May's)."""
    return other_month_titled(question, quote, titles) if titles else None
