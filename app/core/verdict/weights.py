"""The verdict's fitted weights: written by bench/fit_verdict.py, never edited by hand.

Fitted by logistic regression on labelled questions from several folders, each
question's signals normalised by its own folder's probe bands; the README's verdict
section gives the figures measured on folders held out of the fit."""

from __future__ import annotations

WEIGHTS: dict[str, float] = {
    "top_cosine": 0.9081,
    "gap": 0.3357,
    "bm25": 1.3901,
    "coverage": 2.7329,
    "unknown": -2.3777,
    "unknown_word": -0.2854,
    "exact": 0.0994,
    "type_missing": -1.8201,
}
INTERCEPT = -4.2060
THRESHOLD = -0.5075
PROVENANCE = (
    "fitted 2026-12-01 on 541 labelled questions from sample_notes, simonw-til, ask-m"
    "y-docs-notes, vault, cursos-pt"
)
