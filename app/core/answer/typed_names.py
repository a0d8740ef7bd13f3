"""A name the question mistypes ("the Drowned Lanturn" for the Drowned Lantern).

A name missing from the quoted passage is usually another thing's (Plex is not Jellyfin),
so the quote is refused. A name that no passage read holds at all, one letter away from a
word the quoted passage does hold, is that word typed in a hurry. A look-alike that the
notes do hold ("Moren" beside "Maren") is in the passages read and is never taken for a
typo.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.core.basics.text import fold
from app.core.index.retrieve import Passage

MIN_TYPED_LETTERS = 5  # shorter names are one letter from too many words
_WORD = re.compile(r"[^\W\d_]+")


def mistyped(name: str, passage: Passage, passages: Sequence[Passage]) -> bool:
    """Whether `name`, a word of the question, is a typo of a word `passage` holds."""
    typed = fold(name)
    if len(typed) < MIN_TYPED_LETTERS or not typed.isalpha():
        return False
    read = fold("\n".join(f"{p.surroundings}\n{p.text}" for p in passages))
    if typed in set(_WORD.findall(read)):
        return False
    own = set(_WORD.findall(fold(f"{passage.surroundings}\n{passage.text}")))
    return any(len(word) >= MIN_TYPED_LETTERS and _one_edit(typed, word) for word in own)


def _one_edit(a: str, b: str) -> bool:
    """One letter changed, added, dropped, or two swapped."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and a[diff[0]] == b[diff[1]]
            and a[diff[1]] == b[diff[0]]
        )
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))
