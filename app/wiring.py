"""Build the core objects from settings; shared by the CLI, the TUI and the tests."""

from __future__ import annotations

from pathlib import Path

from app import paths
from app.config import Settings
from app.core.embedder import Embedder, SentenceTransformerEmbedder
from app.core.generator import Generator
from app.core.models import resolve_embedder_path, resolve_model_path
from app.core.progress import Progress, no_progress
from app.core.store import NoteIndex
from app.errors import NotesFolderError


def make_generator(settings: Settings, progress: Progress = no_progress) -> Generator:
    from app.core.llama_generator import LlamaCppGenerator

    path = resolve_model_path(settings.model_path, settings.models_dir, settings.data_dir, progress)
    return LlamaCppGenerator(
        path,
        context_tokens=settings.context_tokens,
        threads=settings.threads,
        seed=settings.seed,
    )


def make_embedder(settings: Settings) -> Embedder:
    return SentenceTransformerEmbedder(
        resolve_embedder_path(settings.embedder_path, settings.models_dir)
    )


def resolve_notes_dir(settings: Settings, given: Path | None = None) -> Path:
    """The notes folder: given, else configured, else the last one indexed."""
    notes = given or settings.notes_dir
    if notes is None:
        marker = paths.last_notes_file(settings.data_dir)
        if marker.is_file():
            notes = Path(marker.read_text(encoding="utf-8").strip())
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
    marker = paths.last_notes_file(settings.data_dir)
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.write_text(str(notes), encoding="utf-8")


def open_index(
    settings: Settings, notes: Path, *, create: bool, embedder: Embedder | None = None
) -> NoteIndex:
    return NoteIndex.open(
        paths.index_dir(settings.data_dir, notes),
        embedder or make_embedder(settings),
        create=create,
    )
