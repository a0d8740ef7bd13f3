"""The TUI as a writer: its startup sweep and its watcher's batches, reported as messages.

Runs on worker and watcher threads and never touches a widget. The sweep waits for
another process that holds the writer lock (the wait shows in the status line); a
watcher batch is refused at once instead, and the watcher tries it again a second later,
so the watcher thread is never stuck behind another process's long rebuild.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from textual.message import Message

from app.core.index.watcher import NotesWatcher, batch_scope
from app.core.session.session import NotesSession
from app.errors import IndexBusyError
from app.ui.messages import FilesChanged, IndexProgress, IndexUpdated, IndexWaiting, WatchFailed


class FolderSync:
    """Keeps one session's index in step with its folder; `post` delivers to the app."""

    def __init__(self, session: NotesSession, post: Callable[[Message], object]) -> None:
        self.session = session
        self._post = post  # the app's post_message: safe from any thread
        self.watcher: NotesWatcher | None = None

    def index(
        self,
        *,
        reconcile: bool,
        cancel: threading.Event | None,
        wait: bool,
        only: frozenset[str] | None = None,
    ) -> None:
        report = self.session.update(
            lambda d, t, label: self._post(IndexProgress(d, t, label)),
            cancel,
            reconcile=reconcile,
            wait=wait,
            on_wait=lambda text: self._post(IndexWaiting(text)),
            only=only,
        )
        status = self.session.status()
        if status is not None:
            self._post(IndexUpdated(report, status))

    def _batch(self, paths: frozenset[str]) -> None:
        self._post(FilesChanged(paths))
        self.index(reconcile=False, cancel=None, wait=False, only=batch_scope(paths))

    def _failed(self, exc: Exception) -> None:
        self._post(WatchFailed(str(exc), busy=isinstance(exc, IndexBusyError)))

    def start_watching(self) -> None:
        if self.watcher is not None:
            return
        self.watcher = NotesWatcher(self.session.notes, self._batch, on_error=self._failed)
        self.watcher.start()
        self.session.pending = self.watcher.pending  # staleness without walking the folder

    def stop(self) -> None:
        if self.watcher is not None:
            self.watcher.stop()
