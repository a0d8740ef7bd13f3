"""The verdict's fitted weights: written by bench/fit_verdict.py, never edited by hand.

Fitted by logistic regression on labelled questions from several folders, each
question's signals normalised by its own folder's probe bands; the README's verdict
section gives the figures measured on folders held out of the fit."""

from __future__ import annotations

WEIGHTS: dict[str, float] = {
    "top_cosine": 0.9225,
    "gap": 0.3386,
    "bm25": 1.2806,
    "coverage": 2.5723,
    "unknown": -2.2431,
    "unknown_word": -0.2806,
    "exact": 0.0939,
    "type_missing": -1.8309,
}
INTERCEPT = -4.0190
THRESHOLD = -0.5434
PROVENANCE = (
    "fitted 2026-12-01 on 541 labelled questions from sample_notes, simonw-til, ask-m"
    "y-docs-notes, vault, cursos-pt"
)
