"""The flows that change a folder's index: update, rebuild, repair, recalibrate.

Each holds the folder's writer lock (see `app.core.index.lock`), so one process writes an
index at a time whatever front end started it: a second writer waits, saying for whom, or
(a watcher's batch) is refused at once and tries again later. A rebuild or a repair builds
a new index beside the live one and switches to it only when complete.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Collection, Iterator

from app.core.basics.progress import Progress, no_progress
from app.core.index.embedder_record import identity_from
from app.core.index.indexer import IndexReport, update_index
from app.core.index.lock import this_command
from app.core.index.rebuild import rebuild_index, repair_index
from app.core.index.shared import ChromaServerStore
from app.core.index.store import NoteIndex
from app.core.index.vectors import VectorStoreError
from app.core.session.base import Notice, SessionBase
from app.core.verdict.probes import refresh_calibration
from app.core.verdict.scorecard import FolderCalibration
from app.errors import NotesFolderError


class WriterFlows(SessionBase):
    """Every way a session writes its folder's index."""

    def update(
        self,
        progress: Progress = no_progress,
        cancel: threading.Event | None = None,
        *,
        reconcile: bool = True,
        wait: bool = True,
        on_wait: Notice | None = None,
        allow_removals: bool = False,
        only: Collection[str] | None = None,
    ) -> IndexReport:
        """Bring the index up to date with the folder; questions keep working meanwhile
        (`only`: a watch batch's changed paths, read instead of the whole folder).

        Holds the writer lock: with `wait`, a second writer waits (telling `on_wait` who
        it waits for); without, it raises `IndexBusyError` at once (a watcher's batch
        tries again later). A damaged vector store is rebuilt from the manifest.
        """
        self._needs_notes()
        with self._update_lock:
            with (
                self.home.lock.hold(wait=wait, on_wait=on_wait, cancel=cancel),
                self._writer_lease(wait, on_wait, cancel),
            ):
                try:
                    index = self.open(create=True)
                    with index.writing():
                        report = update_index(
                            index,
                            self.notes,
                            walk=self.settings.walk(),
                            chunking=self.settings.chunking(),
                            progress=progress,
                            cancel=cancel,
                            reconcile=reconcile,
                            allow_removals=allow_removals,
                            only=only,
                        )
                        self._refit(index, progress, cancel)
                    return report
                except VectorStoreError as exc:
                    cause = str(exc.__cause__ or exc).strip().splitlines()[:1]
                    reason = "it could not be read" + (f": {cause[0][:200]}" if cause else "")
                    return self._repair_locked(progress, cancel, reason, allow_removals)

    def rebuild(
        self,
        progress: Progress = no_progress,
        cancel: threading.Event | None = None,
        *,
        on_wait: Notice | None = None,
    ) -> IndexReport:
        """Index every note again into a new index beside the old one, and switch to it
        when complete: a cancelled rebuild leaves the old index in use. Works whatever is
        wrong with the old index (another embedder or schema version, a damaged file)."""
        self._needs_notes()
        with (
            self._update_lock,
            self.home.lock.hold(wait=True, on_wait=on_wait, cancel=cancel),
            self._writer_lease(True, on_wait, cancel) as shared,
        ):
            self._move_user_data()
            if shared is not None:
                stored = identity_from(shared.manifest_meta())
                if stored is not None and stored != self.embedder().identity:
                    shared.reset()  # another embedder: its vectors cannot be reused
            report = rebuild_index(
                self.home,
                self.notes,
                self.embedder(),
                vectors=self._vectors(),
                walk=self.settings.walk(),
                chunking=self.settings.chunking(),
                progress=progress,
                cancel=cancel,
                finish=lambda index: self._refit(index, progress, cancel),
            )
            report.rebuilt = True
            self._switched()
            return report

    def repair(
        self,
        progress: Progress = no_progress,
        cancel: threading.Event | None = None,
        *,
        on_wait: Notice | None = None,
        allow_removals: bool = False,
    ) -> IndexReport:
        """Rebuild the vectors from the manifest (beside the old ones, switched when
        complete), then bring the index up to date."""
        self._needs_notes()
        with (
            self._update_lock,
            self.home.lock.hold(wait=True, on_wait=on_wait, cancel=cancel),
            self._writer_lease(True, on_wait, cancel),
        ):
            return self._repair_locked(progress, cancel, "asked for", allow_removals)

    def _repair_locked(
        self,
        progress: Progress,
        cancel: threading.Event | None,
        reason: str,
        allow_removals: bool,
    ) -> IndexReport:
        report = repair_index(
            self.home,
            self.notes,
            self.embedder(),
            vectors=self._vectors(),
            walk=self.settings.walk(),
            chunking=self.settings.chunking(),
            progress=progress,
            cancel=cancel,
            finish=lambda index: self._refit(index, progress, cancel),
            allow_removals=allow_removals,
        )
        report.store_repaired = reason
        self._switched()
        return report

    def _switched(self) -> None:
        """After a new generation went live: this session reads it from now on."""
        with self._open_lock:
            if self._index is not None:
                self._index.refresh()

    def _refit(self, index: NoteIndex, progress: Progress, cancel: threading.Event | None) -> None:
        fitted = refresh_calibration(
            index, self.settings.retrieval(), progress=progress, cancel=cancel
        )
        if fitted is not None:
            index.publish(())  # the calibration is in the meta readers mirror

    def _needs_notes(self) -> None:
        if self.shared_reader:
            raise NotesFolderError(
                "this machine reads a shared index and has no notes folder to write it "
                "from; pass NOTES_DIR to index the notes into it"
            )

    @contextlib.contextmanager
    def _writer_lease(
        self, wait: bool, on_wait: Notice | None, cancel: threading.Event | None
    ) -> Iterator[ChromaServerStore | None]:
        """With a shared collection, hold its writer lease (the server's one writer) too."""
        store = self.shared_store(create=True)
        if store is None:
            yield None
            return
        try:
            with store.writer_lease(this_command(), wait=wait, on_wait=on_wait, cancel=cancel):
                yield store
        finally:
            store.close()

    def recalibrate(
        self,
        progress: Progress = no_progress,
        cancel: threading.Event | None = None,
        *,
        on_wait: Notice | None = None,
    ) -> FolderCalibration:
        """Probe the folder again now, whatever changed since the last time (the bands
        are stored in the index, so this is a write and holds the writer lock)."""
        self._needs_notes()
        with (
            self.home.lock.hold(wait=True, on_wait=on_wait, cancel=cancel),
            self._writer_lease(True, on_wait, cancel),
        ):
            index = self.open()
            with index.writing():
                refresh_calibration(
                    index, self.settings.retrieval(), progress=progress, cancel=cancel, force=True
                )
                index.publish(())
        return self.calibration()
