"""How well a second reading's extra check tells the answer passage from the others read.

A second reading (`app/core/answer/second_reading.py`) takes the model's new quote only when
its passage covers at least `MIN_COVER_SHARE` of what the best-covering passage read
covers of the question (each question word weighed by its inverse document frequency).
For every answerable question whose answer passage is retrieved (top 5), this runs that
check as if the model had quoted the answer passage (each rejection would turn a right
second answer away) and as if it had quoted each other passage read (each rejection turns
a wrong pick away). No model runs.

    python bench/second_reading_cover.py [--folders a,b] [--shares 0.5,0.75,1]
"""

from __future__ import annotations

from _common import indexed_set, labelled_set_parser, labelled_sets

from app.core.answer.second_reading import MIN_COVER_SHARE, question_cover
from app.core.evals.questions import load_questions
from app.core.index.retrieve import search


def main() -> None:
    parser = labelled_set_parser(__doc__)
    parser.add_argument("--shares", default=str(MIN_COVER_SHARE))
    args = parser.parse_args()
    shares = [float(s) for s in args.shares.split(",")]
    settings, folders = labelled_sets(args)
    totals = {share: [0, 0, 0, 0] for share in shares}
    for name in folders:
        index, questions_file = indexed_set(settings, name)
        counts = {share: [0, 0, 0, 0] for share in shares}  # answer kept, of, others cut, of
        for q in load_questions(questions_file):
            pattern = q.anchor_pattern()
            if q.expect == "refuse" or pattern is None:
                continue
            result = search(index, q.question, settings.retrieval())
            read = result.passages[:5]
            if not any(pattern.search(p.text) for p in read):
                continue
            covered = question_cover(index, result)
            covers = [covered(p) for p in read]
            best = max(covers)
            for share in shares:
                for passage, cover in zip(read, covers, strict=True):
                    passes = cover >= share * best
                    if pattern.search(passage.text):
                        counts[share][0] += passes
                        counts[share][1] += 1
                    else:
                        counts[share][2] += not passes
                        counts[share][3] += 1
        index.close()
        for share, (kept, anchors, cut, others) in counts.items():
            print(
                f"{name:<18} share {share:<4} answer passages kept {kept} of {anchors}; "
                f"other passages read turned away {cut} of {others}"
            )
            totals[share] = [t + c for t, c in zip(totals[share], counts[share], strict=True)]
    for share, (kept, anchors, cut, others) in totals.items():
        print(
            f"{'all':<18} share {share:<4} answer passages kept {kept} of {anchors}; "
            f"other passages read turned away {cut} of {others}"
        )


if __name__ == "__main__":
    main()
