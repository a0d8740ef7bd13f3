"""The verdict: answered, or refused by a named gate, with the numbers that decided it.

Gates run on the question's own retrieval before any model is called:
1. no_evidence      nothing was retrieved;
2. distance_floor   the best cosine similarity is under a floor calibrated for this
                    embedder (off until `asknotes calibrate --write` sets one);
3. thin_context     fewer passages than `min_passages` survived the floor;
4. lexical_support  too few of the question's content words occur in the passages;
5. score_shape      the best match barely beats the median of the question's top-k.
Rule: the notes are judged unable to answer when any enabled gate fires; the first that
fired (in the order above) is named. After the model runs, a sixth gate,
generator_refusal, records a refusal by the model or by the answer checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.core.index.retrieve import SearchResult
from app.core.verdict.signals import Signals

NO_EVIDENCE = "no_evidence"
DISTANCE_FLOOR = "distance_floor"
THIN_CONTEXT = "thin_context"
LEXICAL_SUPPORT = "lexical_support"
SCORE_SHAPE = "score_shape"
GENERATOR_REFUSAL = "generator_refusal"


@dataclass(frozen=True)
class GateSettings:
    """Thresholds; each default was chosen from bench/verdict_signals.py (see README)."""

    min_top_gap: float = 0.06
    min_lexical_overlap: float = 0.5
    min_passages: int = 1
    min_cosine: float | None = None  # the distance floor; None until calibrated
    shape_k: int = 10


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

    @property
    def fired(self) -> Gate | None:
        return next((g for g in self.gates if g.enabled and g.fired), None)

    @property
    def answerable(self) -> bool:
        return self.fired is None

    def gate(self, name: str) -> Gate | None:
        return next((g for g in self.gates if g.name == name), None)

    def with_gate(self, gate: Gate) -> Verdict:
        return Verdict((*self.gates, gate), self.signals)

    def as_dict(self) -> dict[str, Any]:
        """Plain data: which gate fired, and every gate with its value and threshold."""
        fired = self.fired
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
        }


def judge_retrieval(result: SearchResult, signals: Signals, settings: GateSettings) -> Verdict:
    """Apply the retrieval gates to one question's search result and signals."""
    gates: list[Gate] = []
    gates.append(
        Gate(
            NO_EVIDENCE,
            not result.passages,
            float(len(result.passages)),
            1.0,
            f"{len(result.passages)} passages retrieved",
        )
    )
    shape = signals.shape
    floor = settings.min_cosine
    above = sum(s >= floor for s in shape.similarities) if floor is not None else None
    gates.append(
        Gate(
            DISTANCE_FLOOR,
            floor is not None and shape.top < floor,
            shape.top,
            floor,
            "off: no floor calibrated for this embedder"
            if floor is None
            else f"best cosine similarity {shape.top:.3f} against the floor {floor:.3f}",
            enabled=floor is not None,
        )
    )
    surviving = len(result.passages) if above is None else min(above, len(result.passages))
    gates.append(
        Gate(
            THIN_CONTEXT,
            surviving < settings.min_passages,
            float(surviving),
            float(settings.min_passages),
            f"{surviving} passages above the floor, {settings.min_passages} needed",
        )
    )
    lexical = signals.lexical
    gates.append(
        Gate(
            LEXICAL_SUPPORT,
            lexical.fraction < settings.min_lexical_overlap,
            lexical.fraction,
            settings.min_lexical_overlap,
            f"{len(lexical.found)} of {len(lexical.question_words)} question words occur in the "
            f"passages (missing: {', '.join(lexical.missing) or 'none'})",
        )
    )
    gates.append(
        Gate(
            SCORE_SHAPE,
            shape.gap < settings.min_top_gap,
            shape.gap,
            settings.min_top_gap,
            f"top {shape.top:.3f} vs median {shape.median:.3f} of the top {shape.k}: "
            f"gap {shape.gap:.3f}, ratio {shape.ratio:.2f}"
            + (
                " (a flat list: the best match barely beats the rest)"
                if shape.gap < settings.min_top_gap
                else ""
            ),
        )
    )
    return Verdict(tuple(gates), signals)


def generator_gate(refused: bool, check: str | None, detail: str) -> Gate:
    return Gate(
        GENERATOR_REFUSAL,
        refused,
        None,
        None,
        f"{check}: {detail}" if refused else "the model's answer passed every check",
    )
