"""Open a note at a line in $EDITOR, or in the read-only viewer; every failure (no such
program, unbalanced quotes, a note deleted meanwhile) is a notification, never a crash."""

from __future__ import annotations

import os
import shlex
import subprocess
from pathlib import Path

from textual.app import App, SuspendNotSupported

from app.ui.screens.viewer import NoteViewer


def open_note(app: App[None], path: Path, line: int, shown_as: str) -> None:
    """Open `path` at `line`; `shown_as` is how the note is named to the user."""
    if not path.is_file():
        app.notify(f"{shown_as} no longer exists; it was moved or deleted")
        return
    editor = os.environ.get("EDITOR", "").strip()
    if not editor:
        app.push_screen(NoteViewer(path, line))
        return
    try:
        command = [*shlex.split(editor), f"+{line}", str(path)]
    except ValueError as exc:
        app.notify(f"EDITOR={editor!r} cannot be read ({exc}); fix it", severity="error")
        return
    try:
        with app.suspend():
            subprocess.run(command, check=False)
    except SuspendNotSupported:  # a terminal the app cannot hand over (textual-serve, a pipe)
        app.notify(
            f"this terminal cannot run EDITOR={editor!r}; showing the note instead",
            severity="warning",
        )
        app.push_screen(NoteViewer(path, line))
    except OSError as exc:
        app.notify(
            f"cannot run EDITOR={editor!r} ({exc.strerror}); showing the note instead",
            severity="warning",
        )
        app.push_screen(NoteViewer(path, line))
