"""A value that belongs to the element beside the asked thing in the same enumeration.

Loot, ingredients and receipts are written as enumerations, one thing per element:
"From the lair:" over "- 340 gp", "- 3 river pearls", "- [[Cloak of the Fen]]", or
"Bog Warden's lair: 340 gp, 3 river pearls, the [[Cloak of the Fen]], a badge". Asked
what the Cloak of the Fen is worth, a small model quotes "340 gp": a real price, of the
element beside the cloak. When the asked thing stands alone as an element of its own that
gives no value of the asked kind, a value the quote takes from another element is not its.
"""

from __future__ import annotations

import re

from app.core.answer.quoted_items import quoted_item, siblings
from app.core.basics.generic_words import GENERIC_WORDS
from app.core.basics.language import detect_language
from app.core.basics.text import content_words, holds_words, squash
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_type import asked_type
from app.core.verdict.stated_values import states

# Kinds a thing has a value of; a person or place asked for is not a value of an element.
_VALUE_KINDS = frozenset(
    {
        AnswerType.PRICE,
        AnswerType.QUANTITY,
        AnswerType.DURATION,
        AnswerType.TIME,
        AnswerType.DATE,
        AnswerType.WHEN,
    }
)
_ITEM_MARK = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?")
_MIN_ELEMENTS = 3
_MAX_NAME_WORDS = 5
# "(50 gp each)" says what an element is worth; commas inside it separate nothing.
_BRACKETED = re.compile(r"\([^()]*\)|\[\[[^\]]*\]\]")
_DECIMAL_COMMA = re.compile(r"(?<=\d),(?=\d)")


def value_of_sibling(question: str, quote: str, passage_text: str) -> str | None:
    """Why the quote's value is another element's, in the user's words; None when the
    asked thing is no element of the quote's enumeration, or its own element holds the
    value."""
    kind = asked_type(question)
    if kind not in _VALUE_KINDS:
        return None
    assert kind is not None
    language = detect_language(f"{question} {passage_text[:500]}")
    asked = {w for w in content_words(question, language) if w not in GENERIC_WORDS}
    if not asked:
        return None
    for elements, quoted in _enumerations(quote, passage_text):
        named = [e for e in elements if _is_the_asked_thing(e, asked, language)]
        if not named or any(states(e, kind, question) for e in named):
            continue
        givers = [e for e in quoted if e not in named and states(e, kind, question)]
        if givers and not any(content_words(e, language) & asked for e in givers):
            return (
                f"the quote gives the value of {givers[0].strip()!r}; "
                f"{named[0].strip()!r}, beside it, is what the question asks about"
            )
    return None


def _enumerations(quote: str, passage_text: str) -> list[tuple[list[str], list[str]]]:
    """The enumerations the quote stands in, each as (all its elements, the elements the
    quote holds): the list items beside the quoted one at its own depth, and the
    comma-separated parts of the quote after its key."""
    found: list[tuple[list[str], list[str]]] = []
    listed = _sibling_items(quote, passage_text)
    if listed is not None:
        found.append(listed)
    if "|" in quote:  # a table row's cells are fields of one record, no enumeration
        return found
    body = quote.split(": ", 1)[-1]
    parts = [p.strip() for p in _split_outside_brackets(body) if p.strip()]
    if len(parts) >= _MIN_ELEMENTS:
        found.append((parts, parts))
    return found


def _split_outside_brackets(text: str) -> list[str]:
    """`text` split at its commas, but not inside brackets or links, nor in a number
    ("840,00")."""
    masked = _BRACKETED.sub(lambda m: "\0" * len(m.group(0)), text)
    masked = _DECIMAL_COMMA.sub("\0", masked)
    cuts = [i for i, c in enumerate(masked) if c == ","]
    starts = [0, *(i + 1 for i in cuts)]
    ends = [*cuts, len(text)]
    return [text[a:b] for a, b in zip(starts, ends, strict=True)]


def _sibling_items(quote: str, passage_text: str) -> tuple[list[str], list[str]] | None:
    """The items of the list the quote stands in that share the quoted item's depth and
    parent (a parent item names what its children are about, no sibling of theirs), and
    the quoted ones among them, without their list marks."""
    found = quoted_item(quote, passage_text)
    if found is None:
        return None
    _block, line, items = found
    group = [_ITEM_MARK.sub("", item).strip() for item in siblings(items, line)]
    target = squash(quote)
    quoted = [text for text in group if holds_words(text, target)]
    return (group, quoted) if quoted and len(group) >= _MIN_ELEMENTS else None


def _is_the_asked_thing(element: str, asked: set[str], language: str) -> bool:
    """An element that is only a name, every content word of it the question's own
    ("the [[Cloak of the Fen]]" for "how much is the Cloak of the Fen worth?")."""
    if len(element.split()) > _MAX_NAME_WORDS or any(c.isdigit() for c in element):
        return False
    words = content_words(element, language)
    return bool(words) and words <= asked
