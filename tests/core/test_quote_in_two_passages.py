"""A sentence found in two passages is checked in each: overlapping chunks of one note can
cut the lines that belong to a list item off in one passage and keep them in the other."""

from __future__ import annotations

from app.core.answer.checks import QuoteDecision, check_quote
from app.core.answer.prompt import Prompt
from app.core.basics.scores import FusedScore
from app.core.index.records import ChunkSource
from app.core.index.retrieve import Passage

QUESTION = "what pressure should the boiler be at?"
QUOTE = "model: Vaillant ecoTEC 630"
CUT = "- ## Heating\n\t- boiler\n\t\t- model: Vaillant ecoTEC 630\n\t\t\t- pressure:"
WHOLE = (
    "\t\t- model: Vaillant ecoTEC 630\n\t\t\t- pressure: 1.5 bar cold, 2 bar hot\n"
    "\t\t- serviced every October"
)


def passage(text: str, rank: int) -> Passage:
    source = ChunkSource("home/Flat.md", ("Flat", "Heating", "boiler"), rank * 10, rank * 10 + 4)
    return Passage(f"h{rank}", text, (source,), rank, FusedScore(0.03), rank, None, rank, None)


def decide(passages: list[str], preferred: int) -> QuoteDecision:
    prompt = Prompt((), tuple(passage(t, i) for i, t in enumerate(passages, 1)), (), 0)
    return check_quote(QUESTION, True, QUOTE, preferred, prompt, None, 0.45)


def test_the_passage_that_keeps_the_nested_value_is_the_evidence() -> None:
    decision = decide([CUT, WHOLE], preferred=1)  # the model named the cut passage
    assert decision.passed, decision.failed
    assert decision.quote is not None and decision.quote.passage == 2
    assert "2 bar hot" in decision.evidence


def test_the_check_while_streaming_agrees_with_the_final_one() -> None:
    """Before the reply names its passage (0), the quote is shown only if the finished
    reply's checks will pass it too: a quote on screen is never withdrawn."""
    assert decide([WHOLE, CUT], preferred=0).passed
    assert decide([WHOLE, CUT], preferred=2).passed


def test_a_quote_found_only_where_its_value_is_cut_off_is_refused() -> None:
    failed = decide([CUT, "The flat's gas meter is in the hall cupboard."], preferred=1).failed
    assert failed is not None and failed.name == "answer_type"
