"""Obsidian's markdown dialect read as plain text: links, embeds, callouts, tags, aliases
(and Logseq's, which shares its links and keeps aliases and tags as `key:: value` lines).

A reader sees `[[Jellyfin|the media server]]` as "the media server", a link to another
note `[Invoices](Finances%20…/Invoices%20e3d6….md)` (as Notion exports it) as "Invoices",
a callout header `> [!warning] Mind the fuse` as "Mind the fuse", and a Notion callout
without the `<aside>` lines around it; the index should read them the same way, or
brackets, addresses and callout types crowd out the words a question uses. Each line keeps
its place, so a passage's line numbers still point into the file as written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import unquote

from app.core.ingest.logseq import is_display_property, page_properties
from app.core.ingest.tag_names import tag_names

_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
# ![[target#heading|alias]]: the target may hold spaces, a heading or block reference.
_WIKILINK = re.compile(r"(!?)\[\[([^\[\]|#^\n]*)((?:#\^?[^\[\]|\n]*)?)(?:\|([^\[\]\n]*))?\]\]")
# [text](Other%20note%20a8b3….md), as Notion exports and other editors write links to notes:
# the target may be <bracketed> or hold one level of parentheses ("VAT%20Q1%20(Jan–Mar)").
_NOTE_LINK = re.compile(r"(?<!!)\[([^\[\]\n]+)\]\((?:<([^<>\n]+)>|((?:[^()\s]|\([^()\s]*\))+))\)")
# A relation property as Notion exports it, the page's name then its URL-encoded path:
# "Venue: Avonside Glasshouse (../Supplier%20Directory%200f41…/Avonside%20Glasshouse%20f9f2….md)".
# Encoded, so that a note file a person names in brackets ("(see notes.md)") stays text.
_RELATION_PATH = re.compile(r"(?<=\S)[ \t]+\(((?:\.\./)*[^()\s]*%[0-9A-Fa-f]{2}[^()\s]*\.md)\)")
_NOTE_TARGET = re.compile(
    r"^(?![a-z][\w+.-]*:)[^?]*\.(?:md|markdown|txt)(?:#[^#]*)?$", re.IGNORECASE
)
# A line that only opens or closes an HTML box around text: Notion exports a callout as
# "<aside>" over its text and "</aside>" under it; a reader sees neither.
_WRAPPER_TAG = re.compile(
    r"^\s{0,3}</?(?:aside|details|div|section|center)(?:\s[^<>]*)?>\s*$", re.I
)
_CALLOUT = re.compile(r"^(\s*(?:>\s*)+)\[!([A-Za-z][\w-]*)\][+-]?[ \t]*(.*)$")
# Obsidian tags: after a space or a line start, letters, digits, _ - /, not only digits.
_TAG = re.compile(r"(?:^|(?<=[\s(]))#([\w/-]+)")
_INLINE_CODE = re.compile(r"`[^`\n]*`")


# How a passage's embedded text names its note's aliases, and how they are read back.
ALIASES_LABEL = "Also called: "


def aliases_in(embed_text: str) -> tuple[str, ...]:
    """The note aliases a chunk's embedded text carries (see `NoteDialect.context`)."""
    head = embed_text.split("\n\n", 1)[0]
    for line in head.split("\n"):
        if line.startswith(ALIASES_LABEL):
            return tuple(a.strip() for a in line[len(ALIASES_LABEL) :].split(",") if a.strip())
    return ()


@dataclass(frozen=True)
class NoteDialect:
    """A note read as plain text, with what the dialect said about it.

    `lines` are the note's lines with links, embeds and callout headers made readable
    (front matter is kept as is: the section parser skips it). `links` holds each line's
    link targets by 0-based line number.
    """

    lines: tuple[str, ...]
    links: dict[int, tuple[str, ...]]
    aliases: tuple[str, ...]
    tags: tuple[str, ...]  # lower-cased, without "#": front matter first, then inline

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def links_between(self, start: int, end: int) -> tuple[str, ...]:
        """Link targets on lines [start, end), each once, in order of appearance."""
        found: dict[str, None] = {}
        for number in range(start, end):
            for target in self.links.get(number, ()):
                found[target] = None
        return tuple(found)

    @property
    def context(self) -> str:
        """What the front matter adds to every passage of the note: its aliases and tags."""
        parts = []
        if self.aliases:
            parts.append(ALIASES_LABEL + ", ".join(self.aliases))
        if self.tags:
            parts.append("Tags: " + ", ".join(self.tags))
        return "\n".join(parts)


def front_matter_end(lines: Sequence[str]) -> int:
    """Number of leading lines that are YAML front matter (0 when there is none)."""
    if not lines or lines[0].strip() != "---":
        return 0
    for i in range(1, len(lines)):
        if lines[i].strip() in ("---", "..."):
            return i + 1
    return 0


# Keys that say how to show or file a note, not what it records; aliases and tags reach
# every passage through `NoteDialect.context`.
_DISPLAY_KEYS = frozenset(
    "aliases alias tags tag cssclass cssclasses publish permalink title layout draft".split()
)
_PROPERTY = re.compile(r"^([^\s#:][^:]*):(.*)$")


def has_properties(lines: Sequence[str]) -> bool:
    """Whether a note's front matter records something of its own ("timezone:
    Europe/London", "venue: Fellside Barn") beyond how it is shown or filed."""
    skip = front_matter_end(lines)
    inner = lines[1 : skip - 1] if skip else []
    for n, line in enumerate(inner):
        found = _PROPERTY.match(line)
        if found is None or found.group(1).strip().lower() in _DISPLAY_KEYS:
            continue
        if found.group(2).strip() or (n + 1 < len(inner) and _nested(inner[n + 1])):
            return True
    return False


def without_display_keys(lines: Sequence[str]) -> list[str]:
    """The note's lines with its front matter's display keys (tags, aliases, title …) and
    their nested lines blanked: the passage already carries its tags and aliases, and a
    "tags: [reading, book]" line in its text would match every question about books."""
    skip = front_matter_end(lines)
    out = list(lines)
    hiding = False
    for n in range(1, skip - 1):
        found = _PROPERTY.match(lines[n])
        if found is not None:
            hiding = found.group(1).strip().lower() in _DISPLAY_KEYS
        elif not _nested(lines[n]):
            hiding = False
        if hiding:
            out[n] = ""
    return out


def _nested(line: str) -> bool:
    return line[:1] in (" ", "\t", "-")


def read_dialect(text: str) -> NoteDialect:
    """Make a note's Obsidian syntax readable and collect its links, aliases and tags."""
    lines = text.split("\n")
    skip = front_matter_end(lines)
    aliases, front_tags = _front_matter(lines[1 : skip - 1]) if skip else ((), ())
    if not skip:
        _, aliases, front_tags = page_properties(lines)
    out = list(lines[:skip])
    links: dict[int, tuple[str, ...]] = {}
    tags: dict[str, None] = dict.fromkeys(front_tags)
    fence: str | None = None
    for number in range(skip, len(lines)):
        line = lines[number]
        opened = _FENCE.match(line)
        if fence is not None:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                fence = None
            out.append(line)
            continue
        if opened:
            fence = opened.group(1)
            out.append(line)
            continue
        if is_display_property(line) or _WRAPPER_TAG.match(line):
            out.append("")
            continue
        readable, targets = _readable(line)
        if targets:
            links[number] = targets
        for tag in _TAG.findall(_INLINE_CODE.sub(" ", readable)):
            if not tag.replace("/", "").replace("-", "").isdigit():
                tags[tag.lower().strip("/")] = None
        out.append(readable)
    return NoteDialect(tuple(out), links, aliases, tuple(t for t in tags if t))


def _readable(line: str) -> tuple[str, tuple[str, ...]]:
    targets: list[str] = []

    def note_link(match: re.Match[str]) -> str:
        target = unquote(match.group(2) or match.group(3)).strip()
        if not _NOTE_TARGET.search(target):
            return match.group(0)  # a web page or a file: its address may be what is asked
        targets.append(target.split("#", 1)[0])
        return match.group(1)

    def link(match: re.Match[str]) -> str:
        target, anchor, alias = match.group(2).strip(), match.group(3), match.group(4)
        heading = anchor.lstrip("#").lstrip("^").strip() if anchor else ""
        if target:
            targets.append(target)
        if alias and alias.strip():
            return alias.strip()
        name = target.rsplit("/", 1)[-1]
        if name.lower().endswith(".md"):
            name = name[:-3]
        if heading and not anchor.startswith("#^"):
            return f"{name} > {heading}" if name else heading
        return name

    def relation(match: re.Match[str]) -> str:
        targets.append(unquote(match.group(1)))
        return ""

    def links_read(text: str) -> str:
        read = _NOTE_LINK.sub(note_link, _WIKILINK.sub(link, text))
        return _RELATION_PATH.sub(relation, read) if ".md)" in read else read

    readable = line
    if "[[" in line or "](" in line or ".md)" in line:  # inline code stays as written
        pieces, last = [], 0
        for code in _INLINE_CODE.finditer(line):
            pieces.append(links_read(line[last : code.start()]) + code.group(0))
            last = code.end()
        readable = "".join(pieces) + links_read(line[last:])
    callout = _CALLOUT.match(readable)
    if callout:
        prefix, kind, title = callout.groups()
        readable = prefix + (title.strip() or kind.replace("-", " ").capitalize())
    return readable, tuple(dict.fromkeys(targets))


def _front_matter(lines: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The `aliases` and `tags` of a note's front matter; none when it is not YAML."""
    import yaml  # on first note with front matter: a search never reads notes

    try:
        data = yaml.safe_load("\n".join(lines))
    except yaml.YAMLError:
        return (), ()
    if not isinstance(data, dict):
        return (), ()
    lowered = {str(k).lower(): v for k, v in data.items()}
    aliases = _strings(lowered.get("aliases", lowered.get("alias")), split_spaces=False)
    tags = _strings(lowered.get("tags", lowered.get("tag")), split_spaces=True)
    return aliases, tag_names(tags)


def _strings(value: object, *, split_spaces: bool) -> tuple[str, ...]:
    """A YAML list or a comma separated string (tags: also space separated) as strings."""
    if value is None:
        return ()
    if isinstance(value, list):
        return tuple(str(v).strip() for v in value if v is not None and str(v).strip())
    text = str(value)
    parts = text.split(",") if "," in text or not split_spaces else text.split()
    return tuple(p.strip() for p in parts if p.strip())
