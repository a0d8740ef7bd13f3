"""The BM25 leg scores every text exactly as rank-bm25's BM25Okapi does (the reference
the README's retrieval figures were measured with), through an inverted index."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from rank_bm25 import BM25Okapi

from app.core.index.lexical import Bm25Index

TERMS = st.sampled_from(["err", "4012", "key", "idempot", "ledger", "port", "σ", "the", "a"])
CORPUS = st.lists(st.lists(TERMS, max_size=12), min_size=1, max_size=40)


@settings(max_examples=200, deadline=None)
@given(corpus=CORPUS, query=st.lists(TERMS | st.just("absent"), min_size=1, max_size=6))
def test_scores_equal_rank_bm25_to_the_bit(corpus: list[list[str]], query: list[str]) -> None:
    index = Bm25Index([(f"h{i}", tokens) for i, tokens in enumerate(corpus)])
    if not any(corpus):
        assert index.search_tokens(query, 5) == []
        return
    reference = BM25Okapi(corpus)
    assert np.array_equal(index.scores(query), np.asarray(reference.get_scores(query)))
    assert index.idf == reference.idf
    hits = index.search_tokens(query, 5)
    expected = np.asarray(reference.get_scores(query))
    order = [i for i in np.argsort(-expected, kind="stable")[:5] if expected[i] > 0]
    assert [h.text_hash for h in hits] == [f"h{i}" for i in order]


def test_document_frequency_and_the_best_possible_score() -> None:
    index = Bm25Index([("a", ["err", "4012", "err"]), ("b", ["port"]), ("c", [])])
    assert (index.doc_freq("err"), index.doc_freq("absent")) == (1, 0)
    assert "port" in index and "absent" not in index
    assert index.max_score(["err", "err"]) == index.idf["err"] * 2.5
    assert Bm25Index([("a", [])]).max_score(["err"]) == 0.0
