"""Fit the verdict's weights on labelled folders, and report every figure held out.

For each folder: index it, let it calibrate itself with probes (no labels), then compute
every labelled question's scorecard features, normalised by that folder's bands. A
logistic regression is fitted on all folders but one and judged on the one left out; the
table it prints is only ever held-out figures. `--write` then fits on every folder and
writes app/core/verdict/weights.py. `--shipped` judges other folders (by default the ones
written after the last fit) with the weights the app ships, so nothing is fitted on them.

    python bench/fit_verdict.py [--folders a,b] [--write] [--embedder minilm|multilingual]
    python bench/fit_verdict.py --shipped [a,b]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import re
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from _common import CORPUS_EXCLUDE, HELD_OUT_SETS, QUESTION_SETS, ROOT, indexed_set

from app.config import load_settings
from app.core.evals.questions import Question, load_questions
from app.core.index.retrieve import search
from app.core.verdict.probes import fit_folder_calibration
from app.core.verdict.scorecard import FITTED, FolderCalibration, score
from app.core.verdict.signals import compute_signals
from app.core.verdict.weights import PROVENANCE

FOLDERS = QUESTION_SETS
NAMES = (
    "top_cosine", "gap", "bm25", "coverage", "unknown", "unknown_word", "exact", "type_missing"
)  # fmt: skip
MAX_FALSE_REFUSALS = 0.03  # the threshold is set so that training folders refuse at most this


@dataclasses.dataclass
class Row:
    folder: str
    question: Question
    answerable: bool
    features: np.ndarray
    anchor_rank: int | None


def label(q: Question) -> bool | None:
    if q.expect is not None:
        return q.expect == "answer"
    return True if q.anchor else None


def measure(name: str, settings) -> tuple[list[Row], FolderCalibration]:  # type: ignore[no-untyped-def]
    index, questions_file = indexed_set(settings, name)
    retrieval = settings.retrieval()
    calibration = fit_folder_calibration(index, retrieval)
    vocabulary = index.vocabulary()
    rows = []
    for q in load_questions(questions_file):
        answerable = label(q)
        if answerable is None:
            continue
        result = search(index, q.question, retrieval)
        signals = compute_signals(result, vocabulary)
        card = score(signals, calibration)
        pattern = q.anchor_pattern()
        rank = None
        if pattern is not None:
            rank = next(
                (i for i, p in enumerate(result.passages, 1) if pattern.search(p.text)), None
            )
        features = np.array([card.feature(n).value for n in NAMES], dtype=float)
        rows.append(Row(name, q, answerable, features, rank))
    index.close()
    return rows, calibration


def fit(rows: list[Row], l2: float = 1.0) -> tuple[np.ndarray, float]:
    """Logistic regression (Newton's method, L2 on the weights), classes weighted equally."""
    x = np.array([r.features for r in rows])
    y = np.array([1.0 if r.answerable else 0.0 for r in rows])
    pos, neg = y.sum(), len(y) - y.sum()
    sample_weight = np.where(y == 1, len(y) / (2 * pos), len(y) / (2 * neg))
    xb = np.hstack([x, np.ones((len(x), 1))])
    w = np.zeros(xb.shape[1])
    penalty = np.full(xb.shape[1], l2)
    penalty[-1] = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-xb @ w))
        grad = xb.T @ (sample_weight * (p - y)) + penalty * w
        hess = (xb * (sample_weight * p * (1 - p))[:, None]).T @ xb + np.diag(penalty)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w[:-1], float(w[-1])


def choose_threshold(rows: list[Row], weights: np.ndarray, intercept: float) -> float:
    """The highest threshold that refuses at most MAX_FALSE_REFUSALS of answerable rows."""
    totals = sorted(float(intercept + r.features @ weights) for r in rows if r.answerable)
    allowed = int(math.floor(MAX_FALSE_REFUSALS * len(totals)))
    return totals[allowed] - 1e-6 if totals else 0.0


def evaluate(rows: list[Row], weights: np.ndarray, intercept: float, threshold: float) -> dict:  # type: ignore[type-arg]
    def refused(r: Row) -> bool:
        return float(intercept + r.features @ weights) < threshold

    answerable = [r for r in rows if r.answerable]
    unanswerable = [r for r in rows if not r.answerable]
    near = [r for r in unanswerable if r.question.extra.get("kind") == "near-miss"]
    anchored = [r for r in answerable if r.question.anchor]
    return {
        "answerable": len(answerable),
        "unanswerable": len(unanswerable),
        "r@5": sum(r.anchor_rank is not None for r in anchored) / max(len(anchored), 1),
        "r@1": sum(r.anchor_rank == 1 for r in anchored) / max(len(anchored), 1),
        "answerable_refused": sum(map(refused, answerable)) / max(len(answerable), 1),
        "unanswerable_refused": sum(map(refused, unanswerable)) / max(len(unanswerable), 1),
        "near_miss_refused": sum(map(refused, near)) / max(len(near), 1) if near else float("nan"),
        "near_misses": len(near),
    }


HEADER = (
    f"{'folder':<18} {'ans':>4} {'unans':>5} {'R@5':>5} {'R@1':>5} {'ans refused':>11} "
    f"{'unans refused':>13} {'near-miss refused':>17}"
)


def table_row(folder: str, m: dict) -> str:  # type: ignore[type-arg]
    return (
        f"{folder:<18} {m['answerable']:>4} {m['unanswerable']:>5} {m['r@5']:>5.2f} "
        f"{m['r@1']:>5.2f} {m['answerable_refused']:>11.3f} "
        f"{m['unanswerable_refused']:>13.3f} {m['near_miss_refused']:>17.3f}"
    )


def print_errors(rows: list[Row], weights: np.ndarray, intercept: float, threshold: float) -> None:
    for r in rows:
        total = float(intercept + r.features @ weights)
        if (total < threshold) == r.answerable:
            tag = "FALSE REFUSAL" if r.answerable else "let through  "
            kind = r.question.extra.get("kind", "")
            feats = " ".join(f"{n}={v:+.2f}" for n, v in zip(NAMES, r.features, strict=True))
            print(f"    {tag} {total:+.2f} {kind:<14} {r.question.question[:60]:<60} {feats}")


def report_shipped(rows: list[Row], names: list[str], *, show_errors: bool) -> None:
    """Each folder judged by the weights app/core/verdict/weights.py ships, with the
    folder's own probe bands, as `asknotes` itself judges; says which of them the weights
    were fitted on (their figures are then no held-out figures)."""
    weights = np.array([FITTED.points[n] for n in NAMES])
    provenance = "".join(PROVENANCE)
    fitted = [n for n in names if re.search(rf"\b{re.escape(n)}\b", provenance)]
    print(f"\nshipped weights ({provenance}):")
    print(f"  fitted on {', '.join(fitted)}" if fitted else "  never fitted on these folders")
    print(HEADER)
    for name in names:
        test = [r for r in rows if r.folder == name]
        if show_errors:
            print_errors(test, weights, FITTED.intercept, FITTED.threshold)
        print(table_row(name, evaluate(test, weights, FITTED.intercept, FITTED.threshold)))


def write_weights(weights: np.ndarray, intercept: float, threshold: float, note: str) -> None:
    target = ROOT / "app" / "core" / "verdict" / "weights.py"
    lines = [
        '"""The verdict\'s fitted weights: written by bench/fit_verdict.py, never edited by hand.',
        "",
        "Fitted by logistic regression on labelled questions from several folders, each",
        "question's signals normalised by its own folder's probe bands; the README's verdict",
        'section gives the figures measured on folders held out of the fit."""',
        "",
        "from __future__ import annotations",
        "",
        "WEIGHTS: dict[str, float] = {",
        *[f'    "{n}": {w:.4f},' for n, w in zip(NAMES, weights, strict=True)],
        "}",
        f"INTERCEPT = {intercept:.4f}",
        f"THRESHOLD = {threshold:.4f}",
        "PROVENANCE = (",
        # double quotes, as ruff formats them
        *[
            f"    {json.dumps(note[i : i + 80], ensure_ascii=False)}"
            for i in range(0, len(note), 80)
        ],
        ")",
        "",
    ]
    target.write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {target}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--folders", default=",".join(FOLDERS))
    parser.add_argument(
        "--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "asknotes-fit-auto"
    )
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--embedder", default=None)
    parser.add_argument("--show-errors", action="store_true", help="list held-out mistakes")
    parser.add_argument(
        "--shipped",
        nargs="?",
        const=",".join(HELD_OUT_SETS),
        help="judge these folders with the shipped weights instead of fitting",
    )
    args = parser.parse_args()
    overrides: dict[str, object] = {"data_dir": args.data_dir, "exclude": CORPUS_EXCLUDE}
    if args.embedder:
        overrides["embedder"] = args.embedder
    settings = load_settings(overrides)
    names = [n for n in (args.shipped or args.folders).split(",") if n]
    rows: list[Row] = []
    for name in names:
        t0 = time.perf_counter()
        folder_rows, calibration = measure(name, settings)
        rows += folder_rows
        bands = ", ".join(f"{k} {b.miss:.3f}→{b.hit:.3f}" for k, b in calibration.bands.items())
        took = time.perf_counter() - t0
        line = f"{name}: {len(folder_rows)} questions, bands {bands} ({took:.0f} s)"
        print(line, file=sys.stderr)

    if args.shipped:
        report_shipped(rows, names, show_errors=args.show_errors)
        return
    print(
        f"\nheld out (fit on the other folders; threshold keeps ≤{MAX_FALSE_REFUSALS:.0%} of "
        "their answerable questions refused):"
    )
    print(HEADER)
    for held in names:
        train = [r for r in rows if r.folder != held]
        test = [r for r in rows if r.folder == held]
        if not train or not test:
            continue
        weights, intercept = fit(train)
        threshold = choose_threshold(train, weights, intercept)
        if args.show_errors:
            print_errors(test, weights, intercept, threshold)
        print(table_row(held, evaluate(test, weights, intercept, threshold)))
    weights, intercept = fit(rows)
    threshold = choose_threshold(rows, weights, intercept)
    print("\nweights fitted on every folder:")
    for n, w in zip(NAMES, weights, strict=True):
        print(f"  {n:<13} {w:+.3f}")
    print(f"  intercept     {intercept:+.3f}\n  threshold     {threshold:+.3f}")
    if args.write:
        note = (
            f"fitted {time.strftime('%Y-%m-%d')} on {len(rows)} labelled questions from "
            f"{', '.join(names)}"
        )
        write_weights(weights, intercept, threshold, note)


if __name__ == "__main__":
    main()
