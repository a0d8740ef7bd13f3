"""The questions asked since the app opened: select one to show its answer again."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import DataTable, Input

from app.core.answer.lists import ListAnswer
from app.core.answer.result import Answer

Asked = tuple[str, Answer | ListAnswer]  # the question as searched, and what came back


def first_line(answer: Answer | ListAnswer) -> str:
    text = answer.text.strip()
    return text.splitlines()[0] if text else ""


class HistoryScreen(ModalScreen[int | None]):
    """Every answer of this session, newest first, filtered by the words typed; Enter
    reopens the selected one with its Retrieved and Cited passages."""

    BINDINGS = [
        Binding("escape", "close", "Close", id="history.close", tooltip="Close the history"),
    ]

    def __init__(self, asked: Sequence[Asked]) -> None:
        super().__init__()
        self.asked = list(asked)
        self.shown: list[int] = []

    def compose(self) -> ComposeResult:
        yield Input(
            placeholder="Filter by words of the question or the answer", id="history-filter"
        )
        yield DataTable(id="history-table", cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        table: DataTable[str] = self.query_one(DataTable)
        table.add_columns("#", "question", "answer")
        self.fill("")
        table.focus()

    def fill(self, query: str) -> None:
        words = query.casefold().split()
        table: DataTable[str] = self.query_one(DataTable)
        table.clear()
        self.shown = []
        for n in range(len(self.asked) - 1, -1, -1):
            question, answer = self.asked[n]
            text = f"{question}\n{answer.text}".casefold()
            if all(word in text for word in words):
                self.shown.append(n)
                table.add_row(str(n + 1), question, first_line(answer)[:80])

    @on(Input.Changed, "#history-filter")
    def filter_changed(self, event: Input.Changed) -> None:
        self.fill(event.value)

    @on(Input.Submitted, "#history-filter")
    def filter_done(self) -> None:
        self.query_one(DataTable).focus()

    @on(DataTable.RowSelected, "#history-table")
    def chosen(self, event: DataTable.RowSelected) -> None:
        if 0 <= event.cursor_row < len(self.shown):
            self.dismiss(self.shown[event.cursor_row])

    def action_close(self) -> None:
        self.dismiss(None)
