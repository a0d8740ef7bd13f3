"""Which local model files asknotes uses: a user's override in models/, else the bundled one."""

from __future__ import annotations

from pathlib import Path

from app.core.embedder import default_embedder_path, is_sentence_transformers_folder
from app.errors import ModelNotFoundError


def resolve_embedder_path(configured: Path | None, models_dir: Path) -> Path:
    """The sentence-transformers folder to load.

    A configured path wins; then the first sentence-transformers folder in `models_dir`
    (by name); then the all-MiniLM-L6-v2 copy shipped in its PyPI package.
    """
    if configured is not None:
        if not is_sentence_transformers_folder(configured):
            raise ModelNotFoundError(
                f"embedder_path {configured} is not a sentence-transformers folder "
                "(no modules.json); point it at one or unset it"
            )
        return configured
    if models_dir.is_dir():
        for child in sorted(models_dir.iterdir()):
            if child.is_dir() and is_sentence_transformers_folder(child):
                return child
    return default_embedder_path()
