from __future__ import annotations

from pathlib import Path

import pytest

from app.core.index.fusion import RetrievalSettings
from app.core.index.indexer import update_index
from app.core.index.older_copies import current_key, is_older_copy, note_key
from app.core.index.records import ChunkSource
from app.core.index.retrieve import search
from app.core.index.store import NoteIndex
from tests.conftest import write
from tests.fakes import FakeEmbedder


@pytest.mark.parametrize(
    ("path", "current"),
    [
        ("protocols/qpcr-run-old.md", "protocols/qpcr-run.md"),
        ("Familie/Kita Sonnenblume (Kopie).md", "Familie/Kita Sonnenblume.md"),
        ("pages/recipes___Cardamom Buns (old).md", "pages/recipes___Cardamom Buns.md"),
        ("bateau/Check-list avant départ (copie).md", "bateau/Check-list avant depart.md"),
        ("Copy of Budget.md", "Budget.md"),
        ("Budget (copy 2).md", "Budget.md"),
        ("household-bills.backup.md", "household bills.md"),
        ("archive/deploy.md", "deploy.md"),
        ("work/old/deploy.md", "work/deploy.md"),
    ],
)
def test_a_name_that_says_old_copy_points_at_the_current_note(path: str, current: str) -> None:
    assert current_key(path) == note_key(current)


@pytest.mark.parametrize(
    "path",
    ["python/copy-file.md", "bold.md", "golden-oldies.md", "old.md", "backup.md", "notes.md"],
)
def test_other_names_are_ordinary_notes(path: str) -> None:
    assert current_key(path) is None


def source(file: str, *heading: str) -> ChunkSource:
    return ChunkSource(file, heading, 1, 5)


def test_the_same_section_is_matched_whatever_its_numbers() -> None:
    old = source("qpcr-run-old.md", "qPCR run", "Reaction mix (per well, 25 µL total)")
    new = source("qpcr-run.md", "qPCR run", "Reaction mix (per well, 20 µL total)")
    assert is_older_copy(old, new)
    assert not is_older_copy(new, old)
    assert not is_older_copy(old, source("qpcr-run.md", "qPCR run", "Cycling"))
    assert not is_older_copy(old, source("other.md", "qPCR run", "Reaction mix (per well)"))
    # A note without headings is headed by its file name.
    assert is_older_copy(source("Buns (old).md", "Buns (old)"), source("Buns.md", "Buns"))


FILLER = "Keep the plate on ice while you work and label every well before loading. " * 3


def protocol(volume: str, temperature: str) -> str:
    return (
        f"# qPCR run\n\n## Reaction mix (per well, {volume} µL total)\n\n"
        f"Master mix and primers, {volume} µL per well. {FILLER}\n\n"
        f"## Cycling\n\nAnneal at {temperature} °C for 60 s, 45 cycles. {FILLER}\n\n"
        f"## Storage\n\nPlates go to the -20 freezer in M2.14. {FILLER}\n"
    )


@pytest.fixture
def notes_with_an_old_copy(tmp_path: Path, fake_embedder: FakeEmbedder):
    notes = tmp_path / "notes"
    write(notes, "protocols/qpcr-run.md", protocol("20", "60"))
    write(notes, "protocols/qpcr-run-old.md", protocol("25", "58"))
    write(notes, "protocols/winkler.md", f"# Winkler\n\n## Cycling\n\nNo cycling. {FILLER}\n")
    index = NoteIndex.open(tmp_path / "index", fake_embedder, create=True)
    update_index(index, notes)
    yield index
    index.close()


def test_an_older_copys_section_yields_to_the_current_one(notes_with_an_old_copy) -> None:
    passages = search(
        notes_with_an_old_copy, "annealing temperature cycling", RetrievalSettings(k=5)
    ).passages
    files = [p.primary.file for p in passages]
    assert "protocols/qpcr-run-old.md" not in files
    cycling = next(p for p in passages if "Anneal" in p.text)
    assert "60 °C" in cycling.text
    assert [s.file for s in cycling.older_copies] == ["protocols/qpcr-run-old.md"]
    assert cycling.as_dict()["older_copies"][0]["file"] == "protocols/qpcr-run-old.md"
    # The same section of an unrelated note is not set aside.
    assert "protocols/winkler.md" in files


def search_notes(tmp_path: Path, embedder: FakeEmbedder, notes: dict[str, str], question: str):
    """The top 5 passages for `question` over these notes, freshly indexed."""
    for rel, text in notes.items():  # written in this order
        write(tmp_path / "notes", rel, text)
    index = NoteIndex.open(tmp_path / "index", embedder, create=True)
    try:
        update_index(index, tmp_path / "notes")
        return search(index, question, RetrievalSettings(k=5)).passages
    finally:
        index.close()


def test_a_section_only_the_older_copy_has_is_kept(tmp_path: Path, fake_embedder) -> None:
    notes = {
        "deploy.md": f"# Deploy\n\n## Approval\n\nMarta approves. {FILLER}\n",
        "deploy-old.md": f"# Deploy\n\n## Rollback\n\nRun undo.sh twice. {FILLER}\n",
    }
    passages = search_notes(tmp_path, fake_embedder, notes, "how do I roll back")
    assert any(p.primary.file == "deploy-old.md" for p in passages)


def test_a_text_in_both_notes_is_cited_from_the_current_one(tmp_path: Path, fake_embedder) -> None:
    same = f"# Deploy\n\n## Approval\n\nMarta approves every deploy. {FILLER}\n"
    # the copy sorts first: without the rule it would be the primary source
    notes = {"a-deploy-old.md": same, "a-deploy.md": same}
    passages = search_notes(tmp_path, fake_embedder, notes, "who approves deploys")
    approval = next(p for p in passages if "Marta" in p.text)
    assert [s.file for s in approval.sources] == ["a-deploy.md", "a-deploy-old.md"]
