"""Answer-passage recall for vector-only, BM25-only and fused retrieval, per question set.

Indexes each corpus into a reusable folder (incremental after the first run), then prints
recall@1, @3, @5 and MRR@10 for every retrieval mode, so that the fusion weights are chosen
from a measurement rather than a default. `--embedder minilm|multilingual` compares the
two embedders on the same sets (each gets its own data folder).

    python bench/retrieval.py [--sets sample_notes,cursos-pt] [--embedder auto] [--by anchor]
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from _common import CORPUS_EXCLUDE, QUESTION_SETS, corpus, embedder_for, open_index

from app.config import load_settings
from app.core.evals.metrics import anchor_rank, source_rank
from app.core.evals.questions import load_questions
from app.core.index.fusion import RetrievalSettings
from app.core.index.indexer import update_index
from app.core.index.retrieve import search
from app.core.session.embedder_choice import CHOICES

SETS = QUESTION_SETS
DEFAULT_SETS = ("sample_notes", "simonw-til", "ask-my-docs-notes")
MODES = {
    "vector only": (1.0, 0.0, 2),
    "bm25 only": (0.0, 1.0, 2),
    "rrf 1:1": (1.0, 1.0, 2),
    "rrf 1:1 unpinned": (1.0, 1.0, 0),  # without exact-term pinning, to measure what it costs
    "rrf 1:0.5": (1.0, 0.5, 2),
    "rrf 1:0.3": (1.0, 0.3, 2),
    "rrf 0.5:1": (0.5, 1.0, 2),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "asknotes-bench"
    )
    parser.add_argument("--by", choices=["anchor", "source"], default="source")
    parser.add_argument("--sets", default=",".join(DEFAULT_SETS), help=f"of {', '.join(SETS)}")
    parser.add_argument("--embedder", choices=CHOICES, default="auto")
    args = parser.parse_args()
    unknown = set(args.sets.split(",")) - set(SETS)
    if unknown:
        parser.error(f"unknown set {', '.join(sorted(unknown))}; choose from {', '.join(SETS)}")
    data_dir = args.data_dir / args.embedder
    settings = load_settings(
        {"data_dir": data_dir, "exclude": CORPUS_EXCLUDE, "embedder": args.embedder}
    )
    hit = "contains the anchor" if args.by == "anchor" else "comes from a source note"
    print(f"a hit is a passage that {hit}; k=10 per mode")
    pooled: dict[str, list[int | None]] = {mode: [] for mode in MODES}
    for name in args.sets.split(","):
        notes, questions_file = SETS[name]
        notes = notes or corpus(name)
        embedder = embedder_for(settings, notes)
        index = open_index(settings, notes, create=True, embedder=embedder)
        update_index(index, notes, walk=settings.walk(), chunking=settings.chunking())
        questions = [q for q in load_questions(questions_file) if q.anchor or q.sources]
        rank_of = anchor_rank if args.by == "anchor" else source_rank
        print(f"\n{name}: {len(questions)} questions, {embedder.identity.name}")
        ranks_by_mode = {}
        for mode, (vw, lw, pins) in MODES.items():
            rs = RetrievalSettings(k=10, vector_weight=vw, lexical_weight=lw, pinned_terms=pins)
            ranks_by_mode[mode] = [
                rank_of(search(index, q.question, rs).passages, q) for q in questions
            ]
            pooled[mode].extend(ranks_by_mode[mode])
        print_table(ranks_by_mode)
        index.close()
    print(f"\nall sets pooled: {len(pooled['vector only'])} questions")
    print_table(pooled)


def print_table(ranks_by_mode: dict[str, list[int | None]]) -> None:
    print(f"  {'mode':<16} {'R@1':>6} {'R@3':>6} {'R@5':>6} {'MRR@10':>7}")
    for mode, ranks in ranks_by_mode.items():

        def recall(k: int, ranks: list[int | None] = ranks) -> float:
            return sum(r is not None and r <= k for r in ranks) / len(ranks)

        mrr = sum(1 / r for r in ranks if r) / len(ranks)
        print(f"  {mode:<16} {recall(1):6.3f} {recall(3):6.3f} {recall(5):6.3f} {mrr:7.3f}")


if __name__ == "__main__":
    main()
