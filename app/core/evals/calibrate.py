"""Calibrate the gate thresholds on labelled questions: bands, margins, suggestions.

Where the answerable and unanswerable bands of a signal overlap, no threshold separates
them, and the report says so instead of inventing one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from app.core.evals.questions import Question
from app.core.index.retrieve import RetrievalSettings, search
from app.core.index.store import NoteIndex
from app.core.verdict.signals import Signals, compute_signals


@dataclass(frozen=True)
class SignalSpec:
    setting: str  # the GateSettings field a suggestion would set
    label: str
    value: Callable[[Signals], float]


SIGNAL_SPECS = (
    SignalSpec("min_cosine", "top cosine", lambda s: s.shape.top),
    SignalSpec("min_top_gap", "top-median gap", lambda s: s.shape.gap),
    SignalSpec("min_lexical_overlap", "lexical overlap", lambda s: s.lexical.fraction),
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


@dataclass(frozen=True)
class Calibration:
    rows: tuple[Row, ...]
    bands: tuple[Bands, ...]

    def suggestions(self) -> dict[str, float]:
        return {
            b.spec.setting: round(b.suggested, 4) for b in self.bands if b.suggested is not None
        }


def label_of(question: Question) -> bool | None:
    """True answerable, False unanswerable, None unlabelled (an anchor implies answerable)."""
    if question.expect is not None:
        return question.expect == "answer"
    return True if question.anchor is not None else None


def calibrate(
    index: NoteIndex, questions: Sequence[Question], retrieval: RetrievalSettings, shape_k: int
) -> Calibration:
    raw = dataclasses.replace(retrieval, min_cosine=None)  # measure without any floor
    vocabulary = index.bm25()
    rows = []
    for q in questions:
        label = label_of(q)
        if label is None:
            continue
        result = search(index, q.question, raw)
        rows.append(Row(q.question, label, compute_signals(result, vocabulary, shape_k)))
    bands = tuple(
        Bands(
            spec,
            tuple(spec.value(r.signals) for r in rows if r.answerable),
            tuple(spec.value(r.signals) for r in rows if not r.answerable),
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
