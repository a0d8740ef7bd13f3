"""A question's names as the folder's other languages read them.

Each note's words are stemmed in the note's language and a question's in its own, so a
name read by two stemmers can come out as two tokens: "Ponta Delgada" is `ponta delgada`
in an English question and `pont delg` in the Portuguese note that books the flight, and
a month has a name in each language ("June", "junho"). A name is the same place, person
or month in every language, so a question about it must find it in notes written in any
language the folder holds.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from app.core.basics.dates import MONTH_NAMES
from app.core.basics.text import fold, term_variants

# A share of the notes below which a detected language is a misread short note, not a
# language the folder is written in.
MIN_NOTES = 2
MIN_SHARE = 0.05

_WORD = re.compile(r"(?<![\w-])[^\W\d_][\w'’]*(?:-[\w'’]+)*")


def other_languages(counts: Mapping[str, int], language: str) -> tuple[str, ...]:
    """The languages besides `language` that enough of a folder's notes are written in."""
    total = sum(counts.values())
    return tuple(
        sorted(
            code
            for code, n in counts.items()
            if code != language and n >= MIN_NOTES and n >= MIN_SHARE * total
        )
    )


def name_tokens(question: str, language: str, others: Sequence[str]) -> list[str]:
    """The tokens the question's names take in each of `others` where they differ from
    the question's own reading: a capitalised word as that language stems it ("Ponta" →
    `pont` in Portuguese notes), a month by its name there ("June" → "junho"). A word the
    question's language stops (a question word, "The") adds nothing."""
    found: dict[str, None] = {}
    months = MONTH_NAMES.get(language, ())
    for match in _WORD.finditer(question):
        word = match.group(0)
        own = term_variants(word, language)
        folded = fold(word)
        if folded in months:
            month = months.index(folded)
            readings = [(MONTH_NAMES[o][month], o) for o in others if o in MONTH_NAMES]
        elif word[:1].isupper() and own:
            readings = [(word, o) for o in others]
        else:
            continue
        for written, other in readings:
            for token in term_variants(written, other):
                if token not in own:
                    found[token] = None
    return list(found)
