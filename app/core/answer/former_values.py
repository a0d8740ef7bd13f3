"""Is the answer's value the one its quote says was replaced?

Notes record a change beside the new value: "Boete gemiste werkbeurt wordt € 30,00 (was
€ 25,00)", "membership goes up from £35 to £38", "Miete steigt von 640 auf 680 €". A small
model asked for the fine today answers "€ 25,00": a value the quote holds, so every claim
check passes, but the quote says it is no longer so. Unless the question asks for the old
value (or a year's), an answer whose only figure is a former one is not shown as the
answer (`current_value`), and a quote whose figure another passage says was replaced is
read again without it (`quote_is_current`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.core.answer.grounding import topic_words
from app.core.basics.dates import YEAR
from app.core.basics.language import detect_language
from app.core.basics.sentences import sentences
from app.core.basics.text import content_words, fold
from app.core.basics.values import Quantity, quantities

# "(was € 25,00)", "(voorheen 12 €)", "(previously £35)", "(vorher 640 €)"
_FORMER_IN_BRACKETS = re.compile(
    r"\((?:was|were|previously|formerly|before|voorheen|eerder|vroeger|vorher|fruher|bisher|"
    r"avant|auparavant|antes|antes era|prima|precedentemente|tidigare|forut)\b:?\s*([^()]{1,40})\)"
)
# "van € 25 naar € 30" (Dutch: a change), or "from £35 to £38" after a verb of change
_DUTCH_CHANGE = re.compile(r"\bvan\s+([^\s].{0,25}?)\s+naar\s+\S")
_CHANGE_VERB = (
    r"(?:raised|raise|raises|increased|increases|increase|rises|rose|goes up|went up|going up|"
    r"cut|cuts|reduced|reduces|lowered|lowers|changed|changes|moves|moved|goes|went|"
    r"steigt|stieg|erhoht|gesenkt|sinkt|passe|passera|augmente|baisse|sube|subio|baja|bajo|"
    r"sobe|subiu|aumenta|aumentou|aumento|cala|hojs|hojdes|sanks|okar|okade)"
)
_CHANGE_FROM_TO = re.compile(
    rf"\b{_CHANGE_VERB}\b[^.;\n]{{0,40}}?\b(?:from|von|de|desde|da|fran)\s+"
    r"([^\s].{0,25}?)\s+(?:to|auf|a|à|para|till)\s+\S"
)
# A question asking for the value before the change, or a year's value.
_ASKS_FORMER = re.compile(
    r"\b(old|previous|previously|before|former|formerly|used to|last year|oud|oude|vorige|"
    r"vroeger|eerder|voorheen|vorig jaar|alt|alte|alten|vorher|fruher|bisher|letztes jahr|"
    r"ancien|ancienne|avant|auparavant|antigo|antiga|antes|anterior|vecchio|vecchia|prima|"
    r"precedente|tidigare|forra aret|gamla)\b"
)


def asks_earlier(question: str) -> bool:
    """Whether the question asks for the value before a change, or a year's value."""
    folded = fold(question)
    return bool(_ASKS_FORMER.search(folded) or YEAR.search(folded))


def former_values(quote: str) -> tuple[list[Quantity], list[Quantity]]:
    """The quote's figures it says were replaced, and its other figures."""
    folded = fold(quote)
    spans = [
        m.span(1)
        for pattern in (_FORMER_IN_BRACKETS, _DUTCH_CHANGE, _CHANGE_FROM_TO)
        for m in pattern.finditer(folded)
    ]
    if not spans:
        return [], []
    former = [q for start, end in spans for q in quantities(folded[start:end])]
    rest = folded
    for start, end in spans:
        rest = rest[:start] + " " * (end - start) + rest[end:]
    return former, quantities(rest)


def gives_former_value(question: str, answer: str, quote: str) -> str | None:
    """The answer's figure that its quote says was replaced, when it gives no current one
    and the question asks for no earlier value; None otherwise."""
    if asks_earlier(question):
        return None
    former, current = former_values(quote)
    if not former:
        return None
    given = [q for q in quantities(answer) if not q.year]
    old = [q for q in given if any(q.matches(f) for f in former)]
    if not old or any(q.matches(c) for q in given for c in current):
        return None
    return old[0].written or old[0].text


def replaced_elsewhere(question: str, quote: str, others: Sequence[str]) -> str | None:
    """The sentence of another passage that says the quote's figure was replaced ("Boete
    gemiste werkbeurt wordt € 30,00 (was € 25,00)" against last year's minutes' "Boete …
    blijft € 25,00"), about what the question asks; None when none does, the quote also
    states the new figure, or the question asks for the old value or a year's."""
    if asks_earlier(question):
        return None
    quoted = [q for q in quantities(quote) if not q.year]
    if not quoted:
        return None
    language = detect_language(f"{question}\n{quote}")
    about = topic_words(question, language)
    for text in others:
        for sentence in sentences(text):
            former, current = former_values(sentence)
            if not former or not about & content_words(sentence, language):
                continue
            stale = any(q.matches(f) for q in quoted for f in former)
            renewed = any(q.matches(c) for q in quoted for c in current)
            if stale and not renewed:
                return sentence.strip()
    return None
