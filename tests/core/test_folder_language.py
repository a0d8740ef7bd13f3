"""The language a note too short to tell is given: the folder's, from its first index."""

from __future__ import annotations

from pathlib import Path

from app.config import load_settings
from app.core.index.indexer import update_index
from app.core.index.retrieve import search
from app.core.index.store import NoteIndex
from app.core.ingest.folder_language import sample_languages
from app.core.ingest.walk import walk_notes
from tests.conftest import write
from tests.fakes import FakeEmbedder

GERMAN = (
    "Die Halle öffnet am Montag um zehn Uhr, und die Theke wird von der Schicht "
    "übernommen, die auch den Schlüssel für den Kraftraum und die Kasse hat. {}"
)


def _folder(root: Path) -> Path:
    notes = root / "notes"
    for i in range(5):
        write(notes, f"betrieb/notiz-{i}.md", f"# Notiz {i}\n\n{GERMAN.format(i)}\n")
    write(notes, "Telefon Hausmeister.md", "# Hausmeister\n\n0341 556 2210\n")  # too short
    return notes


def test_a_sample_of_the_notes_tells_the_folders_languages(tmp_path: Path) -> None:
    found = walk_notes(_folder(tmp_path), max_file_bytes=1_000_000).notes
    assert sample_languages(found) == {"de": 5}  # the short note says nothing
    assert sum(sample_languages(found, limit=2).values()) <= 2  # two notes read at most


def test_a_note_too_short_to_tell_takes_the_folders_language_on_a_first_index(
    tmp_path: Path,
) -> None:
    notes = _folder(tmp_path)
    index = NoteIndex.open(tmp_path / "index", FakeEmbedder(), create=True)
    try:
        update_index(index, notes)
        assert index.manifest.path_languages()["Telefon Hausmeister.md"] == "de"
        assert index.languages() == {"de": 6}
    finally:
        index.close()


def test_a_note_whose_language_cannot_be_told_gives_no_vote(tmp_path: Path) -> None:
    # Names and figures: no function word of any language. Counted as English, three of
    # them outvoted two German notes and chose the English embedder for a German folder.
    notes = tmp_path / "notes"
    for i in range(2):
        write(notes, f"betrieb/notiz-{i}.md", f"# Notiz {i}\n\n{GERMAN.format(i)}\n")
    rows = "\n".join(f"| Volk O-0{i} | Carnica | 2024 | {20 + i},5 kg |" for i in range(8))
    for i in range(3):
        write(notes, f"voelker/tabelle-{i}.md", f"# Völker {i}\n\n{rows}\n")
    found = walk_notes(notes, max_file_bytes=1_000_000).notes
    assert sample_languages(found) == {"de": 2}


def test_each_passage_carries_its_note_s_language(tmp_path: Path) -> None:
    """A passage too short to tell its language ("0341 556 2210") is read in its note's,
    which the verdict needs to know whether the question's words could be in it."""
    notes = _folder(tmp_path)
    index = NoteIndex.open(tmp_path / "index", FakeEmbedder(), create=True)
    try:
        update_index(index, notes)
        result = search(index, "Telefon Hausmeister", load_settings({}).retrieval())
        languages = {p.primary.file: p.note_language for p in result.passages}
        assert languages["Telefon Hausmeister.md"] == "de"
        assert set(languages.values()) == {"de"}
    finally:
        index.close()
