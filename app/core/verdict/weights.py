"""The verdict's fitted weights: written by bench/fit_verdict.py, never edited by hand.

Fitted by logistic regression on labelled questions from several folders, each question's
signals normalised by its own folder's probe bands; see the README's verdict section for
the held-out figures.
"""

from __future__ import annotations

WEIGHTS: dict[str, float] = {
    "top_cosine": 2.0,
    "gap": 0.8,
    "bm25": 1.0,
    "coverage": 2.0,
    "unknown": -3.0,
    "unknown_word": -1.0,
    "exact": 1.0,
    "type_missing": -3.0,
}
INTERCEPT = -1.5
THRESHOLD = 0.0
PROVENANCE = "initial values before the first fit"
