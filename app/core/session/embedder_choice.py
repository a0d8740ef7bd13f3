"""Which embedding model a folder uses: the English one, or the multilingual one.

all-MiniLM-L6-v2 is fast and good on English; on notes in another language its similarity
lists go flat, and a question cannot find a note written in another language.
multilingual-e5-small reads both, about four times slower. `auto` picks by the folder's
language, once: an index keeps the model it was built with (stored in its manifest), and
a folder with at least one note in `BILINGUAL_SHARE` in another language gets the
multilingual model when this machine can run it.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from pathlib import Path

from app.core.basics.language import DEFAULT_LANGUAGE
from app.core.index.home import MANIFEST_FILE, IndexHome
from app.core.ingest.folder_language import SAMPLE_NOTES
from app.core.ingest.folder_language import sample_languages as sample_note_languages
from app.core.ingest.walk import WalkSettings, walk_notes
from app.core.models.e5_embedder import NAME as MULTILINGUAL_NAME
from app.core.models.e5_embedder import unavailable_reason

CHOICES = ("auto", "minilm", "multilingual")
# A folder this much in other languages is asked across them: a question in one language
# about a note in the other, which only the multilingual model can match. Measured on five
# folders of English notes beside another language's (20 % to 47 % of their notes), the
# multilingual model found the answer passage as often or more often on each
# (bench/results/fit_verdict-mixed-multilingual-2.txt).
BILINGUAL_SHARE = 0.25


def stored_choice(index_dir: Path) -> str | None:
    """The model an existing index was built with, read without opening it for writing."""
    live = IndexHome(index_dir).live()
    manifest = live / MANIFEST_FILE if live is not None else index_dir / MANIFEST_FILE
    if not manifest.is_file():
        return None
    try:
        with sqlite3.connect(f"file:{manifest}?mode=ro", uri=True) as db:
            row = db.execute("SELECT value FROM meta WHERE key = 'embedder_name'").fetchone()
    except sqlite3.Error:
        return None
    if row is None:
        return None
    return "multilingual" if str(row[0]).startswith(MULTILINGUAL_NAME) else "minilm"


def sample_languages(notes: Path, walk: WalkSettings, limit: int = SAMPLE_NOTES) -> Counter[str]:
    """The languages of up to `limit` notes, spread over the folder."""
    found = walk_notes(notes, max_file_bytes=walk.max_file_bytes, exclude=walk.exclude).notes
    return sample_note_languages(found, limit)


def choose_embedder(setting: str, notes: Path, index_dir: Path, walk: WalkSettings) -> str:
    """The model to use: the setting, else the index's own, else the folder's language's."""
    if setting != "auto":
        return setting
    stored = stored_choice(index_dir)
    if stored is not None:
        return stored
    return _by_language(sample_languages(notes, walk))


def _by_language(counts: Counter[str]) -> str:
    other, total = _not_english(counts)
    if total and other / total >= BILINGUAL_SHARE and unavailable_reason() is None:
        return "multilingual"
    return "minilm"


def _not_english(counts: Counter[str]) -> tuple[int, int]:
    """How many of the sampled notes are not in English, and how many were sampled."""
    total = sum(counts.values())
    return total - counts.get(DEFAULT_LANGUAGE, 0), total


def describe_embedder(setting: str, notes: Path, index_dir: Path, walk: WalkSettings) -> str:
    """Which embedding model the folder uses, why, and for MiniLM which engine runs it."""
    stored = stored_choice(index_dir) if setting == "auto" else None
    if setting != "auto":
        choice, why = setting, f"set by `embedder = {setting}`"
    elif stored is not None:
        choice = stored
        why = "the model the index was built with" + _now_by_language(stored, notes, walk)
    else:
        choice = _by_language(sample_languages(notes, walk))
        why = "chosen by the folder's language before its first index"
    if choice == "multilingual":
        return f"{MULTILINGUAL_NAME} ({why})"
    return f"all-MiniLM-L6-v2 or a folder in models_dir ({why})"


def _now_by_language(stored: str, notes: Path, walk: WalkSettings) -> str:
    """What `auto` would pick for the folder today, when not the model its index keeps:
    an index built before the folder (or the rule) changed keeps its model until rebuilt."""
    counts = sample_languages(notes, walk)
    now = _by_language(counts)
    if now == stored:
        return ""
    other, total = _not_english(counts)
    return (
        f"; {other} of {total} notes sampled are not in English, so a first index now would"
        f' use {now}: set `embedder = "{now}"` and run `asknotes index --rebuild` to switch'
    )
