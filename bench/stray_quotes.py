"""How many sentences that do not answer a question would the quote checks accept as its
quote, without running the model.

A small model sometimes quotes a sentence of a passage about something else (the spill
procedure of a pharmacy note for "how do I clean my trombone"). For each answerable
question whose answer (`anchor`) is among the top 5 passages, every other sentence of
those passages of at least three words that does not hold the anchor is fed to
`check_quote` as the model's quote, under the passage it is in. Prints, per folder, how
many such stray sentences pass every quote check (lower is stricter) beside how many
anchor sentences are rejected (lower is kinder), and which check stops the strays.
Some strays are true answers written twice (a near-copy of a note), so the count is for
comparing settings, not a rate of wrong answers.

    python bench/stray_quotes.py [--folders a,b] [--data-dir DIR] [--floor X]
"""

from __future__ import annotations

import re
from collections import Counter

from _common import indexed_set, labelled_set_parser, labelled_sets
from near_miss_quotes import find_quote

from app.core.answer.answering import embedder_similarity
from app.core.answer.checks import check_quote
from app.core.answer.grounding import Similarity
from app.core.answer.prompt import Prompt
from app.core.basics.sentences import sentences
from app.core.evals.questions import load_questions
from app.core.index.retrieve import search
from app.core.verdict.probes import load_calibration, refresh_calibration

Checked = tuple[str, Prompt, Similarity, float, float | None]


def failed(checked: Checked, quote: str, number: int) -> str | None:
    """The first quote check `quote` fails when the model says it is from passage `number`."""
    question, prompt, similarity, floor, across = checked
    decision = check_quote(question, True, quote, number, prompt, similarity, floor, "", across)
    return decision.failed.name if decision.failed is not None else None


def main() -> None:
    parser = labelled_set_parser(__doc__)
    parser.add_argument("--floor", type=float, help="min_quote_similarity (default: calibrated)")
    args = parser.parse_args()
    settings, folders = labelled_sets(args)
    totals = Counter[str]()
    header = f"{'folder':<18} {'floor':>6} {'anchors rejected':>17} {'strays accepted':>16}"
    print(f"{header}  stopped by")
    for name in folders:
        index, questions_file = indexed_set(settings, name)
        similarity = embedder_similarity(index)
        refresh_calibration(index, settings.retrieval())
        floor, across = args.floor, args.floor
        if floor is None:  # the floors `asknotes ask` uses, within and across languages
            answering = settings.answering(load_calibration(index))
            floor = answering.quote_similarity_floor
            across = answering.quote_similarity_floor_across
        counts = Counter[str]()
        stopped = Counter[str]()
        for q in load_questions(questions_file):
            if q.expect == "refuse" or not q.anchor:
                continue
            pattern = re.compile(q.anchor, re.IGNORECASE)
            result = search(index, q.asked, settings.retrieval())
            passages = list(result.passages[:5])
            found = find_quote(pattern, passages)
            if found is None:
                continue
            prompt = Prompt((), tuple(passages), (), 0)
            checked = (result.question, prompt, similarity, floor, across)
            counts["anchors"] += 1
            counts["anchors rejected"] += failed(checked, found[1], found[0]) is not None
            for number, passage in enumerate(passages, start=1):
                for sentence in sentences(passage.text):
                    if len(sentence.split()) < 3 or pattern.search(sentence):
                        continue
                    counts["strays"] += 1
                    why = failed(checked, sentence, number)
                    if why is None:
                        counts["strays accepted"] += 1
                    else:
                        stopped[why] += 1
        index.close()
        totals.update(counts)
        print(
            f"{name:<18} {floor:>6.3f} {counts['anchors rejected']:>7} of {counts['anchors']:<6} "
            f"{counts['strays accepted']:>6} of {counts['strays']:<6}  "
            + ", ".join(f"{k} {v}" for k, v in stopped.most_common(4)),
            flush=True,
        )
    print(
        f"{'all':<18} {'':>6} {totals['anchors rejected']:>7} of {totals['anchors']:<6} "
        f"{totals['strays accepted']:>6} of {totals['strays']:<6}"
    )


if __name__ == "__main__":
    main()
