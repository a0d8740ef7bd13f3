"""Is a value found under the quote from the row the question asks about?

A quote may introduce a table or list whose rows hold the values ("Shop: Hal's Auto on
Division St" above the car's repair log), and the answer's value is then checked against
the rows. Asked what the oil change cost, a small model answers with the catalytic
converter's $1,480.00: a number of the table, under a quote about the garage, in a row
the question never names. The oil change has no row. A value the quote itself does not
state must stand in a row the question picks out: one holding a word of the question, or
a word naming the kind of value it asks for ("Date :" for "when"), that no other row
holds ("Jellyfin" among the services), unless there is one row only.
"""

from __future__ import annotations

from collections import Counter

from app.core.answer.claims import Claim, states_claim
from app.core.answer.quoted_items import items_of
from app.core.basics.language import detect_language
from app.core.basics.text import content_words
from app.core.verdict.kind_nouns import kind_stems


def from_unasked_row(claim: Claim, quote: str, evidence: str, question: str) -> bool:
    """Whether `claim`, not stated by `quote`, is found in `evidence` only in rows or items
    the question does not pick out."""
    if states_claim(quote, claim):
        return False
    rows = items_of(evidence)  # a table's header and rule left out
    holding = [row for row in rows if states_claim(row, claim)]
    if not holding or len(rows) < 2:
        return False  # stated in running text, or a list of one
    language = detect_language(f"{question}\n{evidence}")
    # "C'est quand la formation PSC1 ?" picks out "- Date : mercredi 22 mai 2024" by the
    # kind of value it asks for, when no other row is labelled so
    asked = content_words(question, language) | kind_stems(question, language)
    words = [content_words(row, language) for row in rows]
    counts = Counter(w for row_words in words for w in row_words)
    named = {
        row
        for row, row_words in zip(rows, words, strict=True)
        if any(counts[w] == 1 for w in row_words & asked)
    }
    return not any(row in named for row in holding)
