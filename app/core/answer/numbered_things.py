"""A quote from another numbered thing than the one asked about.

"How much XP did we get for session 14?" is not answered by "450 XP each" under the
heading "Session 9", nor a question about plot 12 by the note "Tuin 9": a thing the
question names by a word and a number is another thing when the quote's heading path or
file name writes that word with another number, and never with the asked one.
"""

from __future__ import annotations

import re

from app.core.basics.dates import MONTHS
from app.core.basics.language import detect_language, stopwords
from app.core.basics.text import fold

_NUMBERED = re.compile(r"\b([^\W\d_]{3,})\s+#?(\d{1,4})\b(?![.,:/-]\d)")


def numbered_elsewhere(question: str, titles: str) -> str | None:
    """Why the quote is another numbered thing's (see the module); None when it is not."""
    folded_question, folded_titles = fold(question), fold(titles)
    language = detect_language(question)
    for match in _NUMBERED.finditer(folded_question):
        word, number = match.group(1), int(match.group(2))
        if word in MONTHS or word in stopwords(language):
            continue  # "june 13" is a date, "in 2025" a year
        written = {
            int(n) for n in re.findall(rf"\b{re.escape(word)}\s+#?(\d{{1,4}})\b", folded_titles)
        }
        if written and number not in written:
            others = ", ".join(f"{word} {n}" for n in sorted(written))
            return f"the question asks about {word} {number}; the quote is titled {others}"
    return None
