"""The vector leg's second list: the question moved to each of the folder's other
languages (see `language_space`), searched among that language's texts, how it joins
the question's own list, and the keyword rank its texts are given."""

from __future__ import annotations

import statistics
from collections.abc import Collection, Mapping, Sequence

from app.core.basics.language import detect_language
from app.core.index.records import StoredText
from app.core.index.store import NoteIndex
from app.core.index.vectors import VectorHit
from app.core.models.embedder import Vectors

_MARGIN = 16  # hits past `n`, for stray vectors the manifest no longer holds
_UNSURE = "?"  # no language: a text whose words do not tell one


def question_language(index: NoteIndex, question: str, query: Vectors | None) -> str:
    """The language the question's function words show; for one with too few to tell
    ("workshop rent per month"), the language whose texts' mean its vector is nearest in
    a folder of two languages the embedder places together (bench/question_language.py),
    else the folder's main language."""
    main = index.main_language()
    if detect_language(question, default=""):
        return detect_language(question, main)  # ties broken toward the main language
    space = index.language_space() if query is not None else None
    return main if space is None or query is None else space.nearest(query)


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
        # the language's own frozenset, not a copy of it for every question
        theirs = space.texts[language] if only is None else space.texts[language] & only
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


def vector_order(
    vector_hits: Sequence[VectorHit],
    moved_hits: Sequence[VectorHit],
    shift: float | None,
    limit: int,
) -> list[str]:
    """The vector leg's texts, best first: the question's own hits joined by the texts of
    other languages the moved question finds (`moved_nearest`).

    Each list's similarities are read against the median of its own first ten, as the
    score shape reads them: the moved question sits nearer every text of the other
    language (a folder whose languages also split its topics moves it toward their
    topics too), so only a text that stands out of the moved list as far as the own
    list's best stand out of theirs joins among them. A text in both lists takes its
    better place; `shift` is what a moved hit gives up (None: the own list alone), and the
    list keeps the leg's `limit` of candidates.
    """
    if shift is None or not moved_hits or not vector_hits:
        return [h.text_hash for h in vector_hits]
    own = _median_of_first(vector_hits)
    moved = _median_of_first(moved_hits) + shift
    standing = {h.text_hash: h.similarity.value - own for h in vector_hits}
    for hit in moved_hits:
        height = hit.similarity.value - moved
        standing[hit.text_hash] = max(standing.get(hit.text_hash, height), height)
    return sorted(standing, key=lambda h: (-standing[h], h))[:limit]


def unread_by_keywords(texts: Mapping[str, str], asked: str) -> set[str]:
    """The texts (by hash) written in another language than the question's: the moved
    hits of a note in another language, less those whose own words are the question's
    language (the English section of a Spanish note); a text too short to tell, such as a
    table of figures, counts as its note's language."""
    return {h for h, text in texts.items() if detect_language(text, _UNSURE) != asked}


def keyword_ranks_across(
    lexical_rank: Mapping[str, int],
    vector_rank: Mapping[str, int],
    unread: Collection[str],
    first: int,
) -> dict[str, int]:
    """The keyword leg's ranks, with each text it cannot read (`unread_by_keywords`)
    among the vector leg's `first` at its vector rank when that is better.

    BM25 reads the question's words, which a text in another language does not hold but
    for a name or a number: left to it, such a text has one vote where a text in the
    question's language has two, and any text sharing a common word with the question
    outranks the one that answers across languages ("Are we allowed to eat in the
    studio?" against "Não é permitido comer dentro do estúdio"). The vector leg reads both
    languages, so its rank stands in for the vote BM25 cannot give; only within its first
    few (the number of passages shown), or a two-word question in the folder's main
    language ("Policennummer Betriebshaftpflicht") has its own notes' answer outranked by
    a page of the other language's texts that the moved question finds alike.
    """
    ranks = dict(lexical_rank)
    for text_hash in unread:
        rank = vector_rank.get(text_hash)
        if rank is not None and rank <= first and rank < ranks.get(text_hash, rank + 1):
            ranks[text_hash] = rank
    return ranks


def stand_ins(
    shown: Sequence[str],
    order: Sequence[str],
    stored: Mapping[str, StoredText],
    unread: Collection[str],
) -> tuple[str, ...]:
    """The texts of the best candidates below the `shown` passages in the question's
    language (of those `stored`), one for each shown passage of another language (see
    `SearchResult.stand_ins`)."""
    wanted = sum(h in unread for h in shown)
    below = (h for h in order if h in stored and h not in shown and h not in unread)
    return tuple(stored[h].text for _, h in zip(range(wanted), below, strict=False))


def _median_of_first(hits: Sequence[VectorHit], n: int = 10) -> float:
    return float(statistics.median(h.similarity.value for h in hits[:n]))
