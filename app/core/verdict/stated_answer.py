"""Whether a retrieved sentence states the kind of value a question asks for, about its topic.

A price in a note about the car says nothing about the boiler's: the sentence (with its
section's heading and its note's path) must hold one of the question's naming words as
well. Without naming words to go by, any sentence stating the value counts.
"""

from __future__ import annotations

from collections.abc import Set

from app.core.basics.language import detect_language
from app.core.basics.sentences import sentences
from app.core.basics.text import lexical_tokens
from app.core.index.retrieve import Passage, SearchResult
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.stated_values import states

# The vector leg's best few: across languages, only it can say what a passage is about.
_VECTOR_JUDGED = 3


def states_answer(
    result: SearchResult, naming: Set[str], asked: AnswerType, *, names: bool = False
) -> bool:
    """`naming`: the question's naming tokens, as its own language reads them; `names`:
    whether one of them is a name, code or identifier, which no language translates."""
    for passage in result.passages:
        named_by = f"{passage.heading} {passage.paths_in_words}"
        heading = set(lexical_tokens(named_by, result.language))
        context = f"{passage.note_opening}\n{passage.text}"  # names its note introduces
        stated = False
        for sentence in sentences(passage.text):
            if not states(sentence, asked, result.question, context):
                continue
            if not naming or naming & (heading | set(lexical_tokens(sentence, result.language))):
                return True
            stated = True
        # read the passage's language only where a value stands unnamed
        if (
            stated
            and not names
            and passage.vector_rank is not None
            and passage.vector_rank <= _VECTOR_JUDGED
            and _names_nothing_across(passage, naming, heading, result)
        ):
            return True
    return False


def _names_nothing_across(
    passage: Passage, naming: Set[str], heading: set[str], result: SearchResult
) -> bool:
    """A passage in another language than the question's, which holds none of its naming
    words: "What temperature is the cold room set to?" over "Cámara frigorífica >
    Ajustes: Consigna: 4 °C". Its words cannot say what it is about to the question's, so
    the vector leg, which ranked it among its best, is left to judge."""
    if not result.other_languages:
        return False
    if detect_language(passage.text, result.language) == result.language:
        return False
    return not naming & (heading | set(lexical_tokens(passage.text, result.language)))
