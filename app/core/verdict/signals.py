"""Signals computed from one question's own retrieval, which the verdict weighs.

Every signal compares a question with itself (its best match against its own top-k, its
words against the notes) or is normalised by the folder's own calibration, so nothing is
compared across differently worded questions or differently shaped folders.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from app.core.basics.language import detect_language
from app.core.index.retrieve import Passage, SearchResult
from app.core.index.vocabulary import path_month
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_type import asked_type
from app.core.verdict.question_words import (
    GENERIC_SALIENCE,
    NAME_SALIENCE,
    QuestionTerm,
    Vocabulary,
    question_terms,
)
from app.core.verdict.stated_answer import states_answer


@dataclass(frozen=True)
class ScoreShape:
    """The top cosine similarity against the median of the same question's top-k."""

    similarities: tuple[float, ...]  # the vector leg's top-k, best first

    @property
    def k(self) -> int:
        return len(self.similarities)

    @property
    def top(self) -> float:
        return self.similarities[0] if self.similarities else 0.0

    @property
    def median(self) -> float:
        return statistics.median(self.similarities) if self.similarities else 0.0

    @property
    def gap(self) -> float:
        return self.top - self.median

    @property
    def ratio(self) -> float:
        return self.top / self.median if self.median > 0 else float("inf")


# What an ordinary word missing from passages of another language still counts for at
# least (see `Signals.coverage`). On the 38 labelled folders, against counting it in full:
# 16 fewer of 1,692 answerable questions refused and 4 more of 829 unanswerable let
# through at 0.5, all in the 15 folders of two languages; 20 and 7 there at 0
# (bench/fit_verdict.py --shipped).
UNREAD_WEIGHT = 0.5


@dataclass(frozen=True)
class Signals:
    shape: ScoreShape
    terms: tuple[QuestionTerm, ...]
    best_bm25: float  # the lexical leg's best score for this question (0 when no hit)
    bm25_norm: float  # best BM25 over the most any passage could score on these words
    passages: int
    asked: AnswerType | None  # the kind of value the question asks for
    type_stated: bool  # whether a retrieved passage states a value of that kind
    # The share of the passages written in the question's language (1.0 in a folder of
    # one language): where its ordinary words can be looked for at all.
    readable: float = 1.0

    @property
    def coverage(self) -> float:
        """Salience-weighted share of the question's words found in the passages.

        An ordinary word is looked for only in the passages of the question's language, so
        one missing from passages of another language counts by the share of passages it
        could have been found in, and at least by `UNREAD_WEIGHT`: "visto" is not in
        "Skilled Worker visa valid until…", where its absence says little, but an
        off-topic question's words are missing from every passage too. A name, a number
        or a code reads the same in every language and counts in full.
        """
        total = sum(t.salience * self._weight(t) for t in self.terms)
        return sum(t.salience for t in self.terms if t.in_passages) / total if total else 0.0

    def _weight(self, term: QuestionTerm) -> float:
        if term.in_passages or term.salience >= NAME_SALIENCE:
            return 1.0
        return max(self.readable, UNREAD_WEIGHT)

    @property
    def unread_words(self) -> tuple[str, ...]:
        """Missing ordinary words that passages of another language could state in their
        own words (none when every passage is in the question's language)."""
        return tuple(t.word for t in self.terms if self._weight(t) < 1.0)

    @property
    def unknown(self) -> tuple[QuestionTerm, ...]:
        return tuple(t for t in self.terms if not t.known)

    @property
    def unknown_words(self) -> tuple[str, ...]:
        return tuple(t.word for t in self.unknown)

    @property
    def unknown_salience(self) -> float:
        """How much the question's most naming unknown word names something (0 if none)."""
        return max((t.salience for t in self.unknown), default=0.0)

    @property
    def missing_words(self) -> tuple[str, ...]:
        return tuple(t.word for t in self.terms if not t.in_passages)

    @property
    def exact_terms(self) -> tuple[str, ...]:
        """Rare naming words the notes contain and the passages hold."""
        return tuple(t.word for t in self.terms if t.rare and t.in_passages and t.salience >= 0.6)

    @property
    def type_missing(self) -> bool:
        return self.asked is not None and not self.type_stated


def compute_signals(result: SearchResult, vocabulary: Vocabulary, shape_k: int = 10) -> Signals:
    similarities = tuple(h.similarity.value for h in result.vector_hits[:shape_k])
    # A note's folders and file name say what its passages are about ("papa/cuidadora.md").
    # A daily note's date names its month ("journal/2025-01-06.md": "the January change").
    passages_text = " ".join(
        " ".join([p.heading, p.text, p.paths_in_words])
        + "".join(f" {path_month(s.file, result.language)}" for s in p.sources)
        for p in result.passages
    )
    passages_text = " ".join([passages_text, *result.stand_ins])
    terms = question_terms(
        result.question, vocabulary, passages_text, result.language, result.other_languages
    )
    best_bm25 = result.lexical_hits[0].score.value if result.lexical_hits else 0.0
    ceiling = vocabulary.max_score([t.token for t in terms if t.known])
    asked = asked_type(result.question)
    naming = {t.token for t in terms if t.salience > GENERIC_SALIENCE and t.known}
    names = any(t.salience >= NAME_SALIENCE for t in terms)
    stated = asked is not None and states_answer(result, naming, asked, names=names)
    return Signals(
        ScoreShape(similarities),
        tuple(terms),
        best_bm25,
        best_bm25 / ceiling if ceiling > 0 else 0.0,
        len(result.passages),
        asked,
        stated,
        readable_share(result),
    )


def readable_share(result: SearchResult) -> float:
    """The share of the passages written in the question's language; a passage too short
    to tell ("Skilled Worker visa (eVisa), valid until 30 April 2026") counts as written
    in its note's language, or in the question's when that is unknown. 1.0 in a folder of
    one language, where a passage that quotes another language is still read with the
    folder's words."""
    if not result.other_languages or not result.passages:
        return 1.0
    asked = result.language

    def language(p: Passage) -> str:
        return detect_language(p.text, p.note_language or asked)

    return sum(language(p) == asked for p in result.passages) / len(result.passages)
