"""Is a dated entry quoted for "when" about another event of the thing asked about?

A log keeps one dated line per event: "**12/07** — Korrigan: tiller extension lost
overboard", "**18/04** — Korrigan back in the water". Asked when Korrigan went back in the
water, a small model quotes the first: the boat is named, a date is there, and no other
check tells. An entry that shares with the question its names and years only, and none of
its words for what happened, is another event's.
"""

from __future__ import annotations

import re

from app.core.answer.grounding import topic_words
from app.core.basics.dates import MONTHS, YEAR
from app.core.basics.language import detect_language
from app.core.basics.text import content_words, fold, holds_words, squash
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_type import asked_type
from app.core.verdict.yes_no import is_yes_no

# An entry opening with its day: "**12/07** —", "- 03.11.2025:", "2024-04-18 ".
_DATED = re.compile(r"^\W*(?:\d{1,2}[./]\d{1,2}(?:[./]\d{2,4})?|\d{4}-\d{2}-\d{2})(?!\d)")
_WORD = re.compile(r"[^\W_][\w'-]*")


def other_event(question: str, quote: str, passage_text: str) -> str | None:
    """Why the quoted dated entry is about another event than the asked one, or None."""
    if asked_type(question) not in (AnswerType.DATE, AnswerType.WHEN) or is_yes_no(question):
        return None
    target = squash(quote)
    entry = next((line for line in passage_text.split("\n") if holds_words(line, target)), "")
    if not _DATED.match(entry):
        return None
    language = detect_language(f"{question}\n{entry}")
    words = _WORD.findall(question)
    # what the question names: its capitalised words past the first, codes and years
    names = {
        w for i, w in enumerate(words) if (i and w[:1].isupper()) or any(c.isdigit() for c in w)
    }
    named = content_words(" ".join(names), language)
    dated = content_words(" ".join(w for w in words if fold(w) in MONTHS), language)
    event = topic_words(question, language) - named - dated
    said = content_words(entry, language)
    if not event or event & said or not named & said:
        return None
    happened = [w for w in words if content_words(w, language) & event]
    shared = sorted(w for w in names if content_words(w, language) & said and not YEAR.fullmatch(w))
    return (
        f"the quoted entry is about {', '.join(shared) or 'what the question names'} but says "
        f"nothing of {' '.join(happened)}: another event's date"
    )
