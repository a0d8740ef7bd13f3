"""Would the closest sentence make a safe answer when the model's quote fails? Measured
without the model.

For every question of the labelled sets that asks for a kind of value (a price, a date, a
person...) and that the verdict lets through, the sentence a refusal shows first under
"Closest sentences in your notes" (`best_sentences`, which keeps only sentences stating
the asked kind) is fed to `check_quote` as if the model had quoted it. A pass on an
unanswerable question is a wrong answer such a fallback would give; a pass on an
answerable one whose anchor is in the sentence is an answer it would recover. Printed
twice: as is, and when every content word of the question must also be in the sentence,
its heading path or its note's lead.

    python bench/closest_sentence_fallback.py [--folders a,b]
"""

from __future__ import annotations

import re
from collections import Counter

from _common import indexed_set, labelled_set_parser, labelled_sets

from app.core.answer.answering import embedder_similarity, retrieve_and_judge
from app.core.answer.checks import check_quote
from app.core.answer.extractive import best_sentences
from app.core.answer.prompt import Prompt
from app.core.basics.text import content_words
from app.core.evals.questions import load_questions
from app.core.verdict.answer_type import asked_type
from app.core.verdict.probes import load_calibration, refresh_calibration


def main() -> None:
    parser = labelled_set_parser(__doc__)
    args = parser.parse_args()
    settings, folders = labelled_sets(args)
    counts = Counter[str]()
    for name in folders:
        index, questions_file = indexed_set(settings, name)
        similarity = embedder_similarity(index)
        refresh_calibration(index, settings.retrieval())
        # a cosine floor means something only for its folder and embedder
        min_similarity = settings.answering(load_calibration(index)).quote_similarity_floor
        for q in load_questions(questions_file):
            if asked_type(q.asked) is None:
                continue
            result, verdict = retrieve_and_judge(
                index, q.asked, settings.retrieval(), settings.gates()
            )
            if verdict.fired is not None:
                continue
            role = "unanswerable" if q.expect == "refuse" else "answerable"
            counts[role] += 1
            passages = list(result.passages[:5])
            best = best_sentences(result.question, passages, limit=1, similarity=similarity)
            if not best:
                continue
            sentence = best[0]
            prompt = Prompt((), tuple(passages), (), 0)
            decision = check_quote(
                result.question, True, sentence.text, sentence.passage, prompt, similarity,
                min_similarity,
            )  # fmt: skip
            if decision.failed is not None:
                continue
            passage = passages[sentence.passage - 1]
            around = content_words(f"{passage.surroundings}\n{sentence.text}", result.language)
            strict = content_words(result.question, result.language) <= around
            right = bool(q.anchor) and re.search(q.anchor, sentence.text, re.IGNORECASE)
            outcome = "right" if role == "answerable" and right else "wrong"
            for rule, passed in (("as is", True), ("every word", strict)):
                if passed:
                    counts[f"{rule} {role} {outcome}"] += 1
            if role == "unanswerable":
                shown = "passes" + (", every word" if strict else "")
                print(f"{name:<18} unanswerable {shown:<20} {q.question[:60]!r}")
        index.close()
    for rule in ("as is", "every word"):
        print(
            f"{rule:<10}: unanswerable answered {counts[f'{rule} unanswerable wrong']} of "
            f"{counts['unanswerable']}; answerable recovered with the anchor "
            f"{counts[f'{rule} answerable right']} of {counts['answerable']} "
            f"(another sentence {counts[f'{rule} answerable wrong']})"
        )


if __name__ == "__main__":
    main()
