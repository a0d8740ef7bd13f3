"""English questions about Spanish notes, with the real models: the question moved to the
other language's notes joins the vector leg (see `language_space`), and its rank there
stands in for the keyword vote BM25 cannot give a note in another language.

tests/fixtures/bilingual holds 22 English household notes and 22 Spanish farm notes: a
folder whose languages also split its topics, the case where moving a question the whole
way between the two languages' means lands among the other language's topics.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.basics.language import detect_language
from app.core.index.fusion import RetrievalSettings
from app.core.index.indexer import update_index
from app.core.index.retrieve import search
from app.core.index.store import NoteIndex
from app.core.models.e5_embedder import E5Embedder, unavailable_reason
from app.core.models.embedder import Embedder
from app.core.session.serialize import explanation_dict
from app.core.verdict.gates import GateSettings
from app.core.verdict.why import explain

pytestmark = [
    pytest.mark.real_model,
    pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason())),
]

BILINGUAL = Path(__file__).parent.parent / "fixtures" / "bilingual"

# English questions, each answered by one Spanish note only.
ACROSS = [
    ("When are the tomato seeds sown?", "semillas"),
    ("When do the volunteers come?", "voluntarios"),
    ("How often is the compost turned?", "compost"),
    ("When is the annual membership fee paid?", "socios"),
    ("Where is the water meter?", "agua"),
    ("When are the potatoes harvested?", "patatas"),
    ("Which potato variety do we grow?", "patatas"),
    ("When is the open day?", "jornadas"),
    ("How are the onions stored?", "cebollas"),
    ("What covers the lettuces when there is frost?", "heladas"),
    ("When are the boxes handed out?", "cestas"),
    ("How many members does the cooperative have?", "socios"),
    ("When is the well pump checked?", "riego"),
    ("Where are the keys of the tractor?", "tractor"),
    ("When does the drip irrigation open?", "riego"),
    ("How often does the tractor need new oil?", "tractor"),
    ("Where is our market stall?", "mercado"),
    ("When is the hens' house cleaned?", "gallinas"),
    ("How are the electricity bills paid?", "facturas"),
    ("When are the hoes sharpened?", "herramientas"),
]

# English questions about the English notes, in other words than theirs.
SAME = [
    ("Who serviced the boiler?", "boiler"),
    ("When does the broadband contract end?", "broadband"),
    ("How much is the insurance excess?", "car-insurance"),
    ("Where is the dentist?", "dentist"),
    ("Where is the lawnmower kept?", "garden-shed"),
    ("When is the pool closed?", "gym"),
    ("Who has a spare key?", "neighbours"),
    ("Which box does glass go in?", "recycling"),
    ("What time is school pickup?", "school"),
    ("How is the window cleaner paid?", "window-cleaner"),
]


def _indexed(embedder: Embedder, notes: Path, where: Path) -> NoteIndex:
    index = NoteIndex.open(where, embedder, create=True)
    update_index(index, notes)
    return index


@pytest.fixture(scope="module")
def e5() -> E5Embedder:
    return E5Embedder()


@pytest.fixture(scope="module")
def notes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    copy = tmp_path_factory.mktemp("bilingual") / "notes"
    shutil.copytree(BILINGUAL, copy)
    return copy


@pytest.fixture(scope="module")
def folder(
    tmp_path_factory: pytest.TempPathFactory, e5: E5Embedder, notes: Path
) -> Iterator[NoteIndex]:
    index = _indexed(e5, notes, tmp_path_factory.mktemp("index"))
    yield index
    index.close()


def _rank(index: NoteIndex, question: str, note: str, shift: float | None) -> int | None:
    result = search(index, question, RetrievalSettings(k=5, language_shift=shift))
    files = [Path(p.primary.file).stem for p in result.passages]
    return files.index(note) + 1 if note in files else None


def test_the_multilingual_model_places_both_languages_together(folder: NoteIndex) -> None:
    assert folder.languages() == {"en": 22, "es": 22}
    space = folder.language_space()
    assert space is not None and set(space.means) == {"en", "es"}


def test_the_english_model_puts_them_apart_and_nothing_moves(
    real_embedder: Embedder, notes: Path, tmp_path: Path
) -> None:
    index = _indexed(real_embedder, notes, tmp_path / "index")
    try:
        assert index.languages() == {"en": 22, "es": 22}
        assert index.language_space() is None
        result = search(index, "When is the well pump checked?", RetrievalSettings())
        assert result.moved_hits == []
    finally:
        index.close()


def test_a_spanish_answer_is_found_by_the_moved_question_and_says_so(folder: NoteIndex) -> None:
    question = "Where are the keys of the tractor?"
    result = search(folder, question, RetrievalSettings())
    tractor = next(p for p in result.passages if p.primary.file == "huerta/tractor.md")
    assert tractor.moved_rank == 1 and tractor.as_dict()["moved_rank"] == 1
    off = search(
        folder, "Where are the keys of the tractor?", RetrievalSettings(language_shift=None)
    )
    assert off.moved_hits == [] and all(p.moved_rank is None for p in off.passages)


def test_no_answer_ranks_lower_for_the_move_in_a_folder_whose_languages_split_topics(
    folder: NoteIndex,
) -> None:
    outside = 6  # a rank past the top 5
    moved = {q: _rank(folder, q, note, 0.0) or outside for q, note in ACROSS}
    as_asked = {q: _rank(folder, q, note, None) or outside for q, note in ACROSS}
    lower = {q: (as_asked[q], moved[q]) for q in moved if moved[q] > as_asked[q]}
    assert lower == {}
    assert sum(r < outside for r in moved.values()) >= 18
    # the vector leg's rank standing in for the keyword vote a Spanish note cannot get
    assert sum(r == 1 for r in moved.values()) >= 17 > sum(r == 1 for r in as_asked.values())


def test_questions_about_notes_in_their_own_language_keep_their_first_place(
    folder: NoteIndex,
) -> None:
    for question, note in SAME:
        assert _rank(folder, question, note, None) == 1, question
        assert _rank(folder, question, note, 0.0) == 1, question


def test_the_means_follow_the_index(folder: NoteIndex, notes: Path) -> None:
    before = folder.language_space()
    assert before is not None
    extra = notes / "huerta" / "lluvia.md"
    extra.write_text("# Lluvia\n\nEl pluviómetro se vacía cada domingo por la mañana.\n")
    try:
        update_index(folder, notes)
        after = folder.language_space()
        assert after is not None and len(after.texts["es"]) == len(before.texts["es"]) + 1
    finally:
        extra.unlink()
        update_index(folder, notes)


def test_each_spanish_passage_has_an_english_stand_in_for_the_verdict(folder: NoteIndex) -> None:
    result = search(folder, "When does the drip irrigation open?", RetrievalSettings())
    spanish = [p for p in result.passages if p.primary.file.startswith("huerta/")]
    assert spanish and len(result.stand_ins) == len(spanish)
    shown = {p.text for p in result.passages}
    assert all(detect_language(t) == "en" and t not in shown for t in result.stand_ins)
    as_asked = RetrievalSettings(language_shift=None)
    assert search(folder, "When does the drip irrigation open?", as_asked).stand_ins == ()


def test_why_says_where_the_question_s_words_were_looked_for(folder: NoteIndex) -> None:
    explanation = explain(
        folder, "When does the drip irrigation open?", RetrievalSettings(), GateSettings()
    )
    n = len(explanation.result.stand_ins)
    assert any(
        "(English) are in the top 5" in step and f"the {n} best passages in English" in step
        for step in explanation.next_steps
    )
    read = explanation_dict(explanation)["signals"]["words_also_read_in"]
    assert read == list(explanation.result.stand_ins) and len(read) == n > 0


@pytest.mark.parametrize(
    ("question", "language"),
    [("llaves tractor caseta", "es"), ("riego goteo horario", "es"), ("boiler pressure", "en")],
)
def test_a_question_too_terse_to_tell_takes_the_language_its_vector_is_nearest(
    folder: NoteIndex, question: str, language: str
) -> None:
    assert detect_language(question, default="") == ""
    assert search(folder, question, RetrievalSettings()).language == language
