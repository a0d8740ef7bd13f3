"""Follow-up resolution: does the resolved question retrieve what a standalone one does?

For each pair in bench/questions/followups.jsonl (written over sample_notes/), the
follow-up is resolved against the previous question by the same rules `ask --after` and
the TUI use, then searched; a hit is when its top passage is the top passage of the
hand-written standalone question. New-topic pairs must come back unchanged. The follow-up
searched as typed, without resolution, is printed as the baseline.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from _common import ROOT, open_index

from app.config import load_settings
from app.core.index.indexer import update_index
from app.core.index.retrieve import search
from app.core.session.followup import resolve_followup
from app.core.session.wiring import make_embedder

PAIRS = ROOT / "bench" / "questions" / "followups.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "asknotes-bench"
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="print every pair")
    args = parser.parse_args()
    notes = ROOT / "sample_notes"
    settings = load_settings({"data_dir": args.data_dir})
    index = open_index(settings, notes, create=True, embedder=make_embedder(settings))
    update_index(index, notes, walk=settings.walk(), chunking=settings.chunking())
    retrieval = settings.retrieval(None)
    pairs = [json.loads(line) for line in PAIRS.read_text(encoding="utf-8").splitlines() if line]
    followups = [p for p in pairs if not p.get("new_topic")]
    new_topics = [p for p in pairs if p.get("new_topic")]

    def top(question: str) -> str | None:
        passages = search(index, question, retrieval).passages
        return passages[0].text_hash if passages else None

    def top3(question: str) -> list[str]:
        return [p.text_hash for p in search(index, question, retrieval).passages[:3]]

    same = same3 = typed = merged = 0
    for pair in followups:
        resolution = resolve_followup(pair["followup"], pair["previous"])
        wanted = top(pair["standalone"])
        hit = top(resolution.resolved) == wanted
        same += hit
        same3 += wanted in top3(resolution.resolved)
        typed += top(pair["followup"]) == wanted
        merged += resolution.merged
        if args.verbose or not hit:
            mark = "ok  " if hit else "MISS"
            print(f"{mark} {pair['followup']!r} -> {resolution.resolved!r} ({resolution.rule})")
    kept = 0
    for pair in new_topics:
        resolution = resolve_followup(pair["followup"], pair["previous"])
        kept += not resolution.merged
        if resolution.merged:
            print(f"MERGED new topic {pair['followup']!r} -> {resolution.resolved!r}")
    n = len(followups)
    print(f"\n{n} follow-ups over sample_notes/ (k={retrieval.k}), {merged} resolved by a rule")
    print(f"  resolved question's top passage = standalone question's: {same}/{n} = {same / n:.2f}")
    print(f"  standalone's top passage in the resolved question's top 3: {same3 / n:.2f}")
    print(f"  baseline, the follow-up searched as typed: {typed}/{n} = {typed / n:.2f}")
    print(f"{len(new_topics)} new-topic questions left unchanged: {kept}/{len(new_topics)}")
    index.close()


if __name__ == "__main__":
    main()
