"""Logseq's page and block properties: `alias:: Y11s3, 11C3` on a page's first lines, `id::`
under a block.

A Logseq page keeps its front matter as `key:: value` lines before its first bullet:
`alias::` names the page as its links do, `tags::` files it; other keys are facts of the
page ("room:: S14") and stay in its text. Under a block, `id:: 6650a1f2-…` and
`collapsed:: true` say how Logseq links and shows it, and mean nothing to a reader.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.core.ingest.tag_names import tag_names

_PROPERTY = re.compile(r"^\s*([A-Za-z][\w-]*):: ?(.*)$")
_ALIAS_KEYS = frozenset({"alias", "aliases"})
_TAG_KEYS = frozenset({"tags", "tag"})
# Keys that say how a page or block is linked, shown or filed, never what it records.
_DISPLAY_KEYS = _ALIAS_KEYS | _TAG_KEYS | frozenset({"id", "collapsed", "title", "icon", "public"})
_LINK = re.compile(r"\[\[([^\[\]]*)\]\]")


def page_properties(lines: Sequence[str]) -> tuple[int, tuple[str, ...], tuple[str, ...]]:
    """How many leading lines are the page's `key:: value` properties, and the aliases and
    tags they give (tags lower-cased, spaces as hyphens, as front matter's are)."""
    aliases: list[str] = []
    tags: list[str] = []
    count = 0
    for line in lines:
        found = _PROPERTY.match(line)
        if found is None or line[:1].isspace():
            break
        count += 1
        key, value = found.group(1).lower(), found.group(2)
        if key in _ALIAS_KEYS:
            aliases.extend(_values(value))
        elif key in _TAG_KEYS:
            tags.extend(_values(value))
    return count, tuple(aliases), tag_names(tags)


def is_display_property(line: str) -> bool:
    """Whether a line is a property that only says how Logseq links, shows or files its
    page or block (`id:: 6650a1f2-…`, `alias:: Y11s3`, `tags:: [[Year 11]]`)."""
    found = _PROPERTY.match(line)
    return found is not None and found.group(1).lower() in _DISPLAY_KEYS


def _values(value: str) -> list[str]:
    """A property's comma separated values, links read as their page names."""
    plain = _LINK.sub(lambda m: m.group(1), value)
    return [v.strip().lstrip("#").strip() for v in plain.split(",") if v.strip().lstrip("#")]
