"""A note's lead: the opening lines that say what the whole note is about.

A section of a long note often never names its subject: the entry "Cutover date agreed:
Tuesday 19 May" of a project log says nothing of the project, which its opening line
("Moving the nightly pipelines off Airflow onto Dagster") names. The answer checks read a
passage with its note's lead, as they read it with its heading path and file name.

Only the lead's sentences that name a subject count. A sentence naming many things ("Team:
Kasia Nowak, Ravi Menon; Owen Achebe is the sponsor", "Services I run: Plex, Jellyfin,
Pi-hole and Home Assistant") is a roster: a section of that note is about one of them at
most, and the roster must not vouch for whichever one a question names.
"""

from __future__ import annotations

import re

from app.core.basics.given_names import SURNAME_PARTICLES
from app.core.basics.markdown_lines import FENCE_LINE, HEADING_LINE
from app.core.basics.sentences import sentences
from app.core.ingest.obsidian import front_matter_end

LEAD_CHARS = 300
MAX_NAMES = 3  # capitalised words past a sentence's first: more make a roster

_SETEXT = re.compile(r"\s{0,3}(=+|-+)\s*$")
_TAGS = re.compile(r"(\s*#[^\s#]+)+\s*$")  # an Obsidian tag line: "#project #work"
_NAME = re.compile(r"(?<![\w'’])[^\W\d_][\w'’-]*")


def note_lead(first_chunk: str) -> str:
    """The sentences naming the note's subject in its opening lines ("" when the note
    opens straight into a section, or its opening lines are a roster)."""
    return lead_of(opening_lines(first_chunk))


def lead_of(opening: str) -> str:
    """`note_lead` of opening lines already cut by `opening_lines`."""
    return " ".join(s for s in sentences(opening) if _names(s) <= MAX_NAMES)


def opening_lines(first_chunk: str) -> str:
    """The lines of a note's first chunk before its first section, heading, code block or
    underlined title, cut to about `LEAD_CHARS` on a word boundary."""
    lines = first_chunk.split("\n")
    if lines and lines[0].strip() == "---":
        # front matter's properties: facts of their own, not what the note says it is about
        lines = lines[front_matter_end(lines) :]
    if lines and lines[0].startswith("# "):
        lines = lines[1:]  # the title, which the heading path already holds
    elif len(lines) > 1 and re.fullmatch(r"\s{0,3}=+\s*", lines[1]):
        lines = lines[2:]  # the title, underlined
    kept: list[str] = []
    for line in lines:
        if HEADING_LINE.match(line) or FENCE_LINE.match(line):
            break
        if kept and _SETEXT.match(line):
            kept.pop()  # the line above was a section title, underlined
            break
        if line.strip() and not _TAGS.fullmatch(line):
            kept.append(line.strip())
    text = " ".join(kept)
    if len(text) <= LEAD_CHARS:
        return text
    cut = text.rfind(" ", 0, LEAD_CHARS)
    return text[: cut if cut > 0 else LEAD_CHARS]


# A surname's particle ("Alain Le Bihan", "Van Dijk") is part of one name, not a name of
# its own, nor are the joining words of names a roster may hold ("Mac", "St", "della"); a
# lone capital ("3 E 231/12", "I") names no one.
_PARTICLES = SURNAME_PARTICLES | {"les", "del", "della", "mac", "mc", "st"}


def _names(sentence: str) -> int:
    words = _NAME.findall(sentence)[1:]
    return sum(
        1
        for at, word in enumerate(words)
        if word[0].isupper()
        and len(word) > 1
        and not (word.lower() in _PARTICLES and at + 1 < len(words) and words[at + 1][0].isupper())
    )
