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
    r"vor|seit|dopo|prima|sinds|nadat)\b(\W+\w+){0,2}\W+$"
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
    asked = _asked_months(question)
    stated = _months(quote)
    if not asked or _holds(asked, stated):
        return None
    if any(_agree(a, s) for a in asked for s in _months(where)):
        return None
    return f"the question asks about {_listed(asked)}; the quote is dated {_listed(stated)}"


def other_month_titled(question: str, quote: str, titles: str) -> str | None:
    """Why a quote that dates itself to no month is about another month than the one
    asked, by what titles its passage: "open rate 48%" quoted from "Newsletter - March
    2025.md" for the open rate of the May newsletter. None when the question names no
    month, the quote names one (`other_period` reads it), or the titles name none or
    the asked one."""
    asked = _asked_months(question)
    titled = _months(titles)
    if not asked or _months(quote) or _holds(asked, titled):
        return None
    return (
        f"the question asks about {_listed(asked)}; the quoted passage is titled {_listed(titled)}"
    )


def other_day_titled(question: str, quote: str, titles: str) -> str | None:
    """Why the quote stands under another day's heading than the day asked: "el 12 de
    junio" asked, "G: + tomate cherry 250 g, …" quoted from the section "### 26/06" of
    the month's log. None when the question names no day, the quote names the asked one,
    or the titles name no day or one (or a span of days) that may be it."""
    asked = _days(question)
    titled = _days(titles)
    if not asked or not titled or asked & _days(quote) or _dates_something_else(question):
        return None
    if any(_day_within(day, titled) for day in asked):
        return None
    return (
        f"the question asks about {_listed_days(asked)}; the quote stands under "
        f"{_listed_days(titled)}"
    )


MonthDay = tuple[int, int]


def _days(text: str) -> set[MonthDay]:
    return {(month, day) for _year, month, day in dates(text) if day is not None}


def _day_within(asked: MonthDay, titled: set[MonthDay]) -> bool:
    """The titles name the day, or a span of at most a month it may lie in ("10/06 –
    16/06", "28/05 – 03/06"). "12/06" is also read as 6 December: its two readings,
    months apart, span nothing."""
    wanted = asked[0] * 31 + asked[1]
    order = sorted(month * 31 + day for month, day in titled)
    spans = zip(order, order[1:], strict=False)
    return asked in titled or any(lo <= wanted <= hi and hi - lo <= 31 for lo, hi in spans)


def _listed_days(days: set[MonthDay]) -> str:
    return " or ".join(f"{day} {_MONTH_NAMES[month - 1]}" for month, day in sorted(days))


def _asked_months(question: str) -> set[YearMonth]:
    """The months a question asks about; none when each dates something else."""
    return set() if _dates_something_else(question) else _months(question)


# "which day in September", "op welke datum … in september", "quand en mai": the month
# the date asked lies in, where "the April bill" names a thing that may fall due in May
_IN_MONTH = re.compile(
    r"\b(in|during|im|en|em|no|na|nel|nella|a|au|i|tijdens|durante|wahrend|pendant|"
    r"under)\s+(de\s+|the\s+month\s+of\s+|month\s+of\s+)?([^\W\d_]+)\b"
)


def month_framed(question: str) -> bool:
    """Whether the question places the asked date within a month ("in September") written
    in full: "en mar" is at sea, "no set" in no set."""
    return any(_full_month(m.group(3)) for m in _IN_MONTH.finditer(fold(question)))


def _full_month(word: str) -> bool:
    return (
        word in MONTHS
        and (len(word) >= 4 or word in ("may", "mai", "maj", "mei"))
        and (word != "marco")
    )


def _holds(asked: set[YearMonth], stated: set[YearMonth]) -> bool:
    """Whether the stated months say nothing against the asked ones: none stated, one
    agreeing, or a span holding an asked month."""
    return (
        not stated
        or any(_agree(a, s) for a in asked for s in stated)
        or any(_within(a, stated) for a in asked)
    )


def _listed(months: set[YearMonth]) -> str:
    return ", ".join(sorted(map(_written, months)))


def _years(text: str) -> list[int]:
    return [int(y) for y in YEAR.findall(text)]


def _covers(asked: int, cell: str) -> bool:
    """Whether a cell names the asked year, or a span of years holding it ("2019–2021")."""
    years = _years(cell)
    return asked in years or (len(years) >= 2 and min(years) <= asked <= max(years))


def _asked_years(question: str) -> list[int]:
    """The years a question asks about, not those dating something else ("since 2021")."""
    folded = fold(question)
    return [
        int(m.group(0)) for m in YEAR.finditer(folded) if not _RELATIVE.search(folded[: m.start()])
    ]


# A year inside a date with its day ("12.06.2024", "2024-06-12", "12 June 2024", "June
# 12, 2024") dates an event; a year on its own ("Steuer 2024") names a period.
_DAY_DATE = re.compile(
    r"\b\d{1,2}[./]\d{1,2}[./](19|20)\d\d\b|\b(19|20)\d\d-\d{1,2}-\d{1,2}\b|"
    r"\b\d{1,2}(st|nd|rd|th)?\.?\s+(of\s+|de\s+)?[^\W\d_]{3,}\.?,?\s+(de\s+)?(19|20)\d\d\b|"
    r"\b[^\W\d_]{3,}\.?\s+\d{1,2}(st|nd|rd|th)?,?\s+(19|20)\d\d\b"
)


def _years_of_periods(text: str) -> list[int]:
    """The years `text` names on their own, not as the year of a day's date."""
    return _years(_DAY_DATE.sub(" ", fold(text)))


_SEASON = re.compile(r"(?<!\d)((?:19|20)\d\d)\s*[-–—/]\s*(\d\d)(?![\d.:/-])")


def other_year_titled(question: str, quote: str, titles: str, *, day_dates: bool) -> str | None:
    """Why a quote is about another year than the question asks about, by what titles
    its passage: the tax refund "for 2024" quoted from a note "steuererklaerung-2023.md"
    headed "Steuererklärung 2023" ("Bescheid vom 29.07.2024, Erstattung: 847,00 €": a
    2024 date, the 2023 return). None when the question names no year, the quote names
    the asked one (`day_dates`: in a day's date too, as for a question asking when), the
    titles name no year, name the asked one or a span holding it, or date something else
    ("seit 2019")."""
    asked = _asked_years(question)
    if not asked:
        return None
    said = _years(quote) if day_dates else _years_of_periods(quote)
    if any(a in said for a in asked):
        return None
    folded = fold(titles)
    found = list(YEAR.finditer(folded))
    if any(_RELATIVE.search(folded[: m.start()]) for m in found):
        return None
    titled = [int(m.group(0)) for m in found]
    # a season's short second year: "Meets 2024–25", "Saison 2024/25"
    titled += [
        int(m.group(1)) + 1
        for m in _SEASON.finditer(folded)
        if int(m.group(2)) == (int(m.group(1)) + 1) % 100  # not "2024-10", a month
    ]
    if not titled:
        return None
    if any(a in titled or min(titled) <= a <= max(titled) for a in asked):
        return None
    named = ", ".join(str(y) for y in sorted(set(titled)))
    asked_years = ", ".join(map(str, asked))
    return f"the question asks about {asked_years}; the quoted passage is about {named}"


def other_year(question: str, row_cells: list[str], header: list[str]) -> str | None:
    """Why a table row is about other years than the question asks about: the row is
    keyed by another year ("| 2024 | £54.85 |" for the 2025 MOT), or the table's columns
    are years and none is the asked one ("| Wasser/Abwasser | 318,44 € | 368,58 € |" under
    "| Position | 2022 | 2023 | 2024 |" for the water costs of 2021). None when the
    question names no year, a year only dates something else ("since 2021"), or the row
    names the asked year itself."""
    asked = _asked_years(question)
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


# "Prime 2024 : 4 318 €", "(2023: 3 960 €)", "2024 – 1.150 €": a value keyed by its year
# "2023 :", "(2023: 987)", and a year before its label's noun: "2024 price: 0,29 €/kWh"
_YEAR_LABEL = re.compile(
    r"(?<![\d./-])((?:19|20)\d\d)(?![\d./-])(?:\s+[^\W\d_]+){0,2}\s*\)?\s*[:=–—]"
)


def other_year_labelled(question: str, quote: str) -> str | None:
    """Why a quote gives the value of other years than the one asked, by the years that
    label its values ("Prime 2024 : 4 318 € TTC (2023 : 3 960 €)" for the 2025 premium).
    None when the question names no year, or the quote names the asked one anywhere."""
    folded_question = fold(question)
    asked = [  # "BIO2047" is a module's code, not a year
        a for a in _asked_years(question) if re.search(rf"(?<![\w-]){a}(?![\w-])", folded_question)
    ]
    if not asked:
        return None
    folded = fold(quote)
    if any(a in _years(folded) for a in asked):
        return None
    labels = [m for m in _YEAR_LABEL.finditer(folded)]
    first_number = re.search(r"\d", folded)
    # "Alunos (total do ano): 1 143 (2023: 987)": the first value is unlabelled, the
    # year of the note's title; only the comparison is keyed by another year
    if not labels or first_number is None or first_number.start() != labels[0].start():
        return None
    asked_years = ", ".join(map(str, asked))
    return (
        f"the question asks about {asked_years}; the quote gives the value for "
        f"{', '.join(sorted({m.group(1) for m in labels}))}"
    )
