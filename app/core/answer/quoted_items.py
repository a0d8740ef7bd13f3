"""Where a quote stands in a list or a table: its item or row, the siblings, the key.

Notes keep like facts one per list item or table row, each keyed by what it is about
("Física II: Prof. Tanaka", "| Vitamina D | 19 ng/mL |"). These read a passage's block
structure to find the item a quote stands in, its key and its siblings.
"""

from __future__ import annotations

import re

from app.core.answer.evidence import blocks, is_row_or_item
from app.core.basics.markdown_lines import HEADING_LINE, since_last_heading
from app.core.basics.text import fold, holds_words, squash

_ITEM_START = re.compile(r"^\s*(?:[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+)")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}")
_KEY_END = re.compile(r"\s*(?::\s|\s[—–]\s)\s*")  # "10:30 call" has no key "10"
_MAX_KEY_WORDS = 6


def quoted_item(quote: str, passage_text: str) -> tuple[str, str, list[str]] | None:
    """The first block of the passage holding the quote, the list item or row of it the
    quote stands in, and all its items; None when the quote is in no item."""
    block = quoted_block(quote, passage_text)
    if block is None:
        return None
    items = items_of(block)
    target = squash(quote)
    line = next((item for item in items if holds_words(item, target)), None)
    return None if line is None else (block, line, items)


def keyed_item(quote: str, passage_text: str) -> tuple[str, str, list[str], str] | None:
    """`quoted_item` with the quoted item's key; None when the item has no key."""
    found = quoted_item(quote, passage_text)
    if found is None:
        return None
    block, line, items = found
    key = item_key(line)
    return (block, line, items, key) if key else None


def items_of(list_block: str) -> list[str]:
    """The lines of a list or table block that start an item or a row (nested items
    included; rules, blank lines and a table's header row left out: "| Vendor | Support
    phone |" names columns, no sibling of a row)."""
    lines = list_block.split("\n")
    headers = {i - 1 for i, line in enumerate(lines) if i and _TABLE_RULE.match(line)}
    return [
        line
        for i, line in enumerate(lines)
        if line.strip()
        and i not in headers
        and not _TABLE_RULE.match(line)
        and is_row_or_item(line)
    ]


def siblings(items: list[str], line: str) -> list[str]:
    """The items among `items` (a block's, in order) at `line`'s depth under its parent,
    `line` included: a parent item or another parent's children are no siblings of it."""
    if line not in items:
        return items
    depths = [_depth(item) for item in items]
    parents = [
        next((j for j in range(i - 1, -1, -1) if depths[j] < depths[i]), -1)
        for i in range(len(items))
    ]
    at = items.index(line)
    place = (parents[at], depths[at])
    return [item for i, item in enumerate(items) if (parents[i], depths[i]) == place]


def _depth(line: str) -> int:
    spaced = line.expandtabs(4)
    return len(spaced) - len(spaced.lstrip())


def item_key(line: str) -> str:
    """What an item is about: a table row's first cell, or a list item's words before its
    colon or dash ("Física II: Prof. Tanaka" is about Física II); empty when it has none."""
    stripped = line.strip()
    if stripped.startswith("|"):
        return next((c for c in row_cells(stripped) if c), "")
    body = _ITEM_START.sub("", line).strip()
    parts = _KEY_END.split(body, maxsplit=1)
    if len(parts) < 2 or not parts[0] or len(parts[0].split()) > _MAX_KEY_WORDS:
        return ""
    return parts[0].strip("*_` ")


def lead_in(quote: str, passage_text: str) -> str:
    """The paragraph right before the list holding the quote when it opens that list with a
    colon ("Production database:"); empty otherwise."""
    target = squash(quote)
    found = blocks(passage_text)
    for before, block in zip(found, found[1:], strict=False):
        if holds_words(block.text, target):
            lead = before.text.strip()
            return lead if lead.endswith(":") and len(lead) <= 120 else ""
    return ""


def quoted_block(quote: str, passage_text: str) -> str | None:
    """The first paragraph, list or fenced block of the passage holding the whole quote."""
    target = squash(quote)
    return next((b.text for b in blocks(passage_text) if holds_words(b.text, target)), None)


def heading_above(block: str, passage_text: str) -> str:
    """The last markdown heading of the passage before `block` ("" when none, or when the
    block opens under a heading of its own): a passage of several short sections keeps
    "## E21 – motor" above its list of steps. Tag lines and code comments are no headings."""
    at = passage_text.find(block)
    if at <= 0 or any(HEADING_LINE.match(line) for line in block.split("\n")):
        return ""
    first = since_last_heading(passage_text[:at])[0]
    return first if HEADING_LINE.match(first) else ""


_CURRENCY = re.compile(r"[£$€¥₹]|R\$")
_UNIT_IN_PARENS = re.compile(r"\(\s*([^\W\d_][\w/°%]{0,7})\s*\)")
_BARE_NUMBER = re.compile(r"\d[\d,.]*")
# "4:48" under "Length" is four minutes forty-eight (a track, a lap, a video), not a time
# of day; "1:02:33" under "Duration" is an hour and two minutes.
_CLOCK_LENGTH = re.compile(r"(\d{1,2}):([0-5]\d)(?::([0-5]\d))?")
_LENGTH_HEADER = re.compile(
    r"\b(length|duration|runtime|running time|run time|dauer|spielzeit|laufzeit|lange|"
    r"durata|lunghezza|duracion|duracao|duree|tempo de duracao)\b"
)
# A column of counts under a heading that names money ("Covers" under "Bar takings (£)").
_COUNT_HEADER = re.compile(
    r"(^|\b)(covers|qty|quantity|count|no\.?|#|number|units|people|guests|pax|items)(\b|$)"
)


def row_cells(row: str) -> list[str]:
    """A table row's cells, stripped ("| a | b |" gives ["a", "b"])."""
    return [c.strip() for c in row.strip().strip("|").split("|")]


def table_header(row: str, passage_text: str) -> list[str] | None:
    """The header cells of the table a row of `passage_text` stands in (the row above
    the table's rule); None when the row is no table row, or is the header itself."""
    if not row.lstrip().startswith("|"):
        return None
    lines = passage_text.split("\n")
    target = row.strip()
    at = next((i for i, line in enumerate(lines) if line.strip() == target), None)
    if at is None:
        return None
    start = at
    while start > 0 and lines[start - 1].lstrip().startswith("|"):
        start -= 1
    if start + 1 >= len(lines) or not _TABLE_RULE.match(lines[start + 1]) or start == at:
        return None
    return row_cells(lines[start])


def row_with_header_units(row: str, passage_text: str, heading: str = "") -> str:
    """A table row whose bare numbers carry the unit their column's header gives: under
    "| item | £/month |", "| groceries | 720 |" reads "| groceries | £720 |"; under "time
    (min)", "25" reads "25 min". A table whose headers give no unit takes the currency its
    section's heading names ("# Bar takings (gross £, …)"). Any other row or line is
    returned as it is."""
    header = table_header(row, passage_text)
    if header is None:
        return row
    cells = row_cells(row)
    units = any(_CURRENCY.search(h) or _UNIT_IN_PARENS.search(h) for h in header)
    titled = None if units else _CURRENCY.search(heading)
    read: list[str] = []
    for i, cell in enumerate(cells):
        head = header[i] if i < len(header) else ""
        clock = _CLOCK_LENGTH.fullmatch(cell)
        if clock is not None and _LENGTH_HEADER.search(fold(head)):
            cell = _spelled_length(clock)
        elif _BARE_NUMBER.fullmatch(cell):
            counted = _COUNT_HEADER.search(head.lower()) is not None
            currency = _CURRENCY.search(head) or (titled if i > 0 and not counted else None)
            unit = _UNIT_IN_PARENS.search(head)
            if currency is not None:
                cell = f"{currency.group(0)}{cell}"
            elif unit is not None:
                cell = f"{cell} {unit.group(1)}"
        read.append(cell)
    return "| " + " | ".join(read) + " |"


def _spelled_length(clock: re.Match[str]) -> str:
    """ "4:48" as "4 min 48 s", "1:02:33" as "1 h 02 min 33 s", which read as lengths."""
    first, second, third = clock.groups()
    if third is None:
        return f"{first} min {second} s"
    return f"{first} h {second} min {third} s"
