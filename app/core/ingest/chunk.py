"""Turn a note into chunks: one per headed section, small ones merged, large ones split."""

from __future__ import annotations

import hashlib
from bisect import bisect_right
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from app.core.ingest.obsidian import front_matter_end, read_dialect
from app.core.ingest.sections import Section, parse_note
from app.core.ingest.split import split_spans

HEADING_SEPARATOR = " > "


@dataclass(frozen=True)
class ChunkingSettings:
    """Chunk size limits in characters.

    `max_chars` defaults near what all-MiniLM-L6-v2 reads before truncating (256 word
    pieces); text past that limit would be stored but never seen by the vector leg.
    """

    max_chars: int = 1000
    overlap_chars: int = 150
    min_chars: int = 80

    def __post_init__(self) -> None:
        if self.max_chars < 100:
            raise ValueError(f"max_chars={self.max_chars} is too small; use at least 100")
        if not 0 <= self.overlap_chars < self.max_chars // 2:
            raise ValueError(f"overlap_chars={self.overlap_chars} must be below max_chars / 2")
        if not 0 <= self.min_chars < self.max_chars:
            raise ValueError(f"min_chars={self.min_chars} must be below max_chars")


@dataclass(frozen=True)
class Chunk:
    """A passage of one note: `text` is shown (links made readable), `embed_text` is what
    is embedded and searched: the heading path, the note's aliases and tags, the text."""

    file: str
    heading_path: tuple[str, ...]
    start_line: int  # 1-based, inclusive
    end_line: int  # 1-based, inclusive
    text: str
    links: tuple[str, ...] = ()  # targets of the [[links]] and ![[embeds]] in the text
    context: str = ""  # the note's front matter aliases and tags, when it has any

    @property
    def heading(self) -> str:
        return HEADING_SEPARATOR.join(self.heading_path)

    @property
    def embed_text(self) -> str:
        if self.context:
            return f"{self.heading}\n{self.context}\n\n{self.text}"
        return f"{self.heading}\n\n{self.text}"

    @property
    def text_hash(self) -> str:
        # The same text under other aliases or tags is embedded differently, so it is
        # another key; a note without front matter keys its text alone.
        return text_hash(f"{self.context}\n\n{self.text}" if self.context else self.text)


def text_hash(text: str) -> str:
    """Content key of a chunk: equal text in two notes gets one key and one vector."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


@dataclass
class _Group:
    """Consecutive sections that will form one chunk (before any size split).

    `body` caches the group's body characters, so merging costs the same whatever the
    group's size: a note of thousands of headings chunks in linear time.
    """

    sections: list[Section]
    body: int

    @property
    def start(self) -> int:
        return self.sections[0].start

    @property
    def end(self) -> int:
        return self.sections[-1].end

    def absorb(self, other: _Group) -> None:
        self.sections.extend(other.sections)
        self.body += other.body


@dataclass(frozen=True)
class PreparedNote:
    """A note ready to index: its chunks, its tags, and why it has none (when it has none)."""

    chunks: list[Chunk]
    tags: tuple[str, ...]
    aliases: tuple[str, ...]
    empty: str | None  # "empty" or "only a title", for a note with nothing to embed


def chunk_note(text: str, rel_path: str, settings: ChunkingSettings | None = None) -> list[Chunk]:
    """Chunk one note's normalised text."""
    return prepare_note(text, rel_path, settings).chunks


def prepare_note(
    text: str, rel_path: str, settings: ChunkingSettings | None = None
) -> PreparedNote:
    """Read a note's dialect and chunk it; an empty or title-only note gets no chunks."""
    settings = settings or ChunkingSettings()
    dialect = read_dialect(text)
    chunks = _chunks(dialect.text, rel_path, settings)
    context = dialect.context
    chunks = [
        Chunk(
            c.file,
            c.heading_path,
            c.start_line,
            c.end_line,
            c.text,
            dialect.links_between(c.start_line - 1, c.end_line),
            context,
        )
        for c in chunks
    ]
    empty = None
    if not chunks:
        lines = text.split("\n")
        body = lines[front_matter_end(lines) :]
        empty = "empty" if not any(line.strip() for line in body) else "only a title"
    return PreparedNote(chunks, dialect.tags, dialect.aliases, empty)


def _chunks(text: str, rel_path: str, settings: ChunkingSettings) -> list[Chunk]:
    stem = rel_path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    parsed = parse_note(text, fallback_title=stem)
    lines = parsed.lines
    line_offsets = [0]
    for line in lines:
        line_offsets.append(line_offsets[-1] + len(line) + 1)
    groups = _merge_small(
        [_Group([s], _body_chars(s, lines)) for s in parsed.sections], line_offsets, settings
    )
    chunks: list[Chunk] = []
    for group in groups:
        chunks.extend(_group_chunks(group, lines, rel_path, settings))
    return chunks


def _body_chars(section: Section, lines: Sequence[str]) -> int:
    body = lines[section.start + section.heading_lines : section.end]
    return sum(len(line.strip()) for line in body)


def _merge_small(
    groups: list[_Group], line_offsets: Sequence[int], settings: ChunkingSettings
) -> list[_Group]:
    """Merge each section with too little body into a neighbour.

    A heading-only section that opens a subsection is dropped (the subsection's heading
    path names it); any other small section goes to whichever neighbour gives the smaller
    result, so that a short fact is not diluted in a long section when a short one exists.
    One pass: `done` holds groups with enough body, `todo` the rest in order.
    """

    def size(group: _Group) -> int:  # characters of the lines the group spans
        return line_offsets[group.end] - line_offsets[group.start]

    done: list[_Group] = []
    todo = deque(groups)
    while todo:
        if len(done) + len(todo) <= 1:
            done.extend(todo)
            break
        group = todo.popleft()
        if group.body >= settings.min_chars:
            done.append(group)
            continue
        following = todo[0] if todo else None
        opens = following is not None and _opens_subsection(group, following)
        if group.body == 0 and opens and not _has_properties(group):
            # A bare parent heading adds nothing its subsection's heading path does not say,
            # and leaving it out keeps a copied subsection identical to its twin elsewhere.
            continue
        if following is not None and (not done or opens or size(following) <= size(done[-1])):
            todo.popleft()
            group.absorb(following)
            todo.appendleft(group)  # weighed again with its new body
        else:
            done[-1].absorb(group)
    return done


def _has_properties(group: _Group) -> bool:
    # The note's properties are kept however little they hold, yet weigh nothing in
    # merging: they do not change how the rest of the note is cut.
    return group.sections[0].properties


def _opens_subsection(group: _Group, following: _Group) -> bool:
    last = group.sections[-1].heading_path
    first = following.sections[0].heading_path
    return len(first) > len(last) and first[: len(last)] == last


def _main_path(group: _Group, lines: Sequence[str]) -> tuple[str, ...]:
    """The heading path of the section holding most of the group's body text."""
    best = max(group.sections, key=lambda s: (_body_chars(s, lines), len(s.heading_path)))
    return best.heading_path


def _group_chunks(
    group: _Group, lines: Sequence[str], rel_path: str, settings: ChunkingSettings
) -> list[Chunk]:
    if group.body == 0 and not _has_properties(group):
        return []  # a note that is only headings has nothing to answer from
    block = "\n".join(lines[group.start : group.end])
    # Character offset of each line start, to map spans back to line numbers.
    offsets = [0]
    for line in lines[group.start : group.end]:
        offsets.append(offsets[-1] + len(line) + 1)
    fences = [
        (offsets[a - group.start], offsets[b - group.start] - 1)
        for s in group.sections
        for a, b in s.fences
    ]
    path = _main_path(group, lines)
    spans = split_spans(block, settings.max_chars, settings.overlap_chars, fences)
    starts = [s.start for s in group.sections]
    ends = [s.end for s in group.sections]
    chunks = []
    for start, end in spans:
        first = _line_of(offsets, start) + group.start
        last = _line_of(offsets, max(start, end - 1)) + group.start
        piece_path = path if len(spans) == 1 else _path_at(group, starts, ends, first, last)
        chunks.append(Chunk(rel_path, piece_path, first + 1, last + 1, block[start:end]))
    return chunks


def _path_at(
    group: _Group, starts: Sequence[int], ends: Sequence[int], first: int, last: int
) -> tuple[str, ...]:
    """For a piece of a split group, the path of the section with most body lines in it.

    Only the sections that overlap lines [first, last], and the nearest one on each side,
    can win; a bisect finds them, so a group of thousands of sections is not scanned once
    per piece.
    """

    def body_overlap(section: Section) -> int:
        body_start = section.start + section.heading_lines
        return min(section.end, last + 1) - max(body_start, first)

    lo = max(0, bisect_right(ends, first) - 2)
    hi = min(len(starts), bisect_right(starts, last) + 2)
    best = max(group.sections[lo:hi], key=lambda s: (body_overlap(s), len(s.heading_path)))
    return best.heading_path


def _line_of(offsets: list[int], pos: int) -> int:
    lo, hi = 0, len(offsets) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if offsets[mid] <= pos:
            lo = mid
        else:
            hi = mid - 1
    return lo
