"""The verdict: answerable, or refused for a named reason, with the numbers that decided it.

Before any model is called:
1. no_evidence      nothing was retrieved (a hard gate);
2. distance_floor   the best cosine is under `min_cosine` (only when the user sets one);
3. score_shape / lexical_support
                    the old fixed gates, only when the user sets `min_top_gap` or
                    `min_lexical_overlap`;
4. the scorecard    every signal in points against the folder's own bands, the total
                    against a threshold (fitted, or the folder's own from labelled
                    questions). A refusal is named by the signal that cost the most points:
                    unknown_term, answer_type, weak_match, score_shape, lexical_match or
                    lexical_support.
After the model runs, generator_refusal records a refusal by the model or the checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.core.index.retrieve import SearchResult
from app.core.verdict.scorecard import (
    FITTED,
    UNCALIBRATED,
    FolderCalibration,
    Scorecard,
    Weights,
    score,
)
from app.core.verdict.signals import Signals

NO_EVIDENCE = "no_evidence"
DISTANCE_FLOOR = "distance_floor"
THIN_CONTEXT = "thin_context"
LEXICAL_SUPPORT = "lexical_support"
SCORE_SHAPE = "score_shape"
UNKNOWN_TERM = "unknown_term"
ANSWER_TYPE = "answer_type"
WEAK_MATCH = "weak_match"
LEXICAL_MATCH = "lexical_match"
GENERATOR_REFUSAL = "generator_refusal"

# The refusal reason each scorecard signal stands for.
REASONS = {
    "top_cosine": WEAK_MATCH,
    "gap": SCORE_SHAPE,
    "bm25": LEXICAL_MATCH,
    "coverage": LEXICAL_SUPPORT,
    "unknown": UNKNOWN_TERM,
    "unknown_word": UNKNOWN_TERM,
    "type_missing": ANSWER_TYPE,
}


@dataclass(frozen=True)
class GateSettings:
    """Thresholds; every one is off (None) unless a user sets it or calibration does."""

    min_top_gap: float | None = None
    min_lexical_overlap: float | None = None
    min_passages: int = 1
    min_cosine: float | None = None  # the distance floor
    threshold: float | None = None  # the scorecard's threshold; None: folder's, else fitted
    shape_k: int = 10
    calibration: FolderCalibration = UNCALIBRATED
    weights: Weights = FITTED


@dataclass(frozen=True)
class Gate:
    name: str
    fired: bool
    value: float | None
    threshold: float | None
    detail: str
    enabled: bool = True


@dataclass(frozen=True)
class Verdict:
    gates: tuple[Gate, ...]
    signals: Signals | None
    scorecard: Scorecard | None = None

    @property
    def fired(self) -> Gate | None:
        return next((g for g in self.gates if g.enabled and g.fired), None)

    @property
    def answerable(self) -> bool:
        return self.fired is None

    def gate(self, name: str) -> Gate | None:
        return next((g for g in self.gates if g.name == name), None)

    def with_gate(self, gate: Gate) -> Verdict:
        return Verdict((*self.gates, gate), self.signals, self.scorecard)

    def as_dict(self) -> dict[str, Any]:
        """Plain data: which gate fired, every gate, and the scorecard's points."""
        fired = self.fired
        card = self.scorecard
        return {
            "answerable": self.answerable,
            "fired": fired.name if fired else None,
            "gates": [
                {
                    "name": g.name,
                    "enabled": g.enabled,
                    "fired": g.fired,
                    "value": None if g.value is None else round(g.value, 6),
                    "threshold": None if g.threshold is None else round(g.threshold, 6),
                    "detail": g.detail,
                }
                for g in self.gates
            ],
            "scorecard": None
            if card is None
            else {
                "total": round(card.total, 4),
                "threshold": round(card.threshold, 4),
                "intercept": round(card.intercept, 4),
                "features": [
                    {
                        "name": f.name,
                        "label": f.label,
                        "raw": round(f.raw, 6),
                        "value": round(f.value, 4),
                        "weight": round(f.weight, 4),
                        "points": round(f.points, 4),
                        "shown": f.shown,
                    }
                    for f in card.features
                ],
            },
        }


def _reason(name: str, signals: Signals, calibration: FolderCalibration) -> str:
    """One signal's shortfall in words, with the numbers and this folder's bands."""
    if name in ("unknown", "unknown_word"):
        naming = [t for t in signals.unknown if t.salience >= 0.9]
        worst = (
            naming
            if name == "unknown" and naming
            else [t for t in signals.unknown if t.salience > 0.15]
        )
        named = ", ".join(f"`{t.word}`" for t in worst)
        return f"the question's key term {named} occurs in no note"
    if name == "type_missing" and signals.asked is not None:
        return f"the question asks for {signals.asked.described}; no retrieved passage states one"
    if name == "top_cosine":
        band = calibration.bands["top_cosine"]
        return (
            f"the best passage scores {signals.shape.top:.3f}, against this folder's "
            f"off-topic ≈ {band.miss:.3f} and answerable ≈ {band.hit:.3f}"
        )
    if name == "gap":
        band = calibration.bands["gap"]
        return (
            f"the best match barely beats the rest: gap {signals.shape.gap:.3f}, against "
            f"off-topic ≈ {band.miss:.3f} and answerable ≈ {band.hit:.3f}"
        )
    if name == "coverage":
        share = f"{signals.coverage:.0%}"
        return f"the passages hold {share} of the question's words ({_missing(signals)})"
    return f"few of the question's words match any passage (BM25 share {signals.bm25_norm:.2f})"


def _reason_detail(card: Scorecard, signals: Signals, calibration: FolderCalibration) -> str:
    """The refusal in words: what is missing, what else cost points, the total and the bar."""
    first = card.weakest()
    others = [f for f in card.costs() if f.name != first.name][:1]
    text = _reason(first.name, signals, calibration)
    if others:
        text += "; also " + _reason(others[0].name, signals, calibration)
    return f"{text} (score {card.total:+.2f}, needs {card.threshold:+.2f})"


def judge_retrieval(result: SearchResult, signals: Signals, settings: GateSettings) -> Verdict:
    """Judge one question's retrieval: hard gates, then the scorecard."""
    gates: list[Gate] = [
        Gate(
            NO_EVIDENCE,
            not result.passages,
            float(len(result.passages)),
            1.0,
            f"{len(result.passages)} passages retrieved",
        )
    ]
    shape = signals.shape
    floor = settings.min_cosine
    gates.append(
        Gate(
            DISTANCE_FLOOR,
            floor is not None and shape.top < floor,
            shape.top,
            floor,
            "off: no floor set (the scorecard weighs the cosine against this folder's bands)"
            if floor is None
            else f"best cosine similarity {shape.top:.3f} against the floor {floor:.3f}",
            enabled=floor is not None,
        )
    )
    if floor is not None:
        above = min(sum(s >= floor for s in shape.similarities), len(result.passages))
        gates.append(
            Gate(
                THIN_CONTEXT,
                above < settings.min_passages,
                float(above),
                float(settings.min_passages),
                f"{above} passages above the floor, {settings.min_passages} needed",
            )
        )
    if settings.min_lexical_overlap is not None:
        coverage = signals.coverage
        gates.append(
            Gate(
                LEXICAL_SUPPORT,
                coverage < settings.min_lexical_overlap,
                coverage,
                settings.min_lexical_overlap,
                f"{coverage:.0%} of the question's words are in the passages ({_missing(signals)})",
            )
        )
    if settings.min_top_gap is not None:
        gates.append(
            Gate(
                SCORE_SHAPE,
                shape.gap < settings.min_top_gap,
                shape.gap,
                settings.min_top_gap,
                f"top {shape.top:.3f} vs median {shape.median:.3f} of the top {shape.k}: "
                f"gap {shape.gap:.3f}",
            )
        )
    card = score(signals, settings.calibration, settings.threshold, settings.weights)
    reason = REASONS.get(card.weakest().name, WEAK_MATCH) if not card.answerable else "scorecard"
    gates.append(
        Gate(
            reason,
            not card.answerable,
            card.total,
            card.threshold,
            _reason_detail(card, signals, settings.calibration)
            if not card.answerable
            else f"score {card.total:+.2f} against {card.threshold:+.2f}: the notes look able "
            "to answer",
        )
    )
    return Verdict(tuple(gates), signals, card)


def generator_gate(refused: bool, check: str | None, detail: str) -> Gate:
    return Gate(
        GENERATOR_REFUSAL,
        refused,
        None,
        None,
        f"{check}: {detail}" if refused else "the model's answer passed every check",
    )


def _missing(signals: Signals) -> str:
    """The words no passage holds; those that passages of another language may state in
    their own words are named apart, since they count for less (`Signals.coverage`)."""
    unread = signals.unread_words
    missing = [w for w in signals.missing_words if w not in unread]
    said = [f"missing: {', '.join(missing)}"] if missing or not unread else []
    if unread:
        other = round((1 - signals.readable) * signals.passages)
        said.append(
            f"{other} of {signals.passages} passages are in another language, which may say "
            f"in its own words: {', '.join(unread)}"
        )
    return "; ".join(said) if said else "missing: none"
