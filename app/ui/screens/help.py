"""Every key binding of the app with its tooltip."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import DataTable


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,f1,q", "app.pop_screen", "Close", id="help.close", tooltip="Close the help")
    ]

    def __init__(self, bindings: list[Binding]) -> None:
        super().__init__()
        self.listed = bindings

    def compose(self) -> ComposeResult:
        table: DataTable[str] = DataTable(id="help-table", cursor_type="row")
        table.add_columns("key", "action", "what it does")
        for b in self.listed:
            table.add_row(b.key, b.description, b.tooltip)
        yield table
