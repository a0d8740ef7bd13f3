from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from app.core.models import bundled_model
from app.core.models.bundled_model import BundledModel, ensure_assembled, is_verified
from app.core.models.resolve import resolve_embedder_path, resolve_model_path
from app.errors import ModelNotFoundError


def fake_parts(tmp_path: Path, monkeypatch, chunks: list[bytes]) -> BundledModel:
    paths = []
    for i, data in enumerate(chunks):
        part = tmp_path / "parts" / f"part{i}.bin"
        part.parent.mkdir(parents=True, exist_ok=True)
        part.write_bytes(data)
        paths.append(part)
    monkeypatch.setattr(bundled_model, "part_paths", lambda model: paths)
    whole = b"".join(chunks)
    return BundledModel("tiny", ("p0", "p1"), hashlib.sha256(whole).hexdigest(), len(whole))


def test_assembles_once_and_verifies(tmp_path: Path, monkeypatch) -> None:
    model = fake_parts(tmp_path, monkeypatch, [b"GGUF" + b"a" * 100, b"b" * 50])
    path = ensure_assembled(model, tmp_path / "models")
    assert path.read_bytes() == b"GGUF" + b"a" * 100 + b"b" * 50
    assert is_verified(model, path)
    monkeypatch.setattr(bundled_model, "part_paths", lambda model: pytest.fail("re-assembled"))
    assert ensure_assembled(model, tmp_path / "models") == path


def test_a_corrupt_part_is_refused_and_nothing_is_left_behind(tmp_path, monkeypatch) -> None:
    model = fake_parts(tmp_path, monkeypatch, [b"GGUF", b"tail"])
    wrong = BundledModel(model.name, model.part_packages, "0" * 64, model.size)
    with pytest.raises(ModelNotFoundError, match="reinstall the model part packages"):
        ensure_assembled(wrong, tmp_path / "models")
    assert not list((tmp_path / "models").glob("*.gguf*"))


def test_a_tampered_assembled_file_is_reassembled(tmp_path: Path, monkeypatch) -> None:
    model = fake_parts(tmp_path, monkeypatch, [b"GGUF", b"data"])
    path = ensure_assembled(model, tmp_path / "models")
    path.write_bytes(b"GGUFevil")
    assert not is_verified(model, path)
    assert ensure_assembled(model, tmp_path / "models").read_bytes() == b"GGUFdata"


def test_missing_parts_name_what_to_do() -> None:
    absent = BundledModel("x", ("no_such_package_part1",), "0" * 64, 1)
    with pytest.raises(ModelNotFoundError, match="make install"):
        bundled_model.part_paths(absent)


def test_a_gguf_in_models_dir_wins_over_the_bundled_model(tmp_path: Path) -> None:
    (tmp_path / "b.gguf").write_bytes(b"GGUF")
    (tmp_path / "a.gguf").write_bytes(b"GGUF")
    assert resolve_model_path(None, tmp_path, tmp_path / "data") == tmp_path / "a.gguf"
    configured = tmp_path / "b.gguf"
    assert resolve_model_path(configured, tmp_path, tmp_path / "data") == configured
    with pytest.raises(ModelNotFoundError, match="does not exist"):
        resolve_model_path(tmp_path / "none.gguf", tmp_path, tmp_path / "data")


def test_a_sentence_transformers_folder_in_models_dir_wins(tmp_path: Path) -> None:
    mine = tmp_path / "my-embedder"
    mine.mkdir()
    (mine / "modules.json").write_text("[]")
    assert resolve_embedder_path(None, tmp_path) == mine
    assert resolve_embedder_path(None, tmp_path / "empty").name == "model"  # the bundled one
    with pytest.raises(ModelNotFoundError, match="not a sentence-transformers folder"):
        resolve_embedder_path(tmp_path, tmp_path)
