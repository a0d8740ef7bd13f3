"""A second reading: the model reads the passages once more without a pick the checks
refused, and its new pick must also cover the question.

A small model often quotes the sentence beside the answer, or a passage beside the one
that holds it. When a quote check faults the model's pick rather than the notes, the
same passages are read again without that pick (the passage, or only the sentence), each
keeping its number; whatever the model picks then is checked as strictly, plus
`covers_the_question`, and a second failure leaves the first refusal standing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from app.core.answer.checks import QuoteDecision, refused_as_not_known_yet
from app.core.answer.grounding import Check
from app.core.answer.prompt import Prompt
from app.core.answer.quote_location import LocatedQuote
from app.core.basics.generic_words import generic_stems
from app.core.basics.sentences import sentence_span
from app.core.basics.text import content_words
from app.core.index.retrieve import Passage, SearchResult
from app.core.index.store import NoteIndex

# The quote checks that fault the model's pick: the passage it quoted never names what was
# asked, or the quoted sentence is off topic, lacks the asked kind of value, is a fragment
# or is about a neighbour of the asked thing (the asked one is usually beside it).
_PASSAGE_FAULTS = frozenset({"question_terms_present"})
_SENTENCE_FAULTS = frozenset(
    {"quote_on_topic", "answer_type", "quote_is_statement", "not_a_neighbour", "quote_is_current"}
)

QuoteCheck = Callable[[Prompt, LocatedQuote], Check]

# A second reading's pick must cover at least this share of what the best-covering passage
# read covers of the question (bench/second_reading_cover.py: on the five labelled sets it
# keeps 435 of 447 passages holding the answer and turns away 944 of 1,383 others read).
MIN_COVER_SHARE = 0.5


# A first quote on topic that lacked the asked value, or gave a neighbour's: the passage it
# came from is the one the model judged about the question. A value from a passage about
# the question less than that is the near-miss's shape (the budget row's 55 € for the air
# conditioner's price, another clinic's phone), so the second pick must cover the question
# at least as well as the first pick's passage does.
_VALUE_FAULTS = frozenset({"answer_type", "not_a_neighbour"})


@dataclass(frozen=True)
class SecondReading:
    left_out: Mapping[str, str | None]  # passage text hash -> refused sentence (None: all)
    without_example: bool
    how: str  # for the flag: what the second reading leaves out
    # the first pick's passage, whose cover of the question the second pick must reach
    at_least_as: str | None = None

    @property
    def whole(self) -> tuple[str, ...]:
        """The text hashes of the passages left out whole."""
        return tuple(h for h, sentence in self.left_out.items() if sentence is None)


def plan_second_reading(
    decision: QuoteDecision, prompt: Prompt, example: bool
) -> SecondReading | None:
    """What to leave out of a second reading when the first reply's quote was refused by a
    check that faults the model's pick; None when the refusal is the model's own or is not
    about its pick (a quote in no passage leaves nothing to leave out)."""
    failed = decision.failed
    if failed is None:
        return None
    if refused_as_not_known_yet(failed):
        # The notes say the asked value is still to come: any value a second reading finds
        # is another thing's (the show before's opening date for this one's "TBC").
        return None
    if failed.name == "not_the_example" and example:
        return SecondReading({}, True, "without the worked example")
    quote = decision.quote
    if quote is None:
        return None
    passage = prompt.passages[quote.passage - 1]
    if failed.name in _SENTENCE_FAULTS and sentence_span(passage.text, quote.text) is not None:
        how = f"without the sentence it quoted from [{quote.passage}]"
        bar = passage.text_hash if failed.name in _VALUE_FAULTS else None
        return SecondReading({passage.text_hash: quote.text}, False, how, bar)
    if failed.name in _PASSAGE_FAULTS | _SENTENCE_FAULTS:  # a sentence not found to cut, too
        return SecondReading({passage.text_hash: None}, False, f"without passage [{quote.passage}]")
    return None


def covers_the_question(
    index: NoteIndex,
    result: SearchResult,
    left_out: Collection[str] = (),
    at_least_as: str | None = None,
) -> QuoteCheck:
    """A second reading's extra quote check: the quoted passage names the question's words
    about as well as the passages read, each word weighed by how rare it is in the notes.

    A second reading fishes for any sentence that passes the checks, and a sentence
    sharing one word passes `quote_on_topic` (a Raspberry Pi's "temperature" for the
    focaccia's baking temperature), so its passage (with its heading and note's lead) must
    also cover at least half of what the best-covering passage read covers, and, when
    `at_least_as` names the first pick's passage, as much as that passage covers. Like
    every quote check, it runs before anything is shown.
    """
    covered = question_cover(index, result)
    gone = set(left_out)

    def check(prompt: Prompt, quote: LocatedQuote) -> Check:
        # A passage left out whole was not read this time: it sets no bar.
        covers = [0.0 if p.text_hash in gone else covered(p) for p in prompt.passages]
        best = max(covers, default=0.0)
        quoted = covers[quote.passage - 1]
        top = covers.index(best) + 1
        detail = (
            f"the quoted passage covers {quoted:.1f} of the question's rarity-weighted words, "
            f"passage [{top}] {best:.1f} (needs at least {MIN_COVER_SHARE:.0%} of the best"
        )
        bar = MIN_COVER_SHARE * best
        first = next(
            (i for i, p in enumerate(prompt.passages, 1) if p.text_hash == at_least_as), None
        )
        if first is not None and first != quote.passage:
            bar = max(bar, covers[first - 1])
            detail += (
                f", and as much as passage [{first}]'s {covers[first - 1]:.1f}, where the first "
                "quote stood without the asked value"
            )
        return Check("covers_the_question", quoted >= bar - 1e-9, detail + ")")

    return check


def question_cover(index: NoteIndex, result: SearchResult) -> Callable[[Passage], float]:
    """How much of the question a passage (with its heading and note's lead) names: the
    summed inverse document frequency of the question's words it holds."""
    language = result.language
    vocabulary = index.vocabulary()
    words = content_words(result.question, language) - generic_stems(language)
    n = max(vocabulary.n_docs, 1)
    idf = {w: math.log(n / df) for w in words if (df := vocabulary.doc_freq(w)) > 0}

    def covered(passage: Passage) -> float:
        held = content_words(f"{passage.surroundings}\n{passage.text}", language)
        return sum(weight for w, weight in idf.items() if w in held)

    return covered
