"""Is the quote about the month the question asks about, or about another one?

Notes keep one line per month: a bill table's rows, a rota's weeks, a log's dated entries.
Asked for April's gas bill, a small model quotes March's row ("| mar 2025 | 36 | $688 |");
asked who is on call the week of 2 February, it quotes the row of 19 January. Every word
of such a quote is real and on topic. A quote that dates itself to other months only, in
a passage whose heading, lead and path never name the asked one, is about another period.
"""

from __future__ import annotations

import re

from app.core.basics.dates import MONTHS, dates
from app.core.basics.text import fold

_MONTH_NAMES = (
    "January February March April May June July August September October November December"
).split()

YearMonth = tuple[int | None, int]


def _months(text: str) -> set[YearMonth]:
    return {(year, month) for year, month, _day in dates(text)}


def _agree(asked: YearMonth, stated: YearMonth) -> bool:
    return asked[1] == stated[1] and (
        asked[0] is None or stated[0] is None or asked[0] == stated[0]
    )


def _within(asked: YearMonth, stated: set[YearMonth]) -> bool:
    """Whether the asked month may lie inside the span the stated months run over ("from
    November 2024 to February 2025" covers January 2025). Without years two months could
    run either way round the new year, so any month may lie between them."""
    if len({m for _y, m in stated}) < 2 and len(stated) < 2:
        return False
    if any(y is None for y, _m in stated):
        return True
    order = sorted(y * 12 + m for y, m in stated if y is not None)
    years = {y for y, _m in stated if y is not None}
    candidates = [asked[0]] if asked[0] is not None else sorted(years)
    return any(order[0] <= y * 12 + asked[1] <= order[-1] for y in candidates)


# "the boiler service after the March leak": the month dates something else
_RELATIVE = re.compile(
    r"\b(after|before|since|until|following|depois|antes|desde|despues|apres|avant|nach|"
    r"vor|seit|dopo|prima)\b(\W+\w+){0,2}\W+$"
)


def _dates_something_else(question: str) -> bool:
    """Whether every month of the question follows a word placing something else in time."""
    folded = fold(question)
    found = [m for m in re.finditer(r"[^\W\d_]+", folded) if m.group(0) in MONTHS]
    return bool(found) and all(_RELATIVE.search(folded[: m.start()]) for m in found)


def _written(month: YearMonth) -> str:
    year, number = month
    return _MONTH_NAMES[number - 1] + (f" {year}" if year is not None else "")


def other_period(question: str, quote: str, where: str) -> str | None:
    """Why the quote is about another month than the question asks about (None when the
    question names no month, the quote dates itself to none, or they agree).

    `quote` is the quoted line (a table row's date cell dates the row), `where` what
    names its context (heading path, note lead, note paths, the line opening its list): a
    heading "March 2025" dates an entry "paid on 2 April" to March.
    """
    asked: set[YearMonth] = _months(question)
    if not asked or _dates_something_else(question):
        return None
    stated = _months(quote)
    if not stated or any(_agree(a, s) for a in asked for s in stated):
        return None
    if any(_within(a, stated) for a in asked):
        return None
    around = _months(where)
    if any(_agree(a, s) for a in asked for s in around):
        return None
    return (
        f"the question asks about {', '.join(sorted(map(_written, asked)))}; the quote is "
        f"dated {', '.join(sorted(map(_written, stated)))}"
    )
