"""A shared text as the Chroma server stores it: the record a reader rebuilds its mirror
of the manifest from (the text, its BM25 tokens and every place it occurs)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.errors import IndexError_


@dataclass(frozen=True)
class SharedSource:
    """One place a shared text occurs, with the language of the note it is in."""

    path: str
    ordinal: int
    heading_path: tuple[str, ...]
    start_line: int
    end_line: int
    language: str
    tags: tuple[str, ...] = ()  # the note's tags (a scope's `#tag` reads them)
    links: tuple[str, ...] = ()  # the notes this passage links to


@dataclass(frozen=True)
class SharedRecord:
    """What a reader needs about one unique chunk text (its vector stays on the server)."""

    text_hash: str
    text: str
    tokens: str
    sources: tuple[SharedSource, ...]

    def metadata(self) -> dict[str, str]:
        return {
            "text": self.text,
            "tokens": self.tokens,
            "sources": json.dumps(
                [
                    [
                        s.path,
                        s.ordinal,
                        list(s.heading_path),
                        s.start_line,
                        s.end_line,
                        s.language,
                        list(s.tags),
                        list(s.links),
                    ]
                    for s in self.sources
                ],
                ensure_ascii=False,
            ),
        }

    @classmethod
    def from_metadata(cls, text_hash: str, meta: Mapping[str, Any] | None) -> SharedRecord | None:
        """None for a record with no published sources (written but not yet committed)."""
        if not meta or not meta.get("sources"):
            return None
        try:
            sources = tuple(
                SharedSource(
                    str(p), int(o), tuple(h), int(s), int(e), str(lang), tuple(tags), tuple(links)
                )
                for p, o, h, s, e, lang, tags, links in json.loads(str(meta["sources"]))
            )
        except (ValueError, TypeError) as exc:
            raise IndexError_(f"shared record {text_hash} has unreadable sources ({exc})") from exc
        if not sources:
            return None
        return cls(text_hash, str(meta.get("text", "")), str(meta.get("tokens", "")), sources)
