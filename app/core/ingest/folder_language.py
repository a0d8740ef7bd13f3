"""The languages a folder's notes are written in, read from a sample of them before any
is indexed: what chooses the embedder, and the language a note too short to tell is
given on a first index."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from app.core.basics.language import detect_language
from app.core.ingest.walk import NoteFile, NoteSkipped, read_note

SAMPLE_NOTES = 200
_MIN_WORDS = 20  # stubs and title-only notes say nothing


def sample_languages(notes: Sequence[NoteFile], limit: int = SAMPLE_NOTES) -> Counter[str]:
    """The languages of up to `limit` of `notes` of 20 words or more, spread over them;
    notes whose language cannot be told are left out."""
    step = max(1, len(notes) // limit)
    counts: Counter[str] = Counter()
    for note in notes[::step][:limit]:
        try:
            text, _ = read_note(note.path)
        except (OSError, NoteSkipped):
            continue
        # a note whose language cannot be told (a table of figures, a list of names)
        # gives no vote: counted as English, it chose MiniLM for a German folder
        language = detect_language(text, default="") if len(text.split()) >= _MIN_WORDS else ""
        if language:
            counts[language] += 1
    return counts
