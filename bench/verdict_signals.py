"""How well each refusal signal separates answerable from unanswerable questions.

For every labelled question (`expect`), computes the retrieval signals and prints, per
question set and pooled, the AUROC of each signal (1.0 separates perfectly, 0.5 is
chance) and the two bands (answerable min..max, unanswerable min..max).
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Callable
from pathlib import Path

from _common import CORPUS_EXCLUDE, ROOT, corpus, open_index

from app.config import load_settings
from app.core.evals.questions import load_questions
from app.core.index.indexer import update_index
from app.core.index.retrieve import SearchResult, search
from app.core.session.wiring import make_embedder
from app.core.verdict.gates import GateSettings, judge_retrieval
from app.core.verdict.signals import Signals, compute_signals

SETS = {
    "sample_notes": (ROOT / "sample_notes", ROOT / "sample_notes" / "questions.jsonl"),
    "simonw-til": (None, ROOT / "bench" / "questions" / "simonw-til.jsonl"),
    "ask-my-docs-notes": (None, ROOT / "bench" / "questions" / "ask-my-docs.jsonl"),
}
SIGNALS: dict[str, Callable[[Signals], float]] = {
    "top cosine": lambda s: s.shape.top,
    "top-median gap": lambda s: s.shape.gap,
    "top/median ratio": lambda s: s.shape.ratio,
    "lexical overlap": lambda s: s.lexical.fraction,
    "best bm25": lambda s: s.best_bm25,
    "unknown words (neg)": lambda s: -len(s.unknown_words),
}


def auroc(positive: list[float], negative: list[float]) -> float:
    """P(a random answerable question scores above a random unanswerable one)."""
    if not positive or not negative:
        return float("nan")
    wins = sum((p > n) + 0.5 * (p == n) for p in positive for n in negative)
    return wins / (len(positive) * len(negative))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "asknotes-bench"
    )
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    settings = load_settings({"data_dir": args.data_dir, "exclude": CORPUS_EXCLUDE})
    embedder = make_embedder(settings)
    pooled: dict[bool, list[Signals]] = {True: [], False: []}
    for name, (notes, questions_file) in SETS.items():
        notes = notes or corpus(name)
        index = open_index(settings, notes, create=True, embedder=embedder)
        update_index(index, notes, walk=settings.walk(), chunking=settings.chunking())
        labelled: dict[bool, list[Signals]] = {True: [], False: []}
        vocabulary = index.vocabulary()
        for q in load_questions(questions_file):
            expect = q.expect or ("answer" if q.anchor else None)
            if expect is None:
                continue
            result = search(index, q.question, settings.retrieval())
            signals = compute_signals(result, vocabulary)
            labelled[expect == "answer"].append(signals)
            if args.verbose:
                print(
                    f"  {expect:<7} unk {len(signals.unknown_words)} "
                    f"top {signals.shape.top:.3f} gap {signals.shape.gap:.3f} "
                    f"lex {signals.lexical.fraction:.2f} bm25 {signals.best_bm25:5.2f}  "
                    f"{q.question[:60]}  unknown={','.join(signals.unknown_words)}"
                )
        index.close()
        report(name, labelled)
        pooled[True] += labelled[True]
        pooled[False] += labelled[False]
    report("all sets pooled", pooled)


def report(name: str, labelled: dict[bool, list[Signals]]) -> None:
    print_signals(name, labelled)
    print_verdict(labelled)


def print_verdict(labelled: dict[bool, list[Signals]]) -> None:
    """The combined rule with the default thresholds, as `asknotes ask` applies it."""
    settings = GateSettings()

    def refused(s: Signals) -> bool:
        result = SearchResult("", [None] * s.passages)  # type: ignore[list-item]
        return not judge_retrieval(result, s, settings).answerable

    caught = sum(refused(s) for s in labelled[False])
    false = sum(refused(s) for s in labelled[True])
    print(
        f"  combined verdict (min_top_gap {settings.min_top_gap}, min_lexical_overlap "
        f"{settings.min_lexical_overlap}): refused {caught}/{len(labelled[False])} "
        f"unanswerable, {false}/{len(labelled[True])} answerable (false refusals)"
    )


def print_signals(name: str, labelled: dict[bool, list[Signals]]) -> None:
    print(f"\n{name}: {len(labelled[True])} answerable, {len(labelled[False])} unanswerable")
    print(f"  {'signal':<19} {'AUROC':>6}  {'answerable band':>17}  {'unanswerable band':>17}")
    for signal, value in SIGNALS.items():
        pos = [value(s) for s in labelled[True]]
        neg = [value(s) for s in labelled[False]]
        print(
            f"  {signal:<17} {auroc(pos, neg):6.3f}  {min(pos):7.3f}..{max(pos):7.3f}  "
            f"{min(neg):7.3f}..{max(neg):7.3f}"
        )


if __name__ == "__main__":
    main()
