"""Calibrate the verdict on labelled questions: each signal's bands, and a threshold.

Every labelled question's scorecard is computed against the folder's own bands; where the
answerable and unanswerable totals separate, the threshold halfway between is suggested.
Where they overlap, the suggestion is the lowest total that still refuses no more than
one answerable question in twenty, and the report says they overlap instead of pretending.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from app.core.evals.questions import Question
from app.core.index.fusion import RetrievalSettings
from app.core.index.retrieve import search
from app.core.index.store import NoteIndex
from app.core.verdict.gates import GateSettings
from app.core.verdict.scorecard import Scorecard, score
from app.core.verdict.signals import Signals, compute_signals

MAX_FALSE_REFUSALS = 0.05


@dataclass(frozen=True)
class SignalSpec:
    label: str
    value: Callable[[Signals, Scorecard], float]


SIGNAL_SPECS = (
    SignalSpec("top cosine", lambda s, c: s.shape.top),
    SignalSpec("top-median gap", lambda s, c: s.shape.gap),
    SignalSpec("word coverage", lambda s, c: s.coverage),
    SignalSpec("BM25 share", lambda s, c: s.bm25_norm),
    SignalSpec("scorecard total", lambda s, c: c.total),
)


@dataclass(frozen=True)
class Bands:
    spec: SignalSpec
    answerable: tuple[float, ...]
    unanswerable: tuple[float, ...]

    @property
    def complete(self) -> bool:
        return bool(self.answerable and self.unanswerable)

    @property
    def margin(self) -> float:
        """Lowest answerable value minus highest unanswerable value; > 0 separates."""
        return min(self.answerable) - max(self.unanswerable)

    @property
    def suggested(self) -> float | None:
        if not self.complete or self.margin <= 0:
            return None
        return (min(self.answerable) + max(self.unanswerable)) / 2


@dataclass(frozen=True)
class Row:
    question: str
    answerable: bool
    signals: Signals
    scorecard: Scorecard


@dataclass(frozen=True)
class Calibration:
    rows: tuple[Row, ...]
    bands: tuple[Bands, ...]

    @property
    def totals(self) -> Bands:
        return self.bands[-1]

    def margin(self) -> float | None:
        return round(self.totals.margin, 4) if self.totals.complete else None

    def suggested_threshold(self) -> float | None:
        """Halfway between the totals' bands when they separate; else the lowest total that
        refuses at most one answerable question in twenty. None without both labels."""
        totals = self.totals
        if not totals.complete:
            return None
        if totals.suggested is not None:
            return round(totals.suggested, 4)
        ranked = sorted(totals.answerable)
        allowed = math.floor(MAX_FALSE_REFUSALS * len(ranked))
        return round(ranked[allowed] - 1e-4, 4)


def label_of(question: Question) -> bool | None:
    """True answerable, False unanswerable, None unlabelled (an anchor implies answerable)."""
    if question.expect is not None:
        return question.expect == "answer"
    return True if question.anchor is not None else None


def calibrate(
    index: NoteIndex,
    questions: Sequence[Question],
    retrieval: RetrievalSettings,
    gates: GateSettings,
) -> Calibration:
    raw = dataclasses.replace(retrieval, min_cosine=None)  # measure without any floor
    vocabulary = index.vocabulary()
    rows = []
    for q in questions:
        label = label_of(q)
        if label is None:
            continue
        signals = compute_signals(search(index, q.asked, raw), vocabulary, gates.shape_k)
        # The folder's bands, the fitted threshold: the labels are what sets a new one.
        card = score(signals, dataclasses.replace(gates.calibration, threshold=None))
        rows.append(Row(q.asked, label, signals, card))
    bands = tuple(
        Bands(
            spec,
            tuple(spec.value(r.signals, r.scorecard) for r in rows if r.answerable),
            tuple(spec.value(r.signals, r.scorecard) for r in rows if not r.answerable),
        )
        for spec in SIGNAL_SPECS
    )
    return Calibration(tuple(rows), bands)


def axis(bands: Bands, width: int = 60) -> str:
    """One line per signal: `a` answerable, `u` unanswerable, `*` both, on a shared axis."""
    values = bands.answerable + bands.unanswerable
    if not values:
        return ""
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    cells = [" "] * width
    for value, mark in [(v, "a") for v in bands.answerable] + [
        (v, "u") for v in bands.unanswerable
    ]:
        i = min(width - 1, int((value - low) / span * (width - 1)))
        cells[i] = mark if cells[i] in (" ", mark) else "*"
    if bands.suggested is not None:
        i = min(width - 1, int((bands.suggested - low) / span * (width - 1)))
        if cells[i] == " ":
            cells[i] = "|"
    return f"{low:7.3f} [{''.join(cells)}] {high:.3f}"
