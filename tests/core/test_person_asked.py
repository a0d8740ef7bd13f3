"""A question for a person, answered by a quote: who is asked for is not who is asked about."""

from __future__ import annotations

import pytest

from app.core.answer.checks import check_quote
from app.core.answer.prompt import Prompt
from app.core.basics.scores import FusedScore
from app.core.index.records import ChunkSource
from app.core.index.retrieve import Passage

LLAVES = (
    "## Llaves\nTiene una copia de las llaves de casa: la del portal y la de arriba, no la "
    "del buzón."
)
KEYS = "¿Quién tiene copia de las llaves de mi casa?"
READING = "## Fiction\n- The Overstory\n- Piranesi\n"


def decide(question: str, quote: str, text: str, file: str) -> str | None:
    source = ChunkSource(file, (file.rsplit("/", 1)[-1].removesuffix(".md"),), 1, 4)
    passage = Passage("h", text, (source,), 1, FusedScore(0.03), 1, None, 1, None, None)
    failed = check_quote(question, True, quote, 1, Prompt((), (passage,), (), 0), None, 0.45)
    return failed.failed.name if failed.failed is not None else None


@pytest.mark.parametrize(
    ("question", "file", "failed"),
    [
        # a note about a person says what she does without naming her
        (KEYS, "personas/Amparo (vecina).md", None),
        (KEYS, "casa/Llaves y cerraduras.md", "answer_type"),
    ],
)
def test_a_note_named_after_a_person_names_who_its_sentences_are_about(
    question: str, file: str, failed: str | None
) -> None:
    quote = "Tiene una copia de las llaves de casa: la del portal y la de arriba, no la del buzón."
    assert decide(question, quote, LLAVES, file) == failed


def test_the_book_asked_about_is_not_who_recommended_it() -> None:
    question = "Who recommended The Overstory to me?"
    assert decide(question, "- The Overstory", READING, "reading/Reading list.md") == "answer_type"
