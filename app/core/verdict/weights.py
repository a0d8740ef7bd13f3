"""The verdict's fitted weights: written by bench/fit_verdict.py, never edited by hand.

Fitted by logistic regression on labelled questions from several folders, each
question's signals normalised by its own folder's probe bands; the README's verdict
section gives the figures measured on folders held out of the fit."""

from __future__ import annotations

WEIGHTS: dict[str, float] = {
    "top_cosine": 0.5248,
    "gap": 0.1535,
    "bm25": 0.5804,
    "coverage": 2.7373,
    "unknown": -2.4247,
    "unknown_word": -0.0137,
    "exact": 0.0566,
    "type_missing": -2.6790,
}
INTERCEPT = -3.2039
THRESHOLD = -0.6998
PROVENANCE = (
    "fitted 2026-12-04 on 1681 labelled questions from sample_notes, simonw-til, ask-"
    "my-docs-notes, vault, cursos-pt, notas-es, outline, notes-fr, runbooks, notizen-"
    "de, fieldlab, notes-it, bakery, bakehouse, homelab, notas-pt, freelance, notas-m"
    "x, household, wohnung-verein, daily-notes, carnets-fr, team-notes, lab-notes"
)
