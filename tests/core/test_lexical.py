"""The BM25 leg scores every text as rank-bm25's BM25Okapi does (the reference the
README's retrieval figures were measured with), through an inverted index; an index
updated with the texts that came and went scores exactly as one built afresh."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rank_bm25 import BM25Okapi

from app.core.index.lexical import Bm25Index

TERMS = st.sampled_from(["err", "4012", "key", "idempot", "ledger", "port", "σ", "the", "a"])
DOCS = st.lists(TERMS, max_size=12)
CORPUS = st.lists(DOCS, min_size=1, max_size=40)
QUERY = st.lists(TERMS | st.just("absent"), min_size=1, max_size=6)


def as_corpus(docs: list[list[str]], prefix: str = "h") -> list[tuple[str, list[str]]]:
    return [(f"{prefix}{i:03d}", tokens) for i, tokens in enumerate(docs)]


@settings(max_examples=200, deadline=None)
@given(corpus=CORPUS, query=QUERY)
def test_scores_match_rank_bm25(corpus: list[list[str]], query: list[str]) -> None:
    index = Bm25Index(as_corpus(corpus))
    if not any(corpus):
        assert index.search_tokens(query, 5) == []
        return
    reference = np.asarray(BM25Okapi(corpus).get_scores(query))
    scores = index.scores(query)
    mine = np.asarray([scores.get(h, 0.0) for h, _ in as_corpus(corpus)])
    np.testing.assert_allclose(mine, reference, rtol=1e-12, atol=1e-12)
    hits = index.search_tokens(query, 5)
    best = sorted(((-s, h) for h, s in scores.items() if s > 0))[:5]
    assert [h.text_hash for h in hits] == [h for _, h in best]


@settings(max_examples=200, deadline=None)
@given(corpus=CORPUS, added=st.lists(DOCS, max_size=8), data=st.data(), query=QUERY)
def test_an_updated_index_equals_a_fresh_one_to_the_bit(
    corpus: list[list[str]], added: list[list[str]], data: st.DataObject, query: list[str]
) -> None:
    old = as_corpus(corpus)
    removed = data.draw(st.sets(st.sampled_from([h for h, _ in old])))
    new = as_corpus(added, prefix="n")
    kept = [(h, t) for h, t in old if h not in removed]
    updated = Bm25Index(old).updated(new, removed)
    fresh = Bm25Index(sorted(kept + new))
    assert updated.scores(query) == fresh.scores(query)
    assert updated.search_tokens(query, 5) == fresh.search_tokens(query, 5)
    assert updated.hashes() == fresh.hashes() and updated.n_docs == fresh.n_docs
    for term in ["err", "the", "absent"]:
        assert updated.doc_freq(term) == fresh.doc_freq(term)
        assert updated.idf(term) == fresh.idf(term)


def test_document_frequency_and_the_best_possible_score() -> None:
    index = Bm25Index([("a", ["err", "4012", "err"]), ("b", ["port"]), ("c", [])])
    assert (index.doc_freq("err"), index.doc_freq("absent")) == (1, 0)
    assert "port" in index and "absent" not in index
    assert index.max_score(["err", "err"]) == index.idf("err") * 2.5
    assert Bm25Index([("a", [])]).max_score(["err"]) == 0.0
    gone = index.updated([], ["b"])
    assert "port" not in gone and "port" in index  # the old index is left as it was
    assert gone.dead_share == 1 / 3


@settings(max_examples=100, deadline=None)
@given(corpus=CORPUS, added=st.lists(DOCS, max_size=8), data=st.data(), query=QUERY)
def test_a_saved_index_loads_as_it_was(
    corpus: list[list[str]], added: list[list[str]], data: st.DataObject, query: list[str]
) -> None:
    old = as_corpus(corpus)
    removed = data.draw(st.sets(st.sampled_from([h for h, _ in old])))
    index = Bm25Index(old).updated(as_corpus(added, prefix="n"), removed)
    loaded, version, stamp = Bm25Index.from_bytes(index.to_bytes(7, "tok-3"))
    assert (version, stamp) == (7, "tok-3")
    assert loaded.scores(query) == index.scores(query)
    assert loaded.search_tokens(query, 5) == index.search_tokens(query, 5)
    assert loaded.hashes() == index.hashes() and loaded.dead_share == index.dead_share
    again = loaded.updated([("z", ["err"])], [])
    assert again.scores(query) == index.updated([("z", ["err"])], []).scores(query)


def test_bytes_that_are_not_a_saved_index_are_refused() -> None:
    saved = Bm25Index([("a", ["err"])]).to_bytes(1, "")
    for bad in (b"", b"not an npz", saved[: len(saved) // 2]):
        with pytest.raises(ValueError, match="not a saved BM25 index"):
            Bm25Index.from_bytes(bad)


def _okapi_with(corpus: list[list[str]], term: str, holders: set[int]) -> tuple[float, list[float]]:
    """A term's IDF and each text's BM25 score on it when the texts `holders` hold it once
    more each, outside their length (their notes' paths): the IDF counts the union of
    texts holding it, and falls to the index's floor (a quarter of its terms' mean IDF)
    when negative."""
    n = len(corpus)
    lengths = [len(doc) for doc in corpus]
    avgdl = sum(lengths) / n
    vocabulary = {t for doc in corpus for t in doc}
    idfs = []
    for t in vocabulary:
        d = sum(t in doc for doc in corpus)
        idfs.append(np.log(n - d + 0.5) - np.log(d + 0.5))
    floor = 0.25 * float(np.mean(idfs))
    held = {i for i, doc in enumerate(corpus) if term in doc} | holders
    d = len(held)
    idf = float(np.log(n - d + 0.5) - np.log(d + 0.5)) if d else 0.0
    idf = idf if idf >= 0 or not d else floor
    scores = []
    for i, doc in enumerate(corpus):
        tf = doc.count(term) + (i in holders)
        norm = 1.5 * (1 - 0.75 + 0.75 * lengths[i] / avgdl)
        scores.append(idf * tf * 2.5 / (tf + norm) if tf else 0.0)
    return idf, scores


@settings(max_examples=200, deadline=None)
@given(corpus=CORPUS, data=st.data(), term=TERMS | st.just("absent"))
def test_a_term_also_held_outside_the_tokens_scores_as_one_more_occurrence(
    corpus: list[list[str]], data: st.DataObject, term: str
) -> None:
    if not any(corpus):
        return
    slots = data.draw(st.sets(st.integers(0, len(corpus) - 1)))
    texts = as_corpus(corpus)
    index = Bm25Index(texts)
    # A holder the index no longer has (a text edited away since) changes nothing.
    held = {term: {texts[i][0] for i in slots} | {"not-in-the-index"}}
    scores = index.scores([term], also_held=held)
    mine = [scores.get(h, 0.0) for h, _ in texts]
    idf, reference = _okapi_with(corpus, term, slots)
    np.testing.assert_allclose(mine, reference, rtol=1e-12, atol=1e-12)
    ceiling = index.max_score([term], also_held=held)
    assert ceiling == pytest.approx(max(idf, 0.0) * 2.5, rel=1e-12, abs=1e-12)
    hits = index.search_tokens([term], 3, also_held=held)
    if max(mine) > 0:  # a term in most texts may score below nothing (rank-bm25's floor)
        assert hits[0].score.value == pytest.approx(max(mine))
    assert index.scores([term], also_held={}) == index.scores([term])


def test_a_removed_text_holds_nothing_through_its_path() -> None:
    texts = [("a", ["err"]), ("b", ["port"]), ("c", ["key"]), ("d", ["ledger"]), ("e", [])]
    index = Bm25Index(texts).updated([], ["b"])
    assert index.scores(["boiler"], also_held={"boiler": {"a", "b"}}).keys() == {"a"}
