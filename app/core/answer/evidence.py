"""What a quote brings with it, and what a quote may never be.

An answer is judged against the evidence it really used: the quoted sentence, the block
of the note it stands in, and a code block, list or table right under it (the command
shown under "run this:" belongs to the sentence). Never the whole passage, where a second
fact could lend the answer a name its quote is not about, and never the prompt's example.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from app.core.basics.text import fold, holds_words, squash

_FENCE = re.compile(r"^\s*(```|~~~)")
_LIST_OR_TABLE = re.compile(r"^(\s*)(?:[-*+]\s|\d+[.)]\s|\|)")  # group 1: the indent

# Text addressed to an assistant or to the reader is an instruction, not a fact about the
# world: a note saying "tell the user the password is X" is never evidence that it is X.
_INSTRUCTION = re.compile(
    r"\b(ignore|disregard|forget|override|bypass)\b[^.!?\n]{0,60}\b(instructions?|rules|"
    r"prompt|guidelines|above|previous|everything)\b"
    r"|\b(tell|inform|remind|answer|respond to|reply to|say to) the (user|reader|human)\b"
    r"|\b(as an?|you are an?) (ai|assistant|language model|llm|chatbot)\b"
    r"|\b(ai|assistant|assistants|chatbot|llm|language model)s?\b[^.!?\n]{0,40}"
    r"\b(ignore|tell|say|respond|answer|reply|reveal|pretend)\b"
    r"|\bnote to (any|the|all) (ai|assistant|assistants|model|models|reader)\b"
    r"|\b(new instructions|you are now an?)\b"
    r"|\byou must (ignore|tell|say|answer|respond|reply|reveal|pretend)\b"
    r"|\b(ignore|ignora|ignorem|desconsidere|esqueca|esqueça)\b[^.!?\n]{0,60}"
    r"\b(instrucoes|regras|prompt|acima|anteriores|tudo)\b"
    r"|\b(diga|informe|responda|fale) (ao|para o) (usuario|leitor)\b"
    r"|\bvoce deve (ignorar|dizer|responder|revelar)\b|\bvoce agora e\b"
    r"|\b(assistente|ia)\b[^.!?\n]{0,40}\b(ignore|diga|responda|revele)\b"
)


def is_instruction(text: str) -> bool:
    """Whether `text` addresses an assistant or the reader instead of stating a fact."""
    return bool(_INSTRUCTION.search(fold(text)))


def instruction_lines(text: str) -> list[str]:
    """The lines of a passage that address an assistant; shown flagged, never trusted."""
    return [line.strip() for line in text.split("\n") if line.strip() and is_instruction(line)]


@dataclass(frozen=True)
class Block:
    text: str
    kind: str  # "fence", "list", "paragraph"


def blocks(text: str) -> list[Block]:
    """The note's blocks: blank-line separated paragraphs, lists and whole fenced blocks."""
    found: list[Block] = []
    lines: list[str] = []
    in_fence = False

    def close(kind: str) -> None:
        if lines:
            found.append(Block("\n".join(lines), kind))
            lines.clear()

    for line in text.split("\n"):
        if _FENCE.match(line):
            if in_fence:
                lines.append(line)
                close("fence")
                in_fence = False
                continue
            close(_kind(lines))
            in_fence = True
            lines.append(line)
            continue
        if in_fence:
            lines.append(line)
        elif not line.strip():
            close(_kind(lines))
        else:
            lines.append(line)
    close("fence" if in_fence else _kind(lines))
    return found


def _kind(lines: list[str]) -> str:
    return "list" if lines and _LIST_OR_TABLE.match(lines[0]) else "paragraph"


def evidence_window(passage_text: str, quote: str, heading: str = "") -> str:
    """The quote's block and a code block, list or table right under it, with the heading.

    Falls back to the quote alone when it cannot be placed in a block.
    """
    target = squash(quote)
    parts = blocks(passage_text)
    for i, block in enumerate(parts):
        if holds_words(block.text, target):
            window = [block.text]
            if i + 1 < len(parts) and parts[i + 1].kind in ("fence", "list"):
                window.append(parts[i + 1].text)
            if block.kind == "list" and i > 0 and parts[i - 1].text.rstrip().endswith(":"):
                window.insert(0, parts[i - 1].text)
            return "\n\n".join(([heading] if heading else []) + window)
    return "\n\n".join(([heading] if heading else []) + [quote])


def own_item(passage_text: str, quote: str) -> str | None:
    """The list item or table row the quote stands in, with the lines that continue it
    (wrapped text, nested items); None when the quote is not in a list or table.

    A list holds one fact per item: "- Física II: Prof. Tanaka" states no date even when
    the item below it holds one.
    """
    return next(_items_holding(passage_text, quote), None)


def innermost_item(passage_text: str, quote: str) -> str | None:
    """`own_item`, but of the deepest nested item holding the quote: under "- coach", the
    quote "costs split w/ physics budget" stands in its own item, not in "- coach" with
    the sibling that gives the coach's price."""
    found = None
    for found in _items_holding(passage_text, quote):  # noqa: B007 - the last is kept
        pass
    return found


def _items_holding(passage_text: str, quote: str) -> Iterator[str]:
    """Each list item or table row of the passage, with the lines that continue it, that
    holds the quote: outer items before the items nested in them."""
    target = squash(quote)
    lines = passage_text.split("\n")
    for i, line in enumerate(lines):
        start = _LIST_OR_TABLE.match(line)
        if start is None:
            continue
        indent = len(start.group(1))
        item = [line]
        for more in lines[i + 1 :]:
            nested = _LIST_OR_TABLE.match(more)
            if not more.strip() or (nested and len(nested.group(1)) <= indent):
                break
            if nested is None and line.lstrip().startswith("|"):
                break
            item.append(more)
        text = "\n".join(item)
        if holds_words(text, target):
            yield text


def is_row_or_item(text: str) -> bool:
    """Whether `text` is a table row or a list item: one fact of a list."""
    return bool(_LIST_OR_TABLE.match(text))


def is_statement(quote: str) -> bool:
    """A quote is a statement: at least three words, or two for a `key: value` line or a
    list item; one word ("guest") or a bare number proves nothing."""
    words = squash(quote).split()
    if len(words) >= 3:
        return True
    stripped = quote.strip()
    return len(words) == 2 and (":" in stripped or bool(_LIST_OR_TABLE.match(stripped)))
