"""Hybrid retrieval: a vector leg and a BM25 leg, fused by weighted reciprocal rank."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.core.basics.language import DEFAULT_LANGUAGE
from app.core.basics.names_across import name_tokens, other_languages
from app.core.basics.scores import Bm25Score, CosineSimilarity, FusedScore
from app.core.basics.text import lexical_tokens
from app.core.index import note_leads, older_copies
from app.core.index.cross_language import (
    moved_nearest,
    question_language,
    stand_ins,
    unread_by_keywords,
)
from app.core.index.exact_terms import exact_term_holder, exact_terms, with_pins
from app.core.index.fusion import RetrievalSettings, fuse
from app.core.index.lexical import LexicalHit
from app.core.index.near_copies import copy_title, near_copy
from app.core.index.records import ChunkSource, StoredText
from app.core.index.scope import Scope, parse_scope
from app.core.index.store import NoteIndex
from app.core.index.vectors import VectorHit
from app.core.index.vocabulary import path_words
from app.core.models.embedder import Vectors


@dataclass(frozen=True)
class Passage:
    """One retrieved chunk text with every rank and score that placed it."""

    text_hash: str
    text: str
    sources: tuple[ChunkSource, ...]  # where this text or a near copy occurs, primary first
    fused_rank: int
    fused: FusedScore
    vector_rank: int | None
    cosine: CosineSimilarity | None
    bm25_rank: int | None
    bm25: Bm25Score | None
    pinned_by: str | None = None  # the rare exact term that kept this passage in the top k
    note_lead: str = ""  # what its note's opening lines say it is about (see `note_leads`)
    note_aliases: tuple[str, ...] = ()  # its note's other names (front matter, Logseq)
    note_opening: str = ""  # those lines as written, rosters too ("Teilnehmer: M. Weidlich")
    note_language: str = ""  # its note's language, as detected at indexing ("": none)
    older_copies: tuple[ChunkSource, ...] = ()  # set aside for this section (`older_copies`)
    moved_rank: int | None = None  # its rank for the question moved to its language

    @property
    def primary(self) -> ChunkSource:
        return self.sources[0]

    @property
    def paths_in_words(self) -> str:
        """The folders and file names of the notes it is in, as words ("papa cuidadora")."""
        return " ".join(path_words(s.file) for s in self.sources)

    @property
    def surroundings(self) -> str:
        """What names the passage's subject besides its own text: its heading path, its
        note's opening lines and the paths of the notes it is in (a note filed under
        `github-actions/` is about GitHub Actions), and its note's aliases (`alias:: 11C3`
        names the page `Year 11 set 3`)."""
        return "\n".join(
            [self.heading, self.note_lead, *self.note_aliases, *(s.file for s in self.sources)]
        )

    @property
    def titles(self) -> str:
        """What titles the passage: its heading path and its notes' paths, not its note's
        lead (whose years may date anything)."""
        return "\n".join([self.heading, *(s.file for s in self.sources)])

    @property
    def heading(self) -> str:
        return self.primary.heading

    def as_dict(self) -> dict[str, Any]:
        """Plain data for `--json` output and stored runs; a rank is None when that leg
        did not return the passage."""
        first = self.primary
        return {
            "file": first.file,
            "heading_path": first.heading,
            "start_line": first.start_line,
            "end_line": first.end_line,
            "links": list(first.links),
            "text": self.text,
            "sources": [
                {
                    "file": s.file,
                    "heading_path": s.heading,
                    "start_line": s.start_line,
                    "end_line": s.end_line,
                }
                for s in self.sources
            ],
            "vector_rank": self.vector_rank,
            CosineSimilarity.metric: None if self.cosine is None else round(self.cosine.value, 6),
            "bm25_rank": self.bm25_rank,
            Bm25Score.metric + "_score": None if self.bm25 is None else round(self.bm25.value, 6),
            "moved_rank": self.moved_rank,
            "fused_rank": self.fused_rank,
            "fused_score": round(self.fused.value, 8),
            "pinned_by": self.pinned_by,
            "note_lead": self.note_lead,  # read with the passage by the answer checks
            "note_aliases": list(self.note_aliases),
            "older_copies": [
                {"file": s.file, "start_line": s.start_line, "end_line": s.end_line}
                for s in self.older_copies
            ],
        }


def passage_numbers(passages: Sequence[Passage]) -> dict[str, int]:
    """Each passage's 1-based number as shown to the model and the reader, by text hash."""
    return {p.text_hash: n for n, p in enumerate(passages, start=1)}


@dataclass(frozen=True)
class SearchResult:
    question: str
    passages: list[Passage]
    vector_hits: list[VectorHit] = field(default_factory=list)
    lexical_hits: list[LexicalHit] = field(default_factory=list)
    seconds: float = 0.0
    language: str = DEFAULT_LANGUAGE  # the question's, as its words were read
    scope: Scope = field(default_factory=Scope)  # taken out of the question as asked
    scope_notes: int | None = None  # how many notes the scope admits (None: no scope)
    # the folder's other languages, in which the question's names are read too
    other_languages: tuple[str, ...] = ()
    # the texts of other languages nearest the question moved to theirs (`language_space`)
    moved_hits: list[VectorHit] = field(default_factory=list)
    # For each passage in another language than the question's, the best candidate below
    # the top k that is not: where the verdict looks for the question's words too, as a
    # passage the question's words cannot be looked for in took its place.
    stand_ins: tuple[str, ...] = ()

    def scope_line(self) -> str | None:
        """What a scoped question searched, for `why` and the answer: None without one."""
        if self.scope.is_empty:
            return None
        notes = self.scope_notes or 0
        return f"searched only {self.scope.describe()}: {notes} note{'s' * (notes != 1)}"


def search(
    index: NoteIndex,
    question: str,
    settings: RetrievalSettings,
    *,
    query_vector: Vectors | None = None,
) -> SearchResult:
    """Retrieve the top `settings.k` passages for `question`.

    A scope written in the question (`in:`, `#tag`, `file:`, `since:`, `before:`) is taken
    out of it and narrows both legs before fusion. `query_vector`, when given, is the
    question's embedding (probes embed in one batch).

    Raises:
        ScopeError: the question's scope cannot be used.
    """
    started = time.perf_counter()
    asked = parse_scope(question)
    only: set[str] | None = None
    in_scope: set[str] = set()
    if not asked.scope.is_empty:
        files = index.manifest.files()
        if asked.scope.tags:
            asked = parse_scope(question, {t for r in files.values() for t in r.tags})
    question, scope = asked.text, asked.scope
    if not scope.is_empty:
        in_scope = {p for p, r in files.items() if scope.admits(p, r.mtime_ns, r.tags)}
        only = index.manifest.texts_of(in_scope)
    vector_hits: list[VectorHit] = []
    moved_hits: list[VectorHit] = []
    query: Vectors | None = None
    if settings.vector_weight > 0 and not index.manifest.is_empty() and only != set():
        query = (
            query_vector
            if query_vector is not None
            else index.embedder.embed_queries([question])[0]
        )
    language = question_language(index, question, query)
    others = other_languages(index.languages(), language)
    if query is not None:
        # Stray vectors (a batch cut short) are filtered here, before the candidate slice.
        raw = index.nearest(query, settings.candidates + 16, only)
        known = index.manifest.known_hashes(h.text_hash for h in raw)
        floor = settings.min_cosine
        vector_hits = [
            h
            for h in raw
            if h.text_hash in known and (floor is None or h.similarity.value >= floor)
        ][: settings.candidates]
        if settings.language_shift is not None:
            moved_hits = moved_nearest(index, query, language, settings.candidates, only)
    lexical_hits: list[LexicalHit] = []
    pins: dict[str, str] = {}  # text hash -> the exact term that pins it
    if settings.lexical_weight > 0 and only != set():
        bm25 = index.bm25()
        tokens = lexical_tokens(question, language)
        tokens += [t for t in name_tokens(question, language, others) if t not in tokens]
        held = index.path_field().holders(tokens)  # "boiler" finds house/boiler.md
        lexical_hits = bm25.search_tokens(tokens, settings.candidates, only=only, also_held=held)
        for term in exact_terms(bm25, question, settings.pinned_terms, language):
            best = exact_term_holder(bm25, term, lexical_hits, only)
            if best is not None:
                pins.setdefault(best, term)

    unread = (
        unread_by_keywords(index.manifest.embed_texts(h.text_hash for h in moved_hits), language)
        if moved_hits
        else set()
    )
    ranked = fuse(vector_hits, lexical_hits, settings, moved_hits, unread)
    order = with_pins([h for h, _ in ranked], pins, settings.k)
    fused_of = dict(ranked)
    stored = index.manifest.texts_with_sources(order[: settings.k * 3])
    vector_by_hash = {h.text_hash: (r, h) for r, h in enumerate(vector_hits, start=1)}
    lexical_by_hash = {h.text_hash: (r, h) for r, h in enumerate(lexical_hits, start=1)}
    moved_rank = {h.text_hash: r for r, h in enumerate(moved_hits, start=1)}
    passages: list[Passage] = []

    def passage_of(text_hash: str, sources: tuple[ChunkSource, ...], rank: int) -> Passage:
        vr = vector_by_hash.get(text_hash)
        lr = lexical_by_hash.get(text_hash)
        return Passage(
            text_hash=text_hash,
            text=stored[text_hash].text,
            sources=sources,
            fused_rank=rank,
            fused=fused_of.get(text_hash, FusedScore(0.0)),
            vector_rank=vr[0] if vr else None,
            cosine=vr[1].similarity if vr else None,
            bm25_rank=lr[0] if lr else None,
            bm25=lr[1].score if lr else None,
            moved_rank=moved_rank.get(text_hash),
            pinned_by=pins.get(text_hash),
        )

    def sources_of(text_hash: str) -> tuple[ChunkSource, ...]:
        sources = stored[text_hash].sources
        if only is not None:  # a copy outside the scope is not where the answer was found
            sources = tuple(s for s in sources if s.file in in_scope) or sources
        return older_copies.current_first(sources)

    def in_place_of(set_aside: Passage, text_hash: str) -> Passage:
        """The current note's section, in the slot of its older copy's."""
        return dataclasses.replace(
            passage_of(text_hash, sources_of(text_hash), set_aside.fused_rank),
            older_copies=set_aside.older_copies + set_aside.sources,
        )

    is_older = older_copies.is_older_copy
    for text_hash in order:
        if text_hash not in stored:
            continue
        sources = sources_of(text_hash)
        text = stored[text_hash].text
        original = next((i for i, p in enumerate(passages) if _copies(p, text, sources)), None)
        if original is not None:  # one fact, one slot: the copy is listed as another source
            kept = passages[original]
            passages[original] = dataclasses.replace(kept, sources=kept.sources + sources)
            continue
        current = next((i for i, p in enumerate(passages) if is_older(sources[0], p.primary)), None)
        if current is not None:  # the current note's section is already here
            kept = passages[current]
            passages[current] = dataclasses.replace(kept, older_copies=kept.older_copies + sources)
            continue
        older = next((i for i, p in enumerate(passages) if is_older(p.primary, sources[0])), None)
        if older is not None:  # the current section takes the place of its older copy
            passages[older] = in_place_of(passages[older], text_hash)
            continue
        passages.append(passage_of(text_hash, sources, len(passages) + 1))
        if len(passages) == settings.k:
            break
    passages = _current_sections(passages, order, stored, sources_of, in_place_of)
    shown_files = {p.primary.file for p in passages}
    firsts = index.manifest.openings(shown_files)
    openings = {file: note_leads.opening_lines(text) for file, (text, _) in firsts.items()}
    languages = index.manifest.languages_of(shown_files)
    passages = [
        dataclasses.replace(
            p,
            note_lead=note_leads.lead_of(openings.get(p.primary.file, "")),
            note_opening=openings.get(p.primary.file, ""),
            note_language=languages.get(p.primary.file, ""),
            note_aliases=firsts.get(p.primary.file, ("", ()))[1],
        )
        for p in passages
    ]
    return SearchResult(
        question,
        passages,
        vector_hits,
        lexical_hits,
        time.perf_counter() - started,
        language,
        scope,
        None if only is None else len(in_scope),
        others,
        moved_hits,
        stand_ins([p.text_hash for p in passages], order, stored, unread),
    )


def _current_sections(
    passages: list[Passage],
    order: list[str],
    stored: dict[str, StoredText],
    sources_of: Callable[[str], tuple[ChunkSource, ...]],
    in_place_of: Callable[[Passage, str], Passage],
) -> list[Passage]:
    """Each passage of an older copy replaced by its current note's same section when that
    section is a candidate below the top k (one already in the top k was folded above)."""
    kept = {p.text_hash for p in passages}
    for slot, passage in enumerate(passages):
        if older_copies.current_key(passage.primary.file) is None:
            continue
        for text_hash in order:
            if text_hash in kept or text_hash not in stored:
                continue
            if older_copies.is_older_copy(passage.primary, sources_of(text_hash)[0]):
                passages[slot] = in_place_of(passage, text_hash)
                kept.add(text_hash)
                break
    return passages


def _copies(kept: Passage, text: str, sources: tuple[ChunkSource, ...]) -> bool:
    """Whether a passage of `text` found at `sources` is a near copy of `kept`."""
    apart = kept.primary.file != sources[0].file  # a duplicated note's title is numbered
    heading, other = kept.primary.heading_path[-1:], sources[0].heading_path[-1:]
    if apart:
        heading, other = tuple(map(copy_title, heading)), tuple(map(copy_title, other))
    return heading == other and near_copy(text, kept.text, copy_numbers=apart)
