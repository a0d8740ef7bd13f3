from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

REPO = Path(__file__).resolve().parent.parent
SAMPLE_NOTES = REPO / "sample_notes"
REAL_FIXTURES = {"real_embedder", "shared_model_path"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that loads a real model is a `real_model` test, whatever its file says;
    `make test-fast` leaves those out."""
    for item in items:
        if REAL_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.real_model)


@pytest.fixture(autouse=True)
def _isolated_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads the user's config or environment settings."""
    monkeypatch.setenv("ASKNOTES_CONFIG", str(tmp_path / "no-config.toml"))
    for key in list(os.environ):
        if key.startswith("ASKNOTES_") and key != "ASKNOTES_CONFIG":
            monkeypatch.delenv(key)


@pytest.fixture
def fake_embedder():
    from tests.fakes import FakeEmbedder

    return FakeEmbedder()


@pytest.fixture(scope="session")
def real_embedder():
    """The bundled all-MiniLM-L6-v2, loaded once per test session."""
    from app.core.models.embedder import SentenceTransformerEmbedder, default_embedder_path

    return SentenceTransformerEmbedder(default_embedder_path())


@pytest.fixture(scope="session")
def shared_model_path(tmp_path_factory):
    """The bundled GGUF model, assembled and verified once per test session."""
    from app.core.models.bundled_model import DEFAULT_MODEL, ensure_assembled

    return ensure_assembled(DEFAULT_MODEL, tmp_path_factory.mktemp("models"))


@pytest.fixture
def notes_copy(tmp_path: Path) -> Path:
    """A writable copy of sample_notes/."""
    target = tmp_path / "notes"
    shutil.copytree(SAMPLE_NOTES, target)
    return target


def write(root: Path, rel: str, text: str) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
