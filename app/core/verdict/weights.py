"""The verdict's fitted weights: written by bench/fit_verdict.py, never edited by hand.

Fitted by logistic regression on labelled questions from several folders, each
question's signals normalised by its own folder's probe bands; the README's verdict
section gives the figures measured on folders held out of the fit."""

from __future__ import annotations

WEIGHTS: dict[str, float] = {
    "top_cosine": 1.0325,
    "gap": 0.3257,
    "bm25": 1.1928,
    "coverage": 2.4269,
    "unknown": -2.3102,
    "unknown_word": -0.3568,
    "exact": -0.0258,
    "type_missing": -1.5918,
}
INTERCEPT = -3.7481
THRESHOLD = -0.8340
PROVENANCE = (
    "fitted 2026-12-01 on 541 labelled questions from sample_notes, simonw-til, ask-m"
    "y-docs-notes, vault, cursos-pt"
)
