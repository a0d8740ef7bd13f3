"""Time to first token of the answer model, five whole passages against leaner prompts.

For each question of sample_notes, builds the prompt once per variant (how many of the
best-ranked passages the model reads, whether each is cut to a window of characters
around what the question needs, whether the system prompt holds its worked example), and
times the first token three times for each: cold (KV cache cleared, nothing kept on
disk), with the system prompt's state restored from disk (what a new `asknotes ask`
process does once any process has read that system prompt), and with the system prompt
cached in memory (the TUI between questions). Then, with the first variant's prompts,
times writing the whole reply after its first token two ways: llama-cpp-python's chat
completion (its grammar runs over the whole vocabulary at every token) and asknotes'
decoder (`greedy_decode`: the grammar checks the model's choice), and checks the two
replies are the same. One run, one process, so the ratios compare like with like.

    python bench/answer_speed.py [--variants 5:0,3:0,3:600:bare] [--model FILE.gguf]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from _common import ROOT, embedder_for, open_index

from app.config import load_settings
from app.core.answer.prompt import (
    ANSWER_SCHEMA,
    SYSTEM_PROMPT,
    SYSTEM_PROMPT_NO_EXAMPLE,
    Prompt,
    build_prompt,
)
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


@dataclass(frozen=True)
class PromptVariant:
    """How many passages the model reads, each cut to `window` characters (0: whole), and
    whether the system prompt holds its worked example: "3:600", "5:0", "3:600:bare"."""

    passages: int
    window: int
    example: bool = True

    @classmethod
    def parse(cls, text: str) -> PromptVariant:
        count, window, *bare = text.split(":")
        return cls(int(count), int(window), bare != ["bare"])

    @property
    def label(self) -> str:
        shown = "whole" if self.window == 0 else f"window {self.window}"
        return f"{self.passages} passages, {shown}" + ("" if self.example else ", no example")


def first_token(generator, llm, prompt: Prompt, *, mode: str, kept: Path) -> float:  # type: ignore[no-untyped-def]
    """Seconds to the first generated token, from a cleared KV cache (`cold`), from the
    state kept on disk (`restored`), or with the system prompt read just before (`cached`)."""
    llm.reset()
    generator.state_dir = kept if mode == "restored" else None
    if mode == "cached":
        system_only = [prompt.messages[0], ChatMessage("user", "Question: ?")]
        for _ in generator.stream(system_only, schema=ANSWER_SCHEMA, max_tokens=1):
            break
    started = time.perf_counter()
    for _piece in generator.stream(prompt.messages, schema=ANSWER_SCHEMA, max_tokens=8):
        break
    seconds = time.perf_counter() - started
    if mode == "restored" and generator.system_prompt_state != "restored":
        raise SystemExit(f"the kept state was not used: {generator.system_prompt_state}")
    return seconds


def writing_time(pieces: Iterator[str]) -> tuple[float, str]:
    """Seconds from the first piece to the last, and the whole reply."""
    text = next(pieces)
    started = time.perf_counter()
    text += "".join(pieces)
    return time.perf_counter() - started, text


def compare_writing(generator, llm, prompts: list[Prompt]) -> None:  # type: ignore[no-untyped-def]
    generator.state_dir = None
    rows = []
    for prompt in prompts:
        llm.reset()
        library, expected = writing_time(
            iter(
                generator.stream_with_library(prompt.messages, schema=ANSWER_SCHEMA, max_tokens=256)
            )
        )
        llm.reset()
        ours, reply = writing_time(
            iter(generator.stream(prompt.messages, schema=ANSWER_SCHEMA, max_tokens=256))
        )
        rows.append((library, ours, reply == expected))
    same = sum(row[2] for row in rows)
    ratios = [ours / library for library, ours, _ in rows]
    print(
        f"writing the reply after its first token, {len(rows)} questions: llama-cpp-python's "
        f"chat completion median {statistics.median(r[0] for r in rows):.2f} s, asknotes' "
        f"decoder {statistics.median(r[1] for r in rows):.2f} s (per-question ratio median "
        f"{statistics.median(ratios):.2f}, total {sum(r[1] for r in rows):.1f} s against "
        f"{sum(r[0] for r in rows):.1f} s); the same reply for {same} of {len(rows)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model", type=Path)
    parser.add_argument(
        "--variants",
        default="5:0,3:0,5:400",
        help="prompts to compare as passages:window pairs (window 0: whole passages), "
        "with ':bare' for the system prompt without its worked example; the first is the "
        "baseline of the ratios",
    )
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
    system_tokens = len(llm.tokenize(SYSTEM_PROMPT.encode("utf-8")))
    block = llm.tokenize((notes / "homelab" / "backups.md").read_text(encoding="utf-8").encode())
    block = (block * (1 + 512 // max(1, len(block))))[:512]
    llm.reset()
    started = time.perf_counter()
    llm.eval(block)  # the prompt-reading speed every first token waits on
    rate = len(block) / (time.perf_counter() - started)
    llm.reset()
    print(
        f"prompt reading: {rate:.0f} tokens/s over {len(block)} tokens; the system prompt is "
        f"{system_tokens} tokens, so a first token in 3 s with it cached leaves room for "
        f"about {3 * rate:.0f} tokens of question and passages"
    )
    kept = Path(tempfile.mkdtemp(prefix="asknotes-bench-state-"))
    results: dict[str, dict[str, list[float]]] = {}
    first_prompts: list[Prompt] = []
    for variant in map(PromptVariant.parse, args.variants.split(",")):
        label = variant.label
        # One question read whole keeps this system prompt's state for `restored`.
        generator.state_dir = kept
        system = SYSTEM_PROMPT if variant.example else SYSTEM_PROMPT_NO_EXAMPLE
        llm.reset()
        prime = [ChatMessage("system", system), ChatMessage("user", "Question: ?")]
        for _ in generator.stream(prime, schema=ANSWER_SCHEMA, max_tokens=1):
            break
        row: dict[str, list[float]] = {"tokens": [], "cold": [], "restored": [], "cached": []}
        for question in QUESTIONS:
            passages = search(index, question, settings.retrieval(5)).passages[: variant.passages]
            prompt = build_prompt(
                question,
                passages,
                generator,
                max_answer_tokens=256,
                window_chars=variant.window,
                example=variant.example,
            )
            row["tokens"].append(prompt.prompt_tokens)
            if not results:
                first_prompts.append(prompt)
            for mode in ("cold", "restored", "cached"):
                row[mode].append(first_token(generator, llm, prompt, mode=mode, kept=kept))
        results[label] = row
        print(
            f"  {label:<24} prompt tokens median {statistics.median(row['tokens']):.0f}; "
            f"first token median {statistics.median(row['cold']):.1f} s cold, "
            f"{statistics.median(row['restored']):.1f} s restored from disk, "
            f"{statistics.median(row['cached']):.1f} s with the system prompt cached"
        )
    base_label, base = next(iter(results.items()))
    for label, row in list(results.items())[1:]:

        def ratio(key: str, row: dict[str, list[float]] = row) -> float:
            return statistics.median(row[key]) / statistics.median(base[key])

        print(
            f"{label} / {base_label}, medians over {len(QUESTIONS)} questions: prompt tokens "
            f"{ratio('tokens'):.2f}, first token cold {ratio('cold'):.2f}, "
            f"restored {ratio('restored'):.2f}, cached {ratio('cached'):.2f}"
        )
    for label, row in results.items():
        ratios = [r / c for r, c in zip(row["restored"], row["cold"], strict=True)]
        print(
            f"{label}: restored / cold first token, per-question median "
            f"{statistics.median(ratios):.2f}"
        )
    compare_writing(generator, llm, first_prompts)
    index.close()


if __name__ == "__main__":
    main()
