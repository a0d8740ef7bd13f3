"""A word only in a note's folder or file name is a word the notes hold: the verdict never
tells the user "no note contains cuidadora" about `papa/cuidadora.md`."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from app.core.index.fusion import RetrievalSettings
from app.core.index.indexer import update_index
from app.core.index.retrieve import search
from app.core.index.store import NoteIndex
from app.core.index.vocabulary import PathWords, path_month, path_words
from app.core.verdict.signals import compute_signals
from tests.conftest import write
from tests.fakes import FakeEmbedder


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("papa/cuidadora.md", "papa cuidadora"),
        ("negocio/empleados/horarios.md", "negocio empleados horarios"),
        ("top.md", "top"),
        ("Daily Notes/2024-03-01.md", "Daily Notes 2024-03-01"),
        ("v1.2 release.markdown", "v1.2 release"),
        (".hidden", ".hidden"),
    ],
)
def test_path_words(path: str, words: str) -> None:
    assert path_words(path) == words


def test_path_words_count_notes_not_mentions() -> None:
    paths = PathWords(
        [("papa/cuidadora.md", "es"), ("papa/medicinas.md", "es"), ("casa/gas.md", "es")]
    )
    assert paths.count("pap") == 2  # the Spanish stem of "papa", once per note
    assert paths.count("cuidador") == 1
    assert paths.count("md") == 0  # the extension is no word of the notes


@pytest.fixture
def index(tmp_path: Path) -> Iterator[NoteIndex]:
    notes = tmp_path / "notes"
    write(
        notes,
        "papa/cuidadora.md",
        "# Sra. Esperanza (cuida a papá)\n\nviene mar, jue y sáb de 9:00 a 15:00\n"
        "cobra $450 x día, se le paga el sábado\n",
    )
    write(notes, "casa/gas.md", "# Gas\n\nel recibo de abril llegó en $2,688\n")
    write(notes, "casa/agua.md", "# Agua\n\nel recibo del agua llega cada dos meses\n")
    write(notes, "coche/servicio.md", "# Servicio\n\ncambio de aceite a los 45,000 km\n")
    index = NoteIndex.open(tmp_path / "index", FakeEmbedder(), create=True)
    update_index(index, notes)
    yield index
    index.close()


def test_a_word_only_in_a_file_name_is_known_and_held_by_its_passages(index: NoteIndex) -> None:
    question = "que dias viene la cuidadora de papa?"
    assert "cuidador" not in index.bm25()  # no text says it; the path does
    vocabulary = index.vocabulary()
    assert "cuidador" in vocabulary and vocabulary.doc_freq("cuidador") == 1
    result = search(index, question, RetrievalSettings(k=2))
    signals = compute_signals(result, vocabulary)
    term = next(t for t in signals.terms if t.word == "cuidadora")
    assert term.known and term.in_passages
    assert "cuidadora" not in signals.unknown_words


def test_a_word_in_no_text_and_no_path_is_still_unknown(index: NoteIndex) -> None:
    result = search(index, "que dias viene la enfermera?", RetrievalSettings(k=2))
    signals = compute_signals(result, index.vocabulary())
    assert "enfermera" in signals.unknown_words


def test_the_path_words_follow_the_folder(index: NoteIndex, tmp_path: Path) -> None:
    assert "enfermer" not in index.vocabulary()
    write(tmp_path / "notes", "papa/enfermera.md", "# Lupita\n\nviene los lunes\n")
    update_index(index, tmp_path / "notes")
    assert "enfermer" in index.vocabulary()
    (tmp_path / "notes" / "papa" / "enfermera.md").unlink()
    update_index(index, tmp_path / "notes")
    assert "enfermer" not in index.vocabulary()


def test_a_renamed_note_loses_its_old_path_words(index: NoteIndex, tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    (notes / "papa" / "cuidadora.md").rename(notes / "papa" / "esperanza.md")
    update_index(index, notes)
    vocabulary = index.vocabulary()
    assert "cuidador" not in vocabulary and "esper" in vocabulary


def _lexical_files(index: NoteIndex, question: str) -> list[str]:
    result = search(index, question, RetrievalSettings(k=3, vector_weight=0.0))
    return [p.primary.file for p in result.passages]


def test_a_word_only_in_a_file_name_finds_its_note(index: NoteIndex) -> None:
    assert _lexical_files(index, "cuidadora") == ["papa/cuidadora.md"]
    # The path word adds to the text's own words: "gas" and "abril" beat "abril" alone.
    assert _lexical_files(index, "recibo gas abril")[0] == "casa/gas.md"
    vocabulary = index.vocabulary()
    best = search(index, "cuidadora", RetrievalSettings(k=1, vector_weight=0.0))
    assert best.lexical_hits[0].score.value <= vocabulary.max_score(["cuidador"])


def test_a_renamed_note_is_no_longer_found_by_its_old_name(
    index: NoteIndex, tmp_path: Path
) -> None:
    notes = tmp_path / "notes"
    (notes / "papa" / "cuidadora.md").rename(notes / "papa" / "esperanza.md")
    update_index(index, notes)
    assert _lexical_files(index, "cuidadora") == []
    assert _lexical_files(index, "esperanza") == ["papa/esperanza.md"]


def test_a_text_two_notes_share_is_found_by_either_path(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    write(notes, "boiler.md", "# Service\n\nannual check done, pressure 1.5 bar\n")
    write(notes, "car.md", "# Service\n\nannual check done, pressure 1.5 bar\n")
    for name in ("hedge", "gutter", "shed", "fence"):
        write(notes, f"garden/{name}.md", f"# {name.title()}\n\nlooked at in May\n")
    index = NoteIndex.open(tmp_path / "index", FakeEmbedder(), create=True)
    try:
        update_index(index, notes)
        for word in ("boiler", "car"):
            result = search(index, word, RetrievalSettings(k=3, vector_weight=0.0))
            assert result.passages and word + ".md" in {s.file for s in result.passages[0].sources}
    finally:
        index.close()


def test_an_edited_note_is_still_found_by_its_file_name(index: NoteIndex, tmp_path: Path) -> None:
    assert _lexical_files(index, "cuidadora") == ["papa/cuidadora.md"]
    write(
        tmp_path / "notes",
        "papa/cuidadora.md",
        "# Sra. Esperanza (cuida a papá)\n\nviene mar, jue y sáb de 9:00 a 16:00\n"
        "cobra $500 x día, se le paga el sábado\n",
    )
    update_index(index, tmp_path / "notes")  # new texts, same path
    assert _lexical_files(index, "cuidadora") == ["papa/cuidadora.md"]


def test_a_path_is_read_in_the_folder_s_language_too(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    for name, text in {
        "casa/gas.md": "el recibo de abril llegó en $2,688 y lo pagamos en el banco",
        "casa/agua.md": "el recibo del agua llega cada dos meses y no se paga en efectivo",
        "coche/servicio.md": "el cambio de aceite es a los 45,000 km y lo hace el taller",
    }.items():
        write(notes, name, text + "\n")
    # A note filed in Spanish whose text is English: its path is stemmed both ways.
    write(notes, "papa/cuidadora.md", "She comes on Tuesdays and Thursdays from nine to three.\n")
    index = NoteIndex.open(tmp_path / "index", FakeEmbedder(), create=True)
    try:
        update_index(index, notes)
        assert index.main_language() == "es"
        assert _lexical_files(index, "¿qué días viene la cuidadora de papá?")[0] == (
            "papa/cuidadora.md"
        )
    finally:
        index.close()


@pytest.mark.parametrize(
    ("path", "language", "month"),
    [
        ("journal/2025-01-14.md", "en", "january"),
        ("Tagebuch/2025-03-02.md", "de", "marz"),
        ("daily/20240705.md", "en", "july"),
        ("log/2025/11.md", "pt", "novembro"),
        ("notes/v2025-13.md", "en", ""),  # no month 13
        ("house/boiler.md", "en", ""),
        ("2019.md", "en", ""),  # a year alone dates no month
    ],
)
def test_a_path_s_date_gives_its_month(path: str, language: str, month: str) -> None:
    assert path_month(path, language) == month


def test_a_month_is_known_by_the_daily_notes_it_names(tmp_path: Path) -> None:
    """No daily note writes "January": its file name is its date. A question about "the
    January windstorm" must not be told no note contains January, and finds that day."""
    notes = tmp_path / "notes"
    write(notes, "journal/2025-01-14.md", "## Log\n\nWindstorm overnight, power out 9 hours.\n")
    write(notes, "journal/2025-03-02.md", "## Log\n\nWindstorm again, no outage this time.\n")
    for name in ("car", "garden", "swim"):  # BM25 scores nothing over two texts alone
        write(notes, f"{name}.md", f"# {name.title()}\n\nNotes about the {name}.\n")
    index = NoteIndex.open(tmp_path / "index", FakeEmbedder(), create=True)
    update_index(index, notes)
    try:
        question = "How long was the power out in the January windstorm?"
        result = search(index, question, RetrievalSettings(k=2, vector_weight=0.0))
        signals = compute_signals(result, index.vocabulary())
        assert "January" not in signals.unknown_words
        assert result.passages[0].primary.file == "journal/2025-01-14.md"
        march = search(index, "windstorm in march", RetrievalSettings(k=2, vector_weight=0.0))
        assert march.passages[0].primary.file == "journal/2025-03-02.md"
    finally:
        index.close()


def test_a_value_in_a_passage_of_the_folders_other_language_is_stated(tmp_path: Path) -> None:
    """ "What temperature is the cold room set to?" over "Cámara frigorífica > Ajustes:
    Consigna: 4 °C": no word of the question is in the Spanish passage, whose value still
    answers it. A passage in the question's own language must still name its topic."""
    notes = tmp_path / "notes"
    lead = "Lo que hay que saber de la {} y de los ajustes que le pusimos."
    write(notes, "camara.md", f"# Cámara\n\n{lead.format('cámara')}\n\n- Consigna: **4 ºC**\n")
    write(notes, "riego.md", f"# Riego\n\n{lead.format('bomba')} El sector 3 riega 25 min.\n")
    write(notes, "gallinas.md", f"# Gallinas\n\n{lead.format('paja')} Cambiarla cada semana.\n")
    write(notes, "bread.md", "# Bread\n\nThe oven runs at 220 °C for the first bake.\n")
    write(notes, "house.md", "# House\n\nQuiet hours start at ten. Keep the cold room shut.\n")
    write(notes, "hens.md", "# Hens\n\nClose the hen house at dusk, every day.\n")
    index = NoteIndex.open(tmp_path / "index", FakeEmbedder(), create=True)
    update_index(index, notes)
    try:
        settings = RetrievalSettings(k=6)
        question = "What temperature is the cold room set to?"
        result = search(index, question, settings)
        assert result.other_languages == ("es",)
        assert compute_signals(result, index.vocabulary()).type_stated
        only_bread = [p for p in result.passages if p.primary.file == "bread.md"]
        alone = compute_signals(replace(result, passages=only_bread), index.vocabulary())
        assert not alone.type_stated  # the oven's 220 °C is no cold room's
    finally:
        index.close()
