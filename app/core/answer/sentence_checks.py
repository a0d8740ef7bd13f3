"""The sentence checks on a finished answer, against its checked quote's evidence.

Every number, name, date and identifier the answer states is in the quote's evidence (and
a value from a table under the quote stands in the row the question names), it adds no
words from nowhere, it states the kind of value asked for, and it does not negate what the
quote says. A sentence that fails them is not shown; the verified quote is shown instead.
"""

from __future__ import annotations

import re

from app.core.answer.checks import QuoteDecision
from app.core.answer.claims import (
    added_words,
    extract_claims,
    polarity_differs,
    states_claim,
    unsupported_claims,
)
from app.core.answer.former_values import gives_former_value
from app.core.answer.grounding import Check, topic_words
from app.core.answer.json_stream import strip_citations
from app.core.answer.row_support import from_unasked_row
from app.core.basics.dates import MONTHS
from app.core.basics.generic_words import generic_stems
from app.core.basics.language import detect_language
from app.core.basics.text import content_word_spans, content_words, fold
from app.core.basics.value_words import NUMBER_WORDS, UNITS
from app.core.basics.weekdays import is_day_word
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_type import asked_type
from app.core.verdict.stated_values import states
from app.core.verdict.yes_no import is_yes_no


def names_something(answer: str, question: str = "", *, person: bool = False) -> bool:
    """Whether the answer has a word that is not a date's, a day's or a number's, nor
    one the question already says: "Élodie Martin" names no one new asked "Who took over
    as treasurer when Élodie Martin stepped down?". Asked for a `person`, the full name of
    someone the question names by given name alone is no one new either ("Corrie Jacobs"
    for "who takes over the canteen when Corrie stops?")."""
    language = detect_language(f"{question}\n{answer}" if question else answer)
    ignored = generic_stems(language) | (content_words(question, language) if question else set())
    if person and question:
        ignored |= content_words(_named_in_question(answer, question), language)
    counted = _counted_words(answer)
    for word in re.findall(r"[^\W\d_]+", fold(answer)):
        if word in MONTHS or is_day_word(word) or word in NUMBER_WORDS or word in UNITS:
            continue
        if word in counted:  # "10 min slots", "8 appts": what a number counts names nothing
            continue
        if word not in ("am", "pm") and content_words(word, language) - ignored:
            return True
    return False


# The words after a number ("8 appts", "10 min slots"): the first, or the second after a unit.
_AFTER_NUMBER = re.compile(r"\d(?:[\d.,:–-]*\d)?\s*([^\W\d_]+)(?:\.?\s+([^\W\d_]+))?")


def _counted_words(answer: str) -> set[str]:
    """The lower-case words a number counts, folded: "slots" of "10 min slots" ("12 Baker
    Street" counts nothing: a capitalised word after a number is a name)."""
    found = set()
    for match in _AFTER_NUMBER.finditer(answer):
        first, second = match.groups()
        word = second if fold(first) in UNITS and second else first
        if word[0].islower():
            found.add(fold(word))
    return found


# A full name: capitalised words, with the particles surnames carry ("Jan de Vries")
_FULL_NAME = re.compile(
    r"\b[A-ZÀ-Ý][\w'’-]+(?:\s+(?:(?:van|de|der|den|ten|ter|von|da|di|du|le|la|dos|das)\s+)*"
    r"[A-ZÀ-Ý][\w'’-]+)+"
)
# "Which Dave is the equipment officer?" asks which of them: "Dave Sutcliffe" answers it.
_WHICH_NAME = re.compile(
    r"\b(?:which|welke|welk|welcher|welche|quale|quel|quelle|cual|qual|vilken)\s+([A-ZÀ-Ý][\w'’-]+)",
    re.IGNORECASE,
)


def _named_in_question(answer: str, question: str) -> str:
    """The answer's full names whose first word the question writes as a given name alone
    ("Corrie", not "Dave Holroyd", whose successor Dave Sutcliffe is someone else), unless
    it asks which of that name is meant."""
    in_full = {word for m in _FULL_NAME.finditer(question) for word in m.group(0).split()}
    alone = (
        {m.group(0) for m in re.finditer(r"\b[A-ZÀ-Ý][\w-]+", question) if m.start() > 0}
        - in_full
        - {m.group(1) for m in _WHICH_NAME.finditer(question)}
    )
    names = (m.group(0) for m in _FULL_NAME.finditer(answer))
    return " ".join(name for name in names if name.split()[0] in alone)


MAX_ADDED_WORDS = 0  # beyond the generic words an answer sentence uses ("takes", "about")


MIN_UNSAID_WORDS = 2  # one may be the passage's other word for it ("bike" for "bicycle")


def unsaid_words(question: str, answer: str, passage_text: str) -> list[str]:
    """The question's words that a yes/no answer asserts and its quoted passage, written
    in the question's language, never says, when they are most of what the question is
    about: "Yes, people can pay for a Hobie rental with chèques vacances" from a passage on
    who may rent boats, which says nothing of payment. A passage that answers says most
    of them, though rarely all ("Did the client sign off the brick sample panel?" is
    answered by "DF approved the brick sample on site")."""
    if not is_yes_no(question):
        return []
    language = detect_language(f"{question}\n{passage_text}")
    if detect_language(question, language) != detect_language(passage_text, language):
        return []  # a passage in another language words the same things otherwise
    about = topic_words(question, language)
    said = content_words(strip_citations(answer), language) & about
    unsaid = said - content_words(passage_text, language)
    if len(unsaid) < MIN_UNSAID_WORDS or 2 * len(unsaid) <= len(about):
        return []
    written = content_word_spans(strip_citations(answer), language)  # the user's words
    return list(dict.fromkeys(w for w in written if content_words(w, language) & unsaid))


def check_sentence(
    question: str,
    answer: str,
    decision: QuoteDecision,
    passage_text: str,
    surroundings: str = "",
    titles: str = "",
) -> tuple[Check, ...]:
    """The sentence checks on the finished answer, against the quote's evidence.

    A claim the question itself names (a restated topic) may be found anywhere in the
    quoted passage; every other claim must be in the quote's own evidence. `surroundings`
    (the passage's heading path, note lead and paths) count as the passage's words for a
    yes/no answer; what `titles` (the heading path and note paths) name is what the quote
    is said of, not a row of the lines under it ("Marcus's flat" for "Fallback venue when
    The Rolling Hex is closed.", the first line of the note "Marcus's flat").
    """
    assert decision.quote is not None
    evidence = decision.evidence or decision.quote.text
    missing = [
        c
        for c in unsupported_claims(answer, [evidence])
        if not (fold(c.text) in fold(question) and states_claim(passage_text, c))
    ]
    # a value of the table under the quote, from a row the question does not name
    other_rows = [
        c
        for c in extract_claims(answer)
        if c not in missing
        and fold(c.text) not in fold(question)
        and not (titles and states_claim(titles, c))
        and from_unasked_row(c, decision.quote.text, evidence, question)
    ]
    problems = []
    if missing:
        problems.append("not in the quote: " + ", ".join(f"{c} ({c.kind})" for c in missing))
    if other_rows:
        named = ", ".join(map(str, other_rows))
        problems.append(f"from a row the question does not name: {named}")
    checks = [
        Check(
            "answer_supported",
            not problems,
            "; ".join(problems)
            if problems
            else "every number, name, date and identifier in the answer is in the quote",
        )
    ]
    added = added_words(answer, evidence, question)
    checks.append(
        Check(
            "answer_adds_nothing",
            len(added) <= MAX_ADDED_WORDS,
            f"words from neither the quote nor the question: {', '.join(added)}"
            if len(added) > MAX_ADDED_WORDS
            else "the answer restates the quote",
        )
    )
    asked = asked_type(question)
    if asked is not None and asked not in (AnswerType.PERSON, AnswerType.PLACE):
        # The quote was checked to state the asked value; the sentence must say it too
        # ("From Gdańsk" is no answer to "when", however true). A person or a place may be
        # answered by a role or a description ("the secondary on-call"), so those are not.
        said = states(strip_citations(answer), asked, question)
        checks.append(
            Check(
                "answer_states_type",
                said,
                f"the answer states {asked.described}, as asked"
                if said
                else f"the question asks for {asked.described}; the answer states none",
            )
        )
    elif asked is not None:
        # a role or a description may answer "who" or "where"; a date alone never does
        # ("12–20 May 2025" for where the cruise ends)
        has_name = names_something(
            strip_citations(answer), question, person=asked is AnswerType.PERSON
        )
        checks.append(
            Check(
                "answer_states_type",
                has_name,
                f"the answer names {asked.described}, as asked"
                if has_name
                else f"the question asks for {asked.described}; the answer gives only "
                "dates, times, numbers or what the question already names",
            )
        )
    if is_yes_no(question):
        unsaid = unsaid_words(question, answer, f"{surroundings}\n{passage_text}")
        checks.append(
            Check(
                "answer_in_passage",
                not unsaid,
                f"the answer asserts {', '.join(unsaid)} from the question; the quoted "
                "passage never mentions them"
                if unsaid
                else "what the answer asserts, the quoted passage mentions",
            )
        )
    former = gives_former_value(question, strip_citations(answer), decision.quote.text)
    checks.append(
        Check(
            "current_value",
            former is None,
            f"the answer gives {former}, which the quote says was replaced"
            if former is not None
            else "the answer gives no value the quote says was replaced",
        )
    )
    flipped = polarity_differs(answer, decision.quote.text)
    checks.append(
        Check(
            "same_polarity",
            not flipped,
            "the answer negates what the quote states, or states what it negates"
            if flipped
            else "the answer and the quote agree in polarity",
        )
    )
    return tuple(checks)
