"""A note's lead: the opening lines that say what the whole note is about.

A section of a long note often never names its subject: the entry "Cutover date agreed:
Tuesday 19 May" of a project log says nothing of the project, which its opening line
("Moving the nightly pipelines off Airflow onto Dagster") names. The answer checks read a
passage with its note's lead, as they read it with its heading path and file name.
"""

from __future__ import annotations

LEAD_CHARS = 300


def lead_paragraph(first_chunk: str) -> str:
    """The lines of a note's first chunk before its first section, cut to about
    `LEAD_CHARS` on a word boundary: "" when the note opens straight into a section."""
    lines = first_chunk.split("\n")
    if lines and lines[0].startswith("# "):
        lines = lines[1:]  # the title, which the heading path already holds
    kept: list[str] = []
    for line in lines:
        if line.lstrip().startswith("#"):
            break
        if line.strip():
            kept.append(line.strip())
    text = " ".join(kept)
    if len(text) <= LEAD_CHARS:
        return text
    cut = text.rfind(" ", 0, LEAD_CHARS)
    return text[: cut if cut > 0 else LEAD_CHARS]
