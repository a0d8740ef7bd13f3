"""A read-only view of a note, scrolled to a passage, when no $EDITOR is set."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import TextArea


class NoteViewer(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Close", id="viewer.close", tooltip="Close the note")
    ]

    def __init__(self, path: Path, line: int) -> None:
        super().__init__()
        self.path = path
        self.line = line

    def compose(self) -> ComposeResult:
        try:
            text = read_text(self.path)
        except OSError as exc:  # deleted or replaced since the passage was shown
            text = f"cannot read {self.path}: {exc.strerror or exc}"
        area = TextArea(text, read_only=True, show_line_numbers=True, id="viewer")
        area.border_title = f"{self.path} (read-only)"
        yield area

    def on_mount(self) -> None:
        area = self.query_one(TextArea)
        area.move_cursor((max(self.line - 1, 0), 0), center=True)
        area.focus()


def read_text(path: Path) -> str:
    """The file's text; never blocks on a path that became a FIFO since it was indexed."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path} is no longer a regular file")
        with os.fdopen(fd, "rb", closefd=False) as f:
            return f.read().decode("utf-8", errors="replace")
    finally:
        os.close(fd)
