"""The refused-question set: mark entries, re-run one, replay all and see what flipped."""

from __future__ import annotations

import threading
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from app.ui.backend import Backend
from app.ui.messages import LoadProgress, ReplayDone

MARK_LABELS = {"should-answer": "should answer", "correct-refusal": "correct refusal"}


class RefusedScreen(Screen[None]):
    BINDINGS = [
        Binding(
            "s",
            "mark('should-answer')",
            "Should answer",
            id="refused.should_answer",
            tooltip="Mark the selected refusal as a question the notes should answer",
        ),
        Binding(
            "c",
            "mark('correct-refusal')",
            "Correct refusal",
            id="refused.correct",
            tooltip="Mark the selected refusal as correct",
        ),
        Binding(
            "enter",
            "rerun",
            "Re-run",
            id="refused.rerun",
            tooltip="Ask the selected question again with the current settings",
        ),
        Binding(
            "a",
            "replay",
            "Replay all",
            id="refused.replay",
            tooltip="Re-run every refused question and show what flipped",
        ),
        Binding(
            "escape",
            "app.pop_screen",
            "Back",
            id="refused.back",
            tooltip="Back to asking questions",
        ),
    ]

    def __init__(self, backend: Backend) -> None:
        super().__init__()
        self.backend = backend
        self._cancel = threading.Event()

    def compose(self) -> ComposeResult:
        yield Header()
        yield DataTable(id="refused-table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="replay-report")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("#", "question", "verdict", "gate value", "date", "mark")
        self.reload()

    def reload(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        for n, entry in enumerate(self.backend.refusals(), start=1):
            table.add_row(
                str(n),
                entry["question"],
                entry.get("verdict") or "",
                _fired_value(entry),
                (entry.get("time") or "")[:16],
                MARK_LABELS.get(entry.get("mark") or "", "unmarked"),
                key=str(n),
            )

    def _selected(self) -> int | None:
        table = self.query_one(DataTable)
        if table.row_count == 0:
            return None
        return table.cursor_row + 1

    def action_mark(self, mark: str) -> None:
        number = self._selected()
        if number is None:
            return
        self.backend.mark(number, mark)
        self.reload()
        self.query_one(DataTable).move_cursor(row=number - 1)
        self.notify(f"#{number} marked {MARK_LABELS[mark]}")

    def action_rerun(self) -> None:
        number = self._selected()
        if number is not None:
            self.run_replay(number)

    def action_replay(self) -> None:
        if self.query_one(DataTable).row_count:
            self.run_replay(None)

    @work(thread=True, exclusive=True, exit_on_error=False, group="replay")
    def run_replay(self, only: int | None) -> None:
        self._cancel = threading.Event()
        result = self.backend.replay(
            lambda d, t, label: self.post_message(LoadProgress(d, t, label)),
            self._cancel,
            only,
        )
        self.post_message(ReplayDone(result))

    @on(LoadProgress)
    def show_progress(self, message: LoadProgress) -> None:
        self.query_one("#replay-report", Static).update(
            f"replaying: {message.done}/{message.total} questions"
        )

    @on(ReplayDone)
    def show_replay(self, message: ReplayDone) -> None:
        result = message.result
        lines = [
            f"replayed {len(result.outcomes)}: {result.summary['passed']} passed · "
            f"refusal precision {result.summary['refusal_precision']} · "
            f"recall {result.summary['refusal_recall']}"
        ]
        for o in result.outcomes:
            state = "refused" if o.refused else "answered"
            lines.append(f"{'✓' if o.passed else '✗'} {state:<9} {o.verdict:<17} {o.question}")
        if result.flipped:
            lines.append("flipped since the last replay:")
            lines.extend(
                f"  {'REGRESSED' if f.regressed else 'changed'}: {f.question}: "
                f"{f.before} → {f.after}"
                for f in result.flipped
            )
        self.query_one("#replay-report", Static).update("\n".join(lines))


def _fired_value(entry: dict[str, Any]) -> str:
    for gate in entry.get("gate_values") or []:
        if gate.get("fired") and gate.get("enabled", True) and gate.get("value") is not None:
            return f"{gate['value']:.3f} / {gate.get('threshold')}"
    return ""
