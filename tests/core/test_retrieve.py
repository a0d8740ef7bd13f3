from __future__ import annotations

import numpy as np
import pytest

from app.core.basics.scores import Bm25Score, CosineSimilarity
from app.core.index.fusion import RetrievalSettings, fuse
from app.core.index.lexical import LexicalHit
from app.core.index.vectors import EF_SEARCH, ChromaVectorStore, VectorHit


def v(h: str, sim: float = 0.5) -> VectorHit:
    return VectorHit(h, CosineSimilarity(sim))


def lx(h: str, score: float = 1.0) -> LexicalHit:
    return LexicalHit(h, Bm25Score(score))


@pytest.mark.parametrize(
    ("vector", "lexical", "weights", "expected"),
    [
        (["a", "b", "c"], [], (1.0, 1.0), ["a", "b", "c"]),
        ([], ["x", "y"], (1.0, 1.0), ["x", "y"]),
        (["a", "b"], ["b", "a"], (1.0, 1.0), ["a", "b"]),  # tie: better vector rank wins
        (["a", "b"], ["b"], (1.0, 1.0), ["b", "a"]),  # found by both legs beats one leg
        (["a", "b"], ["b", "a"], (2.0, 1.0), ["a", "b"]),
        (["a", "b"], ["b", "a"], (1.0, 2.0), ["b", "a"]),
        (["a"], ["z"], (1.0, 0.5), ["a", "z"]),
    ],
)
def test_weighted_rrf(vector, lexical, weights, expected) -> None:
    settings = RetrievalSettings(vector_weight=weights[0], lexical_weight=weights[1])
    fused = fuse([v(h) for h in vector], [lx(h) for h in lexical], settings)
    assert [h for h, _ in fused] == expected


def test_rrf_values() -> None:
    fused = dict(fuse([v("a")], [lx("a")], RetrievalSettings(rrf_k=60)))
    assert fused["a"].value == pytest.approx(2 / 61)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"k": 0}, "k=0"),
        ({"k": 10, "candidates": 5}, "candidates"),
        ({"vector_weight": 0, "lexical_weight": 0}, "positive"),
    ],
)
def test_settings_validated(kwargs, message) -> None:
    with pytest.raises(ValueError, match=message):
        RetrievalSettings(**kwargs)


def test_chroma_distance_converts_to_cosine_similarity_at_the_boundary(tmp_path) -> None:
    """Chroma's cosine distance is 1 - similarity: 0 for same, 1 orthogonal, 2 opposite."""
    store = ChromaVectorStore(tmp_path / "chroma")
    store.upsert(
        ["same", "orthogonal", "opposite"],
        np.array([[1, 0, 0], [0, 1, 0], [-1, 0, 0]], dtype=np.float32),
    )
    hits = {h.text_hash: h.similarity.value for h in store.nearest(np.array([1, 0, 0.0]), 3)}
    assert hits["same"] == pytest.approx(1.0, abs=1e-5)
    assert hits["orthogonal"] == pytest.approx(0.0, abs=1e-5)
    assert hits["opposite"] == pytest.approx(-1.0, abs=1e-5)
    assert CosineSimilarity.from_cosine_distance(0.25).value == pytest.approx(0.75)
    assert CosineSimilarity(0.75).to_cosine_distance() == pytest.approx(0.25)


def test_chroma_search_is_wide_and_exact_on_a_folder_sized_store(tmp_path) -> None:
    """The graph search looks at `EF_SEARCH` candidates, and the hits are the exact top n
    (what the snapshot's exhaustive search returns), near-duplicate vectors included."""
    rng = np.random.default_rng(5)
    base = rng.normal(size=(60, 32)).astype(np.float32)
    # Clusters of near copies, as many short notes sharing most of their words make.
    vectors = np.concatenate([base, base[:20] + 0.01 * rng.normal(size=(20, 32))] * 3)
    vectors = (vectors / np.linalg.norm(vectors, axis=1, keepdims=True)).astype(np.float32)
    ids = [f"h{i:04d}" for i in range(len(vectors))]
    store = ChromaVectorStore(tmp_path / "chroma")
    for start in rng.permutation(range(0, len(ids), 16)):  # written out of order
        store.upsert(ids[start : start + 16], vectors[start : start + 16])
    assert store._collection.configuration["hnsw"]["ef_search"] == EF_SEARCH
    for query in rng.normal(size=(40, 32)).astype(np.float32):
        query /= np.linalg.norm(query)
        exact = np.sort(vectors @ query)[::-1][:15]
        got = [hit.similarity.value for hit in store.nearest(query, 15)]
        assert got == pytest.approx(exact.tolist(), abs=1e-6)


def test_an_exact_term_keeps_the_passage_the_whole_question_ranks_first() -> None:
    """Two passages name CF1-12; the short log line is the term's own best hit, but the
    station table is the one the question's other words are about."""
    from app.core.basics.text import lexical_tokens
    from app.core.index.exact_terms import exact_term_holder
    from app.core.index.lexical import Bm25Index

    texts = {
        "log": "CF1-12 box core, first core disturbed.",
        "table": "Station table: bottom temperature at each station. CF1-11 11.26, "
        "CF1-12 10.93, CF1-13 10.48, CF1-14 9.42, CF1-15 8.96 degrees at the bottom.",
        "other": "Packing list for the cruise: gloves, labels, ethanol.",
        "more": "Sorting samples at night; labels first.",
        **{f"day{n}": f"Day {n} at sea: sorting, labelling, sleeping." for n in range(8)},
    }
    bm25 = Bm25Index((h, lexical_tokens(t, "en")) for h, t in texts.items())
    question = lexical_tokens("bottom temperature at station CF1-12", "en")
    ranked = bm25.search_tokens(question, 10)
    assert bm25.search_tokens(["cf1-12"], 1)[0].text_hash == "log"
    assert exact_term_holder(bm25, "cf1-12", ranked, None) == "table"
    # no passage the question ranks holds it: the term's own best
    assert exact_term_holder(bm25, "cf1-12", [], None) == "log"
    assert exact_term_holder(bm25, "cf1-12", ranked, {"other"}) is None
