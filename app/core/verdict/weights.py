"""The verdict's fitted weights: written by bench/fit_verdict.py, never edited by hand.

Fitted by logistic regression on labelled questions from several folders, each
question's signals normalised by its own folder's probe bands; the README's verdict
section gives the figures measured on folders held out of the fit."""

from __future__ import annotations

WEIGHTS: dict[str, float] = {
    "top_cosine": 1.1341,
    "gap": 0.2585,
    "bm25": 1.2698,
    "coverage": 2.4356,
    "unknown": -1.7683,
    "unknown_word": -0.2364,
    "exact": -0.0468,
    "type_missing": -0.5801,
}
INTERCEPT = -4.0189
THRESHOLD = -0.8437
PROVENANCE = (
    "fitted 2026-11-30 on 541 labelled questions from sample_notes, simonw-til, ask-m"
    "y-docs-notes, vault, cursos-pt"
)
