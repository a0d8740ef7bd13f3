"""A question's word typed with one slip, read as the notes' word it was meant to be.

"wann ist der stamtisch": no note holds "stamtisch", and a search for it finds nothing,
while the notes' "Stammtisch" is one letter away. Both the lexical leg's query and the
verdict's signals read the slip as the word.
"""

from __future__ import annotations

from typing import Protocol


class TokenCounts(Protocol):
    """What typo reading needs from the lexical index."""

    def __contains__(self, token: object) -> bool: ...

    def doc_freq(self, token: str) -> int: ...


_MIN_TYPO_LENGTH = 5  # shorter words are one letter from too many others
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def typo_of(token: str, vocabulary: TokenCounts) -> str | None:
    """The token of the notes one typing slip from `token` (a letter dropped, added,
    changed or two swapped: "kaltmite" for "Kaltmiete", "reagnets" for "reagents"), the
    most widespread when several are; None for a short, numbered or unslipped token."""
    if len(token) < _MIN_TYPO_LENGTH or not token.isalpha() or not token.isascii():
        return None
    splits = [(token[:i], token[i:]) for i in range(len(token) + 1)]
    candidates = {a + b[1:] for a, b in splits if b}
    candidates |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    candidates |= {a + c + b[1:] for a, b in splits if b for c in _LETTERS}
    candidates |= {a + c + b for a, b in splits for c in _LETTERS}
    candidates.discard(token)
    known = [c for c in candidates if len(c) >= _MIN_TYPO_LENGTH and c in vocabulary]
    return max(known, key=lambda c: (vocabulary.doc_freq(c), c)) if known else None
