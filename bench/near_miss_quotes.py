"""The quote checks on the sentences a model quotes, answerable against near-miss, without
running the model.

A near-miss question shares words with a note but asks for a fact no note holds (the
window cleaner's phone number beside another person's phone number). Its question set
line names the sentence a model is drawn to quote (`trap`, a regular expression); an
answerable question names the sentence that answers it (`anchor`). For each question
whose sentence is among the top 5 passages, that sentence (the line holding the match,
cut to its sentence when the line is a paragraph) is fed to `check_quote` as the model's
quote, exactly as a reply's quote is checked. Prints, per folder, how many anchor quotes
are rejected (false refusals waiting to happen) and how many trap quotes are (near-misses
refused), with the check that fired.

    python bench/near_miss_quotes.py [--folders a,b] [--data-dir DIR]
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from _common import indexed_set, labelled_set_parser, labelled_sets

from app.core.answer.answering import embedder_similarity
from app.core.answer.checks import QuoteDecision, check_quote
from app.core.answer.prompt import Prompt
from app.core.basics.sentences import sentences
from app.core.evals.questions import Question, load_questions
from app.core.index.retrieve import Passage, search
from app.core.verdict.probes import load_calibration, refresh_calibration


def find_quote(pattern: re.Pattern[str], passages: list[Passage]) -> tuple[int, str] | None:
    """The first passage holding the pattern, and the sentence of it a model would quote
    (the one holding the match, or its start when the match runs over a sentence end)."""
    for number, passage in enumerate(passages, start=1):
        match = pattern.search(passage.text)
        if match is None:
            continue
        units = sentences(passage.text)
        head = " ".join(match.group(0).split())[:15]
        quote = next((u for u in units if pattern.search(u)), None) or next(
            (u for u in units if head in u), None
        )
        if quote:
            return number, quote
    return None


@dataclass(frozen=True)
class CheckedQuote:
    """A labelled question's anchor or trap sentence, found in its top 5 passages and put
    through the quote checks as the model's quote."""

    role: str  # "anchor" (it answers) or "trap" (a near-miss's pull)
    question: Question
    searched: str  # the question as searched, without its scope
    quote: str
    passage: Passage
    decision: QuoteDecision


def checked_quotes(settings, name: str) -> Iterator[CheckedQuote]:  # type: ignore[no-untyped-def]
    """Every anchor and trap sentence of a labelled folder's questions that retrieval puts
    in the top 5, with the quote checks' decision on it."""
    index, questions_file = indexed_set(settings, name)
    try:
        similarity = embedder_similarity(index)
        refresh_calibration(index, settings.retrieval())
        # a cosine floor means something only for its folder and embedder
        answering = settings.answering(load_calibration(index))
        floor, across = answering.quote_similarity_floor, answering.quote_similarity_floor_across
        for q in load_questions(questions_file):
            if q.expect == "refuse" and q.extra.get("trap"):
                role, regex = "trap", str(q.extra["trap"])
            elif q.expect != "refuse" and q.anchor:
                role, regex = "anchor", q.anchor
            else:
                continue
            result = search(index, q.asked, settings.retrieval())
            passages = list(result.passages[:5])
            found = find_quote(re.compile(regex, re.IGNORECASE), passages)
            if found is None:
                continue
            number, quote = found
            prompt = Prompt((), tuple(passages), (), 0)
            decision = check_quote(
                result.question, True, quote, number, prompt, similarity, floor, "", across
            )
            yield CheckedQuote(role, q, result.question, quote, passages[number - 1], decision)
    finally:
        index.close()


def main() -> None:
    parser = labelled_set_parser(__doc__)
    parser.add_argument("--verbose", action="store_true", help="print every quote's outcome")
    args = parser.parse_args()
    settings, folders = labelled_sets(args)
    totals = Counter[str]()
    for name in folders:
        seen = Counter[str]()
        fired = {"anchor": Counter[str](), "trap": Counter[str]()}
        lines: list[str] = []
        for checked in checked_quotes(settings, name):
            role, quote = checked.role, checked.quote
            seen[role] += 1
            failed = checked.decision.failed
            if failed is not None:
                fired[role][failed.name] += 1
            if (failed is not None) == (role == "anchor") or args.verbose:
                outcome = failed.name if failed is not None else "(passed)"
                lines.append(
                    f"    {role:<6} {outcome:<24} {checked.question.question}  <- {quote[:70]!r}"
                )
        for role in ("anchor", "trap"):
            totals[f"{role} seen"] += seen[role]
            totals[f"{role} rejected"] += sum(fired[role].values())

        def described(counts: Counter[str]) -> str:
            return ", ".join(f"{k} {v}" for k, v in counts.most_common()) or "none"

        print(
            f"{name:<18} anchor quotes rejected {sum(fired['anchor'].values())} of "
            f"{seen['anchor']} ({described(fired['anchor'])}); trap quotes rejected "
            f"{sum(fired['trap'].values())} of {seen['trap']} ({described(fired['trap'])})",
            flush=True,
        )
        for line in lines:
            print(line)
    print(
        f"all folders: anchor quotes rejected {totals['anchor rejected']} of "
        f"{totals['anchor seen']}; trap quotes rejected {totals['trap rejected']} of "
        f"{totals['trap seen']}"
    )


if __name__ == "__main__":
    main()
