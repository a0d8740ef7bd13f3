"""Dates and seasons as one lexical token however they are written: "12 April", "12 de
abril", "12/04/2025" and "2025-04-12" all give "12.04"; "2024-2025" gives "2024/25"."""

from __future__ import annotations

import re
from functools import lru_cache

# A day of the month as written before or after its month's name ("12", "3rd", "1er").
_DAY_OF_MONTH = re.compile(r"(\d{1,2})(?:st|nd|rd|th|er|o|a)?")
# The word between a day and its month in "12 de abril", "3rd of March", "5 di maggio".
_DAY_OF = frozenset({"de", "del", "di", "of"})
# Month abbreviations that are everyday words elsewhere: "3 out of 5", "a set of 4".
_PORTUGUESE_ONLY = frozenset({"out", "set"})


def _month(term: str, language: str) -> int | None:
    if not term[:1].isalpha() or term in _PORTUGUESE_ONLY and language != "pt":
        return None
    return _months().get(term.rstrip("."))


@lru_cache(maxsize=1)
def _months() -> dict[str, int]:
    from app.core.basics.dates import MONTHS  # dates reads words with this module

    return MONTHS


def date_token(day: int, month: int) -> str:
    """The one token of a day and month however written: "Sat 12 Apr", "Saturday 12
    April", "12/04/2025", "2025-04-12" and "12 de abril" all give "12.04"."""
    return f"{day:02d}.{month:02d}"


def date_in_words(two_before: str, one_before: str, term: str, language: str) -> list[str]:
    """The date token of a day and a month's name ending at `term`: "12 April", "12 de
    abril", "April 12th"; empty for anything else."""
    month = _month(term, language)
    if month is not None:
        day = _DAY_OF_MONTH.fullmatch(one_before)
        if day is None and one_before in _DAY_OF:
            day = _DAY_OF_MONTH.fullmatch(two_before)
    else:
        month = _month(one_before, language)
        day = _DAY_OF_MONTH.fullmatch(term) if month is not None else None
    if month is None or day is None or not 1 <= int(day.group(1)) <= 31:
        return []
    return [date_token(int(day.group(1)), month)]


# A date written with its day and month first or last, and a year ("28.03.2025",
# "14/03/24"), or without its year ("28.03", "3/14").
_DAY_MONTH = re.compile(r"(\d{1,2})([./])(\d{1,2})(?:\2(?:\d{4}|\d{2}))?")


def day_month(term: str) -> str | None:
    """A date's day and month as one token, each part two digits ("28.03.2025" and
    "28.3" give "28.03"): a question asks for "the meeting on 28.03." of a note that
    writes the year. None for any other term."""
    date = _DAY_MONTH.fullmatch(term)
    if date is None:
        return None
    return f"{int(date.group(1)):02d}{date.group(2)}{int(date.group(3)):02d}"


_ISO_DATE = re.compile(r"\d{4}-(\d{1,2})-(\d{1,2})")


def day_month_tokens(term: str) -> list[str]:
    """The date's day and month as a token of its own, when the term is a date written
    otherwise, and as `date_token` writes every date; empty for any other term."""
    iso = _ISO_DATE.fullmatch(term)
    if iso is not None:
        month, day = int(iso.group(1)), int(iso.group(2))
        return [date_token(day, month)] if 1 <= month <= 12 and 1 <= day <= 31 else []
    date = day_month(term)
    if date is None:
        return []
    day, month = int(date[:2]), int(date[3:])
    canonical = date_token(day, month) if 1 <= month <= 12 and 1 <= day <= 31 else date
    return list(dict.fromkeys(t for t in (date, canonical) if t != term))


# A season, school or tax year: "2024/25", "2024-2025", "2024/2025" (the second year the
# next one, so "2025-03", a month, is none).
_SEASON = re.compile(r"((?:19|20)\d\d)[-/]((?:19|20)?\d\d)")


def season_years(term: str) -> tuple[int, int] | None:
    """The two years of a season however written ("2024/25", "2024-2025"); None for any
    other term."""
    season = _SEASON.fullmatch(term)
    if season is None:
        return None
    first, second = int(season.group(1)), season.group(2)
    if int(second) != ((first + 1) % 100 if len(second) == 2 else first + 1):
        return None
    return first, first + 1


def season_tokens(term: str) -> list[str]:
    """A season's one token, as `season_years` reads it ("2024/25" for "2024-2025")."""
    years = season_years(term)
    if years is None:
        return []
    season = f"{years[0]}/{years[1] % 100:02d}"
    return [season] if season != term else []
