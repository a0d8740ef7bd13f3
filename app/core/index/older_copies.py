"""Older copies: a note kept beside its previous version answers with the old values.

People copy a note before rewriting it and keep the copy: `qpcr-run-old.md` beside
`qpcr-run.md`, `Kita Sonnenblume (Kopie).md`, `Cardamom Buns (old).md`, `archive/deploy.md`.
Both are retrieved for a question about the protocol, and the copy (58 °C, 25 µL) is as
likely to be quoted as the current note (60 °C, 20 µL). A note whose file name or folder
says it is an old copy or a backup of another note of the folder yields to that note: a
section of the copy is set aside when the current note's same section is among the
candidates, and the current section takes its place. Nothing is guessed from dates or
contents: a copy nobody named as one is an ordinary note (the near-copy fold in
`near_copies` handles copies that differ only in their file names).
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from app.core.basics.text import fold, squash
from app.core.index.records import ChunkSource

# What people add to a file name when they keep the previous version (folded).
_MARKERS = (
    "old|older|outdated|deprecated|obsolete|superseded|archived?|backup|bak|"
    "copy|kopie|copie|copia|veraltet|ancien|ancienne|antiguo|antigua|antigo|antiga|"
    "viejo|vieja|vecchio|vecchia"
)
_SUFFIX = re.compile(
    rf"^(?P<base>.*?\S)(?:[\s._-]+[(\[]?|[(\[])\s*(?:{_MARKERS})(?:[\s._-]*\d+)?\s*[)\]]?$"
)
_PREFIX = re.compile(r"^(?:copy of|kopie von|copie de|copia de|copia di)\s+(?P<base>.+)$")
# Folders that hold what was put away: `archive/deploy.md` is an old `deploy.md`.
_SHELVES = frozenset(
    "old archive archived archives archiv archivo arquivo archivio backup backups "
    "deprecated obsolete outdated veraltet".split()
)


def _key(parts: list[str], stem: str) -> str:
    return "/".join([*parts, squash(stem)])


def note_key(path: str) -> str:
    """A note's path as copies are matched: folded, without extension."""
    pure = PurePosixPath(fold(path))
    return _key(list(pure.parent.parts), pure.stem)


def current_key(path: str) -> str | None:
    """The key of the note `path` is an older copy of, by its name; None when its name
    and folders do not say it is one."""
    pure = PurePosixPath(fold(path))
    parts, stem = [p for p in pure.parent.parts if p != "."], pure.stem
    shelved = [p for p in parts if p not in _SHELVES]
    if len(shelved) < len(parts):
        return _key(shelved, stem)
    base = _without_marker(stem)
    return _key(parts, base) if base != stem else None


def _without_marker(name: str) -> str:
    for pattern in (_SUFFIX, _PREFIX):
        match = pattern.match(name)
        if match:
            return match.group("base")
    return name


def _section(source: ChunkSource) -> str:
    """The section's own heading with its numbers and copy marker left out: the copy's
    "Reaction mix (per well, 25 µL total)" is the current note's "(per well, 20 µL
    total)"; a note without headings is headed by its file name, "Cardamom Buns (old)"."""
    last = source.heading_path[-1] if source.heading_path else ""
    heading = squash(re.sub(r"\d+(?:[.,]\d+)*", "#", fold(last)))
    stem = squash(PurePosixPath(fold(source.file)).stem)
    if heading in (stem, _without_marker(stem)):
        return "\x00the note's title"
    return _without_marker(heading)


def is_older_copy(older: ChunkSource, current: ChunkSource) -> bool:
    """Whether `older` is the same section of an older copy of `current`'s note."""
    wanted = current_key(older.file)
    return (
        wanted is not None
        and wanted == note_key(current.file)
        and current_key(current.file) is None
        and _section(older) == _section(current)
    )


def current_first(sources: tuple[ChunkSource, ...]) -> tuple[ChunkSource, ...]:
    """A text found in a note and in its older copy is cited from the note."""
    if len(sources) < 2 or current_key(sources[0].file) is None:
        return sources
    return tuple(sorted(sources, key=lambda s: current_key(s.file) is not None))
