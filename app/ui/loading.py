"""Loading: the index and the model open on worker threads at startup, and every
indexing message (the startup sweep, the watcher's batches) reaches the status line."""

from __future__ import annotations

from textual import on, work
from textual.worker import get_current_worker

from app.ui.asking import Asking
from app.ui.indexing import FolderSync
from app.ui.messages import (
    FilesChanged,
    IndexProgress,
    IndexReady,
    IndexUpdated,
    IndexWaiting,
    LoadProgress,
    ModelReady,
    Warned,
    WatchFailed,
)
from app.ui.widgets.status import StatusBar


class Loading(Asking):
    """Getting the index and the model ready, and keeping the index in step with the
    folder; a question asked meanwhile waits in `Asking` until both are ready."""

    sync: FolderSync
    watch_folder: bool

    @work(thread=True, exclusive=True, exit_on_error=False, group="load-index")
    def load_index(self) -> None:
        self.session.open(create=True)
        self.session.warm_up()
        status = self.session.status()
        assert status is not None
        self.post_message(IndexReady(status))

    @work(thread=True, exclusive=True, exit_on_error=False, group="load-model")
    def load_model(self) -> None:
        generator = self.session.load_model(
            lambda d, t, label: self.post_message(LoadProgress(d, t, label))
        )
        self.post_message(ModelReady(generator.name))

    @on(IndexReady)
    def index_loaded(self, message: IndexReady) -> None:
        if self._widgets_gone():
            return
        self.index_ready = True
        self.query_one(StatusBar).show_index(message.status)
        self.sweep()
        self.load_model()
        self._ask_queued()

    @work(thread=True, exclusive=True, exit_on_error=False, group="index")
    def sweep(self) -> None:
        """The startup sweep waits for another writer (its wait shows in the status line);
        questions keep using the index as it is meanwhile."""
        self.indexing = True
        self.sync.index(reconcile=True, cancel=get_current_worker().cancelled_event, wait=True)

    @on(FilesChanged)
    def files_changed(self, message: FilesChanged) -> None:
        if self._widgets_gone():
            return
        self.indexing = True
        self.query_one(StatusBar).show_changes(message.paths)

    @on(WatchFailed)
    def watch_failed(self, message: WatchFailed) -> None:
        """Every failure of the watching shows in the status line; only real errors (not
        a wait for another process) also pop up."""
        if self._widgets_gone():
            return
        self.indexing = False
        if message.busy:
            self.query_one(StatusBar).show_waiting(f"{message.error}; will retry")
            return
        self.query_one(StatusBar).show_failure("watch", message.error)
        self.notify(f"indexing a change failed: {message.error}", severity="error")

    @on(IndexWaiting)
    def index_waiting(self, message: IndexWaiting) -> None:
        if self._widgets_gone():
            return
        self.query_one(StatusBar).show_waiting(message.text)

    @on(Warned)
    def warned(self, message: Warned) -> None:
        if self._widgets_gone():
            return
        self.notify(message.text, severity="warning", timeout=10)

    @on(IndexProgress)
    def index_progress(self, message: IndexProgress) -> None:
        if self._widgets_gone():
            return
        if message.total:
            self.query_one(StatusBar).show_indexing(message.label, message.done, message.total)

    @on(IndexUpdated)
    def index_updated(self, message: IndexUpdated) -> None:
        if self._widgets_gone():
            return
        self.indexing = False
        if self.watch_folder:
            self.sync.start_watching()
        self.query_one(StatusBar).show_index(message.status, message.report)
        if message.report.removal_guard:
            self.notify(message.report.removal_guard, severity="warning", timeout=20)

    @on(LoadProgress)
    def load_progress(self, message: LoadProgress) -> None:
        if self._widgets_gone():
            return
        self.query_one(StatusBar).show_model_progress(message.label, message.done, message.total)

    @on(ModelReady)
    def model_loaded(self, message: ModelReady) -> None:
        if self._widgets_gone():
            return
        self.model_ready = True
        self.query_one(StatusBar).show_model(message.name)
        self._ask_queued()
