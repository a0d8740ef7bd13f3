"""One explainable decision: every signal scored in points, the total against a threshold.

Each folder and embedder has its own bands (what an answerable and an off-topic question
score here, measured by `probes`), so a raw cosine of 0.45 means "typical answerable" in
one folder and "typical miss" in another. The weights are fitted on labelled questions
from several folders (bench/fit_verdict.py) and evaluated on folders they were not fitted
on; they are not hand-set.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from app.core.verdict import weights as fitted
from app.core.verdict.question_words import GENERIC_SALIENCE, NAME_SALIENCE
from app.core.verdict.signals import Signals

# Raw signals normalised by the folder's bands.
BANDED = ("top_cosine", "gap", "bm25")
# Signals that only ever cost points, and name what the notes lack when they do.
PENALTIES = ("unknown", "unknown_word", "type_missing")


@dataclass(frozen=True)
class Band:
    """Where off-topic (`miss`) and answerable (`hit`) questions sit on one raw signal."""

    miss: float
    hit: float

    def normalise(self, value: float) -> float:
        """0 at a typical miss, 1 at a typical answerable question, clipped to [-2, 3]."""
        span = self.hit - self.miss
        if abs(span) < 1e-6:
            return 0.0
        return max(-2.0, min(3.0, (value - self.miss) / span))


# Used only until a folder has been probed (an empty or tiny index): all-MiniLM-L6-v2's
# bands pooled over the bench folders.
DEFAULT_BANDS: dict[str, Band] = {
    "top_cosine": Band(0.22, 0.62),
    "gap": Band(0.03, 0.16),
    "bm25": Band(0.12, 0.62),
}


@dataclass(frozen=True)
class FolderCalibration:
    """A folder's own bands and, when the user labelled questions, its own threshold."""

    bands: dict[str, Band]
    threshold: float | None = None  # from the user's labels; None uses the fitted one
    provenance: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        return json.dumps(
            {
                "bands": {k: asdict(v) for k, v in self.bands.items()},
                "threshold": self.threshold,
                "provenance": self.provenance,
            },
            sort_keys=True,
        )

    @classmethod
    def from_json(cls, raw: str) -> FolderCalibration:
        data = json.loads(raw)
        bands = {k: Band(float(v["miss"]), float(v["hit"])) for k, v in data["bands"].items()}
        threshold = data.get("threshold")
        return cls(
            {**DEFAULT_BANDS, **bands},
            None if threshold is None else float(threshold),
            dict(data.get("provenance") or {}),
        )

    @property
    def probed(self) -> bool:
        return self.provenance.get("source") == "probes"


UNCALIBRATED = FolderCalibration(DEFAULT_BANDS, None, {"source": "default"})


@dataclass(frozen=True)
class Weights:
    """Points per unit of each signal, the base score and the threshold the total needs."""

    points: dict[str, float]
    intercept: float
    threshold: float


FITTED = Weights(dict(fitted.WEIGHTS), fitted.INTERCEPT, fitted.THRESHOLD)


SHORT_LABELS = {
    "top_cosine": "best cosine",
    "gap": "best − median",
    "bm25": "keyword share",
    "coverage": "words found",
    "unknown": "name in no note",
    "unknown_word": "word in no note",
    "exact": "exact term",
    "type_missing": "asked value",
}


@dataclass(frozen=True)
class Feature:
    name: str
    label: str  # what it measures, in words
    raw: float  # the signal as measured
    value: float  # what the weight multiplies (normalised, or 0/1)
    weight: float
    shown: str  # the raw value in the user's terms

    @property
    def points(self) -> float:
        return self.weight * self.value

    @property
    def short(self) -> str:
        return SHORT_LABELS.get(self.name, self.name)


@dataclass(frozen=True)
class Scorecard:
    features: tuple[Feature, ...]
    intercept: float
    threshold: float
    bands: dict[str, Band] = field(default_factory=dict)  # the folder's, for display

    @property
    def total(self) -> float:
        return self.intercept + sum(f.points for f in self.features)

    @property
    def answerable(self) -> bool:
        return self.total >= self.threshold

    def feature(self, name: str) -> Feature:
        return next(f for f in self.features if f.name == name)

    def costs(self) -> list[Feature]:
        """The signals that cost points against their best case, most costly first."""
        costly = [f for f in self.features if f.points - _best_points(f) < -1e-9]
        return sorted(costly, key=lambda f: f.points - _best_points(f))

    def weakest(self) -> Feature:
        """The refusal's reason: a penalty that fired (a naming word no note holds, a kind
        of value no passage states) when it cost at least half as much as the costliest
        signal, since it says what is missing; else the signal that cost the most."""
        costs = self.costs() or list(self.features)
        worst = costs[0].points - _best_points(costs[0])
        penalties = [
            f
            for f in costs
            if f.name in PENALTIES and f.value > 0 and f.points - _best_points(f) <= worst / 2
        ]
        return penalties[0] if penalties else costs[0]


def _best_points(feature: Feature) -> float:
    """Points a feature scores at a typical answerable question (1.0, or 0 for penalties)."""
    if feature.name in PENALTIES:
        return 0.0
    if feature.name == "exact":
        return feature.points  # a bonus never explains a refusal
    return feature.weight * 1.0


def score(
    signals: Signals,
    calibration: FolderCalibration,
    threshold: float | None = None,
    weights: Weights = FITTED,
) -> Scorecard:
    """Weigh the signals of one question's retrieval against the folder's bands."""
    points = weights.points
    bands = calibration.bands
    shape = signals.shape
    unknown = signals.unknown
    name_salience = max((t.salience for t in unknown if t.salience >= NAME_SALIENCE), default=0.0)
    word_salience = max((t.salience for t in unknown if t.salience < NAME_SALIENCE), default=0.0)
    names = ", ".join(t.word for t in unknown if t.salience >= NAME_SALIENCE)
    plain = ", ".join(t.word for t in unknown if GENERIC_SALIENCE < t.salience < NAME_SALIENCE)
    features = (
        Feature(
            "top_cosine",
            "best passage's cosine similarity",
            shape.top,
            bands["top_cosine"].normalise(shape.top),
            points["top_cosine"],
            f"{shape.top:.3f}",
        ),
        Feature(
            "gap",
            "best cosine minus the median of the top 10",
            shape.gap,
            bands["gap"].normalise(shape.gap),
            points["gap"],
            f"{shape.gap:.3f}",
        ),
        Feature(
            "bm25",
            "best keyword (BM25) score, of the most these words could score",
            signals.bm25_norm,
            bands["bm25"].normalise(signals.bm25_norm),
            points["bm25"],
            f"{signals.bm25_norm:.2f}",
        ),
        Feature(
            "coverage",
            "question words found in the passages, weighted by how much each names",
            signals.coverage,
            signals.coverage,
            points["coverage"],
            f"{signals.coverage:.0%}",
        ),
        Feature(
            "unknown",
            "a name, code or identifier of the question that no note contains",
            name_salience,
            float(name_salience >= NAME_SALIENCE),
            points["unknown"],
            names or "none",
        ),
        Feature(
            "unknown_word",
            "an ordinary word of the question that no note contains",
            word_salience,
            float(word_salience > GENERIC_SALIENCE),
            points["unknown_word"],
            plain or "none",
        ),
        Feature(
            "exact",
            "a rare exact term of the question found in the passages",
            float(bool(signals.exact_terms)),
            float(bool(signals.exact_terms)),
            points["exact"],
            ", ".join(signals.exact_terms) or "none",
        ),
        Feature(
            "type_missing",
            "the question asks for a kind of value no passage states",
            float(signals.type_missing),
            float(signals.type_missing),
            points["type_missing"],
            (signals.asked.value if signals.asked else "-")
            + (" (none stated)" if signals.type_missing else ""),
        ),
    )
    chosen = threshold if threshold is not None else calibration.threshold
    return Scorecard(
        features,
        weights.intercept,
        weights.threshold if chosen is None else chosen,
        dict(calibration.bands),
    )
