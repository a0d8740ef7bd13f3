"""Time to first token and generation speed of the answer model at 5 passages."""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from _common import ROOT, open_index

from app.config import load_settings
from app.core.answer.prompt import ANSWER_SCHEMA, build_prompt
from app.core.index.indexer import update_index
from app.core.index.retrieve import search
from app.core.session.wiring import make_embedder, make_generator

QUESTIONS = [
    "How many monthly snapshots do I keep?",
    "What does ERR-4012 mean?",
    "How long is the bulk ferment at 24 degrees?",
    "Which exercises did the physio give me for my knee?",
    "What time does the corner shop close on Sundays?",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model", type=Path)
    args = parser.parse_args()
    notes = ROOT / "sample_notes"
    data = Path(tempfile.gettempdir()) / "asknotes-bench"
    settings = load_settings({"data_dir": data, "model_path": args.model})
    index = open_index(settings, notes, create=True, embedder=make_embedder(settings))
    update_index(index, notes)
    generator = make_generator(settings)
    started = time.perf_counter()
    llm = generator.load()  # type: ignore[attr-defined]
    print(f"model {generator.name}: loaded in {time.perf_counter() - started:.1f} s")
    rows = []
    for question in QUESTIONS:
        passages = search(index, question, settings.retrieval(5)).passages
        prompt = build_prompt(question, passages, generator, max_answer_tokens=256)
        llm.reset()  # measure a cold prompt each time, not the cached system prefix
        t0 = time.perf_counter()
        first = None
        pieces = 0
        for _piece in generator.stream(prompt.messages, schema=ANSWER_SCHEMA, max_tokens=256):
            if first is None:
                first = time.perf_counter() - t0
            pieces += 1
        total = time.perf_counter() - t0
        generated = max(pieces - 1, 1)
        rows.append((prompt.prompt_tokens, first or total, generated / (total - (first or 0))))
        print(
            f"  {len(prompt.passages)} passages, {prompt.prompt_tokens} prompt tokens: "
            f"first token {first:.1f} s ({prompt.prompt_tokens / first:.0f} prompt tokens/s), "
            f"{pieces} tokens in {total:.1f} s ({rows[-1][2]:.1f} tokens/s after the first)"
        )
    print(
        f"median: first token {statistics.median(r[1] for r in rows):.1f} s, "
        f"generation {statistics.median(r[2] for r in rows):.1f} tokens/s"
    )
    index.close()


if __name__ == "__main__":
    main()
