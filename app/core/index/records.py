"""What the manifest records: each note file, each place a chunk text occurs, each stored
text with its places, and the new state of a file that a batch applies."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.core.ingest.chunk import HEADING_SEPARATOR, Chunk


@dataclass(frozen=True)
class FileRecord:
    path: str
    content_hash: str
    size: int
    mtime_ns: int
    indexed_at: float
    language: str = ""  # detected from the note's text; "" for notes indexed before
    tags: tuple[str, ...] = ()  # front matter and inline tags, lower-cased, without "#"


@dataclass(frozen=True)
class ChunkSource:
    """One place a chunk text occurs: a duplicate text has several."""

    file: str
    heading_path: tuple[str, ...]
    start_line: int
    end_line: int
    links: tuple[str, ...] = ()  # the notes this passage links to or embeds

    @property
    def heading(self) -> str:
        """The heading path as one line: `Note > Section > Subsection`."""
        return HEADING_SEPARATOR.join(self.heading_path)


@dataclass(frozen=True)
class StoredText:
    text_hash: str
    text: str
    sources: tuple[ChunkSource, ...]


@dataclass(frozen=True)
class FileUpdate:
    """The new state of one file: its record and its chunks with their BM25 tokens."""

    record: FileRecord
    chunks: Sequence[Chunk]
    tokens: Sequence[str]  # one space-joined token string per chunk
