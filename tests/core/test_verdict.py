from __future__ import annotations

import pytest

from app.core.evals.calibrate import Bands, SignalSpec, axis
from app.core.evals.refusals import load_refusals, record_refusal
from app.core.index.retrieve import SearchResult
from app.core.verdict.gates import (
    DISTANCE_FLOOR,
    LEXICAL_SUPPORT,
    NO_EVIDENCE,
    SCORE_SHAPE,
    THIN_CONTEXT,
    GateSettings,
    judge_retrieval,
)
from app.core.verdict.signals import LexicalSupport, ScoreShape, Signals


def signals(similarities, found=("a", "b"), missing=()) -> Signals:
    words = tuple(sorted(found + missing))
    return Signals(
        ScoreShape(tuple(similarities)),
        LexicalSupport(words, tuple(found), tuple(missing)),
        best_bm25=1.0,
        passages=5,
        unknown_words=(),
    )


def result(passages: int) -> SearchResult:
    return SearchResult("q", [object()] * passages)  # type: ignore[list-item]


def test_score_shape_numbers() -> None:
    shape = ScoreShape((0.8, 0.5, 0.4, 0.3, 0.2))
    assert shape.top == 0.8 and shape.median == 0.4
    assert shape.gap == pytest.approx(0.4) and shape.ratio == pytest.approx(2.0)


@pytest.mark.parametrize(
    ("sims", "found", "missing", "passages", "settings", "expected"),
    [
        ([0.7, 0.4, 0.3, 0.3, 0.2], ("a", "b"), (), 5, GateSettings(), None),
        ([], (), ("a",), 0, GateSettings(), NO_EVIDENCE),
        # a flat list: the best match barely beats the rest
        ([0.40, 0.39, 0.38, 0.38, 0.37], ("a", "b"), (), 5, GateSettings(), SCORE_SHAPE),
        # zero lexical overlap fires even with a good shape
        ([0.7, 0.3, 0.3, 0.2, 0.2], (), ("x", "y"), 5, GateSettings(), LEXICAL_SUPPORT),
        ([0.7, 0.3, 0.3, 0.2, 0.2], ("a",), ("x",), 5, GateSettings(), None),  # 0.5 passes
        # the floor is off by default, so a low but well-shaped top passes
        ([0.25, 0.1, 0.1, 0.05, 0.05], ("a",), (), 5, GateSettings(), None),
        ([0.25, 0.1, 0.1, 0.05, 0.05], ("a",), (), 5, GateSettings(min_cosine=0.3), DISTANCE_FLOOR),
        (
            [0.5, 0.2, 0.1, 0.1, 0.1],
            ("a",),
            (),
            5,
            GateSettings(min_cosine=0.3, min_passages=2),
            THIN_CONTEXT,
        ),
    ],
)
def test_gates(sims, found, missing, passages, settings, expected) -> None:
    verdict = judge_retrieval(result(passages), signals(sims, found, missing), settings)
    fired = verdict.fired
    assert (fired.name if fired else None) == expected
    assert verdict.answerable is (expected is None)
    names = [g.name for g in verdict.gates]
    assert names == [NO_EVIDENCE, DISTANCE_FLOOR, THIN_CONTEXT, LEXICAL_SUPPORT, SCORE_SHAPE]


def test_gate_reports_value_and_threshold() -> None:
    verdict = judge_retrieval(
        result(5), signals([0.40, 0.39, 0.38, 0.38, 0.37]), GateSettings(min_top_gap=0.05)
    )
    gate = next(g for g in verdict.gates if g.name == SCORE_SHAPE)
    assert gate.value == pytest.approx(0.02) and gate.threshold == 0.05
    assert "flat list" in gate.detail
    floor = next(g for g in verdict.gates if g.name == DISTANCE_FLOOR)
    assert not floor.enabled and "off" in floor.detail


SPEC = SignalSpec("min_cosine", "top cosine", lambda s: s.shape.top)


@pytest.mark.parametrize(
    ("answerable", "unanswerable", "suggested", "margin"),
    [
        ((0.5, 0.6, 0.8), (0.2, 0.3), 0.4, 0.2),
        ((0.3, 0.6), (0.2, 0.45), None, -0.15),  # overlap: no invented threshold
    ],
)
def test_bands(answerable, unanswerable, suggested, margin) -> None:
    bands = Bands(SPEC, answerable, unanswerable)
    assert bands.margin == pytest.approx(margin)
    assert bands.suggested == (None if suggested is None else pytest.approx(suggested))


def test_axis_marks_both_groups_and_the_threshold() -> None:
    line = axis(Bands(SPEC, (0.6, 0.8), (0.1, 0.2)), width=20)
    assert line.count("a") == 2 and line.count("u") == 2 and "|" in line


def test_refusals_are_appended_and_survive_a_torn_line(tmp_path) -> None:
    verdict = judge_retrieval(result(0), signals([]), GateSettings())
    record_refusal(tmp_path, "first?", verdict, settings={"k": 5}, index_version=3)
    record_refusal(tmp_path, "second?", verdict, settings={"k": 5}, index_version=3)
    with (tmp_path / "refused.jsonl").open("a") as f:
        f.write('{"question": "torn')
    record_refusal(tmp_path, "third?", verdict, settings={"k": 5}, index_version=4)
    entries = load_refusals(tmp_path)
    assert [e["question"] for e in entries] == ["first?", "second?", "third?"]
    assert entries[0]["verdict"] == NO_EVIDENCE and entries[0]["index_version"] == 3
    assert {g["name"] for g in entries[0]["gate_values"]} >= {SCORE_SHAPE, LEXICAL_SUPPORT}


def test_strip_plot_draws_each_band_and_the_suggestion(tmp_path) -> None:
    from PIL import Image

    from app.core.evals.plot import BLUE, GREEN, RED, ROW, WIDTH, plot_bands

    bands = [Bands(SPEC, (0.6, 0.8), (0.1, 0.2)), Bands(SPEC, (0.3,), (0.35,))]
    target = tmp_path / "bands.png"
    plot_bands(bands, target)
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(target).convert("RGB")
    assert image.size == (WIDTH, ROW * 2 + 12)
    first, second = image.crop((0, 0, WIDTH, ROW)), image.crop((0, ROW, WIDTH, 2 * ROW))
    colours = {c for _, c in first.getcolors(WIDTH * ROW) or []}
    assert {GREEN, RED, BLUE} <= colours  # the first signal separates: a suggestion line
    colours = {c for _, c in second.getcolors(WIDTH * ROW) or []}
    assert {GREEN, RED} <= colours and BLUE not in colours  # overlapping bands: none
