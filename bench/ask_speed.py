"""Whole-process time of `asknotes ask` from the shell, as a user runs it.

Indexes `sample_notes/`, then asks each question as a fresh `asknotes ask --json` process
and reads the timings the answer reports: loading the model, retrieval, the first
generated token, the whole answer, and the process from start to exit. The first process
of each prompt variant starts with no kept system-prompt state (cold: it reads the system
prompt and keeps its state on disk); every later one restores that state, as every
`asknotes ask` after the first does. The variants take turns on every later question; the
medians leave out the first question and the questions the verdict refuses before the
model is asked (about a second each). One run, one machine.

    python bench/ask_speed.py [--variants 5:0,3:600] [--model FILE.gguf]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _common import ROOT
from answer_speed import QUESTIONS, PromptVariant


def ask(question: str, env: dict[str, str]) -> tuple[float, dict[str, Any]]:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "app", "ask", question, "--json"],
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    return time.perf_counter() - started, json.loads(done.stdout)


def median(values: list[float]) -> str:
    return f"{statistics.median(values):.1f}" if values else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model", type=Path, help="a GGUF file (default: the bundled model)")
    parser.add_argument(
        "--variants",
        default="5:0,3:600",
        help="prompts as passages:window pairs (window 0: whole passages)",
    )
    args = parser.parse_args()
    # The bundled model is joined into the data folder once; later runs reuse it.
    data = Path(tempfile.gettempdir()) / "asknotes-bench"
    notes = ROOT / "sample_notes"
    env = {
        **os.environ,
        "HF_HUB_OFFLINE": "1",
        "ASKNOTES_DATA_DIR": str(data),
        "ASKNOTES_NOTES_DIR": str(notes),
    }
    if args.model is not None:
        env["ASKNOTES_MODEL_PATH"] = str(args.model)
    subprocess.run(
        [sys.executable, "-m", "app", "index", str(notes)],
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    variants: dict[str, dict[str, str]] = {}
    for variant in map(PromptVariant.parse, args.variants.split(",")):
        if not variant.example:
            raise SystemExit("--variants: ':bare' has no setting; time it with answer_speed.py")
        variants[variant.label] = {
            **env,
            "ASKNOTES_PROMPT_PASSAGES": str(variant.passages),
            "ASKNOTES_PROMPT_WINDOW_CHARS": str(variant.window),
        }
    rows: dict[str, list[dict[str, float]]] = {label: [] for label in variants}
    for label, timed in variants.items():
        shutil.rmtree(data / "model-state", ignore_errors=True)
        print(f"{label}, cold", end=": ")
        report(QUESTIONS[0], timed)
    # The variants take turns on each question, so a machine that slows down midway
    # slows them alike.
    for question in QUESTIONS[1:]:
        for label, timed in variants.items():
            print(label, end=": ")
            row = report(question, timed)
            if row["tokens"] > 0:  # a question the verdict refuses never reaches the model
                rows[label].append(row)
    for label, kept in rows.items():
        print(
            f"{label}: medians of the {len(kept)} questions after the first that asked the "
            f"model: whole process {median([r['wall'] for r in kept])} s (max "
            f"{max(r['wall'] for r in kept):.1f}), model load {median([r['load'] for r in kept])}"
            f" s, first token {median([r['first'] for r in kept])} s, answer "
            f"{median([r['total'] for r in kept])} s"
        )
    base_label, base = next(iter(rows.items()))
    for label, kept in list(rows.items())[1:]:
        ratios = [r["wall"] / b["wall"] for r, b in zip(kept, base, strict=True)]
        firsts = [r["first"] / b["first"] for r, b in zip(kept, base, strict=True)]
        print(
            f"{label} / {base_label}, per-question medians: whole process "
            f"{statistics.median(ratios):.2f}, first token {statistics.median(firsts):.2f}"
        )


def report(question: str, env: dict[str, str]) -> dict[str, float]:
    wall, answer = ask(question, env)
    t = answer["timings"]
    row = {
        "wall": wall,
        "load": answer["model_load_s"],
        "first": t["first_token_s"] or 0.0,
        "total": t["total_s"],
        "tokens": t["prompt_tokens"],
    }
    print(
        f"{wall:5.1f} s process, model loaded in {row['load']:.1f} s, first token "
        f"{row['first']:.1f} s, answer {row['total']:.1f} s, {row['tokens']} prompt tokens, "
        f"system prompt {answer.get('system_prompt_state', '?')}, {answer['kind']}: {question}"
    )
    return row


if __name__ == "__main__":
    main()
