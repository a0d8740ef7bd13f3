"""The lexical leg: Okapi BM25 over the same unique chunk texts."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from app.core.basics.language import DEFAULT_LANGUAGE
from app.core.basics.scores import Bm25Score
from app.core.basics.text import lexical_tokens


@dataclass(frozen=True)
class LexicalHit:
    text_hash: str
    score: Bm25Score


class Bm25Index:
    """Okapi BM25 over pre-tokenised chunk texts, scored through an inverted index.

    The formula and defaults are rank-bm25's `BM25Okapi` (k1 1.5, b 0.75, an IDF floor of
    0.25 times the mean IDF), computed in the same order, so every score is the same to
    the last bit; but a query touches only the texts that hold its terms, where
    `BM25Okapi` walks every text in Python for every term, and the postings take a
    fraction of the memory of its one dictionary per text.
    """

    k1 = 1.5
    b = 0.75
    epsilon = 0.25

    def __init__(self, corpus: Sequence[tuple[str, list[str]]]) -> None:
        self._hashes = [h for h, _ in corpus]
        docs: dict[str, list[int]] = {}  # term -> the texts holding it, in corpus order
        freqs: dict[str, list[int]] = {}  # term -> its count in each of those texts
        lengths = np.zeros(len(corpus), dtype=np.float64)
        total = 0
        for i, (_, tokens) in enumerate(corpus):
            lengths[i] = len(tokens)
            total += len(tokens)
            for term, count in Counter(tokens).items():
                if term in docs:
                    docs[term].append(i)
                    freqs[term].append(count)
                else:
                    docs[term] = [i]
                    freqs[term] = [count]
        self._postings = {
            term: (np.asarray(ids, dtype=np.int64), np.asarray(freqs[term], dtype=np.int64))
            for term, ids in docs.items()
        }
        self.idf: dict[str, float] = {}
        self._norm = np.zeros(0)
        # BM25Okapi divides by the corpus size, so an empty index gets no model at all.
        self._empty = total == 0
        if self._empty:
            return
        avgdl = total / len(corpus)
        idf_sum = 0.0
        negative = []
        for term, ids in docs.items():  # first-seen order, as BM25Okapi sums them
            idf = math.log(len(corpus) - len(ids) + 0.5) - math.log(len(ids) + 0.5)
            self.idf[term] = idf
            idf_sum += idf
            if idf < 0:
                negative.append(term)
        floor = self.epsilon * (idf_sum / len(self.idf))
        for term in negative:
            self.idf[term] = floor
        self._norm = self.k1 * (1 - self.b + self.b * lengths / avgdl)

    def scores(self, query: list[str]) -> npt.NDArray[np.float64]:
        """Every text's BM25 score for the query tokens, in corpus order."""
        total = np.zeros(len(self._hashes))
        if self._empty:
            return total
        for term in query:
            posting = self._postings.get(term)
            if posting is None:
                continue  # BM25Okapi adds an exact 0.0 to every text here
            ids, tf = posting
            total[ids] += (self.idf.get(term) or 0) * (tf * (self.k1 + 1) / (tf + self._norm[ids]))
        return total

    def __len__(self) -> int:
        return len(self._hashes)

    @property
    def n_docs(self) -> int:
        return len(self._hashes)

    def __contains__(self, token: object) -> bool:
        """Whether any note holds `token` (a stemmed lexical token)."""
        return isinstance(token, str) and token in self._postings

    def doc_freq(self, token: str) -> int:
        """How many unique texts hold `token`."""
        posting = self._postings.get(token)
        return 0 if posting is None else len(posting[0])

    def max_score(self, tokens: list[str]) -> float:
        """The most a text could score on these tokens: each term's IDF times (k1 + 1)."""
        if self._empty:
            return 0.0
        ceiling = self.k1 + 1.0
        return sum(max(float(self.idf.get(t, 0.0)), 0.0) * ceiling for t in set(tokens))

    def search(self, question: str, n: int, language: str = DEFAULT_LANGUAGE) -> list[LexicalHit]:
        """The `n` best-scoring texts that share at least one token with the question."""
        return self.search_tokens(lexical_tokens(question, language), n)

    def search_tokens(self, query: list[str], n: int) -> list[LexicalHit]:
        if self._empty or not query or n <= 0:
            return []
        scores = self.scores(query)
        order = np.argsort(-scores, kind="stable")[:n]
        return [
            LexicalHit(self._hashes[i], Bm25Score(float(scores[i]))) for i in order if scores[i] > 0
        ]
