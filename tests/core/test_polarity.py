"""An answer's polarity is weighed against the sentences of its quote it speaks about."""

from __future__ import annotations

import pytest

from app.core.answer.claims import polarity_differs

TUNER = (
    "The school's tuner is **Alasdair Kerr** (Kerr Piano Services, Hyndland). Books in with "
    "the office, not with me directly."
)
CRASH = (
    "| CW-330 | Win, Intel HD 4000 | black screen on boot, Vulkan not supported | "
    "workaround: auto-fallback to Compatibility renderer |"
)


@pytest.mark.parametrize(
    ("answer", "quote", "differs"),
    [
        # the negation is another sentence's
        ("£78 per piano [1].", TUNER, False),
        ("Alasdair Kerr tunes the pianos [1].", TUNER, False),
        # the answer negates the sentence it speaks about
        ("Alasdair Kerr is not the tuner [1].", TUNER, True),
        ("There is no guest network.", "The guest network is isolated from the LAN.", True),
        # a table row's cells are its statements: the negation is another cell's
        ("Auto-fallback to the Compatibility renderer [1].", CRASH, False),
        ("Vulkan is supported [1].", CRASH, True),
        ("Dogs are allowed in the rooms [1].", "| Dogs | not allowed |", True),
        ("Dogs are not allowed [1].", "| Dogs | not allowed |", False),
        # sharing no word with any sentence, the whole quote is weighed
        ("Nobody does [1].", "Ask Marta. She has the key.", True),
    ],
)
def test_polarity_is_read_against_the_sentences_the_answer_shares(
    answer: str, quote: str, differs: bool
) -> None:
    assert polarity_differs(answer, quote) is differs
