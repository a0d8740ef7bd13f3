"""Time to first token of the answer model, whole passages against the lean prompt.

For each question of sample_notes, builds the prompt with whole passages and with each
passage cut to `--window` characters around what the question needs, and times the first
token twice for each: cold (KV cache cleared) and with the system prompt cached, as it is
between a user's questions. One run, one process, so the ratios compare like with like.

    python bench/answer_speed.py [--window 400] [--model FILE.gguf]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from _common import ROOT, embedder_for, open_index

from app.config import load_settings
from app.core.answer.prompt import ANSWER_SCHEMA, SYSTEM_PROMPT, Prompt, build_prompt
from app.core.index.indexer import update_index
from app.core.index.retrieve import search
from app.core.models.generator import ChatMessage
from app.core.session.wiring import make_generator

QUESTIONS = [
    "How many monthly snapshots do I keep?",
    "What does ERR-4012 mean?",
    "How long is the bulk ferment at 24 degrees?",
    "Which exercises did the physio give me for my knee?",
    "What time does the corner shop close on Sundays?",
    "When are deploys frozen?",
    "Que dias tem monitoria de calculo?",
]


def first_token(generator, llm, prompt: Prompt, *, cached: bool) -> float:  # type: ignore[no-untyped-def]
    """Seconds to the first generated token; `cached` primes the system prompt first."""
    llm.reset()
    if cached:
        system_only = [ChatMessage("system", SYSTEM_PROMPT), ChatMessage("user", "Question: ?")]
        for _ in generator.stream(system_only, schema=ANSWER_SCHEMA, max_tokens=1):
            break
    started = time.perf_counter()
    for _piece in generator.stream(prompt.messages, schema=ANSWER_SCHEMA, max_tokens=8):
        return time.perf_counter() - started
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model", type=Path)
    parser.add_argument("--window", type=int, default=400, help="prompt_window_chars to compare")
    args = parser.parse_args()
    notes = ROOT / "sample_notes"
    settings = load_settings(
        {"data_dir": Path(tempfile.gettempdir()) / "asknotes-bench", "model_path": args.model}
    )
    index = open_index(settings, notes, create=True, embedder=embedder_for(settings, notes))
    update_index(index, notes)
    generator = make_generator(settings)
    started = time.perf_counter()
    llm = generator.load()  # type: ignore[attr-defined]
    print(f"model {generator.name}: loaded in {time.perf_counter() - started:.1f} s")
    results: dict[str, dict[str, list[float]]] = {}
    for label, window in (("whole passages", 0), (f"lean, window {args.window}", args.window)):
        row: dict[str, list[float]] = {"tokens": [], "cold": [], "cached": []}
        for question in QUESTIONS:
            passages = search(index, question, settings.retrieval(5)).passages
            prompt = build_prompt(
                question, passages, generator, max_answer_tokens=256, window_chars=window
            )
            row["tokens"].append(prompt.prompt_tokens)
            row["cold"].append(first_token(generator, llm, prompt, cached=False))
            row["cached"].append(first_token(generator, llm, prompt, cached=True))
        results[label] = row
        print(
            f"  {label:<22} prompt tokens median {statistics.median(row['tokens']):.0f}; "
            f"first token median {statistics.median(row['cold']):.1f} s cold, "
            f"{statistics.median(row['cached']):.1f} s with the system prompt cached"
        )
    whole, lean = results.values()

    def ratio(key: str) -> float:
        return statistics.median(lean[key]) / statistics.median(whole[key])

    print(
        f"lean / whole, medians over {len(QUESTIONS)} questions: prompt tokens "
        f"{ratio('tokens'):.2f}, first token cold {ratio('cold'):.2f}, "
        f"cached {ratio('cached'):.2f}"
    )
    index.close()


if __name__ == "__main__":
    main()
