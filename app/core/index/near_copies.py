"""Near copies: a note kept in two files fills two top-k slots with one fact.

Exact duplicates share a text hash and are stored once, with every place they occur. A
note copied to a second file often names its own file ("├── NOTES.md  # this file" in a
copy of BUILD-LOG.md), so their sections differ by that name alone and are stored apart,
then retrieved side by side. A passage is a near copy of one already kept when both sit
under the same heading and their texts are equal once the names of note files in them
are set aside. Any other difference, however small, may be a different fact ("is" and
"is not", "3 de maio" and "3 de junho", "nas1.lan" and "nas2.lan"), so nothing else is
folded.
"""

from __future__ import annotations

import re

from app.core.basics.text import squash

_NOTE_FILE = re.compile(r"[\w.-]+\.(?:md|markdown|txt)\b", re.IGNORECASE)


def near_copy(text: str, kept: str) -> bool:
    """Whether `text` is `kept` but for the note file names they mention."""
    if text == kept:
        return True
    one, other = _without_note_names(text), _without_note_names(kept)
    return bool(one) and one == other and (_NOTE_FILE.search(text) is not None)


def _without_note_names(text: str) -> str:
    return squash(_NOTE_FILE.sub(" note ", text))
