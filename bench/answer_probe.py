"""End to end with the real GGUF model: answered citing the right passage, or refused.

For each folder, a sample of its labelled questions goes through everything a user's
question goes through (retrieval, the verdict, the prompt, the model, every check) and is
scored:
- grounded: an answerable question answered (a checked sentence, or a checked quote shown
  alone) citing a passage that holds its anchor;
- wrong passage: answered, but no cited passage holds the anchor;
- refused: an answerable question refused (by the verdict, or by the model and checks);
- answered: an unanswerable question given an answer (the failure this product exists to
  avoid); correct refusal otherwise.
It prints one line per question and a table per folder with first-token and
first-visible-word latency. `--no-example` runs the prompt without its worked example.

    python bench/answer_probe.py [--folders a,b] [--per-folder 24] [--no-example]
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import tempfile
import time
from pathlib import Path

from _common import CORPUS_EXCLUDE, QUESTION_SETS, indexed_set

from app.config import load_settings
from app.core.answer.answering import answer_question
from app.core.answer.result import AnswerKind
from app.core.evals.questions import Question, load_questions
from app.core.session.wiring import make_generator
from app.core.verdict.probes import load_calibration, refresh_calibration

FOLDERS = QUESTION_SETS
OUTCOMES = ("grounded", "wrong passage", "refused", "answered", "correct refusal")


def label(q: Question) -> bool | None:
    if q.expect is not None:
        return q.expect == "answer"
    return True if q.anchor else None


def sample(questions: list[Question], per_folder: int, seed: int) -> list[Question]:
    """Up to `per_folder` questions, two answerable for each unanswerable, seeded."""
    rng = random.Random(seed)
    answerable = [q for q in questions if label(q) is True]
    unanswerable = [q for q in questions if label(q) is False]
    rng.shuffle(answerable)
    rng.shuffle(unanswerable)
    n_unanswerable = min(len(unanswerable), per_folder // 3)
    return answerable[: per_folder - n_unanswerable] + unanswerable[:n_unanswerable]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--folders", default=",".join(FOLDERS))
    parser.add_argument("--per-folder", type=int, default=24)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--model", type=Path, help="a GGUF file (default: the bundled model)")
    parser.add_argument("--no-example", action="store_true", help="prompt without the example")
    parser.add_argument("--window", type=int, default=None, help="prompt_window_chars")
    parser.add_argument("--passages", type=int, default=None, help="prompt_passages")
    parser.add_argument(
        "--data-dir", type=Path, default=Path(tempfile.gettempdir()) / "asknotes-fit-auto"
    )
    args = parser.parse_args()
    settings = load_settings(
        {"data_dir": args.data_dir, "model_path": args.model, "exclude": CORPUS_EXCLUDE}
    )
    generator = make_generator(settings)
    print(
        f"model: {generator.name}; prompt {'without' if args.no_example else 'with'} example; "
        f"passages read: {args.passages or 'default'}; window: {args.window or 'off'}"
    )
    totals: dict[str, dict[str, int]] = {}
    first_tokens: list[float] = []
    first_visible: list[float] = []
    rereads: dict[str, int] = {}  # outcome -> questions read a second time
    for name in [n for n in args.folders.split(",") if n]:
        index, questions_file = indexed_set(settings, name)
        refresh_calibration(index, settings.retrieval())
        answering = dataclasses.replace(
            settings.answering(load_calibration(index)), prompt_example=not args.no_example
        )
        if args.window is not None:
            answering = dataclasses.replace(answering, window_chars=args.window)
        if args.passages is not None:
            answering = dataclasses.replace(answering, prompt_passages=args.passages)
        tally = dict.fromkeys(OUTCOMES, 0)
        print(f"\n== {name}")
        for q in sample(load_questions(questions_file), args.per_folder, args.seed):
            started = time.perf_counter()
            answer = answer_question(
                index, generator, q.question, retrieval=settings.retrieval(), settings=answering
            )
            took = time.perf_counter() - started
            if answer.timings.first_token_s is not None:
                first_tokens.append(answer.timings.first_token_s)
            if answer.timings.first_visible_s is not None and answer.answered:
                first_visible.append(answer.timings.first_visible_s)
            pattern = q.anchor_pattern()
            cites_anchor = pattern is not None and any(pattern.search(p.text) for p in answer.cited)
            if label(q) is False:
                outcome = "answered" if answer.answered else "correct refusal"
            elif answer.answered:
                outcome = "grounded" if cites_anchor or pattern is None else "wrong passage"
            else:
                outcome = "refused"
            tally[outcome] += 1
            kind = answer.kind.value if answer.kind is not AnswerKind.REFUSED else "refused"
            if any(f.startswith("the first reply failed") for f in answer.flags):
                rereads[outcome] = rereads.get(outcome, 0) + 1
                kind += "²"  # read a second time (see answering._second_reading)
            why = answer.refusal_check or ""
            short = answer.text.replace("\n", " ")[:70]
            print(f"{outcome:<15} {took:5.1f}s {kind:<9} {why:<22} {q.question[:50]:<50} {short}")
        index.close()
        totals[name] = tally
    print(f"\n{'folder':<18} {'ans':>4} {'grounded':>9} {'wrong':>6} {'refused':>8} "
          f"{'unans':>6} {'answered':>9}")  # fmt: skip
    for name, t in totals.items():
        ans = t["grounded"] + t["wrong passage"] + t["refused"]
        unans = t["answered"] + t["correct refusal"]
        print(
            f"{name:<18} {ans:>4} {t['grounded'] / max(ans, 1):>9.2f} "
            f"{t['wrong passage'] / max(ans, 1):>6.2f} {t['refused'] / max(ans, 1):>8.2f} "
            f"{unans:>6} {t['answered'] / max(unans, 1):>9.2f}"
        )
    if rereads:
        outcomes = ", ".join(f"{o} {n}" for o, n in rereads.items())
        print(f"\nread a second time after a refused quote (² above): {outcomes}")
    if first_tokens:
        print(f"\nfirst token median {statistics.median(first_tokens):.1f} s", end="")
    if first_visible:
        print(f"; first verified words on screen median {statistics.median(first_visible):.1f} s")


if __name__ == "__main__":
    main()
