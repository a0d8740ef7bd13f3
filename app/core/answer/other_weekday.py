"""Is the quote about another day of the week than the one the question asks about?

A venue's note gives "Friday hours: 11:00–23:00" and says nothing of Saturdays; asked
what time it opens on Saturdays, a small model gives Friday's hours. A quote whose line
names days of the week, none of them the asked one and no span that may hold it ("Mon–
Fri", "weekends", "daily"), is about another day.
"""

from __future__ import annotations

import re

from app.core.answer.quoted_items import lead_in, quoted_block, quoted_item
from app.core.basics.sentences import sentences
from app.core.basics.text import fold
from app.core.basics.weekdays import WEEKDAYS, day_numbers

_DAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# A span of days ("Mon–Fri", "Monday to Friday", "ma t/m vr") or days named as a group.
_SPAN_WORD = r"(?:-|–|—|to|till|until|through|thru|a|al|au|bis|tot|t/m|fino a)"
_WORD = re.compile(r"[^\W\d_]+")
_EVERY_DAY = re.compile(
    r"\b(daily|every ?day|weekdays?|weekends?|all week|7 days|todos os dias|todos los dias|"
    r"tous les jours|taglich|jeden tag|tutti i giorni|dagelijks|elke dag|varje dag|"
    r"dagligen)\b"
)


def another_weekday(question: str, quote: str, passage_text: str) -> str | None:
    """Why the quote's line names only other days of the week than the asked one; None
    when the question names no day, or the line names the asked one, a span, or none."""
    asked = day_numbers(question)
    if not asked or not quote.strip():
        return None
    line = f"{lead_in(quote, passage_text)}\n{_own_line(quote, passage_text)}"
    named = day_numbers(line)
    if not named or asked & named or _EVERY_DAY.search(fold(line)) or _spans_days(line):
        return None
    return f"the question asks about {_listed(asked)}; the quote's line names only {_listed(named)}"


MAX_PARAGRAPH = 300  # a longer paragraph names days for other things than the quote's


def _own_line(quote: str, passage_text: str) -> str:
    """The list item or row the quote stands in, else its short paragraph ("**When:**
    every other Friday. Doors/setup from 18:15"), else the quote."""
    item = quoted_item(quote, passage_text)
    if item is not None:
        return item[1]
    # a window of sentences may run on into the next paragraph: its first sentence's counts
    first = sentences(quote)
    block = quoted_block(quote, passage_text) or (
        quoted_block(first[0], passage_text) if first else None
    )
    return block if block is not None and len(block) <= MAX_PARAGRAPH else quote


def _spans_days(text: str) -> bool:
    """Two days joined by a dash or "to": a span that may hold the asked day."""
    words = [(m.start(), m.end(), fold(m.group())) for m in _WORD.finditer(text)]
    days = [(start, end) for start, end, word in words if _is_day(word)]
    folded = fold(text)
    return any(
        re.fullmatch(rf"\s*{_SPAN_WORD}\s*", folded[end:start]) is not None
        for (_s, end), (start, _e) in zip(days, days[1:], strict=False)
    )


def _is_day(word: str) -> bool:
    return word in WEEKDAYS or (word.endswith("s") and word[:-1] in WEEKDAYS)


def _listed(days: set[int]) -> str:
    return ", ".join(_DAY_NAMES[d].capitalize() for d in sorted(days))
