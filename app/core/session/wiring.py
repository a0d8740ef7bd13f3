"""Build the heavy core objects from settings, through factories a test can replace.

The CLI and the TUI both go through `Factories`; tests hand in a fake embedder and a
scripted model instead, so every command can run in-process in milliseconds.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from app import paths
from app.core.basics.files import atomic_write
from app.core.basics.progress import Progress, no_progress
from app.core.models.embedder import Embedder
from app.core.models.generator import Generator
from app.core.models.resolve import resolve_embedder_path, resolve_model_path
from app.core.session.settings import Settings
from app.errors import NotesFolderError


def make_generator(settings: Settings, progress: Progress = no_progress) -> Generator:
    from app.core.models.llama_generator import LlamaCppGenerator

    path = resolve_model_path(settings.model_path, settings.models_dir, settings.data_dir, progress)
    return LlamaCppGenerator(
        path, settings.generation(), state_dir=settings.data_dir / "model-state"
    )


def make_embedder(settings: Settings) -> Embedder:
    """The embedder the settings name; `auto` is resolved by the session beforehand and
    means the English model here."""
    if settings.embedder == "multilingual" and settings.embedder_path is None:
        from app.core.models.e5_embedder import E5Embedder

        return E5Embedder(threads=settings.threads)
    from app.core.models.onnx_embedder import MiniLmEmbedder

    folder = resolve_embedder_path(settings.embedder_path, settings.models_dir)
    return MiniLmEmbedder(folder, settings.data_dir, backend=settings.embedder_backend)


@dataclass(frozen=True)
class Factories:
    """How to build the embedder and the answer model; the defaults load the real ones."""

    embedder: Callable[[Settings], Embedder] = make_embedder
    generator: Callable[[Settings, Progress], Generator] = make_generator


def resolve_notes_dir(settings: Settings, given: Path | None = None) -> Path:
    """The notes folder: given, else configured, else the last one indexed.

    Raises:
        NotesFolderError: none is known, or it is missing or not a folder.
    """
    notes = given or settings.notes_dir
    if notes is None:
        marker = paths.last_notes_file(settings.data_dir)
        try:
            remembered = os.fsdecode(marker.read_bytes().strip())
        except OSError:
            remembered = ""
        if remembered:
            notes = Path(remembered)
    if notes is None:
        raise NotesFolderError(
            "no notes folder given; pass NOTES_DIR, --notes-dir or set ASKNOTES_NOTES_DIR"
        )
    notes = notes.expanduser()
    if not notes.exists():
        raise NotesFolderError(f"notes folder {notes} does not exist; check the path")
    if not notes.is_dir():
        raise NotesFolderError(f"{notes} is a file, not a folder; pass the folder holding it")
    return notes.resolve()


def remember_notes_dir(settings: Settings, notes: Path) -> None:
    atomic_write(paths.last_notes_file(settings.data_dir), os.fsencode(notes))
