"""The vector snapshot: the same hits as Chroma, used only while it matches the manifest,
and never a reason to lose or misreport a vector."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from app.core.index import snapshot as snapshot_module
from app.core.index.fusion import RetrievalSettings
from app.core.index.indexer import update_index
from app.core.index.retrieve import search
from app.core.index.snapshot import SNAPSHOT_FILE, load_snapshot
from app.core.index.store import NoteIndex
from app.core.index.vectors import LazyVectorStore
from tests.conftest import write
from tests.fakes import FakeEmbedder

WORDS = "oven door seal garlic october port server review cluster leak boiler fuse".split()


def make_notes(root: Path, count: int = 24) -> None:
    for i in range(count):
        a, b, c = WORDS[i % 12], WORDS[(i * 5 + 1) % 12], WORDS[(i * 7 + 3) % 12]
        write(
            root,
            f"{'home' if i % 2 else 'work'}/n{i}.md",
            f"# Note {i}\n\n## {a.title()}\n\nThe {a} and the {b} were checked on day {i}. "
            f"Nothing else about the {c} was written here, only this line {i}.\n",
        )


@pytest.fixture
def indexed(tmp_path: Path, fake_embedder: FakeEmbedder):
    notes = tmp_path / "notes"
    make_notes(notes)
    index = NoteIndex.open(tmp_path / "index", fake_embedder, create=True)
    update_index(index, notes)
    yield notes, index
    index.close()


def reopened(index: NoteIndex) -> NoteIndex:
    assert index.home is not None
    return NoteIndex.open(index.home.root, index.embedder, create=False)


def test_a_run_leaves_a_snapshot_matching_the_manifest(indexed) -> None:
    _, index = indexed
    snapshot = index.vector_snapshot()
    assert snapshot is not None and snapshot.version == index.manifest.index_version
    assert set(snapshot.ids) == index.manifest.text_hashes()
    stored = index.vectors.vectors_of(snapshot.ids)
    for i, h in enumerate(snapshot.ids):
        assert np.array_equal(snapshot.matrix[i], stored[h])


@pytest.mark.parametrize("n", [1, 3, 10, 100])
@pytest.mark.parametrize("query", ["oven door", "garlic in october", "the leak of the boiler"])
def test_the_snapshot_finds_what_chroma_finds_with_the_same_numbers(
    indexed, query: str, n: int
) -> None:
    _, index = indexed
    vector = index.embedder.embed_queries([query])[0]
    snapshot = index.vector_snapshot()
    assert snapshot is not None
    home = {h for h in index.manifest.texts_of({p for p in index.manifest.files() if "home/" in p})}
    for only in (None, home, set(list(home)[:2])):
        mine, chroma = snapshot.nearest(vector, n, only), index.vectors.nearest(vector, n, only)
        assert [h.similarity for h in mine] == [h.similarity for h in chroma]
        # Texts tied at the cut may be any of the tied ones in Chroma; above it, the same.
        cut = chroma[-1].similarity
        assert [h for h in mine if h.similarity > cut] == [h for h in chroma if h.similarity > cut]


def test_a_question_from_a_fresh_process_never_opens_chroma(indexed) -> None:
    _, index = indexed
    reader = reopened(index)
    try:
        assert isinstance(reader.vectors, LazyVectorStore)
        result = search(reader, "oven door seal", RetrievalSettings(k=3))
        assert result.vector_hits and not reader.vectors.is_open
        assert [h.text_hash for h in result.vector_hits] == [
            h.text_hash for h in search(index, "oven door seal", RetrievalSettings(k=3)).vector_hits
        ]
    finally:
        reader.close()


def test_a_manifest_ahead_of_the_snapshot_is_answered_by_chroma(
    indexed, monkeypatch: pytest.MonkeyPatch
) -> None:
    notes, index = indexed
    reader = reopened(index)
    try:
        assert reader.vector_snapshot() is not None
        # A writer committed a new note, and has not written the snapshot yet.
        write(notes, "home/new.md", "# New\n\n## Kettle\n\nThe kettle descaler is citric acid.\n")
        monkeypatch.setattr(index, "save_snapshot", lambda: False)
        update_index(index, notes)
        reader.refresh()
        assert reader.vector_snapshot() is None
        top = search(reader, "kettle descaler citric acid", RetrievalSettings(k=1))
        assert top.passages[0].primary.file == "home/new.md"
        assert isinstance(reader.vectors, LazyVectorStore) and reader.vectors.is_open
    finally:
        reader.close()


def test_an_edit_reads_only_its_own_texts_from_the_store(
    indexed, monkeypatch: pytest.MonkeyPatch
) -> None:
    notes, index = indexed
    before = index.manifest.text_hashes()
    fetched: list[str] = []
    fetch = index.vectors.vectors_of

    def counted(ids: Sequence[str]) -> dict[str, npt.NDArray[np.float32]]:
        fetched.extend(ids)
        return fetch(ids)

    monkeypatch.setattr(index.vectors, "vectors_of", counted)
    write(notes, "work/n0.md", "# Note 0\n\n## Oven\n\nThe oven door seal was replaced today.\n")
    update_index(index, notes)
    after = index.manifest.text_hashes()
    assert set(fetched) == after - before and fetched
    snapshot = index.vector_snapshot()
    assert snapshot is not None and set(snapshot.ids) == after


def test_a_damaged_snapshot_is_ignored_and_replaced(indexed) -> None:
    notes, index = indexed
    path = index.directory / SNAPSHOT_FILE
    path.write_bytes(path.read_bytes()[:300])
    reader = reopened(index)
    try:
        assert reader.vector_snapshot() is None
        assert search(reader, "oven door", RetrievalSettings(k=3)).vector_hits
    finally:
        reader.close()
    write(notes, "home/more.md", "# More\n\n## Fuse\n\nThe fuse box is behind the coats.\n")
    update_index(index, notes)
    assert load_snapshot(index.directory) is not None and index.vector_snapshot() is not None


def test_a_store_missing_a_vector_leaves_no_snapshot(
    indexed, monkeypatch: pytest.MonkeyPatch
) -> None:
    notes, index = indexed
    write(notes, "home/lost.md", "# Lost\n\n## Boiler\n\nThe boiler pressure should be 1.5 bar.\n")
    original = index.vectors.vectors_of
    monkeypatch.setattr(
        index.vectors, "vectors_of", lambda ids: dict(list(original(ids).items())[1:])
    )
    update_index(index, notes)
    assert not (index.directory / SNAPSHOT_FILE).exists()
    assert index.vector_snapshot() is None


def test_a_folder_past_the_limit_is_searched_in_chroma(
    indexed, monkeypatch: pytest.MonkeyPatch
) -> None:
    notes, index = indexed
    monkeypatch.setattr(snapshot_module, "MAX_TEXTS", 5)
    write(notes, "home/big.md", "# Big\n\n## Cluster\n\nThe cluster moved to rack four.\n")
    update_index(index, notes)
    assert not (index.directory / SNAPSHOT_FILE).exists()
    top = search(index, "cluster moved to rack four", RetrievalSettings(k=1))
    assert top.passages[0].primary.file == "home/big.md"


def test_another_embedder_never_uses_the_snapshot(indexed, tmp_path: Path) -> None:
    _, index = indexed
    snapshot = load_snapshot(index.directory)
    assert snapshot is not None
    index.embedder = FakeEmbedder(dimension=snapshot.dimension + 8)
    assert index.vector_snapshot() is None


def test_a_snapshot_that_cannot_be_written_costs_speed_not_the_run(
    indexed, monkeypatch: pytest.MonkeyPatch
) -> None:
    notes, index = indexed

    def disk_full(path: Path, parts: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(snapshot_module, "atomic_write_parts", disk_full)
    write(notes, "home/late.md", "# Late\n\n## Gutter\n\nThe gutter was cleared in the rain.\n")
    report = update_index(index, notes)
    assert report.added == ["home/late.md"]
    assert not (index.directory / SNAPSHOT_FILE).exists() and index.vector_snapshot() is None
    top = search(index, "gutter cleared in the rain", RetrievalSettings(k=1))
    assert top.passages[0].primary.file == "home/late.md"
