"""The vector leg's second list: the question moved to each of the folder's other
languages (see `language_space`), searched among that language's texts."""

from __future__ import annotations

from app.core.index.store import NoteIndex
from app.core.index.vectors import VectorHit
from app.core.models.embedder import Vectors

_MARGIN = 16  # hits past `n`, for stray vectors the manifest no longer holds


def moved_nearest(
    index: NoteIndex, query: Vectors, asked: str, n: int, only: set[str] | None
) -> list[VectorHit]:
    """The `n` texts of other languages nearest the moved question (among `only` when
    given), each language's first before any language's second; none for a folder in
    one language or a question in a language with no mean. Each hit's similarity is to
    the moved question."""
    space = index.language_space()
    if space is None:
        return []
    lists: list[list[VectorHit]] = []
    for language, vector in space.moved(query, asked).items():
        theirs = set(space.texts[language] if only is None else space.texts[language] & only)
        if not theirs:
            continue
        raw = index.nearest(vector, n + _MARGIN, theirs)
        known = index.manifest.known_hashes(h.text_hash for h in raw)
        lists.append([h for h in raw if h.text_hash in known][:n])
    placed = sorted(
        ((place, hit) for hits in lists for place, hit in enumerate(hits)),
        key=lambda item: (item[0], -item[1].similarity.value, item[1].text_hash),
    )
    seen: set[str] = set()
    merged: list[VectorHit] = []
    for _, hit in placed:
        if hit.text_hash not in seen:
            seen.add(hit.text_hash)
            merged.append(hit)
    return merged[:n]
