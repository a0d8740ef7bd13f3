"""Near copies: a note kept in two files fills two top-k slots with one fact.

Exact duplicates share a text hash and are stored once, with every place they occur. A
note copied to a second file often names its own file ("├── NOTES.md  # this file" in a
copy of BUILD-LOG.md), so their sections differ by that name alone and are stored apart,
then retrieved side by side. A note duplicated in an editor gets a copy number in its
title ("# Wildwood Flowers (1)", as Notion, Finder and Explorer name a duplicate), so its
opening section differs from the original's by that number alone. A passage is a near
copy of one already kept when both sit under the same heading and their texts are equal
once the names of note files in them and the copy numbers of their headings are set aside.
Any other difference, however small, may be a different fact ("is" and
"is not", "3 de maio" and "3 de junho", "nas1.lan" and "nas2.lan"), so nothing else is
folded.
"""

from __future__ import annotations

import re

from app.core.basics.text import squash

_NOTE_FILE = re.compile(r"[\w.-]+\.(?:md|markdown|txt)\b", re.IGNORECASE)
# A heading, as a line or as written in a heading path, that ends in a copy number:
# "# Wildwood Flowers (1)", "Wildwood Flowers (1)".
_COPY_NUMBER = re.compile(r"^(#{0,6}\s*\S.*?)\s*\(\d{1,2}\)\s*$", re.MULTILINE)
_HEADING_LINE = re.compile(r"^#{1,6}\s.*$", re.MULTILINE)


def near_copy(text: str, kept: str, *, copy_numbers: bool = False) -> bool:
    """Whether `text` is `kept` but for the note file names they mention and, with
    `copy_numbers` (the two are in different files), the copy numbers of their headings:
    in one note, "Round (1)" and "Round (2)" are two rounds."""
    if text == kept:
        return True
    one, other = _as_the_original(text, copy_numbers), _as_the_original(kept, copy_numbers)
    numbered = copy_numbers and (_numbered(text) or _numbered(kept))
    return bool(one) and one == other and (_NOTE_FILE.search(text) is not None or numbered)


def copy_title(heading: str) -> str:
    """A heading without its copy number: "Wildwood Flowers (1)" is "Wildwood Flowers"."""
    found = _COPY_NUMBER.fullmatch(heading.strip())
    return found.group(1) if found is not None else heading


def _numbered(text: str) -> bool:
    return any(_COPY_NUMBER.fullmatch(h) for h in _HEADING_LINE.findall(text))


def _as_the_original(text: str, copy_numbers: bool) -> str:
    if copy_numbers:
        text = _HEADING_LINE.sub(lambda m: copy_title(m.group(0)), text)
    return squash(_NOTE_FILE.sub(" note ", text))
