"""Does the answer model, asked yes or no, tell a near-miss quote from a right one?

Measured and rejected (bench/results/model_judge.txt): the default model says yes to
nearly every quote, right or not, so no cut rejects traps without rejecting as many
right answers; the app has no such check.

For the quotes `near_miss_quotes.py` feeds to the checks (each answerable question's anchor
sentence, each near-miss question's trap sentence, found in the top 5 passages), the ones
every check lets through are shown to the model with the question, and the model's
probability of "yes" is read off its first token. Prints, per folder and for the folders
named by --fit and the others, how many anchors and traps a cut on that probability
rejects.

    python bench/model_judge.py [--folders a,b] [--fit a,b] [--data-dir DIR] [--variant V]
"""

from __future__ import annotations

import time

from _common import labelled_set_parser, labelled_sets
from near_miss_quotes import checked_quotes

from app.core.index.retrieve import Passage
from app.core.models.generator import ChatMessage
from app.core.session.wiring import make_generator

CUTS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7)


def _where(passage: Passage) -> str:
    source = passage.primary
    return f"note {source.file}" + (f", section {source.heading}" if source.heading else "")


def first_word_odds(generator, messages: list[ChatMessage], words: tuple[str, ...]) -> list[float]:  # type: ignore[no-untyped-def]
    """The probability that the reply starts with each word (any capitalisation of its
    first token), read from the logits after the prompt; nothing is generated. The KV
    cache is emptied first, so each judgement reads its prompt afresh."""
    import llama_cpp
    import numpy as np

    llm = generator.load()
    llm.reset()
    llm.eval(generator._chat_tokens(llm, messages))
    n_vocab = int(llm.n_vocab())
    logits = np.ctypeslib.as_array(
        llama_cpp.llama_get_logits_ith(llm._ctx.ctx, -1), shape=(n_vocab,)
    ).astype(np.float64)
    probabilities = np.exp(logits - logits.max())
    probabilities /= probabilities.sum()
    odds = []
    for word in words:
        firsts = {
            llm.tokenize(variant.encode("utf-8"), add_bos=False, special=False)[0]
            for variant in (word, word.capitalize(), word.upper())
        }
        odds.append(float(sum(probabilities[t] for t in firsts)))
    return odds


def _messages(
    system: str, question: str, quote: str, passage: Passage, ask: str
) -> list[ChatMessage]:
    """The judge's prompt: the question, the quoted sentence with where it is, and `ask`."""
    user = f"Question: {question}\n\nSentence from the notes ({_where(passage)}):\n{quote}\n\n{ask}"
    return [ChatMessage("system", system), ChatMessage("user", user)]


def _share(model, messages: list[ChatMessage], word: str) -> float:  # type: ignore[no-untyped-def]
    """P(word) / (P(yes) + P(no)) for the reply's first word; 0.5 when neither is likely."""
    yes, no = first_word_odds(model, messages, ("yes", "no"))
    return (yes if word == "yes" else no) / (yes + no) if yes + no > 0 else 0.5


def _confirm(model, question: str, quote: str, passage: Passage) -> float:  # type: ignore[no-untyped-def]
    """P(yes) / (P(yes) + P(no)) to: does the sentence give the answer, for exactly the
    asked thing?"""
    messages = _messages(
        "You check answers taken from a person's notes. Reply with one word: yes or no.",
        question, quote, passage,
        "Does this sentence itself give the answer to the question, for exactly the thing, "
        "person, place or time the question asks about, and not for a similar or neighbouring "
        "one? Reply yes or no.",
    )  # fmt: skip
    return _share(model, messages, "yes")


def _extract(model, question: str, quote: str, passage: Passage) -> float:  # type: ignore[no-untyped-def]
    """1 - P(NONE): asked to copy the words that answer, or NONE."""
    messages = _messages(
        "You read notes carefully.",
        question, quote, passage,
        "If the sentence states the answer to this exact question, copy the words of the "
        "sentence that answer it. If it is about something else, or does not state the "
        "asked value, reply NONE.",
    )  # fmt: skip
    (none,) = first_word_odds(model, messages, ("NONE",))
    return 1.0 - none


def _mismatch(model, question: str, quote: str, passage: Passage) -> float:  # type: ignore[no-untyped-def]
    """P(no) / (P(yes)+P(no)) to: is the sentence about something other than the asked?"""
    messages = _messages(
        "You check answers. Reply yes or no.",
        question, quote, passage,
        "Is something missing or different: does the sentence talk about another thing, "
        "person, date or value than the one the question asks for, or leave the asked value "
        "out? Reply yes or no.",
    )  # fmt: skip
    return _share(model, messages, "no")


VARIANTS = {"confirm": _confirm, "extract": _extract, "mismatch": _mismatch}


def main() -> None:
    parser = labelled_set_parser(__doc__)
    parser.add_argument("--fit", default="", help="folders a cut is chosen on")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--variant", default="confirm", choices=sorted(VARIANTS))
    parser.add_argument("--max-anchors", type=int, default=0, help="per folder (0: all)")
    args = parser.parse_args()
    settings, folders = labelled_sets(args)
    fit = {n for n in args.fit.split(",") if n}
    generator = make_generator(settings)
    score = VARIANTS[args.variant]

    rows: list[tuple[str, str, float]] = []  # folder, role, p(yes)
    spent: list[float] = []
    for name in folders:
        for checked in checked_quotes(settings, name):
            if not checked.decision.passed:
                continue
            role, quote = checked.role, checked.quote
            if role == "anchor" and args.max_anchors:
                if sum(1 for r in rows if r[0] == name and r[1] == "anchor") >= args.max_anchors:
                    continue
            started = time.perf_counter()
            p = score(generator, checked.searched, quote, checked.passage)
            spent.append(time.perf_counter() - started)
            rows.append((name, role, p))
            if args.verbose:
                print(
                    f"  {name:<18} {role:<6} p(yes) {p:.2f}  {checked.question.question[:60]!r}"
                    f" <- {quote[:70]!r}"
                )
        _report(name, [r for r in rows if r[0] == name])
    if fit:
        _report("fit: " + ",".join(sorted(fit)), [r for r in rows if r[0] in fit])
        _report("others", [r for r in rows if r[0] not in fit])
    _report("all", rows)
    spent.sort()
    if spent:
        median, p90 = spent[len(spent) // 2], spent[int(len(spent) * 0.9)]
        print(f"time per judgement: median {median:.2f} s, p90 {p90:.2f} s")


def _report(label: str, rows: list[tuple[str, str, float]]) -> None:
    anchors = [p for _, role, p in rows if role == "anchor"]
    traps = [p for _, role, p in rows if role == "trap"]
    cells = []
    for cut in CUTS:
        cells.append(
            f"<{cut:.1f}: anchors {sum(p < cut for p in anchors)}/{len(anchors)} "
            f"traps {sum(p < cut for p in traps)}/{len(traps)}"
        )
    print(f"{label:<18} " + "; ".join(cells), flush=True)


if __name__ == "__main__":
    main()
