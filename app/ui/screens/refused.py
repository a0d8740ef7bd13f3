"""The refused-question set: mark entries, re-run one, replay all and see what flipped."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static
from textual.worker import Worker, WorkerState, get_current_worker

from app.core.evals.refusals import Mark
from app.core.evals.runs import EvalReport
from app.core.session.session import NotesSession
from app.errors import AsknotesError


class RefusedScreen(Screen[None]):
    BINDINGS = [
        Binding(
            "s",
            f"mark('{Mark.SHOULD_ANSWER.value}')",
            "Should answer",
            id="refused.should_answer",
            tooltip="Mark the selected refusal as a question the notes should answer",
        ),
        Binding(
            "c",
            f"mark('{Mark.CORRECT_REFUSAL.value}')",
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
            "back",
            "Stop / back",
            id="refused.back",
            tooltip="Stop a replay that is running, else go back to asking questions",
        ),
    ]

    @dataclass
    class ReplayProgress(Message):
        """How far a replay has got; handled here, never by the app's status row."""

        bubble: ClassVar[bool] = False
        done: int
        total: int

        def can_replace(self, message: Message) -> bool:
            return isinstance(message, RefusedScreen.ReplayProgress)

    @dataclass
    class ReplayDone(Message):
        bubble: ClassVar[bool] = False
        report: EvalReport | None

    def __init__(self, session: NotesSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        yield Header()
        yield DataTable(id="refused-table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="replay-report")
        yield Footer()

    def on_mount(self) -> None:
        table: DataTable[str] = self.query_one(DataTable)
        table.add_columns("#", "question", "verdict", "gate value", "date", "mark")
        self.reload()

    def reload(self) -> None:
        """Show the refused set; a file that cannot be read is a notification (its bad
        lines are skipped with a warning each), never a crash."""
        table: DataTable[str] = self.query_one(DataTable)
        table.clear()
        try:
            entries = self.session.refusals()
        except (AsknotesError, OSError) as exc:
            self.notify(f"cannot read the refused questions: {exc}", severity="error")
            return
        for n, entry in enumerate(entries, start=1):
            mark = Mark.parse(entry.get("mark"))
            table.add_row(
                str(n),
                entry["question"],
                entry.get("verdict") or "",
                _fired_value(entry),
                (entry.get("time") or "")[:16],
                mark.label if mark else "unmarked",
                key=str(n),
            )

    def _selected(self) -> int | None:
        table: DataTable[str] = self.query_one(DataTable)
        if table.row_count == 0:
            return None
        return table.cursor_row + 1

    @property
    def replaying(self) -> bool:
        return any(w.group == "replay" and w.is_running for w in self.workers)

    def action_mark(self, mark: str) -> None:
        number = self._selected()
        if number is None:
            return
        try:
            self.session.mark(number, mark)
        except (ValueError, AsknotesError, OSError) as exc:
            self.notify(f"cannot mark #{number}: {exc}", severity="error")
            return
        self.reload()
        self.query_one(DataTable).move_cursor(row=number - 1)
        label = Mark(mark).label
        self.notify(f"#{number} marked {label}")

    def action_rerun(self) -> None:
        number = self._selected()
        if number is not None:
            self.run_replay(number)

    def action_replay(self) -> None:
        if self.query_one(DataTable).row_count:
            self.run_replay(None)

    def action_back(self) -> None:
        if self.replaying:
            self.workers.cancel_group(self, "replay")
            self.query_one("#replay-report", Static).update("replay stopped")
            return
        self.app.pop_screen()

    @work(thread=True, exclusive=True, exit_on_error=False, group="replay")
    def run_replay(self, only: int | None) -> None:
        worker = get_current_worker()
        report = self.session.replay(
            only,
            progress=lambda done, total, _label: self.post_message(
                self.ReplayProgress(done, total)
            ),
            cancel=worker.cancelled_event,
        )
        if not worker.is_cancelled:
            self.post_message(self.ReplayDone(report))

    @on(ReplayProgress)
    def show_progress(self, message: ReplayProgress) -> None:
        self.query_one("#replay-report", Static).update(
            f"replaying: {message.done}/{message.total} questions (Esc stops)"
        )

    @on(Worker.StateChanged)
    def replay_failed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "replay" and event.state is WorkerState.ERROR:
            event.stop()  # reported here, with the screen's own words
            self.query_one("#replay-report", Static).update(f"replay failed: {event.worker.error}")

    @on(ReplayDone)
    def show_replay(self, message: ReplayDone) -> None:
        report = message.report
        if report is None:
            self.query_one("#replay-report", Static).update("nothing to replay")
            return
        summary = report.summary
        lines = [
            f"replayed {len(report.outcomes)}: {summary['passed']} passed · "
            f"refusal precision {summary['refusal_precision']} · "
            f"recall {summary['refusal_recall']}"
        ]
        for o in report.outcomes:
            state = "refused" if o.refused else "answered"
            lines.append(f"{'✓' if o.passed else '✗'} {state:<9} {o.verdict:<17} {o.question}")
        if report.flipped:
            lines.append("flipped since the last replay:")
            lines.extend(
                f"  {'REGRESSED' if f.regressed else 'changed'}: {f.question}: "
                f"{f.before} → {f.after}"
                for f in report.flipped
            )
        self.query_one("#replay-report", Static).update("\n".join(lines))


def _fired_value(entry: dict[str, Any]) -> str:
    for gate in entry.get("gate_values") or []:
        if gate.get("fired") and gate.get("enabled", True) and gate.get("value") is not None:
            return f"{gate['value']:.3f} / {gate.get('threshold')}"
    return ""
