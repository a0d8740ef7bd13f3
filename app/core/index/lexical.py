"""The lexical leg: Okapi BM25 (rank-bm25) over the same unique chunk texts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass

import numpy as np

from app.core.basics.language import DEFAULT_LANGUAGE
from app.core.basics.scores import Bm25Score
from app.core.basics.text import lexical_tokens


@dataclass(frozen=True)
class LexicalHit:
    text_hash: str
    score: Bm25Score


class Bm25Index:
    """An in-memory BM25 index over pre-tokenised chunk texts."""

    def __init__(self, corpus: Sequence[tuple[str, list[str]]]) -> None:
        from rank_bm25 import BM25Okapi

        self._hashes = [h for h, _ in corpus]
        self._position = {h: i for i, h in enumerate(self._hashes)}
        docs = [tokens for _, tokens in corpus]
        self._df: Counter[str] = Counter()
        for tokens in docs:
            self._df.update(set(tokens))
        # BM25Okapi divides by the corpus size, so an empty index gets no model at all.
        self._bm25 = BM25Okapi(docs) if any(docs) else None

    def __len__(self) -> int:
        return len(self._hashes)

    @property
    def n_docs(self) -> int:
        return len(self._hashes)

    def __contains__(self, token: object) -> bool:
        """Whether any note holds `token` (a stemmed lexical token)."""
        return isinstance(token, str) and token in self._df

    def doc_freq(self, token: str) -> int:
        """How many unique texts hold `token`."""
        return self._df.get(token, 0)

    def max_score(self, tokens: list[str]) -> float:
        """The most a text could score on these tokens: each term's IDF times (k1 + 1)."""
        if self._bm25 is None:
            return 0.0
        ceiling = float(self._bm25.k1) + 1.0
        return sum(max(float(self._bm25.idf.get(t, 0.0)), 0.0) * ceiling for t in set(tokens))

    def search(
        self,
        question: str,
        n: int,
        language: str = DEFAULT_LANGUAGE,
        *,
        only: Collection[str] | None = None,
    ) -> list[LexicalHit]:
        """The `n` best-scoring texts that share at least one token with the question;
        with `only`, among those text hashes alone (a scope)."""
        return self.search_tokens(lexical_tokens(question, language), n, only=only)

    def search_tokens(
        self, query: list[str], n: int, *, only: Collection[str] | None = None
    ) -> list[LexicalHit]:
        if self._bm25 is None or not query or n <= 0:
            return []
        scores = np.asarray(self._bm25.get_scores(query))
        if only is not None:
            # Scores keep the whole folder's statistics; only the ranking is narrowed.
            keep = np.zeros(len(scores), dtype=bool)
            keep[[self._position[h] for h in only if h in self._position]] = True
            scores = np.where(keep, scores, 0.0)
        order = np.argsort(-scores, kind="stable")[:n]
        return [
            LexicalHit(self._hashes[i], Bm25Score(float(scores[i]))) for i in order if scores[i] > 0
        ]
