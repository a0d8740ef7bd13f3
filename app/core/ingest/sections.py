"""Split a markdown note into headed sections, using a real markdown parser.

A parser, not a regex, decides what is a heading: a `# comment` inside a fenced code block
is code, and a setext heading is a heading.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from app.core.ingest.obsidian import front_matter_end, has_properties, without_display_keys

if TYPE_CHECKING:
    from collections.abc import Sequence

    from markdown_it import MarkdownIt
    from markdown_it.token import Token

# A heading inside the item of a list at the note's top level: list 0, item 1, heading 2.
_ITEM_HEADING_LEVEL = 2


@dataclass(frozen=True)
class Section:
    """Lines [start, end) of a note (0-based) under one heading path."""

    heading_path: tuple[str, ...]
    start: int
    end: int
    # how many of the first lines are the heading itself (0 for a preamble), and the front
    # matter before it when the section opens with the note's properties
    heading_lines: int
    fences: tuple[tuple[int, int], ...]  # fenced code blocks as absolute [start, end) lines
    properties: bool = False  # opens with the note's front matter, which is not body


@dataclass(frozen=True)
class ParsedNote:
    title: str
    lines: tuple[str, ...]
    sections: tuple[Section, ...]


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt  # on first parse: a search never parses a note

    return MarkdownIt("commonmark")


def parse_note(text: str, fallback_title: str) -> ParsedNote:
    """Parse `text` into sections; the title is the first H1 before any body text."""
    lines = text.split("\n")
    skip = front_matter_end(lines)
    # Blank out front matter so that line numbers stay true to the file.
    body = [""] * skip + lines[skip:]
    tokens = _parser().parse("\n".join(body))

    headings: list[tuple[int, int, int, str]] = []  # start, end, level, text
    fences: list[tuple[int, int]] = []
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open" and tok.map and (tok.level == 0 or _heads_item(tokens, i)):
            inline = tokens[i + 1]
            headings.append((tok.map[0], tok.map[1], int(tok.tag[1]), inline.content.strip()))
        elif tok.type in ("fence", "code_block") and tok.map:
            fences.append((tok.map[0], tok.map[1]))

    title = fallback_title
    title_is_h1 = False
    if headings and headings[0][2] == 1 and not _has_text(body, skip, headings[0][0]):
        title = headings[0][3] or fallback_title
        title_is_h1 = True

    sections: list[Section] = []
    fence_starts = [f[0] for f in fences]
    first_start = headings[0][0] if headings else len(body)
    # Properties ("location: London", "venue: Fellside Barn") are facts a question asks
    # for: the note's first section then opens with its front matter, as written (the
    # parser never sees it, so a "---" under a property line is no heading). With an H1
    # title that is the title's section, so the note's lead stays in its first chunk.
    start = 0 if skip and has_properties(lines) else skip
    if start < skip:
        lines = without_display_keys(lines)
    if (start < skip and not title_is_h1) or _has_text(body, skip, first_start):
        preamble_fences = _within(fences, fence_starts, skip, first_start)
        shown = start < skip
        sections.append(Section((title,), start, first_start, skip - start, preamble_fences, shown))
        start = skip

    stack: list[tuple[int, str]] = []
    for n, (h_start, h_end, level, heading) in enumerate(headings):
        end = headings[n + 1][0] if n + 1 < len(headings) else len(body)
        if n == 0 and title_is_h1:
            path: tuple[str, ...] = (title,)
        else:
            while stack and stack[-1][0] >= level:
                stack.pop()
            stack.append((level, heading))
            path = (title, *(h for _, h in stack))
        fenced = _within(fences, fence_starts, h_start, end)
        if n == 0 and title_is_h1 and start < skip:  # the properties, then the title
            sections.append(Section(path, start, end, h_end - start, fenced, True))
        else:
            sections.append(Section(path, h_start, end, h_end - h_start, fenced))
    return ParsedNote(title, tuple(lines), tuple(sections))


def _heads_item(tokens: Sequence[Token], i: int) -> bool:
    """A heading that opens a top-level list item, as Logseq writes a heading block
    ("- ## results"): the item's nested bullets are its section."""
    heading, item = tokens[i], tokens[i - 1] if i else None
    return (
        heading.level == _ITEM_HEADING_LEVEL
        and item is not None
        and item.type == "list_item_open"
        and item.map is not None
        and heading.map is not None
        and item.map[0] == heading.map[0]
    )


def _has_text(lines: list[str], start: int, end: int) -> bool:
    return any(line.strip() for line in lines[start:end])


def _within(
    fences: list[tuple[int, int]], fence_starts: list[int], start: int, end: int
) -> tuple[tuple[int, int], ...]:
    """The fences inside [start, end); a bisect, so a note with thousands of headings and
    fences costs no more than its length (fences come in document order)."""
    found = []
    for i in range(bisect_left(fence_starts, start), len(fences)):
        fence = fences[i]
        if fence[0] >= end:
            break
        if fence[1] <= end:
            found.append(fence)
    return tuple(found)
