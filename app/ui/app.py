"""The asknotes terminal UI: ask, read the answer beside its evidence, inspect refusals."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from textual import on, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Markdown, Static
from textual.widgets.markdown import MarkdownStream
from textual.worker import Worker, WorkerState

from app.core.index.retrieve import passage_numbers
from app.core.session.followup import Resolution
from app.core.session.session import NotesSession
from app.core.verdict.why import Explanation
from app.ui.editor import open_note
from app.ui.indexing import FolderSync
from app.ui.loading import Loading
from app.ui.messages import Explained, Warned
from app.ui.screens.help import HelpScreen
from app.ui.screens.history import Asked
from app.ui.screens.refused import RefusedScreen
from app.ui.widgets.passages import PassagePane
from app.ui.widgets.status import StatusBar
from app.ui.widgets.verdict import ScoreShapeView, VerdictPanel


class AsknotesApp(Loading):
    """The window and its keys; loading and asking live in the classes it builds on."""

    CSS_PATH = "app.tcss"
    TITLE = "asknotes"
    BINDINGS = [
        Binding(
            "escape", "cancel", "Cancel", id="ask.cancel", tooltip="Stop the answer being generated"
        ),
        Binding("f1", "help", "Help", id="app.help", tooltip="List every key and what it does"),
        Binding(
            "f2",
            "open_passage",
            "Open passage",
            id="ask.open",
            tooltip="Open the highlighted passage at its line in $EDITOR",
        ),
        Binding(
            "f3",
            "refused",
            "Refused",
            id="app.refused",
            tooltip="The refused questions: mark them, re-run one, replay all",
        ),
        Binding(
            "f4",
            "why",
            "Why",
            id="ask.why",
            tooltip="Show the verdict gates for the question, without the model",
        ),
        Binding(
            "f5",
            "edit_resolved",
            "Edit resolved",
            id="ask.edit_resolved",
            tooltip="Put the question as it was resolved into the input, to edit and re-ask",
            show=False,
        ),
        Binding(
            "f6",
            "history",
            "History",
            id="ask.history",
            tooltip="The questions asked since the app opened: reopen one with its passages",
            show=False,
        ),
    ]

    def __init__(self, session: NotesSession, *, watch: bool = True) -> None:
        super().__init__()
        self.session = session
        # Workers warn from their threads; a message carries it to the UI thread.
        session.on_warning = lambda text: self.post_message(Warned(text))
        self.watch_folder = watch
        self.sync = FolderSync(session, self.post_message)
        self.sub_title = str(session.notes)
        self.index_ready = False
        self.model_ready = False
        self.queued: str | None = None
        self.indexing = False
        self.answer_id = 0  # the question being answered; older answers' messages are dropped
        self._stream: MarkdownStream | None = None
        self.resolution: Resolution | None = None  # the last question asked, as resolved
        self.asked: list[Asked] = []  # every answer since the app opened, oldest first

    def compose(self) -> ComposeResult:
        yield Header()
        yield StatusBar(id="status-row")
        yield Input(placeholder="Ask your notes a question and press Enter", id="question")
        with Horizontal(id="body"):
            with Vertical(id="answer-column"):
                with VerticalScroll(id="answer-scroll"):
                    yield Static("", id="resolved")
                    yield Markdown("", id="answer")
                yield VerdictPanel("", id="verdict")
                yield ScoreShapeView(id="shape")
            with Vertical(id="passages-column"):
                yield PassagePane("Retrieved", id="retrieved")
                yield PassagePane("Cited", id="cited")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#question", Input).focus()
        self.load_index()

    @on(Worker.StateChanged)
    async def worker_state(self, event: Worker.StateChanged) -> None:
        """One place for every worker's end: a failure is a notification, never a crash."""
        if self._widgets_gone():
            return
        group = event.worker.group
        if event.state is WorkerState.ERROR:
            error = event.worker.error
            self.notify(f"{group}: {error}", severity="error", timeout=10)
            if group == "answer":
                await self._stop_stream()
                self.query_one("#answer", Markdown).update(f"**The answer failed:** {error}")
                self._restore_input()
            if group in ("load-index", "load-model", "index"):
                self.query_one(StatusBar).show_failure(group, str(error))
        elif event.state is WorkerState.CANCELLED and group == "answer":
            await self._stop_stream()
            self.query_one("#answer", Markdown).update("*Answer cancelled.*")
            self._restore_input()

    # --- actions -------------------------------------------------------------------------

    def action_cancel(self) -> None:
        """Stop the answer being written; cancelling is an outcome, not an error."""
        if any(w.group == "answer" and w.is_running for w in self.workers):
            self.answer_id += 1  # whatever the cancelled answer still posts is dropped
            self.workers.cancel_group(self, "answer")
            self.notify("answer cancelled")

    def action_help(self) -> None:
        self.push_screen(HelpScreen([b for b in self.BINDINGS if isinstance(b, Binding)]))

    def action_refused(self) -> None:
        if not self.index_ready:
            self.notify("the index is still loading")
            return
        self.push_screen(RefusedScreen(self.session))

    def action_why(self) -> None:
        question = self.query_one("#question", Input).value.strip()
        if not question or not self.index_ready:
            self.notify("type a question first")
            return
        self.run_why(question)

    @work(thread=True, exclusive=True, exit_on_error=False, group="why")
    def run_why(self, question: str) -> None:
        self.post_message(Explained(self.session.explain(question)))

    @on(Explained)
    def show_why(self, message: Explained) -> None:
        if self._widgets_gone():
            return
        e: Explanation = message.explanation
        self._show_verdict(e.verdict, e.next_steps)
        passages = e.result.passages
        self.query_one("#retrieved", PassagePane).show(passages, passage_numbers(passages))

    def action_open_passage(self) -> None:
        passage = None
        for pane_id in ("#cited", "#retrieved"):
            passage = self.query_one(pane_id, PassagePane).selected
            if passage is not None:
                break
        if passage is None:
            self.notify("highlight a passage first")
            return
        path = Path(self.session.notes) / passage.primary.file
        open_note(self, path, passage.primary.start_line, passage.primary.file)

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand(
            "Refused questions", "Mark, re-run and replay refusals", self.action_refused
        )
        yield SystemCommand("Why", "Show the verdict gates for the typed question", self.action_why)
        yield SystemCommand(
            "History", "The questions asked since the app opened", self.action_history
        )
        yield SystemCommand(
            "Edit resolved question",
            "Put the last question, as resolved, into the input to edit and re-ask",
            self.action_edit_resolved,
        )
        yield SystemCommand(
            "Open passage", "Open the highlighted passage at its line", self.action_open_passage
        )
        yield SystemCommand("Key bindings", "List every key", self.action_help)
        yield SystemCommand("Cancel answer", "Stop the answer being generated", self.action_cancel)

    def on_unmount(self) -> None:
        self.workers.cancel_all()
        self.sync.stop()
        self.session.close()


def make_app(session: NotesSession, *, watch: bool = True) -> AsknotesApp:
    """The one factory for the CLI, the tests and the snapshots."""
    return AsknotesApp(session, watch=watch)
