"""The verdict's fitted weights: written by bench/fit_verdict.py, never edited by hand.

Fitted by logistic regression on labelled questions from several folders, each
question's signals normalised by its own folder's probe bands; the README's verdict
section gives the figures measured on folders held out of the fit."""

from __future__ import annotations

WEIGHTS: dict[str, float] = {
    "top_cosine": 0.9989,
    "gap": 0.2874,
    "bm25": 1.3645,
    "coverage": 2.7070,
    "unknown": -2.3766,
    "unknown_word": -0.2869,
    "exact": 0.1305,
    "type_missing": -1.9252,
}
INTERCEPT = -4.2106
THRESHOLD = -0.4719
PROVENANCE = (
    "fitted 2026-12-02 on 541 labelled questions from sample_notes, simonw-til, ask-m"
    "y-docs-notes, vault, cursos-pt"
)
