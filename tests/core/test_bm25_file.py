"""A new process starts from the BM25 index another one saved beside the manifest, and
catches up with the texts that changed since; what it finds equals a fresh build."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.index.indexer import update_index
from app.core.index.lexical import Bm25Index
from app.core.index.store import BM25_FILE, NoteIndex
from tests.conftest import write
from tests.fakes import FakeEmbedder


def hits(index: NoteIndex, question: str) -> list[tuple[str, float]]:
    return [(h.text_hash, h.score.value) for h in index.bm25().search(question, 10)]


def test_a_new_process_starts_from_the_saved_index(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    for i in range(30):
        write(notes, f"n{i:02d}.md", f"# Note {i}\n\nThe ledger entry {i} about keys{i}.\n")
    writer = NoteIndex.open(tmp_path / "index", FakeEmbedder(), create=True)
    update_index(writer, notes)
    writer.bm25()
    saved = writer.directory / BM25_FILE
    assert saved.exists()

    write(notes, "n03.md", "# Note 3\n\nThe ledger entry now mentions wombats.\n")
    update_index(writer, notes)
    expected = Bm25Index(writer.manifest.lexical_corpus())
    reader = NoteIndex.open(tmp_path / "index", FakeEmbedder(), create=False)
    try:
        for question in ("ledger wombats", "keys7 ledger", "entry"):
            fresh = [(h.text_hash, h.score.value) for h in expected.search(question, 10)]
            assert hits(reader, question) == fresh == hits(writer, question)
        saved.write_bytes(b"damaged")  # a damaged file only costs a rebuild
        again = NoteIndex.open(tmp_path / "index", FakeEmbedder(), create=False)
        assert hits(again, "ledger wombats") == hits(writer, "ledger wombats")
        again.close()
    finally:
        reader.close()
        writer.close()


def test_the_corpus_is_read_a_page_at_a_time_in_hash_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import app.core.index.manifest as manifest_module

    notes = tmp_path / "notes"
    for i in range(11):
        write(notes, f"n{i:02d}.md", f"# Note {i}\n\nThe ledger entry {i} about keys{i}.\n")
    index = NoteIndex.open(tmp_path / "index", FakeEmbedder(), create=True)
    try:
        update_index(index, notes)
        whole = list(index.manifest.lexical_corpus())
        monkeypatch.setattr(manifest_module, "LEXICAL_PAGE", 3)
        paged = list(index.manifest.lexical_corpus())
        assert paged == whole
        assert [h for h, _ in paged] == sorted(index.manifest.lexical_hashes())
        some = sorted(index.manifest.lexical_hashes())[2:7]
        assert [h for h, _ in index.manifest.lexical_corpus(reversed(some))] == some
        paged_index = Bm25Index(index.manifest.lexical_corpus())
        assert paged_index.search("ledger keys4", 5) == Bm25Index(whole).search("ledger keys4", 5)
    finally:
        index.close()
