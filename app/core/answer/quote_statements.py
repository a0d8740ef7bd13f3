"""Is the model's quote a statement the notes make? Not text addressed to an assistant,
not a question the note asks, not a fragment of a sentence."""

from __future__ import annotations

import re

from app.core.answer.evidence import is_instruction, is_row_or_item, is_statement
from app.core.answer.quote_location import LocatedQuote
from app.core.basics.sentences import sentences
from app.core.basics.text import fold


def statement_problem(quote_text: str, located: LocatedQuote) -> str | None:
    """Why the quote is no statement (`quote_is_statement`), or None when it is one."""
    if is_instruction(located.text) or is_instruction(quote_text):
        return "the quote is text addressed to an assistant or a reader, not a fact; never evidence"
    if _only_asks(located.text):
        return f"the quote {quote_text!r} is a question, which states nothing"
    if is_statement(quote_text):
        return None
    # A piece of a table row or list item ("MF 4417" from the ferry's row) quotes that row:
    # the row, as the note wrote it, is the statement checked and shown.
    if located.exact and is_row_or_item(located.text) and is_statement(located.text):
        return None
    return f"the quote {quote_text!r} is a fragment, not a statement (a clause or a list item)"


def _only_asks(text: str) -> bool:
    """Whether every sentence of `text` is a question the note asks ("- [ ] Who owns the
    `marketing_attribution` DAG?"); a question quoted as code or speech ("the message was
    always `What is 15 + 27?`") is what the note states was asked. A doubt in brackets
    after what a line states ("fermée le lundi et le samedi (sauf un samedi par mois ?)")
    leaves it a statement."""
    said = [bare for s in sentences(text) if (bare := _without_aside(s).rstrip(" *_)]|"))]
    return bool(said) and all(s.endswith("?") for s in said)


_TRAILING_ASIDE = re.compile(r"\s*\([^()]*\)[\s*_|]*$")


def _without_aside(sentence: str) -> str:
    """The sentence without a closing aside in brackets, unless the aside is all of it or
    what stands before it asks ("Is the boiler still under warranty (until 2026?)")."""
    bare = sentence.strip()
    cut = _TRAILING_ASIDE.sub("", bare).rstrip(" *_|;,:")
    if not any(c.isalnum() for c in cut) or _ASKING.match(fold(cut)):
        return bare
    return cut


# A line that opens as a question does ("- [ ] Who owns the DAG (marketing or data?)").
_ASKING = re.compile(
    r"\W*(?:\[ \]\s*)?(?:who|whom|whose|what|when|where|which|why|how|is|are|was|were|do|"
    r"does|did|can|could|should|will|would|has|have|qui|que|quoi|quand|ou|comment|pourquoi|"
    r"quel|quelle|quels|quelles|est-ce|wer|was|wann|wo|wie|warum|welche|welcher|welches|"
    r"quem|qual|quais|quando|onde|como|quien|cual|cuando|donde|chi|cosa|dove|perche|wat|"
    r"wanneer|waar|hoe|welke|waarom|vem|vad|nar|hur|vilken|vilket|vilka|varfor|var|finns|"
    r"ska|ar|har|kan|maste|blir)\b"
)
