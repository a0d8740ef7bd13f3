"""The verdict's fitted weights: written by bench/fit_verdict.py, never edited by hand.

Fitted by logistic regression on labelled questions from several folders, each
question's signals normalised by its own folder's probe bands; the README's verdict
section gives the figures measured on folders held out of the fit."""

from __future__ import annotations

WEIGHTS: dict[str, float] = {
    "top_cosine": 1.0632,
    "gap": 0.3209,
    "bm25": 1.2168,
    "coverage": 2.1953,
    "unknown": -2.0938,
    "unknown_word": -0.4264,
    "exact": 0.0173,
    "type_missing": -1.6629,
}
INTERCEPT = -3.6179
THRESHOLD = -1.0569
PROVENANCE = (
    "fitted 2026-12-01 on 541 labelled questions from sample_notes, simonw-til, ask-m"
    "y-docs-notes, vault, cursos-pt"
)
