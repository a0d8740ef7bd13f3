"""Answer-or-refuse probe over sample_notes/questions.jsonl with a real GGUF model.

For each question: retrieve, ask the model, run the code's checks, then score:
- grounded: an answerable question answered, citing a passage that contains its anchor;
- wrong citation: answered, but the cited passage lacks the anchor;
- invented: an unanswerable question given a generated answer;
- correct refusal / false refusal: refused an unanswerable / answerable question
  (a refusal that still quotes the anchored sentence is counted as quoted evidence).
Prints one line per question and the totals, with latency.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from _common import ROOT, open_index

from app.config import load_settings
from app.core.answer.answering import AnswerKind, answer_question
from app.core.evals.questions import load_questions
from app.core.index.indexer import update_index
from app.core.session.wiring import make_embedder, make_generator


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model", type=Path, help="a GGUF file (default: the bundled model)")
    parser.add_argument(
        "--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "asknotes-bench"
    )
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()
    notes = ROOT / "sample_notes"
    settings = load_settings({"data_dir": args.data_dir, "model_path": args.model})
    index = open_index(settings, notes, create=True, embedder=make_embedder(settings))
    update_index(index, notes, walk=settings.walk(), chunking=settings.chunking())
    generator = make_generator(settings)
    questions = load_questions(notes / "questions.jsonl")
    if args.limit:
        questions = questions[: args.limit]
    tally = {
        k: 0
        for k in (
            "grounded",
            "wrong citation",
            "invented",
            "correct refusal",
            "false refusal",
            "quoted evidence",
        )
    }
    latencies: list[float] = []
    first_tokens: list[float] = []
    print(f"model: {generator.name}")
    for q in questions:
        started = time.perf_counter()
        answer = answer_question(
            index,
            generator,
            q.question,
            retrieval=settings.retrieval(),
            settings=settings.answering(),
        )
        latencies.append(time.perf_counter() - started)
        if answer.timings.first_token_s is not None:
            first_tokens.append(answer.timings.first_token_s)
        pattern = q.anchor_pattern()
        cited_has_anchor = pattern is not None and any(pattern.search(p.text) for p in answer.cited)
        if q.expect == "refuse":
            outcome = "invented" if answer.kind is AnswerKind.GENERATED else "correct refusal"
        elif answer.kind is AnswerKind.GENERATED:
            outcome = "grounded" if cited_has_anchor else "wrong citation"
        elif answer.kind is AnswerKind.QUOTES and cited_has_anchor:
            outcome = "quoted evidence"
        else:
            outcome = "false refusal"
        tally[outcome] += 1
        detail = answer.refusal_check or ""
        short = answer.text.replace("\n", " ")[:90]
        print(f"{outcome:<16} {latencies[-1]:5.1f}s  {q.question[:55]:<55} {detail:<16} {short}")
    answerable = sum(q.expect == "answer" for q in questions)
    unanswerable = sum(q.expect == "refuse" for q in questions)
    print(f"\n{answerable} answerable, {unanswerable} unanswerable")
    for name, count in tally.items():
        print(f"  {name:<16} {count}")
    print(
        f"  latency median {statistics.median(latencies):.1f} s, max {max(latencies):.1f} s; "
        f"first token median {statistics.median(first_tokens):.1f} s"
    )
    index.close()


if __name__ == "__main__":
    main()
