from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from app.core.index.fusion import RetrievalSettings
from app.core.index.indexer import update_index
from app.core.index.retrieve import search
from app.core.index.store import NoteIndex
from app.core.models.embedder import Vectors
from app.errors import Cancelled, EmbedderMismatchError, IndexMissingError
from tests.conftest import write
from tests.fakes import FakeEmbedder

BODY = "This paragraph is long enough to be a chunk on its own, with words to match."


def make_notes(root: Path) -> None:
    write(root, "a.md", f"# Alpha\n\n## Ports\n\nThe server listens on 8443. {BODY}\n")
    write(root, "b.md", f"# Beta\n\n## Garlic\n\nGarlic is planted in October. {BODY}\n")
    shared = f"## Agreements\n\nCode review within one working day. {BODY}\n"
    write(root, "m1.md", f"# Monday\n\n## Decisions\n\nMove the cluster. {BODY}\n\n{shared}")
    write(root, "m2.md", f"# Tuesday\n\n## Decisions\n\nFix the leak. {BODY}\n\n{shared}")


@pytest.fixture
def setup(tmp_path: Path, fake_embedder: FakeEmbedder):
    notes = tmp_path / "notes"
    make_notes(notes)
    index = NoteIndex.open(tmp_path / "index", fake_embedder, create=True)
    yield notes, index, fake_embedder
    index.close()


def test_first_index_then_nothing_to_do(setup) -> None:
    notes, index, embedder = setup
    report = update_index(index, notes)
    assert sorted(report.added) == ["a.md", "b.md", "m1.md", "m2.md"]
    assert report.chunks == 6
    assert report.texts_embedded == 5 and report.duplicate_chunks == 1
    assert index.vectors.count() == 5
    before = embedder.embedded
    again = update_index(index, notes)
    assert again.nothing_to_do and again.texts_embedded == 0
    assert embedder.embedded == before


def test_touch_without_change_embeds_nothing(setup) -> None:
    notes, index, embedder = setup
    update_index(index, notes)
    before = embedder.embedded
    (notes / "a.md").write_text((notes / "a.md").read_text())  # new mtime, same bytes
    report = update_index(index, notes)
    assert report.nothing_to_do and embedder.embedded == before


def test_edit_reembeds_only_changed_chunks(setup) -> None:
    notes, index, embedder = setup
    update_index(index, notes)
    before = embedder.embedded
    text = (notes / "m1.md").read_text().replace("Move the cluster.", "Move the database.")
    (notes / "m1.md").write_text(text)
    report = update_index(index, notes)
    assert report.changed == ["m1.md"]
    assert report.texts_embedded == 1 and report.texts_reused == 1
    assert embedder.embedded - before == 1
    assert index.vectors.count() == 5, "the old version's vector must be gone"


def test_delete_removes_chunks_and_vectors(setup) -> None:
    notes, index, _ = setup
    update_index(index, notes)
    (notes / "b.md").unlink()
    report = update_index(index, notes)
    assert report.removed == ["b.md"]
    assert index.vectors.count() == 4
    assert set(index.manifest.files()) == {"a.md", "m1.md", "m2.md"}


def test_rename_moves_without_reembedding(setup) -> None:
    notes, index, embedder = setup
    update_index(index, notes)
    before = embedder.embedded
    (notes / "a.md").rename(notes / "renamed.md")
    report = update_index(index, notes)
    assert report.added == ["renamed.md"] and report.removed == ["a.md"]
    assert embedder.embedded == before
    assert index.vectors.count() == 5


def test_duplicate_text_is_one_passage_with_every_source(setup) -> None:
    notes, index, _ = setup
    update_index(index, notes)
    result = search(index, "code review agreements", RetrievalSettings(k=5))
    hashes = [p.text_hash for p in result.passages]
    assert len(hashes) == len(set(hashes))
    shared = next(p for p in result.passages if "Code review" in p.text)
    assert [s.file for s in shared.sources] == ["m1.md", "m2.md"]
    # Deleting one copy keeps the text and its vector for the other.
    (notes / "m1.md").unlink()
    update_index(index, notes)
    shared = next(
        p
        for p in search(index, "code review", RetrievalSettings(k=5)).passages
        if "Code review" in p.text
    )
    assert [s.file for s in shared.sources] == ["m2.md"]


LONG = " ".join([BODY] * 4)


def test_a_near_copy_takes_one_slot_but_a_changed_number_does_not(
    tmp_path: Path, fake_embedder
) -> None:
    notes = tmp_path / "notes"
    write(notes, "log.md", f"# Log\n\n## Setup\n\nThe tree holds log.md, this file. {LONG}\n")
    write(notes, "copy.md", f"# Log\n\n## Setup\n\nThe tree holds copy.md, this file. {LONG}\n")
    write(notes, "old.md", f"# Log\n\n## Setup\n\nThe server listens on 8443. {LONG}\n")
    write(notes, "new.md", f"# Log\n\n## Setup\n\nThe server listens on 9443. {LONG}\n")
    index = NoteIndex.open(tmp_path / "index", fake_embedder, create=True)
    update_index(index, notes)
    passages = search(index, "what does the setup hold", RetrievalSettings(k=5)).passages
    index.close()
    files = sorted(tuple(sorted(s.file for s in p.sources)) for p in passages)
    assert files == [("copy.md", "log.md"), ("new.md",), ("old.md",)]


def test_a_duplicated_note_s_title_section_takes_one_slot(tmp_path: Path, fake_embedder) -> None:
    """Notion names a duplicated page "Wildwood Flowers (1)": its opening section is the
    original's but for that number, and takes one slot; a section changed since is its own."""
    notes = tmp_path / "notes"
    card = (
        "# Wildwood Flowers{n}\n\nCategory: Florist. Contact: Bea. {body}\n\n## Notes\n\n{note}\n"
    )
    write(notes, "Wildwood Flowers.md", card.format(n="", body=LONG, note=f"Bea invoices. {LONG}"))
    covering = card.format(n=" (1)", body=LONG, note=f"Jess covers. {LONG}")
    write(notes, "Wildwood Flowers (1).md", covering)
    index = NoteIndex.open(tmp_path / "index", fake_embedder, create=True)
    update_index(index, notes)
    passages = search(index, "wildwood flowers contact", RetrievalSettings(k=5)).passages
    index.close()
    files = sorted(tuple(sorted(s.file for s in p.sources)) for p in passages)
    assert files == [
        ("Wildwood Flowers (1).md",),
        ("Wildwood Flowers (1).md", "Wildwood Flowers.md"),
        ("Wildwood Flowers.md",),
    ]


def test_stray_vectors_are_swept_and_missing_ones_repaired(setup) -> None:
    notes, index, _ = setup
    update_index(index, notes)
    index.vectors.upsert(["stray"], np.ones((1, 64), dtype=np.float32) / 8)
    some = sorted(index.manifest.text_hashes())[0]
    index.vectors.delete([some])
    result = search(index, "anything about garlic", RetrievalSettings(k=5, candidates=30))
    assert all(p.text_hash != "stray" for p in result.passages)
    report = update_index(index, notes)
    assert report.swept_vectors == 1 and report.repaired_vectors == 1
    assert index.vectors.ids() == index.manifest.text_hashes()


def test_cancel_keeps_the_index_consistent(setup) -> None:
    notes, index, _ = setup
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        update_index(index, notes, cancel=cancel)
    report = update_index(index, notes)
    assert len(report.added) == 4
    assert index.vectors.ids() == index.manifest.text_hashes()


def test_embedder_mismatch_is_refused(tmp_path: Path, fake_embedder: FakeEmbedder) -> None:
    NoteIndex.open(tmp_path / "idx", fake_embedder, create=True).close()
    other = FakeEmbedder(dimension=32, name="other-model")
    with pytest.raises(EmbedderMismatchError, match="asknotes index --rebuild"):
        NoteIndex.open(tmp_path / "idx", other, create=False)


def test_missing_index_is_a_clear_error(tmp_path: Path, fake_embedder: FakeEmbedder) -> None:
    with pytest.raises(IndexMissingError, match="asknotes index"):
        NoteIndex.open(tmp_path / "none", fake_embedder, create=False)


def test_binary_note_is_skipped_not_fatal(setup) -> None:
    notes, index, _ = setup
    (notes / "broken.md").write_bytes(b"\x00\x01binary")
    report = update_index(index, notes)
    assert [s.rel_path for s in report.skipped] == ["broken.md"]
    assert len(report.added) == 4


def test_changing_chunk_settings_rechunks_but_reuses_vectors(setup) -> None:
    from app.core.ingest.chunk import ChunkingSettings

    notes, index, embedder = setup
    update_index(index, notes)
    before = embedder.embedded
    report = update_index(index, notes, chunking=ChunkingSettings(min_chars=10))
    assert len(report.changed) == 4
    assert embedder.embedded == before + report.texts_embedded
    assert report.texts_reused > 0


def test_a_first_index_makes_the_newest_notes_searchable_first(
    tmp_path: Path, fake_embedder: FakeEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.core.index import indexer

    monkeypatch.setattr(indexer, "COMMIT_EVERY_NOTES", 2)
    notes = tmp_path / "notes"
    for i in range(6):
        path = write(notes, f"n{i}.md", f"# Note {i}\n\n## Day\n\nWritten on day {i}. {BODY}\n")
        os.utime(path, ns=(1_700_000_000_000_000_000 + i, 1_700_000_000_000_000_000 + i * 10**9))
    index = NoteIndex.open(tmp_path / "index", fake_embedder, create=True)
    cancel = threading.Event()

    def stop_after_two(done: int, _total: int, _label: str) -> None:
        if done >= 3:  # the third note is read once the first two are committed
            cancel.set()

    try:
        with pytest.raises(Cancelled):
            update_index(index, notes, cancel=cancel, progress=stop_after_two)
        assert sorted(index.manifest.files()) == ["n4.md", "n5.md"]  # the first commit
        found = search(index, "written on day 5", RetrievalSettings(k=1)).passages
        assert found[0].primary.file == "n5.md"
    finally:
        index.close()


class SwitchingEmbedder(FakeEmbedder):
    """An embedder with a faster engine it can switch to (as MiniLM exports to ONNX)."""

    def __init__(self) -> None:
        super().__init__()
        self.events: list[str] = []

    def make_fast(self) -> bool:
        self.events.append("make_fast")
        return True

    def embed_batch(self, texts: Sequence[str]) -> Vectors:
        self.events.append("embed")
        return super().embed_batch(texts)


def test_the_faster_engine_is_made_before_the_first_text_is_embedded(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    make_notes(notes)
    embedder = SwitchingEmbedder()
    index = NoteIndex.open(tmp_path / "index", embedder, create=True)
    try:
        update_index(index, notes)
        assert embedder.events[0] == "make_fast"
        assert embedder.events.count("make_fast") == 1 and "embed" in embedder.events
        embedder.events.clear()
        update_index(index, notes)  # nothing to embed: nothing to make
        assert embedder.events == []
    finally:
        index.close()


def test_a_new_tokenizer_retokenizes_each_text_in_its_notes_language(
    tmp_path: Path, fake_embedder: FakeEmbedder
) -> None:
    """After an upgrade that changes the tokens, every stored text gets the tokens a fresh
    index gives it, read in its note's language: a code-heavy section of a Portuguese
    note, read alone, looks English and would lose its Portuguese stems."""
    notes = tmp_path / "notes"
    prose = (
        "As listas guardam elementos em ordem e podem ser alteradas depois de criadas, "
        "ao contrário das tuplas, que ficam sempre como foram escritas na primeira vez."
    )
    write(
        notes,
        "listas.md",
        f"# Python — listas\n\n## Ideia\n\n{prose}\n\n"
        "## Listas\n- Fatiamento: `a[1:4]`, `a[-1]` (último), `a[::-1]` (lista invertida, cópia)\n"
        "- Compreensão: `quadrados = [x**2 for x in range(10) if x % 2 == 0]`\n"
        "- `a.sort()` ordena no lugar e devolve None; `sorted(a)` devolve uma lista nova.\n",
    )

    def tokens(data: Path) -> dict[str, str]:
        index = NoteIndex.open(data, fake_embedder, create=True)
        try:
            update_index(index, notes)
            rows = index.manifest._db.execute("SELECT text_hash, tokens FROM texts")
            return dict(rows.fetchall())
        finally:
            index.close()

    fresh = tokens(tmp_path / "fresh")
    upgraded = tmp_path / "upgraded"
    tokens(upgraded)
    index = NoteIndex.open(upgraded, fake_embedder, create=True)
    index.manifest._db.execute("UPDATE texts SET tokens = 'stale'")
    index.manifest.set_meta("tokenizer", "0")  # as written by an older asknotes
    index.close()
    assert tokens(upgraded) == fresh
    assert any("invert" in t.split() for t in fresh.values())


def test_calibration_probes_follow_the_notes_not_the_index_runs(
    tmp_path: Path, fake_embedder: FakeEmbedder
) -> None:
    """The same folder gets the same probes however often it is indexed, and one new
    note changes at most the probes drawn from its own texts."""
    from app.core.verdict.probes import PROBE_SEED, answerable_probes

    notes = tmp_path / "notes"
    sentence = "The {} pump in bay {} was serviced by the night crew after the alarm went off."
    for i in range(30):
        write(notes, f"n{i:02d}.md", f"# Note {i}\n\n{sentence.format(f'unit{i}', i)}\n")
    index = NoteIndex.open(tmp_path / "index", fake_embedder, create=True)
    try:
        update_index(index, notes)
        first = answerable_probes(index, 10, PROBE_SEED)
        write(notes, "n00.md", f"# Note 0\n\n{sentence.format('unit0', 0)}\n")  # touched only
        index.manifest.set_meta("tokenizer", "0")  # forces a run that rewrites every row
        update_index(index, notes)
        assert answerable_probes(index, 10, PROBE_SEED) == first
        write(notes, "new.md", f"# New\n\n{sentence.format('unitX', 99)}\n")
        update_index(index, notes)
        after = answerable_probes(index, 10, PROBE_SEED)
        assert len(set(after) - set(first)) <= 1
    finally:
        index.close()


def test_a_name_is_found_in_a_note_of_another_language(
    tmp_path: Path, fake_embedder: FakeEmbedder
) -> None:
    """An English question names a place a Portuguese note books: the keyword leg reads
    the name the way the note's stemmer wrote it."""
    notes = tmp_path / "notes"
    english = "The lab meets on Tuesdays and the samples are logged in the shared sheet."
    for n in range(3):
        write(notes, f"lab{n}.md", f"# Lab {n}\n\n## Plan\n\n{english} Week {n}.\n")
    trip = (
        "# Açores\n\n## Voos\n\n- Ida: sábado 14/06, Lisboa 07:05 → Ponta Delgada 08:30, "
        "a mala de porão já está paga e o carro fica no parque do aeroporto.\n"
    )
    write(notes, "viagens/acores.md", trip)
    write(notes, "casa.md", "# Casa\n\n## Renda\n\nA renda é paga no dia oito de cada mês.\n")
    index = NoteIndex.open(tmp_path / "index", fake_embedder, create=True)
    try:
        update_index(index, notes)
        keywords_only = RetrievalSettings(k=3, vector_weight=0.0)
        result = search(index, "What time do we land in Ponta Delgada?", keywords_only)
        assert result.language == "en" and result.other_languages == ("pt",)
        assert result.passages[0].primary.file == "viagens/acores.md"
    finally:
        index.close()
