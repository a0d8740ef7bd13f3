"""A read-only view of a note, scrolled to a passage, when no $EDITOR is set."""

from __future__ import annotations

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
        text = self.path.read_text(encoding="utf-8", errors="replace")
        area = TextArea(text, read_only=True, show_line_numbers=True, id="viewer")
        area.border_title = f"{self.path} (read-only)"
        yield area

    def on_mount(self) -> None:
        area = self.query_one(TextArea)
        area.move_cursor((max(self.line - 1, 0), 0), center=True)
        area.focus()
