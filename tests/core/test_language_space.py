"""The vector leg across languages: each language's mean, the moved question, and how its
hits join the question's own (the real multilingual model is in
tests/integration/test_multilingual.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from app.cli.render import passage_scores
from app.config import load_settings
from app.core.basics.scores import Bm25Score, CosineSimilarity, FusedScore
from app.core.index.cross_language import keyword_ranks_across, unread_by_keywords, vector_order
from app.core.index.fusion import RetrievalSettings, fuse
from app.core.index.language_space import MIN_TEXTS, MOVED_BY, LanguageSpace, measure_space
from app.core.index.lexical import LexicalHit
from app.core.index.records import ChunkSource
from app.core.index.retrieve import Passage, SearchResult
from app.core.index.vectors import VectorHit
from app.core.verdict.gates import LEXICAL_SUPPORT, GateSettings, judge_retrieval
from app.core.verdict.signals import UNREAD_WEIGHT, compute_signals

DIM = 8


def _unit(v: npt.NDArray[np.float64]) -> npt.NDArray[np.float32]:
    return (v / np.linalg.norm(v)).astype(np.float32)


def _cluster(prefix: str, centre: Sequence[float], n: int, seed: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    return {
        f"{prefix}{i:03d}": _unit(np.asarray(centre) + rng.normal(0, 0.05, DIM)) for i in range(n)
    }


EN_CENTRE = [1.0, 0.3, 0, 0, 0, 0, 0, 0]
ES_CENTRE = [1.0, 0, 0.3, 0, 0, 0, 0, 0]  # near the English mean, as a multilingual model
FAR_CENTRE = [0, 0, 0, 1.0, 0, 0, 0, 0]  # apart, as an English model reads Spanish


def _space(
    vectors: dict[str, np.ndarray], languages: dict[str, set[str]]
) -> tuple[LanguageSpace | None, list[int]]:
    fetched: list[int] = []

    def fetch(ids: Sequence[str]) -> dict[str, npt.NDArray[np.float32]]:
        fetched.append(len(ids))
        return {h: vectors[h] for h in ids if h in vectors}

    return measure_space(languages, fetch), fetched


def test_each_language_gets_the_mean_of_its_own_texts() -> None:
    en, es = _cluster("en", EN_CENTRE, 30, 1), _cluster("es", ES_CENTRE, 25, 2)
    space, _ = _space(en | es, {"en": set(en), "es": set(es)})
    assert space is not None and set(space.means) == {"en", "es"}
    assert space.texts["es"] == frozenset(es)
    expected = np.mean(np.stack(list(es.values())), axis=0)
    assert np.allclose(space.means["es"], expected, atol=1e-6)


def test_a_text_in_notes_of_both_languages_is_in_both_lists_and_neither_mean() -> None:
    en, es = _cluster("en", EN_CENTRE, 30, 1), _cluster("es", ES_CENTRE, 25, 2)
    shared = {"both": _unit(np.asarray(FAR_CENTRE, dtype=np.float64))}
    space, _ = _space(en | es | shared, {"en": set(en) | {"both"}, "es": set(es) | {"both"}})
    assert space is not None and "both" in space.texts["en"] and "both" in space.texts["es"]
    assert np.allclose(space.means["en"], np.mean(np.stack(list(en.values())), axis=0))


@pytest.mark.parametrize(
    ("es_centre", "es_texts"),
    [
        (FAR_CENTRE, 25),  # an embedder that puts the languages apart moves nothing
        (ES_CENTRE, MIN_TEXTS - 1),  # too few texts for a mean
    ],
)
def test_no_space_without_two_aligned_languages_with_enough_texts(
    es_centre: list[float], es_texts: int
) -> None:
    en, es = _cluster("en", EN_CENTRE, 30, 1), _cluster("es", es_centre, es_texts, 2)
    space, _ = _space(en | es, {"en": set(en), "es": set(es)})
    assert space is None


def test_a_language_apart_from_the_largest_is_left_out_of_three() -> None:
    en, es = _cluster("en", EN_CENTRE, 30, 1), _cluster("es", ES_CENTRE, 25, 2)
    far = _cluster("fr", FAR_CENTRE, 25, 3)
    space, _ = _space(en | es | far, {"en": set(en), "es": set(es), "fr": set(far)})
    assert space is not None and set(space.means) == {"en", "es"}


def test_a_large_language_is_measured_from_a_sample() -> None:
    en, es = _cluster("en", EN_CENTRE, 2_100, 1), _cluster("es", ES_CENTRE, 25, 2)
    space, fetched = _space(en | es, {"en": set(en), "es": set(es)})
    assert space is not None and max(fetched) == 2_000
    assert len(space.texts["en"]) == 2_100  # every text is still searched


def test_the_question_moves_part_of_the_way_between_the_two_means() -> None:
    en, es = _cluster("en", EN_CENTRE, 30, 1), _cluster("es", ES_CENTRE, 25, 2)
    space, _ = _space(en | es, {"en": set(en), "es": set(es)})
    assert space is not None
    question = _unit(np.asarray([0.2, 0.5, 0, 0, 0, 0, 0.8, 0]))
    moved = space.moved(question, "en")
    assert set(moved) == {"es"}
    expected = question + MOVED_BY * (space.means["es"] - space.means["en"])
    assert np.allclose(moved["es"], expected / np.linalg.norm(expected), atol=1e-6)
    assert space.moved(question, "fr") == {}  # a language with no mean moves nowhere


def test_a_vector_is_given_the_language_whose_mean_it_is_nearest() -> None:
    en, es = _cluster("en", EN_CENTRE, 30, 1), _cluster("es", ES_CENTRE, 25, 2)
    space, _ = _space(en | es, {"en": set(en), "es": set(es)})
    assert space is not None
    assert space.nearest(_unit(np.asarray(ES_CENTRE) + 0.1)) == "es"
    assert space.nearest(en["en000"]) == "en"


def hits(*pairs: tuple[str, float]) -> list[VectorHit]:
    return [VectorHit(h, CosineSimilarity(s)) for h, s in pairs]


OWN = hits(("a", 0.86), ("b", 0.84), ("c", 0.83), ("d", 0.82), ("e", 0.81))


def test_a_moved_hit_standing_out_of_its_list_joins_the_first_places() -> None:
    moved = hits(("x", 0.95), ("y", 0.90), ("z", 0.89), ("w", 0.89), ("v", 0.88))
    assert vector_order(OWN, moved, 0.0, 30)[:3] == ["x", "a", "b"]


def test_a_moved_list_with_nothing_standing_out_stays_below_the_own_best() -> None:
    """The moved question sits nearer every text of the other language: its raw
    similarities are all higher, and none of them says more than the own list's best."""
    moved = hits(("x", 0.91), ("y", 0.905), ("z", 0.90), ("w", 0.90), ("v", 0.90))
    assert vector_order(OWN, moved, 0.0, 30)[0] == "a"


def test_without_the_setting_or_a_moved_list_the_vector_leg_is_as_asked() -> None:
    moved = hits(("x", 0.99), ("y", 0.5))
    as_asked = ["a", "b", "c", "d", "e"]
    assert vector_order(OWN, moved, None, 30) == as_asked
    assert vector_order(OWN, [], 0.0, 30) == as_asked


def test_a_text_in_both_lists_takes_its_better_place_once() -> None:
    moved = hits(("e", 0.95), ("y", 0.90), ("z", 0.89), ("w", 0.89), ("v", 0.88))
    order = vector_order(OWN, moved, 0.0, 30)
    assert order[0] == "e" and order.count("e") == 1


def test_the_setting_is_what_a_moved_hit_gives_up() -> None:
    moved = hits(("x", 0.95), ("y", 0.90), ("z", 0.89), ("w", 0.89), ("v", 0.88))
    assert vector_order(OWN, moved, 0.1, 30).index("x") > 0


def test_the_vector_leg_keeps_its_candidate_count() -> None:
    moved = hits(*((f"m{i}", 0.9 - i / 100) for i in range(10)))
    assert len(vector_order(OWN, moved, 0.0, 8)) == 8


def test_fusion_ranks_a_moved_hit_by_its_place_in_the_vector_leg() -> None:
    """Both votes from the vector leg: the keyword leg cannot read its language."""
    moved = hits(("x", 0.95), ("y", 0.90), ("z", 0.89), ("w", 0.89), ("v", 0.88))
    fused = fuse(OWN, [], RetrievalSettings(), moved, {"x"})
    assert fused[0][0] == "x" and fused[0][1].value == pytest.approx(2 / 61)
    assert fuse(OWN, [], RetrievalSettings(), moved)[0][1].value == pytest.approx(1 / 61)


def keyword(*text_hashes: str) -> list[LexicalHit]:
    return [LexicalHit(h, Bm25Score(10.0 - i)) for i, h in enumerate(text_hashes)]


def test_a_text_of_another_language_takes_its_vector_rank_as_its_keyword_rank() -> None:
    ranks = keyword_ranks_across({"a": 1, "b": 2}, {"a": 1, "x": 2, "b": 3}, {"x"}, 5)
    assert ranks == {"a": 1, "b": 2, "x": 2}


def test_a_better_keyword_rank_of_its_own_is_kept() -> None:
    """A name or a number BM25 finds in the other language's text is a vote it earned."""
    assert keyword_ranks_across({"x": 1}, {"a": 1, "x": 4}, {"x"}, 5) == {"x": 1}
    assert keyword_ranks_across({"x": 9}, {"x": 4}, {"x"}, 5) == {"x": 4}


def test_only_texts_the_keyword_leg_cannot_read_are_given_a_rank() -> None:
    assert keyword_ranks_across({"b": 2}, {"a": 1, "b": 3}, {"x"}, 5) == {"b": 2}


def test_only_the_vector_legs_first_k_are_given_a_rank() -> None:
    vector_rank = {f"t{r}": r for r in range(1, 9)}
    ranks = keyword_ranks_across({}, vector_rank, set(vector_rank), 5)
    assert ranks == {f"t{r}": r for r in range(1, 6)}


@pytest.mark.parametrize(
    ("text", "unread"),
    [
        ("Não é permitido comer dentro do estúdio nem na régie.", True),
        ("Close the door every time, even if you are coming back in a minute.", False),
        ("| Consigna | 4 °C |", True),  # too short to tell: its note's language
    ],
)
def test_a_moved_hit_written_in_the_questions_language_is_read_by_keywords(
    text: str, unread: bool
) -> None:
    assert (unread_by_keywords({"h": text}, "en") == {"h"}) is unread


def test_an_answer_across_languages_outranks_texts_sharing_a_common_word() -> None:
    """ "Are we allowed to eat in the studio?": the Portuguese rule is the vector leg's
    first; English notes that say "studio" and little else hold both legs' middle ranks."""
    own = hits(("rule", 0.88), ("wifi", 0.84), ("tour", 0.83), ("minutes", 0.82))
    moved = hits(("rule", 0.95), ("fado", 0.90), ("grant", 0.89), ("rent", 0.89))
    lexical = keyword("minutes", "wifi", "tour")
    fused = fuse(own, lexical, RetrievalSettings(), moved, {"rule", "fado", "grant", "rent"})
    assert fused[0][0] == "rule"
    as_asked = fuse(own, lexical, RetrievalSettings(language_shift=None), [])
    assert [h for h, _ in as_asked].index("rule") > 0


@pytest.mark.parametrize(("raw", "expected"), [("off", None), ("none", None), ("0.02", 0.02)])
def test_the_setting_is_read_from_the_environment_and_can_be_off(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, raw: str, expected: float | None
) -> None:
    monkeypatch.setenv("ASKNOTES_LANGUAGE_SHIFT", raw)
    settings = load_settings({"data_dir": tmp_path})
    assert settings.language_shift == expected
    assert settings.retrieval().language_shift == expected


def test_a_setting_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="language_shift=2"):
        RetrievalSettings(language_shift=2)


def test_a_passage_found_by_the_moved_question_shows_its_rank() -> None:
    source = ChunkSource("huerta/tractor.md", ("Tractor",), 1, 3)
    found = Passage(
        "h",
        "Las llaves están en la caseta.",
        (source,),
        2,
        FusedScore(0.02),
        9,
        CosineSimilarity(0.81),
        None,
        None,
        moved_rank=1,
    )
    assert passage_scores(found).endswith("bm25 - · moved #1")
    assert "moved" not in passage_scores(dataclasses.replace(found, moved_rank=None))


class _Words:
    """The notes' vocabulary, for the signals: every token is known, in one note."""

    n_docs = 100

    def __contains__(self, token: object) -> bool:
        return True

    def doc_freq(self, token: str) -> int:
        return 1

    def max_score(self, tokens: list[str]) -> float:
        return 1.0


def test_the_question_s_words_are_looked_for_in_the_stand_ins_too() -> None:
    """A Portuguese passage cannot hold "studio": the English candidate below the top k
    that it displaced is where the verdict looks for it."""
    source = ChunkSource("voluntarios/codigo.md", ("O estúdio",), 1, 3)
    rule = Passage(
        "rule", "Não é permitido comer dentro do estúdio.", (source,), 1, FusedScore(0.03),
        1, CosineSimilarity(0.88), None, None,
    )  # fmt: skip
    result = SearchResult("Are we allowed to eat in the studio?", [rule], language="en")
    alone = compute_signals(result, _Words())
    with_stand_in = dataclasses.replace(result, stand_ins=("The studio is on the 1st floor.",))
    assert compute_signals(with_stand_in, _Words()).coverage > alone.coverage


def test_a_word_missing_from_passages_of_another_language_counts_by_the_share_read() -> None:
    """ "visto" cannot be in an English passage about a visa: with every passage in
    English its absence costs half as much; a name no passage holds still costs in full."""
    source = ChunkSource("admin/visa.md", ("Visa",), 1, 3)
    visa = Passage(
        "visa", "The Skilled Worker visa is valid until 14 March 2027, then I extend it.",
        (source,), 1, FusedScore(0.03), 1, CosineSimilarity(0.86), None, None,
    )  # fmt: skip
    asked = SearchResult("até quando vale meu visto Skilled Worker?", [visa], language="pt")
    one_language = compute_signals(asked, _Words())
    two_languages = compute_signals(dataclasses.replace(asked, other_languages=("en",)), _Words())
    assert one_language.readable == 1.0 and one_language.coverage < 0.7
    assert two_languages.readable == 0.0
    assert two_languages.coverage == pytest.approx(1.8 / (1.8 + 1.2 * UNREAD_WEIGHT))
    assert {"visto", "vale"} <= set(two_languages.unread_words)
    named = dataclasses.replace(
        asked, question="até quando vale o visto da Fiona Grantham?", other_languages=("en",)
    )
    assert compute_signals(named, _Words()).coverage < 0.5


def test_the_verdict_names_the_words_passages_of_another_language_may_state() -> None:
    source = ChunkSource("admin/visa.md", ("Visa",), 1, 3)
    visa = Passage(
        "visa", "The Skilled Worker visa is valid until 14 March 2027, then I extend it.",
        (source,), 1, FusedScore(0.03), 1, CosineSimilarity(0.86), None, None,
    )  # fmt: skip
    asked = SearchResult(
        "até quando vale meu visto Skilled Worker?", [visa], language="pt",
        other_languages=("en",),
    )  # fmt: skip
    signals = compute_signals(asked, _Words())
    verdict = judge_retrieval(asked, signals, GateSettings(min_lexical_overlap=0.99))
    detail = next(g.detail for g in verdict.gates if g.name == LEXICAL_SUPPORT)
    assert "1 of 1 passages are in another language, which may say in its own words:" in detail
    assert "visto" in detail and "missing:" not in detail
