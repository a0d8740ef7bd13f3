"""A quote from another numbered thing than the one asked about.

"How much XP did we get for session 14?" is not answered by "450 XP each" under the
heading "Session 9", nor a question about plot 12 by the note "Tuin 9": a thing the
question names by a word and a number is another thing when the quote's heading path or
file name writes that word with another number, and never with the asked one.

The numbers may also be written bare, as the keys of an enumeration the word heads:
"grade boundaries: 4 = 82, 5 = 104, 7 = 139" gives grades 4, 5 and 7, and no grade 9.
"""

from __future__ import annotations

import re

from app.core.basics.dates import MONTHS
from app.core.basics.language import detect_language, stopwords
from app.core.basics.text import fold

_MIN_ABBREVIATED = 4  # a word short enough to be its letter's only reading ("am 3") is not
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
        label = f"{word} {{}}"
        if not written and len(word) >= _MIN_ABBREVIATED:  # "P1" for "paper 1"
            label = f"{word[0].upper()}{{}}"
            written = {int(n) for n in re.findall(rf"\b{word[0]}(\d{{1,2}})\b", folded_titles)}
        if written and not any(_same_number(number, n) for n in written):
            others = ", ".join(label.format(n) for n in sorted(written))
            return f"the question asks about {word} {number}; the quote is titled {others}"
    return None


def _same_number(asked: int, written: int) -> bool:
    """Equal, or a year written with two digits and with four ("Herbst 24", "Herbst 2024")."""
    if asked == written:
        return True
    short, full = sorted((asked, written))
    return short < 100 and 1900 <= full < 2100 and full % 100 == short


# An enumeration's element keyed by a bare number: "4 = 82", "5: 104", "7 – 139".
# Not a clock time ("9:30") nor a range ("5-7"): a colon or dash needs a space after it.
_NUMBER_KEY = re.compile(r"\s*(\d{1,3})\s*(?:=|:\s|\s?[–—-]\s)\s*\S")
_MIN_KEYS = 2


def numbered_keys(word: str, text: str) -> list[str]:
    """The bare numbers keying an enumeration that `word` heads in `text` (both folded):
    after a word starting with it ("grade boundaries"), a colon, and at least two
    comma- or semicolon-separated elements each written as a number, a sign and a value.
    Empty when there is none."""
    for match in re.finditer(rf"\b{re.escape(word)}\w*\b[^:\n]*?:\s+", text):
        end = text.find("\n", match.end())
        parts = re.split(r"[,;]", text[match.end() : end if end >= 0 else len(text)])
        keys = [m.group(1) for p in parts if (m := _NUMBER_KEY.match(p))]
        if len(keys) >= _MIN_KEYS and len(keys) == len(parts):
            return keys
    return []
