"""Dates in text, as (year, month, day) with the parts that were written.

"14 May", "14 de maio", "14 de mayo", "3rd of March", "2026-05-14", "22/04": English,
Portuguese and Spanish forms, and French, German, Italian, Dutch and Swedish month names;
Dutch dashed dates day first ("08-03-2025").
"""

from __future__ import annotations

import re

from app.core.basics.text import fold

# Each language's month names, written out (folded where they are read).
MONTH_NAMES: dict[str, tuple[str, ...]] = {
    "en": ("january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december"),
    "pt": ("janeiro", "fevereiro", "marco", "abril", "maio", "junho", "julho", "agosto",
           "setembro", "outubro", "novembro", "dezembro"),
    "es": ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
           "septiembre", "octubre", "noviembre", "diciembre"),
    "fr": ("janvier", "fevrier", "mars", "avril", "mai", "juin", "juillet", "aout",
           "septembre", "octobre", "novembre", "decembre"),
    "de": ("januar", "februar", "marz", "april", "mai", "juni", "juli", "august",
           "september", "oktober", "november", "dezember"),
    "it": ("gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto",
           "settembre", "ottobre", "novembre", "dicembre"),
    "nl": ("januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus",
           "september", "oktober", "november", "december"),
    "sv": ("januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti",
           "september", "oktober", "november", "december"),
}  # fmt: skip
MONTHS: dict[str, int] = {
    **{m: i for names in MONTH_NAMES.values() for i, m in enumerate(names, start=1)},
    **{m: i for i, m in enumerate(
        ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"],
        start=1)},
    "sept": 9,
    **{m: i for i, m in enumerate(
        ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"],
        start=1)},
    "setiembre": 9,
    "ene": 1,
    "dic": 12,
    "mrt": 3,  # Dutch: "8 mrt", "okt 2024"
    "okt": 10,
}  # fmt: skip
# Month abbreviations that are also words: months only beside a day or a year number.
_WORD_MONTHS = frozenset({"may", "mar", "set", "out", "ene", "dic", "mars", "maj"})
# "the May newsletter", "in May", "since May": the month, never the verb.
_BEFORE_MAY = frozenset(
    "the this last next in of early late mid since until till by during from through".split()
)
# "i maj", "sedan maj", "i början av maj": Swedish May, which is no English word.
_BEFORE_MAJ = frozenset("i till sedan fran av under efter fore innan".split())
ISO_DATE = re.compile(r"(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)")
# Day first with dashes and a four-digit year, as Dutch writes it: "08-03-2025" ("2025-03-08"
# is ISO; a phone number "06-12345678" has no four-digit third part).
_DASH_DATE = re.compile(r"(?<![\d-])(\d{1,2})-(\d{1,2})-(\d{4})(?![\d-])")
_SLASH_DATE = re.compile(r"(?<!\d)(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?(?!\d)")
YEAR = re.compile(r"(?<!\d)(19\d\d|20\d\d)(?!\d)")
# German and Italian dotted dates, day first: "01.12.2025", "30.04." (without a year, day
# and month take two digits each and a dot follows: "ratio 1.5.", "on 3.12." (a Python
# version) and "Python 3.12.10" are no dates).
_DOT_DATE = re.compile(
    r"(?<![\w.])(\d{1,2})\.(\d{1,2})\.(\d{4})(?!\w|\.\d)|"
    r"(?<![\w.$€£])(\d{2})\.(\d{2})\.(?!\w|\.\d)"
)

Date = tuple[int | None, int, int | None]  # (year, month, day), a part None when not written


def dates(text: str) -> set[Date]:
    """Dates as (year, month, day), a part None when not written: "14 May" is (None, 5, 14)."""
    folded = fold(text)
    found: set[Date] = set()
    for m in ISO_DATE.finditer(folded):
        iso_month, iso_day = int(m.group(2)), int(m.group(3))
        if 1 <= iso_month <= 12 and 1 <= iso_day <= 31:
            found.add((int(m.group(1)), iso_month, iso_day))
    for m in _DASH_DATE.finditer(folded):
        dash_day, dash_month = int(m.group(1)), int(m.group(2))
        if 1 <= dash_month <= 12 and 1 <= dash_day <= 31:
            found.add((int(m.group(3)), dash_month, dash_day))
    for m in _SLASH_DATE.finditer(folded):
        found.update(_slash_date(m))
    for m in _DOT_DATE.finditer(folded):
        dot_day, dot_month = int(m.group(1) or m.group(4)), int(m.group(2) or m.group(5))
        if 1 <= dot_month <= 12 and 1 <= dot_day <= 31:
            found.add((int(m.group(3)) if m.group(3) else None, dot_month, dot_day))
    words = list(re.finditer(r"[^\W_]+", folded))
    for i, w in enumerate(words):
        found_month = MONTHS.get(w.group(0))
        if found_month is None:
            continue
        month = found_month
        if (
            w.group(0) in _WORD_MONTHS
            # "maj" is also French "mise à jour" ("maj: 2025-01-08"): May only after its day
            # or before its year ("maj 2024")
            and not _near_number(words, i, after=w.group(0) != "maj" or _year_after(words, i))
            and not (w.group(0) == "may" and i > 0 and words[i - 1].group(0) in _BEFORE_MAY)
            and not (w.group(0) == "maj" and i > 0 and words[i - 1].group(0) in _BEFORE_MAJ)
            and not _beside_a_month(words, i)
        ):
            continue  # "may" the verb, "set"/"out" the Portuguese words, without a day
        day: int | None = None
        year: int | None = None
        for j in (i - 1, i - 2, i + 1):  # "14 May", "14 de mayo", "May 14", "3rd of March"
            digits = (
                re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th|o|º)?", words[j].group(0))
                if (0 <= j < len(words))
                else None
            )
            if digits:
                value = int(digits.group(1))
                if 1 <= value <= 31:
                    day = value
                    break
        for j in (i + 1, i + 2, i + 3):
            if 0 <= j < len(words) and YEAR.fullmatch(words[j].group(0)):
                year = int(words[j].group(0))
                break
        found.add((year, month, day))
    return found


_JOINING = frozenset("to and or till until through a e y et und bis".split())


def _beside_a_month(words: list[re.Match[str]], i: int) -> bool:
    """A span or list of months: "April–May", "April to May", "May and June"."""

    def month(j: int) -> bool:
        word = words[j].group(0) if 0 <= j < len(words) else ""
        return word in MONTHS and word not in _WORD_MONTHS

    def joining(j: int) -> bool:
        return 0 <= j < len(words) and words[j].group(0) in _JOINING

    return (
        month(i - 1)
        or month(i + 1)
        or (joining(i - 1) and month(i - 2))
        or (joining(i + 1) and month(i + 2))
    )


def _slash_date(m: re.Match[str]) -> set[Date]:
    """Slash dates ("22/04", "5/12", "4/30/2026"), both readings when either could be
    meant; "1/2" and "3/4" without a year are fractions, not dates."""
    first, second, year_text = m.group(1), m.group(2), m.group(3)
    if year_text is None and len(first) == len(second) == 1:
        return set()
    year = None
    if year_text is not None:
        year = int(year_text) + (2000 if len(year_text) == 2 else 0)
    a, b = int(first), int(second)
    readings = {(year, b, a), (year, a, b)}  # day/month, then month/day
    return {(y, month, day) for y, month, day in readings if 1 <= month <= 12 and 1 <= day <= 31}


def _year_after(words: list[re.Match[str]], i: int) -> bool:
    """A year right after the word, a space apart: "maj 2024", not "maj: 2025-01-08"."""
    if i + 1 >= len(words) or not YEAR.fullmatch(words[i + 1].group(0)):
        return False
    return words[i].string[words[i].end() : words[i + 1].start()] == " "


def _near_number(words: list[re.Match[str]], i: int, after: bool = True) -> bool:
    """A number right beside the word, or before it across "de"/"of" ("14 de mar") or a
    Swedish ordinal's ending ("14:e mars", "1:a maj"); "v4.12.0 go out" has none."""
    before = words[i - 1] if i >= 1 else None
    linked = (
        i >= 2
        and before is not None
        and (
            before.group(0) in {"de", "of", "del"}
            or (
                before.group(0) in {"e", "a"}
                and before.string[before.start() - 1 : before.start()] == ":"
            )
        )
    )
    return any(
        0 <= j < len(words) and re.fullmatch(r"\d{1,4}(?:st|nd|rd|th)?", words[j].group(0))
        for j in ((i - 2, i - 1) if linked else (i - 1,)) + ((i + 1,) if after else ())
    )


def dates_match(claimed: Date, stated: set[Date]) -> bool:
    """A claimed date is supported by a stated one that agrees on every part both give."""
    year, month, day = claimed
    return any(
        m == month
        and (year is None or y is None or y == year)
        and (day is None or d is None or d == day)
        for y, m, d in stated
    )
