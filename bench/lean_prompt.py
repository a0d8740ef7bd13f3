"""How lean can the prompt be before the answer leaves it? Measured without generating.

For every answerable question of the labelled sets that the verdict lets through and
whose answer passage is retrieved, the prompt is built as `ask` builds it, once per
window size; printed per size: the median tokens of the user message (passages and
question, what is read after the cached system prompt) and how often the anchor (the
regex that marks the answer) is still in the text the model is shown.

    python bench/lean_prompt.py [--folders a,b] [--windows 0,400,300,200]
"""

from __future__ import annotations

import statistics
from collections import defaultdict

from _common import indexed_set, labelled_set_parser, labelled_sets

from app.core.answer.answering import retrieve_and_judge
from app.core.answer.prompt import build_prompt
from app.core.evals.questions import load_questions
from app.core.session.wiring import make_generator


def main() -> None:
    parser = labelled_set_parser(__doc__)
    parser.add_argument("--windows", default="5:0,5:400,3:0,3:400", help="passages:window pairs")
    args = parser.parse_args()
    settings, folders = labelled_sets(args)
    windows = [tuple(int(x) for x in w.split(":")) for w in args.windows.split(",")]
    generator = make_generator(settings)
    answer = settings.answering()
    tokens: dict[tuple[int, ...], list[int]] = defaultdict(list)
    kept: dict[tuple[tuple[int, ...], str], int] = defaultdict(int)
    asked: dict[str, int] = defaultdict(int)
    for name in folders:
        index, questions_file = indexed_set(settings, name)
        for q in load_questions(questions_file):
            pattern = q.anchor_pattern()
            if q.expect == "refuse" or pattern is None:
                continue
            result, verdict = retrieve_and_judge(
                index, q.asked, settings.retrieval(), settings.gates()
            )
            if verdict.fired is not None:
                continue
            if not any(pattern.search(p.text) for p in result.passages):
                continue
            asked[name] += 1
            for window in windows:
                count, chars = window
                prompt = build_prompt(
                    result.question, result.passages[:count], generator,
                    max_answer_tokens=answer.max_answer_tokens, window_chars=chars,
                )  # fmt: skip
                user = prompt.messages[-1].content
                tokens[window].append(generator.count_tokens(user))
                if pattern.search(user):
                    kept[(window, name)] += 1
        index.close()
    total = sum(asked.values())
    print(f"answerable questions with the answer passage retrieved: {total}")
    for window in windows:
        count, chars = window
        label = f"{count} passages, " + ("whole" if chars == 0 else f"window {chars}")
        per_folder = ", ".join(f"{n} {kept[(window, n)]}/{asked[n]}" for n in folders)
        anchored = sum(kept[(window, n)] for n in folders)
        print(
            f"{label:<24} user message tokens median {statistics.median(tokens[window]):.0f}"
            f" p90 {statistics.quantiles(tokens[window], n=10)[-1]:.0f}; anchor shown "
            f"{anchored}/{total} ({per_folder})"
        )


if __name__ == "__main__":
    main()
