from __future__ import annotations

import json
import os
import sqlite3
import time
from datetime import date, datetime
from pathlib import Path

import pytest

from app.core.index.fusion import RetrievalSettings
from app.core.index.indexer import update_index
from app.core.index.manifest import Manifest
from app.core.index.retrieve import search
from app.core.index.scope import Scope, ScopeError, parse_scope
from app.core.index.snapshot import discard_snapshot
from app.core.index.store import NoteIndex
from tests.conftest import write
from tests.fakes import FakeEmbedder

BODY = "This paragraph is long enough to be a chunk on its own, with words to match."


@pytest.mark.parametrize(
    ("question", "text", "scope"),
    [
        ("how hot is the oven?", "how hot is the oven?", Scope()),
        ("in:cooking how hot is the oven?", "how hot is the oven?", Scope(folders=("cooking",))),
        ('in:"My Trips/" where did we stay?', "where did we stay?", Scope(folders=("My Trips",))),
        ("what port? in:homelab/", "what port?", Scope(folders=("homelab",))),
        ("which port #homelab #Media/TV", "which port", Scope(tags=("homelab", "media/tv"))),
        ("file:plex what port", "what port", Scope(files=("plex",))),
        (
            "since:2024-03 before:2025 what changed",
            "what changed",
            Scope(since=date(2024, 3, 1), before=date(2025, 1, 1)),
        ),
        ("what is issue #42 about", "what is issue #42 about", Scope()),
        ("is C# faster", "is C# faster", Scope()),
        ("see http://x.org/#top now", "see http://x.org/#top now", Scope()),
    ],
)
def test_parse_scope(question: str, text: str, scope: Scope) -> None:
    parsed = parse_scope(question)
    assert (parsed.text, parsed.scope) == (text, scope)


@pytest.mark.parametrize(
    ("question", "message"),
    [
        ("since:yesterday what changed", "since:yesterday is not a date"),
        ("before:2024-13-01 what", "before:2024-13-01 is not a date"),
        ("since:2025 before:2024 what", "since:2025-01-01 is not before before:2024-01-01"),
        ("in:cooking", "the question is only a scope (in:cooking)"),
        ("in: what", "names no folder"),
    ],
)
def test_bad_scopes_fail_in_one_line_naming_the_value(question: str, message: str) -> None:
    with pytest.raises(ScopeError, match=message.replace("(", r"\(").replace(")", r"\)")) as err:
        parse_scope(question)
    assert "\n" not in str(err.value)


def test_a_hash_word_no_note_carries_stays_a_word() -> None:
    parsed = parse_scope("what does #include do #dev", known_tags={"dev/c"})
    assert parsed.text == "what does #include do"
    assert parsed.scope == Scope(tags=("dev",))


@pytest.mark.parametrize(
    ("scope", "path", "tags", "admitted"),
    [
        (Scope(folders=("cooking",)), "cooking/oven.md", (), True),
        (Scope(folders=("cooking",)), "areas/Cooking/oven.md", (), True),
        (Scope(folders=("cook",)), "cooking/oven.md", (), False),
        (Scope(folders=("cooking", "home")), "home/boiler.md", (), True),
        (Scope(files=("oven",)), "cooking/Dutch oven.md", (), True),
        (Scope(files=("oven",)), "oven/notes.md", (), False),
        (Scope(files=("cooking/oven.md",)), "cooking/oven.md", (), True),
        (Scope(tags=("media",)), "a.md", ("homelab", "media/tv"), True),
        (Scope(tags=("media",)), "a.md", ("mediaserver",), False),
        (Scope(tags=("media",), folders=("x",)), "a.md", ("media",), False),
    ],
)
def test_scope_admits(scope: Scope, path: str, tags: tuple[str, ...], admitted: bool) -> None:
    assert scope.admits(path, time.time_ns(), tags) is admitted


def _stamp(path: Path, day: str) -> None:
    seconds = datetime.fromisoformat(day).timestamp()
    os.utime(path, (seconds, seconds))


@pytest.fixture
def scoped(tmp_path: Path, fake_embedder: FakeEmbedder):
    notes = tmp_path / "notes"
    oven = "The oven runs at 230 degrees for the focaccia bake."
    write(notes, "cooking/focaccia.md", f"---\ntags: [baking]\n---\n# Focaccia\n\n{oven} {BODY}\n")
    write(notes, "home/oven.md", f"# Oven repair\n\nThe oven door seal was replaced. {BODY}\n")
    write(notes, "home/boiler.md", f"# Boiler\n\nThe boiler pressure is 1.2 bar. #heating {BODY}\n")
    for n in range(30):  # many oven notes elsewhere: a global top n would miss the scope
        write(notes, f"misc/oven{n}.md", f"# Oven {n}\n\nOven oven degrees bake oven {n}. {BODY}\n")
    _stamp(notes / "cooking/focaccia.md", "2023-05-02T12:00:00")
    _stamp(notes / "home/oven.md", "2024-06-01T12:00:00")
    _stamp(notes / "home/boiler.md", "2025-01-10T12:00:00")
    index = NoteIndex.open(tmp_path / "index", fake_embedder, create=True)
    update_index(index, notes)
    yield index
    index.close()


SMALL = RetrievalSettings(k=3, candidates=5)


@pytest.mark.parametrize(
    ("question", "files"),
    [
        ("in:home oven degrees", {"home/oven.md", "home/boiler.md"}),
        ("#baking oven degrees", {"cooking/focaccia.md"}),
        ("#heating oven degrees", {"home/boiler.md"}),
        ("file:focaccia oven", {"cooking/focaccia.md"}),
        ("in:home since:2024-12 oven", {"home/boiler.md"}),
        ("before:2024 oven degrees", {"cooking/focaccia.md"}),
    ],
)
def test_a_scope_narrows_both_legs_before_fusion(scoped: NoteIndex, question: str, files) -> None:
    result = search(scoped, question, SMALL)
    assert {p.primary.file for p in result.passages} == files
    hits = {h.text_hash for h in result.vector_hits} | {h.text_hash for h in result.lexical_hits}
    allowed = {p.text_hash for p in result.passages}
    assert hits <= allowed  # neither leg returned anything outside the scope
    assert result.scope_notes == len(files)
    line = result.scope_line()
    assert line is not None and result.scope.describe() in line


def test_an_empty_scope_retrieves_nothing_and_says_so(scoped: NoteIndex) -> None:
    result = search(scoped, "in:garden oven", SMALL)
    assert result.passages == [] and result.scope_notes == 0
    assert result.scope_line() == "searched only in:garden: 0 notes"


def test_unscoped_search_is_unchanged(scoped: NoteIndex) -> None:
    result = search(scoped, "oven degrees", SMALL)
    assert result.scope.is_empty and result.scope_line() is None
    assert len(result.passages) == 3


def test_old_store_gains_tags_and_links_without_reembedding(
    tmp_path: Path, fake_embedder: FakeEmbedder
) -> None:
    notes = tmp_path / "notes"
    write(notes, "a.md", f"# A\n\nAlpha links nowhere. #alpha {BODY}\n")
    write(notes, "b.md", f"# B\n\nBeta text. {BODY}\n")
    index = NoteIndex.open(tmp_path / "index", fake_embedder, create=True)
    update_index(index, notes)
    path = index.manifest.path
    index.close()
    # The store as an asknotes before tags and links wrote it.
    db = sqlite3.connect(path)
    db.execute("ALTER TABLE files DROP COLUMN tags")
    db.execute("ALTER TABLE chunks DROP COLUMN links")
    old_key = json.dumps({"max_chars": 1000, "min_chars": 80, "overlap_chars": 150})
    db.execute("UPDATE meta SET value = ? WHERE key = 'chunking'", (old_key,))
    db.commit()
    db.close()
    Manifest(path).close()  # the columns are added on open
    index = NoteIndex.open(tmp_path / "index", fake_embedder, create=False)
    try:
        assert index.manifest.files()["a.md"].tags == ()
        before = fake_embedder.embedded
        report = update_index(index, notes)
        assert report.texts_embedded == 0 and fake_embedder.embedded == before
        assert index.manifest.files()["a.md"].tags == ("alpha",)
        assert [p.primary.file for p in search(index, "#alpha text", SMALL).passages] == ["a.md"]
    finally:
        index.close()


def test_a_scope_over_a_text_whose_vector_is_missing_still_searches(scoped: NoteIndex) -> None:
    """A crash can leave a manifest text without its vector until the next repair."""
    files = search(scoped, "in:home oven door seal", SMALL).passages
    missing = next(p.text_hash for p in files if p.primary.file == "home/oven.md")
    scoped.vectors.delete([missing])
    discard_snapshot(scoped.directory)  # as a crash before the run's end: Chroma answers
    result = search(scoped, "in:home oven door seal", SMALL)
    assert {h.text_hash for h in result.vector_hits} == {
        p.text_hash for p in files if p.text_hash != missing
    }
    assert missing in {p.text_hash for p in result.passages}  # BM25 still finds it
