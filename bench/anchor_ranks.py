"""The rank of each answerable question's answer passage, one line per question.

Two runs, at two commits with their own data folders, compared with `diff`, show which
questions a change to chunking or retrieval moved, and where (a recall figure only says
how many):

    python bench/anchor_ranks.py [--folders a,b] [--data-dir DIR] > after.txt

Each line: folder, the rank (1-based, "None" when outside the top k), the question.
"""

from __future__ import annotations

from _common import indexed_set, labelled_set_parser, labelled_sets

from app.core.evals.metrics import anchor_rank
from app.core.evals.questions import load_questions
from app.core.index.retrieve import search


def main() -> None:
    settings, folders = labelled_sets(labelled_set_parser(__doc__).parse_args())
    retrieval = settings.retrieval()
    for name in folders:
        index, questions_file = indexed_set(settings, name)
        try:
            for q in load_questions(questions_file):
                if q.anchor is None:
                    continue
                rank = anchor_rank(search(index, q.question, retrieval).passages, q)
                print(f"{name}\t{rank}\t{q.question}", flush=True)
        finally:
            index.close()


if __name__ == "__main__":
    main()
