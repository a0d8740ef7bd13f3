from __future__ import annotations

import pytest

from app.core.index.fusion import RetrievalSettings
from app.core.index.indexer import update_index
from app.core.index.store import NoteIndex
from app.core.verdict.probes import refresh_calibration
from tests.conftest import SAMPLE_NOTES


@pytest.fixture(scope="session")
def index(tmp_path_factory, real_embedder):
    """sample_notes/ indexed once with the real embedder into a real Chroma on disk."""
    idx = NoteIndex.open(tmp_path_factory.mktemp("sample-index"), real_embedder, create=True)
    update_index(idx, SAMPLE_NOTES)
    refresh_calibration(idx, RetrievalSettings())  # as every session does after indexing
    yield idx
    idx.close()
