"""The lexical leg: Okapi BM25 over the same unique chunk texts."""

from __future__ import annotations

import io
import math
from array import array
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import BinaryIO
from zipfile import BadZipFile

import numpy as np
import numpy.typing as npt

from app.core.basics.language import DEFAULT_LANGUAGE
from app.core.basics.scores import Bm25Score
from app.core.basics.text import lexical_tokens

Ints = npt.NDArray[np.int32]
SAVED_FORMAT = 1  # bump when the saved arrays change
_NO_INTS: Ints = np.zeros(0, dtype=np.int32)
# A term and the texts that hold it outside their own tokens (in their notes' paths).
TermHolders = Mapping[str, Collection[str]]


@dataclass(frozen=True)
class LexicalHit:
    text_hash: str
    score: Bm25Score


class Bm25Index:
    """Okapi BM25 over pre-tokenised chunk texts, scored through an inverted index, and
    updated in place of a rebuild when a few texts come and go.

    The formula and defaults are rank-bm25's `BM25Okapi` (k1 1.5, b 0.75, an IDF floor of
    0.25 times the mean IDF); the mean is an exactly rounded sum (`math.fsum`), so an
    updated index scores every text to the same bit as one built afresh from the same
    texts, and within 1e-12 of rank-bm25. A query touches only the texts holding its
    terms, where `BM25Okapi` walks every text in Python for every term. Ties rank by text
    hash. An update never changes an index another thread is reading: it returns a new
    one that shares what did not change.
    """

    k1 = 1.5
    b = 0.75
    epsilon = 0.25

    def __init__(self, corpus: Iterable[tuple[str, list[str]]]) -> None:
        self._hashes: list[str] = []
        self._slot: dict[str, int] = {}
        self._alive = np.zeros(0, dtype=bool)
        self._lengths = np.zeros(0, dtype=np.float64)
        self._term_id: dict[str, int] = {}
        self._terms: list[str] = []
        self._postings: list[tuple[Ints, Ints]] = []  # per term: texts holding it, counts
        self._doc_terms: list[Ints] = []  # per text: its distinct term ids
        self._df = np.zeros(0, dtype=np.int64)
        self._dead = 0
        self._add(corpus)

    # --- building ------------------------------------------------------------------------

    def _add(self, corpus: Iterable[tuple[str, list[str]]]) -> None:
        """Append texts as new slots, then recompute the corpus statistics.

        Term ids and counts go into flat C arrays as the texts stream in, and the postings
        are cut from one sort of those arrays: a folder of a few hundred thousand texts
        is counted without a Python object per posting (that cost gigabytes).
        """
        start = len(self._hashes)
        term_ids = array("i")
        counts = array("i")
        distinct = array("i")  # per new text: how many distinct terms it holds
        lengths = array("d")
        term_id, terms = self._term_id, self._terms
        for text_hash, tokens in corpus:
            self._slot[text_hash] = len(self._hashes)
            self._hashes.append(text_hash)
            lengths.append(len(tokens))
            tally = Counter(tokens)
            distinct.append(len(tally))
            for term, count in tally.items():
                tid = term_id.get(term)
                if tid is None:
                    tid = term_id[term] = len(terms)
                    terms.append(term)
                term_ids.append(tid)
                counts.append(count)
        added = len(self._hashes) - start
        # Views of the C arrays, not copies; `order` and the sorted postings are the only
        # other arrays of one entry per posting alive at once.
        flat_terms = np.frombuffer(term_ids, dtype=np.intc).astype(np.int32, copy=False)
        flat_tf = np.frombuffer(counts, dtype=np.intc).astype(np.int32, copy=False)
        per_text = np.frombuffer(distinct, dtype=np.intc)
        self._doc_terms.extend(flat_terms[a:b] for a, b in _spans(per_text))
        order = np.argsort(flat_terms, kind="stable")  # by term, then by slot
        post_ids = (np.repeat(np.arange(added, dtype=np.int32), per_text)[order] + start).astype(
            np.int32, copy=False
        )
        post_tf = flat_tf[order]
        del order
        per_term = np.bincount(flat_terms, minlength=len(terms))
        self._postings.extend(
            (np.zeros(0, np.int32), np.zeros(0, np.int32))
            for _ in range(len(terms) - len(self._postings))
        )
        ends = np.cumsum(per_term)
        for tid in np.flatnonzero(per_term).tolist():
            b = int(ends[tid])
            a = b - int(per_term[tid])
            old_ids, old_tf = self._postings[tid]
            if len(old_ids):
                self._postings[tid] = (
                    np.concatenate([old_ids, post_ids[a:b]]),
                    np.concatenate([old_tf, post_tf[a:b]]),
                )
            else:
                self._postings[tid] = (post_ids[a:b], post_tf[a:b])
        self._alive = np.concatenate([self._alive, np.ones(added, dtype=bool)])
        self._lengths = np.concatenate([self._lengths, np.asarray(lengths, dtype=np.float64)])
        df = np.zeros(len(terms), dtype=np.int64)
        df[: len(self._df)] = self._df
        df += per_term
        self._df = df
        self._statistics()

    def _statistics(self) -> None:
        """Corpus size, mean length, every term's IDF (floored) and the length norms."""
        self._n = int(self._alive.sum())
        total = float(self._lengths[self._alive].sum())
        self._empty = total == 0  # BM25Okapi divides by the corpus size: no model at all
        self._idf = np.zeros(len(self._terms), dtype=np.float64)
        self._norm = np.zeros(len(self._hashes), dtype=np.float64)
        self._floor = 0.0
        if self._empty:
            return
        present = np.nonzero(self._df > 0)[0]
        n = self._n
        idf = [math.log(n - d + 0.5) - math.log(d + 0.5) for d in self._df[present].tolist()]
        self._floor = floor = self.epsilon * (math.fsum(idf) / len(idf))
        self._idf[present] = [value if value >= 0 else floor for value in idf]
        avgdl = total / n
        self._norm = self.k1 * (1 - self.b + self.b * self._lengths / avgdl)

    def updated(self, added: Iterable[tuple[str, list[str]]], removed: Iterable[str]) -> Bm25Index:
        """A new index with `added` texts and without `removed` ones; this one is unchanged.

        Raises:
            KeyError: a removed text is not in the index.
        """
        new = object.__new__(Bm25Index)
        new._hashes = list(self._hashes)
        new._slot = dict(self._slot)
        new._alive = self._alive.copy()
        new._lengths = self._lengths
        new._term_id = dict(self._term_id)
        new._terms = list(self._terms)
        new._postings = list(self._postings)
        new._doc_terms = list(self._doc_terms)
        new._df = self._df.copy()
        new._dead = self._dead
        for text_hash in removed:
            slot = new._slot.pop(text_hash)
            new._alive[slot] = False
            new._df[new._doc_terms[slot]] -= 1
            new._dead += 1
        new._add(added)
        return new

    @property
    def dead_share(self) -> float:
        """How much of the index is texts removed since it was built (rebuild when high)."""
        return self._dead / len(self._hashes) if self._hashes else 0.0

    def hashes(self) -> set[str]:
        return set(self._slot)

    # --- saving ------------------------------------------------------------------------

    def to_bytes(self, version: int, stamp: str) -> bytes:
        buffer = io.BytesIO()
        self.write(buffer, version, stamp)
        return buffer.getvalue()

    def write(self, out: BinaryIO, version: int, stamp: str) -> None:
        """The whole index as one `.npz` (no pickles), with the index version it was
        built for and a stamp of how its tokens were made, so a new process loads it
        instead of reading and counting every text's tokens. Written straight to `out`:
        a large folder's index is never held twice in memory."""

        def joined(parts: Sequence[Ints]) -> Ints:
            return np.concatenate(parts) if parts else np.zeros(0, np.int32)

        np.savez(
            out,
            format=np.int64(SAVED_FORMAT),
            version=np.int64(version),
            stamp=np.frombuffer(stamp.encode(), dtype=np.uint8),
            dead=np.int64(self._dead),
            hashes=np.frombuffer("\n".join(self._hashes).encode(), dtype=np.uint8),
            terms=np.frombuffer("\n".join(self._terms).encode(), dtype=np.uint8),
            counts=np.asarray([len(ids) for ids, _ in self._postings], dtype=np.int64),
            ids=joined([ids for ids, _ in self._postings]),
            tf=joined([tf for _, tf in self._postings]),
            doc_counts=np.asarray([len(d) for d in self._doc_terms], dtype=np.int64),
            doc_terms=joined(self._doc_terms),
            alive=self._alive,
            lengths=self._lengths,
            df=self._df,
        )

    @classmethod
    def from_bytes(cls, data: bytes) -> tuple[Bm25Index, int, str]:
        return cls.read(io.BytesIO(data))

    @classmethod
    def read(cls, source: BinaryIO) -> tuple[Bm25Index, int, str]:
        """An index saved by `write`, the index version it was built for and its stamp.

        Raises:
            ValueError: the bytes are not a saved index of this format.
        """
        try:
            saved = np.load(source, allow_pickle=False)
            if int(saved["format"]) != SAVED_FORMAT:
                raise ValueError(f"saved BM25 format {int(saved['format'])}")
            new = object.__new__(cls)
            text = bytes(saved["hashes"]).decode()
            new._hashes = text.split("\n") if text else []
            terms = bytes(saved["terms"]).decode()
            new._terms = terms.split("\n") if terms else []
            new._alive = saved["alive"]
            new._lengths = saved["lengths"]
            new._df = saved["df"]
            new._dead = int(saved["dead"])
            ids, tf = saved["ids"], saved["tf"]
            new._postings = (
                [(ids[a:b], tf[a:b]) for a, b in _spans(saved["counts"])] if new._terms else []
            )
            doc_terms = saved["doc_terms"]
            new._doc_terms = [doc_terms[a:b] for a, b in _spans(saved["doc_counts"])]
            version = int(saved["version"])
            stamp = bytes(saved["stamp"]).decode()
        except (OSError, EOFError, KeyError, UnicodeDecodeError, ValueError, BadZipFile) as exc:
            raise ValueError(f"not a saved BM25 index ({exc})") from exc
        if not (
            len(new._hashes) == len(new._alive) == len(new._lengths) == len(new._doc_terms)
            and len(new._terms) == len(new._df) == len(new._postings)
        ):
            raise ValueError("a saved BM25 index with arrays of different lengths")
        if not new._hashes:
            new._doc_terms = []
        new._slot = {h: i for i, h in enumerate(new._hashes) if new._alive[i]}
        new._term_id = {t: i for i, t in enumerate(new._terms)}
        new._statistics()
        return new, version, stamp

    # --- reading -------------------------------------------------------------------------

    def __len__(self) -> int:
        return self._n

    @property
    def n_docs(self) -> int:
        return self._n

    def __contains__(self, token: object) -> bool:
        """Whether any note holds `token` (a stemmed lexical token)."""
        return isinstance(token, str) and self.doc_freq(token) > 0

    def doc_freq(self, token: str) -> int:
        """How many unique texts hold `token`."""
        tid = self._term_id.get(token)
        return 0 if tid is None else int(self._df[tid])

    def idf(self, token: str) -> float:
        tid = self._term_id.get(token)
        return 0.0 if tid is None else float(self._idf[tid])

    def max_score(self, tokens: list[str], also_held: TermHolders | None = None) -> float:
        """The most a text could score on these tokens: each term's IDF times (k1 + 1).
        `also_held`: as for `search_tokens`."""
        if self._empty:
            return 0.0
        ceiling = self.k1 + 1.0
        total = 0.0
        for term in set(tokens):
            extra = (also_held or {}).get(term)
            slots = self._slots_of(extra) if extra else _NO_INTS
            # As `_score_slots` does: holders no longer in the index change nothing.
            idf = self._idf_with(term, slots)[0] if len(slots) else self.idf(term)
            total += max(idf, 0.0) * ceiling
        return total

    def _slots_of(self, text_hashes: Collection[str]) -> Ints:
        slots = [self._slot[h] for h in text_hashes if h in self._slot]
        return np.asarray(slots, dtype=np.int32)

    def _idf_with(self, term: str, extra: Ints) -> tuple[float, Ints, Ints]:
        """A term's IDF, texts and counts when the texts `extra` hold it once more each (a
        field scored with the text, such as its note's path): the texts holding it are
        the union, and a term held in no text of the index takes the index's IDF floor
        when common, as a stored one would."""
        tid = self._term_id.get(term)
        ids, tf = self._postings[tid] if tid is not None else (_NO_INTS, _NO_INTS)
        alive = self._alive[ids] if len(ids) else np.zeros(0, dtype=bool)
        ids, tf = ids[alive], tf[alive]
        merged = np.union1d(ids, extra).astype(np.int32)
        counts = np.zeros(len(merged), dtype=np.int32)
        counts[np.searchsorted(merged, ids)] = tf
        counts[np.searchsorted(merged, extra)] += 1
        d, n = len(merged), self._n
        idf = math.log(n - d + 0.5) - math.log(d + 0.5)
        return (idf if idf >= 0 else self._floor), merged, counts

    def scores(self, query: list[str], also_held: TermHolders | None = None) -> dict[str, float]:
        """The BM25 score of every text holding a query token (`also_held`: as for
        `search_tokens`)."""
        total = self._score_slots(query, also_held)
        return {self._hashes[i]: float(total[i]) for i in np.nonzero(total)[0]}

    def _score_slots(
        self, query: list[str], also_held: TermHolders | None = None
    ) -> npt.NDArray[np.float64]:
        total = np.zeros(len(self._hashes))
        if self._empty:
            return total
        for term in query:
            extra = (also_held or {}).get(term)
            slots = self._slots_of(extra) if extra else _NO_INTS
            if len(slots):
                idf, ids, tf = self._idf_with(term, slots)
                total[ids] += idf * (tf * (self.k1 + 1) / (tf + self._norm[ids]))
                continue
            tid = self._term_id.get(term)
            if tid is None or self._df[tid] == 0:
                continue  # BM25Okapi adds an exact 0.0 to every text here
            ids, tf = self._postings[tid]
            total[ids] += self._idf[tid] * (tf * (self.k1 + 1) / (tf + self._norm[ids]))
        total[~self._alive] = 0.0
        return total

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
        self,
        query: list[str],
        n: int,
        *,
        only: Collection[str] | None = None,
        also_held: TermHolders | None = None,
    ) -> list[LexicalHit]:
        """The `n` best texts for pre-tokenised `query`. `also_held` maps a term to texts
        that hold it once more than their tokens say (their notes' paths do): those
        count as holding it for its IDF and score one more occurrence each."""
        if self._empty or not query or n <= 0:
            return []
        total = self._score_slots(query, also_held)
        if only is not None:
            # Scores keep the whole folder's statistics; only the ranking is narrowed.
            keep = np.zeros(len(total), dtype=bool)
            keep[[self._slot[h] for h in only if h in self._slot]] = True
            total = np.where(keep, total, 0.0)
        hits = np.nonzero(total > 0)[0]
        if len(hits) > n:  # keep every text tied with the n-th best, then rank by hash
            cut = np.partition(total[hits], len(hits) - n)[len(hits) - n]
            hits = hits[total[hits] >= cut]
        ranked = sorted(hits.tolist(), key=lambda i: (-total[i], self._hashes[i]))[:n]
        return [LexicalHit(self._hashes[i], Bm25Score(float(total[i]))) for i in ranked]


def _spans(counts: Ints) -> list[tuple[int, int]]:
    """Start and end of each run of a flat array cut into runs of `counts` (plain slices:
    `np.split` costs several times more per piece, and an index has one per term)."""
    ends = np.cumsum(counts).tolist()
    return list(zip([0, *ends[:-1]], ends, strict=True)) if ends else []
