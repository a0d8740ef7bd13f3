"""Near copies: a note saved twice with a line changed fills two top-k slots with one fact.

Exact duplicates share a text hash and are stored once, with every place they occur. A
note copied and then edited a little (a backup, a renamed draft, a log kept in two files)
holds chunks that differ by a word or two, so they are stored apart and retrieved side by
side. A passage is a near copy of one already kept when both sit under the same heading,
are long enough to tell (a two-line daily note differs from the next in one word and is
not a copy), and differ in a few words that state no fact of their own: a word holding a
digit is a different number, a capitalised word a different name ("Kasia" for "Ravi"),
and neither is ever folded away. A file name ("NOTES.md" for "BUILD-LOG.md", a note
naming itself) is not such a fact.
"""

from __future__ import annotations

import re
from collections import Counter

MIN_WORDS = 30
MAX_DIFFERENT = 4
MAX_SHARE = 1 / 15

_EDGES = "\"'`*_()[]{}<>.,;:!?|#"
_FILE_NAME = re.compile(r"[\w-]+\.[a-z]{1,4}")


def near_copy(text: str, kept: str) -> bool:
    """Whether `text` says what `kept` says, bar a few words that name no fact."""
    words, other = _words(text), _words(kept)
    size = max(sum(words.values()), sum(other.values()))
    if size < MIN_WORDS:
        return False
    differing = (words - other) + (other - words)
    count = sum(differing.values())
    if count > MAX_DIFFERENT or count > size * MAX_SHARE:
        return False
    return all(_names_no_fact(word) for word in differing)


def _words(text: str) -> Counter[str]:
    return Counter(w for w in (t.strip(_EDGES) for t in text.split()) if w)


def _names_no_fact(word: str) -> bool:
    if _FILE_NAME.fullmatch(word):
        return True
    return not any(c.isdigit() for c in word) and not word[0].isupper()
