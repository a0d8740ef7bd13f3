"""The torch-free query path: the ONNX export gives PyTorch's vectors, and a search from
a fresh process never imports torch."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from app.core.ingest.chunk import chunk_note
from app.core.ingest.walk import read_note, walk_notes
from app.core.models.embedder import default_embedder_path
from app.core.models.onnx_embedder import MiniLmEmbedder, OnnxSession
from tests.conftest import REPO, SAMPLE_NOTES

pytestmark = pytest.mark.real_model
FOLDERS = [
    SAMPLE_NOTES,
    REPO / "bench" / "folders" / "vault",
    REPO / "bench" / "folders" / "cursos-pt",
]


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> MiniLmEmbedder:
    embedder = MiniLmEmbedder(default_embedder_path(), tmp_path_factory.mktemp("data"))
    assert embedder.backend == "torch"  # no export yet
    assert embedder.make_fast()
    assert embedder.backend == "onnx" and embedder.onnx_path.is_file()
    return embedder


def real_chunks() -> list[str]:
    texts: list[str] = []
    for folder in FOLDERS:
        for note in walk_notes(folder, max_file_bytes=2**21).notes:
            text, _ = read_note(note.path)
            texts += [c.embed_text for c in chunk_note(text, note.rel_path)]
    return texts


def test_onnx_vectors_equal_pytorch_vectors(exported: MiniLmEmbedder) -> None:
    texts = real_chunks()
    assert len(texts) >= 300
    onnx = OnnxSession(exported.folder, exported.onnx_path).embed(texts)
    torch = exported._torch.embed_batch(texts)
    cosines = np.sum(onnx * torch, axis=1)
    assert float(cosines.min()) >= 0.9999, float(cosines.min())
    long = [t for t in texts if len(t) > 900]
    assert long, "texts past the model's window are part of the check"


def test_both_engines_share_one_identity(exported: MiniLmEmbedder) -> None:
    assert exported.identity == exported._torch.identity


def test_a_search_from_the_shell_never_imports_torch(tmp_path: Path) -> None:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "ASKNOTES_DATA_DIR": str(tmp_path)}
    indexed = subprocess.run(
        [sys.executable, "-m", "app", "index", str(SAMPLE_NOTES)],
        env=env, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert indexed.returncode == 0, indexed.stderr
    assert list((tmp_path / "onnx").glob("*.onnx")), "the index run exports the model"
    code = (
        "import json, sys; from app.cli import run; "
        "code = run(['search', 'What port does Home Assistant use?', '--json']); "
        "print(json.dumps({'code': code, 'heavy': sorted(m for m in "
        "('torch', 'transformers', 'sentence_transformers') if m in sys.modules)}), "
        "file=sys.stderr)"
    )
    searched = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300
    )
    report = json.loads(searched.stderr.strip().splitlines()[-1])
    assert report == {"code": 0, "heavy": []}, searched.stderr
    passages = json.loads(searched.stdout)["passages"]
    assert passages[0]["file"] == "homelab/reverse-proxy.md"
