"""How strict the quote checks are on labelled questions, without running the model.

For every answerable question whose answer passage is retrieved (top 5), the checks that
judge a quote's passage (`question_terms_present`, which reads the passage, its heading
path and the note's path; `answer_type`, on the passage's text) are run on that passage
as if the model had quoted it: each rejection is a false refusal waiting to happen. For
every unanswerable question the same checks run on its top passage: each rejection is a
refusal the checks would make. Prints one line per folder and the answerable questions
rejected.

    python bench/quote_checks.py [--folders a,b]
"""

from __future__ import annotations

from _common import indexed_set, labelled_set_parser, labelled_sets

from app.core.answer.checks import names_missing
from app.core.evals.questions import Question, load_questions
from app.core.index.retrieve import Passage, search
from app.core.verdict.answer_type import asked_type
from app.core.verdict.stated_values import states


def label(q: Question) -> bool | None:
    if q.expect is not None:
        return q.expect == "answer"
    return True if q.anchor else None


def rejections(question: str, passage: Passage) -> list[str]:
    failed = []
    if names_missing(question, passage):
        failed.append("question_terms_present")
    kind = asked_type(question)
    if kind is not None and not states(passage.text, kind):
        failed.append("answer_type")
    return failed


def main() -> None:
    parser = labelled_set_parser(__doc__)
    args = parser.parse_args()
    settings, folders = labelled_sets(args)
    for name in folders:
        index, questions_file = indexed_set(settings, name)
        answerable = unanswerable = 0
        rejected: list[tuple[str, list[str]]] = []
        refused = 0
        for q in load_questions(questions_file):
            answerable_q = label(q)
            if answerable_q is None:
                continue
            result = search(index, q.question, settings.retrieval())
            if answerable_q:
                pattern = q.anchor_pattern()
                hit = next(
                    (p for p in result.passages[:5] if pattern and pattern.search(p.text)), None
                )
                if hit is None:
                    continue
                answerable += 1
                failed = rejections(q.question, hit)
                if failed:
                    rejected.append((q.question, failed))
            elif result.passages:
                unanswerable += 1
                refused += bool(rejections(q.question, result.passages[0]))
        index.close()
        print(
            f"{name:<18} answer passages rejected {len(rejected)} of {answerable}; "
            f"unanswerable top passages rejected {refused} of {unanswerable}"
        )
        for question, failed in rejected:
            print(f"    {', '.join(failed):<35} {question}")


if __name__ == "__main__":
    main()
