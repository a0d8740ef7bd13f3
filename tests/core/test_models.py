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
    left = [p.name for p in (tmp_path / "models").iterdir()]
    assert left == [".tiny.gguf.lock"], "only the (empty) lock file stays"


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


def test_the_hash_is_taken_over_the_file_on_disk(tmp_path: Path, monkeypatch) -> None:
    """A write the disk lost or garbled must be caught, whatever bytes were read."""
    model = fake_parts(tmp_path, monkeypatch, [b"GGUF", b"data"])
    hashed: list[str] = []
    real = bundled_model._sha256_file

    def on_disk(path: Path) -> str:
        hashed.append(path.name)
        path.write_bytes(b"GGUFdat")  # as if the disk had kept a short file
        return real(path)

    monkeypatch.setattr(bundled_model, "_sha256_file", on_disk)
    with pytest.raises(ModelNotFoundError, match="reinstall the model part packages"):
        ensure_assembled(model, tmp_path / "models")
    assert hashed and hashed[0].endswith(".partial")
    assert not (tmp_path / "models" / model.file_name).exists()


ASSEMBLE = """
import hashlib, sys
from pathlib import Path
from app.core.models import bundled_model
parts = [Path(p) for p in sys.argv[3:]]
bundled_model.part_paths = lambda model: parts
whole = b"".join(p.read_bytes() for p in parts)
digest = hashlib.sha256(whole).hexdigest()
model = bundled_model.BundledModel("tiny", ("a", "b"), digest, len(whole))
print(bundled_model.ensure_assembled(model, Path(sys.argv[1])), flush=True)
Path(sys.argv[2]).write_text("done")
"""


def test_two_processes_assembling_at_once_never_share_a_partial_file(tmp_path: Path) -> None:
    import subprocess
    import sys

    from tests.procs import REPO, env

    parts = []
    for i in range(3):
        part = tmp_path / f"part{i}.bin"
        part.write_bytes(bytes([i]) * 24_000_000)  # big enough that the two runs overlap
        parts.append(str(part))
    target = tmp_path / "models"
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", ASSEMBLE, str(target), str(tmp_path / f"done{n}"), *parts],
            env=env(),
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(2)
    ]
    outputs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outputs
    assembled = target / "tiny.gguf"
    assert {out.strip() for out, _ in outputs} == {str(assembled)}
    expected = hashlib.sha256(b"".join(Path(p).read_bytes() for p in parts)).hexdigest()
    assert hashlib.sha256(assembled.read_bytes()).hexdigest() == expected
    assert sorted(p.name for p in target.iterdir()) == [
        ".tiny.gguf.lock",
        "tiny.gguf",
        "tiny.gguf.verified",
    ]


def test_a_failed_export_keeps_pytorch_and_is_not_tried_again(tmp_path: Path, monkeypatch) -> None:
    from app.core.models import onnx_export
    from app.core.models.embedder import default_embedder_path
    from app.core.models.onnx_embedder import MiniLmEmbedder

    embedder = MiniLmEmbedder(default_embedder_path(), tmp_path)
    tried: list[Path] = []

    def broken(folder: Path, target: Path, reference: object) -> None:
        tried.append(target)
        raise OSError(28, "No space left on device")  # not the RuntimeError of a bad export

    monkeypatch.setattr(embedder._torch, "_load", lambda: object())
    monkeypatch.setattr(onnx_export, "export", broken)
    assert embedder.make_fast() is False
    assert embedder.make_fast() is False  # indexing goes on with PyTorch, not retried
    assert len(tried) == 1 and embedder.backend == "torch"
