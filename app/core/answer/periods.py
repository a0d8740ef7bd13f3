"""Is the quote about the month the question asks about, or about another one?

Notes keep one line per month: a bill table's rows, a rota's weeks, a log's dated entries.
Asked for April's gas bill, a small model quotes March's row ("| mar 2025 | 36 | $688 |");
asked who is on call the week of 2 February, it quotes the row of 19 January. Every word
of such a quote is real and on topic. A quote that dates itself to other months only, in
a passage whose heading, lead and path never name the asked one, is about another period.
"""

from __future__ import annotations

import re

from app.core.basics.dates import MONTHS, YEAR, dates
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


def _years(text: str) -> list[int]:
    return [int(y) for y in YEAR.findall(text)]


def _covers(asked: int, cell: str) -> bool:
    """Whether a cell names the asked year, or a span of years holding it ("2019–2021")."""
    years = _years(cell)
    return asked in years or (len(years) >= 2 and min(years) <= asked <= max(years))


def other_year(question: str, row_cells: list[str], header: list[str]) -> str | None:
    """Why a table row is about other years than the question asks about: the row is
    keyed by another year ("| 2024 | £54.85 |" for the 2025 MOT), or the table's columns
    are years and none is the asked one ("| Wasser/Abwasser | 318,44 € | 368,58 € |" under
    "| Position | 2022 | 2023 | 2024 |" for the water costs of 2021). None when the
    question names no year, a year only dates something else ("since 2021"), or the row
    names the asked year itself."""
    folded = fold(question)
    asked = [
        int(m.group(0)) for m in YEAR.finditer(folded) if not _RELATIVE.search(folded[: m.start()])
    ]
    if not asked:
        return None
    key = row_cells[0].strip() if row_cells else ""
    if YEAR.fullmatch(key):
        stated = None if any(_covers(a, key) for a in asked) else key
    elif any(_covers(a, cell) for a in asked for cell in row_cells):
        stated = None
    else:
        columns = [cell for cell in header[1:] if _years(cell)]
        covered = any(_covers(a, c) for a in asked for c in columns)
        stated = ", ".join(columns) if columns and not covered else None
    if stated is None:
        return None
    asked_years = ", ".join(map(str, asked))
    return f"the question asks about {asked_years}; the quoted row is about {stated}"
