"""One form for a tag, whichever dialect filed it: `#Year 11`, `year 11` and `Year-11` are
the tag `year-11` in front matter and in Logseq's `tags::` alike."""

from __future__ import annotations

from collections.abc import Iterable


def tag_names(tags: Iterable[str]) -> tuple[str, ...]:
    """The tags without their `#`, lower-cased, spaces as hyphens, each once, empty ones
    left out."""
    named = (t.strip().lstrip("#").strip().lower().replace(" ", "-") for t in tags)
    return tuple(dict.fromkeys(t for t in named if t))
