"""The asknotes terminal UI: ask, read the answer beside its evidence, inspect refusals."""

from __future__ import annotations

import os
import shlex
import subprocess
import threading
from collections.abc import Iterable
from pathlib import Path

from textual import on, work
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Markdown
from textual.worker import Worker, WorkerState

from app.core.answer import Answer, AnswerKind
from app.core.verdict import GateSettings
from app.core.watcher import NotesWatcher
from app.core.why import Explanation
from app.ui.backend import Backend
from app.ui.messages import (
    AnswerDelta,
    AnswerDone,
    Explained,
    FilesChanged,
    IndexProgress,
    IndexReady,
    IndexUpdated,
    LoadProgress,
    ModelReady,
    Retrieved,
    WatchFailed,
)
from app.ui.screens.help import HelpScreen
from app.ui.screens.refused import RefusedScreen
from app.ui.screens.viewer import NoteViewer
from app.ui.widgets.passages import PassagePane
from app.ui.widgets.status import StatusBar
from app.ui.widgets.verdict import ScoreShapeView, VerdictPanel


class AsknotesApp(App[None]):
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
    ]

    def __init__(self, backend: Backend, *, watch: bool = True) -> None:
        super().__init__()
        self.backend = backend
        self.watch_folder = watch
        self.watcher: NotesWatcher | None = None
        self.sub_title = str(backend.notes)
        self.index_ready = False
        self.model_ready = False
        self.queued: str | None = None
        self.answer_text = ""
        self.indexing = False
        self._cancel = threading.Event()
        self._index_cancel = threading.Event()

    def compose(self) -> ComposeResult:
        yield Header()
        yield StatusBar(id="status-row")
        yield Input(placeholder="Ask your notes a question and press Enter", id="question")
        with Horizontal(id="body"):
            with Vertical(id="answer-column"):
                with VerticalScroll(id="answer-scroll"):
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

    # --- loading -------------------------------------------------------------------------

    @work(thread=True, exclusive=True, exit_on_error=False, group="load-index")
    def load_index(self) -> None:
        self.post_message(IndexReady(self.backend.load_index()))

    @work(thread=True, exclusive=True, exit_on_error=False, group="load-model")
    def load_model(self) -> None:
        name = self.backend.load_model(
            lambda d, t, label: self.post_message(LoadProgress(d, t, label))
        )
        self.post_message(ModelReady(name))

    @on(IndexReady)
    def index_loaded(self, message: IndexReady) -> None:
        self.index_ready = True
        self.query_one(StatusBar).show_index(message.status)
        self.sweep()
        self.load_model()
        self._ask_queued()

    @work(thread=True, exclusive=True, exit_on_error=False, group="index")
    def sweep(self) -> None:
        self.indexing = True
        self._index_and_report(reconcile=True)

    def _index_changed_files(self, paths: frozenset[str]) -> None:
        """Runs on the watcher's thread: index the batch, and only post messages."""
        self.post_message(FilesChanged(paths))
        self._index_and_report(reconcile=False)

    def _index_and_report(self, *, reconcile: bool) -> None:
        report = self.backend.sweep(
            lambda d, t, label: self.post_message(IndexProgress(d, t, label)),
            self._index_cancel,
            reconcile=reconcile,
        )
        status = self.backend.status()
        if status is not None:
            self.post_message(IndexUpdated(report, status))

    @on(FilesChanged)
    def files_changed(self, message: FilesChanged) -> None:
        self.indexing = True
        self.query_one(StatusBar).show_changes(message.paths)

    @on(WatchFailed)
    def watch_failed(self, message: WatchFailed) -> None:
        self.notify(f"indexing a change failed: {message.error}", severity="error")

    @on(IndexProgress)
    def index_progress(self, message: IndexProgress) -> None:
        if message.total:
            self.query_one(StatusBar).show_indexing(message.label, message.done, message.total)

    @on(IndexUpdated)
    def index_updated(self, message: IndexUpdated) -> None:
        self.indexing = False
        if self.watch_folder and self.watcher is None:
            self.watcher = NotesWatcher(
                self.backend.notes,
                self._index_changed_files,
                on_error=lambda exc: self.post_message(WatchFailed(str(exc))),
            )
            self.watcher.start()
        self.query_one(StatusBar).show_index(message.status, message.report)

    @on(LoadProgress)
    def load_progress(self, message: LoadProgress) -> None:
        self.query_one(StatusBar).show_model_progress(message.label, message.done, message.total)

    @on(ModelReady)
    def model_loaded(self, message: ModelReady) -> None:
        self.model_ready = True
        self.query_one(StatusBar).show_model(message.name)
        self._ask_queued()

    # --- asking --------------------------------------------------------------------------

    @on(Input.Submitted, "#question")
    def submit(self, event: Input.Submitted) -> None:
        question = event.value.strip()
        if not question:
            return
        if not (self.index_ready and self.model_ready):
            self.queued = question
            self.notify("queued: it will be asked as soon as the model is ready")
            return
        self.start_answer(question)

    def _ask_queued(self) -> None:
        if self.queued and self.index_ready and self.model_ready:
            question, self.queued = self.queued, None
            self.start_answer(question)

    def start_answer(self, question: str) -> None:
        self.answer_text = ""
        self.query_one("#answer", Markdown).update(f"*Answering:* {question}")
        self.query_one("#question", Input).disabled = True
        self._cancel = threading.Event()
        self.run_answer(question, self._cancel)

    @work(thread=True, exclusive=True, exit_on_error=False, group="answer")
    def run_answer(self, question: str, cancel: threading.Event) -> None:
        answer = self.backend.ask(
            question,
            lambda delta: self.post_message(AnswerDelta(delta)),
            cancel,
            lambda result, verdict: self.post_message(Retrieved(result, verdict)),
        )
        self.post_message(AnswerDone(answer))

    @on(Retrieved)
    def show_retrieved(self, message: Retrieved) -> None:
        """The evidence and the retrieval verdict, while the model is still writing."""
        passages = message.result.passages
        numbers = {p.text_hash: i for i, p in enumerate(passages, start=1)}
        self.query_one("#retrieved", PassagePane).show(passages, numbers)
        self.query_one(VerdictPanel).show(message.verdict)
        if message.verdict.signals is not None:
            self.query_one(ScoreShapeView).show(
                message.verdict.signals.shape, self._gates().min_top_gap
            )

    def _gates(self) -> GateSettings:
        index = self.backend.index
        return self.backend.settings.gates(index.calibrated_thresholds() if index else None)

    @on(AnswerDelta)
    def stream_delta(self, message: AnswerDelta) -> None:
        self.answer_text += message.text
        self.query_one("#answer", Markdown).update(self.answer_text)

    @on(AnswerDone)
    def answer_done(self, message: AnswerDone) -> None:
        self.show_answer(message.answer)
        self._restore_input()

    def show_answer(self, answer: Answer) -> None:
        body = answer.text
        if answer.kind is AnswerKind.GENERATED:
            quote = f'\n\n> "{answer.quote.text}" [{answer.quote.passage}]' if answer.quote else ""
            body = f"{answer.text}{quote}"
        flags = "".join(f"\n- ⚠ {flag}" for flag in answer.flags)
        if self.indexing:
            flags += "\n- ⚠ the index is being updated: this answer may be stale"
        if answer.citations is not None and answer.citations.unsupported:
            unsupported = ", ".join(f"`{t}`" for t in answer.citations.unsupported)
            flags += f"\n- ⚠ **unsupported by the cited passage:** {unsupported}"
        self.query_one("#answer", Markdown).update(body + flags)
        self.query_one(VerdictPanel).show(answer.verdict)
        if answer.verdict.signals is not None:
            self.query_one(ScoreShapeView).show(
                answer.verdict.signals.shape, self._gates().min_top_gap
            )
        numbered = list(answer.prompt.passages) if answer.prompt else list(answer.retrieved)
        numbers = {p.text_hash: i for i, p in enumerate(numbered, start=1)}
        cited = {p.text_hash for p in answer.cited}
        self.query_one("#retrieved", PassagePane).show(answer.retrieved, numbers, used=cited)
        self.query_one("#cited", PassagePane).show(answer.cited, numbers)

    def _restore_input(self) -> None:
        question = self.query_one("#question", Input)
        question.disabled = False
        question.focus()

    @on(Worker.StateChanged)
    def worker_failed(self, event: Worker.StateChanged) -> None:
        """One place for every worker's failure: a notification, never a crash."""
        if event.state is WorkerState.ERROR:
            error = event.worker.error
            self.notify(f"{event.worker.group}: {error}", severity="error", timeout=10)
            if event.worker.group == "answer":
                self._restore_input()
            if event.worker.group in ("load-index", "load-model", "index"):
                self.query_one(StatusBar).show_failure(event.worker.group, str(error))
        elif event.state is WorkerState.CANCELLED and event.worker.group == "answer":
            self._restore_input()

    # --- actions -------------------------------------------------------------------------

    def action_cancel(self) -> None:
        if self.workers and any(w.group == "answer" and w.is_running for w in self.workers):
            self._cancel.set()
            self.notify("cancelled")

    def action_help(self) -> None:
        self.push_screen(HelpScreen([b for b in self.BINDINGS if isinstance(b, Binding)]))

    def action_refused(self) -> None:
        if not self.index_ready:
            self.notify("the index is still loading")
            return
        self.push_screen(RefusedScreen(self.backend))

    def action_why(self) -> None:
        question = self.query_one("#question", Input).value.strip()
        if not question or not self.index_ready:
            self.notify("type a question first")
            return
        self.run_why(question)

    @work(thread=True, exclusive=True, exit_on_error=False, group="why")
    def run_why(self, question: str) -> None:
        self.post_message(Explained(self.backend.explain(question)))

    @on(Explained)
    def show_why(self, message: Explained) -> None:
        e: Explanation = message.explanation
        self.query_one(VerdictPanel).show(e.verdict, e.next_steps)
        self.query_one(ScoreShapeView).show(e.signals.shape, self._gates().min_top_gap)
        numbers = {p.text_hash: i for i, p in enumerate(e.result.passages, start=1)}
        self.query_one("#retrieved", PassagePane).show(e.result.passages, numbers)

    def action_open_passage(self) -> None:
        passage = None
        for pane_id in ("#cited", "#retrieved"):
            passage = self.query_one(pane_id, PassagePane).selected
            if passage is not None:
                break
        if passage is None:
            self.notify("highlight a passage first")
            return
        path = Path(self.backend.notes) / passage.primary.file
        line = passage.primary.start_line
        editor = os.environ.get("EDITOR")
        if not editor:
            self.push_screen(NoteViewer(path, line))
            return
        with self.suspend():
            subprocess.run([*shlex.split(editor), f"+{line}", str(path)], check=False)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand(
            "Refused questions", "Mark, re-run and replay refusals", self.action_refused
        )
        yield SystemCommand("Why", "Show the verdict gates for the typed question", self.action_why)
        yield SystemCommand(
            "Open passage", "Open the highlighted passage at its line", self.action_open_passage
        )
        yield SystemCommand("Key bindings", "List every key", self.action_help)
        yield SystemCommand("Cancel answer", "Stop the answer being generated", self.action_cancel)

    def on_unmount(self) -> None:
        self._cancel.set()
        self._index_cancel.set()
        if self.watcher is not None:
            self.watcher.stop()
        self.backend.close()


def make_app(backend: Backend, *, watch: bool = True) -> AsknotesApp:
    """The one factory for the CLI, the tests and the snapshots."""
    return AsknotesApp(backend, watch=watch)
