"""A dated entry quoted for "when" must be about the asked event, not only the asked
thing: the day Korrigan lost a tiller extension is not the day she went back in."""

from __future__ import annotations

import pytest

from app.core.answer.neighbours import neighbour_of_asked
from app.core.answer.other_event import other_event

JULY = (
    "# Journal — July 2024\n\n**01/07** — First full week of courses.\n\n"
    "**12/07** — Korrigan: tiller extension lost overboard by a renter. Add to the list.\n"
)
APRIL = "# Journal — avril 2024\n\n**18/04** — Korrigan back in the water (crane at 9h).\n"
QUESTION = "When did Korrigan go back in the water in 2024?"


def test_an_entry_naming_the_thing_but_not_the_event_is_another_event() -> None:
    detail = other_event(QUESTION, "Korrigan: tiller extension lost overboard", JULY)
    assert detail is not None and "Korrigan" in detail and "water" in detail
    found = neighbour_of_asked(QUESTION, "Korrigan: tiller extension lost overboard", JULY)
    assert found is not None and found.detail == detail


@pytest.mark.parametrize(
    ("question", "quote", "passage"),
    [
        (QUESTION, "Korrigan back in the water", APRIL),  # the asked event
        # not a dated entry: a note's own line dates what it is about
        (QUESTION, "Korrigan: tiller extension lost", "Korrigan: tiller extension lost."),
        # not asked "when"
        ("What did Korrigan lose overboard?", "Korrigan: tiller extension lost", JULY),
        # nothing but names asked: any entry on the thing answers
        ("Korrigan date July 2024", "Korrigan: tiller extension lost", JULY),
    ],
)
def test_the_asked_event_or_no_dated_entry_passes(question: str, quote: str, passage: str) -> None:
    assert other_event(question, quote, passage) is None
