"""Watch a notes folder and hand over debounced, coalesced batches of changed paths.

Editors save by writing a temporary file and renaming it over the note; `git pull` and
sync tools touch hundreds of files at once. Every event only marks a path as pending;
once the folder has been quiet for `debounce_s`, the whole pending set goes out as one
batch, so each file is re-indexed once however many events it caused.

Nothing a single event carries may stop the watching: an exception in watchdog's thread
would end it silently while the process kept saying "watching". So the event handler
never raises, and the batch thread checks the observer every second: when it died, or the
folder was replaced, it is started again and a full sweep is queued.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

from app.core.ingest.walk import display_name
from app.errors import IndexBusyError, NotesFolderError

OnBatch = Callable[[frozenset[str]], None]
SWEEP = "."  # a pending key that asks for a whole-folder pass, not one path


def batch_scope(paths: Collection[str]) -> frozenset[str] | None:
    """The paths a batch needs to read, or None when it must read the whole folder."""
    return None if SWEEP in paths else frozenset(paths)


RETRY_BUSY_S = 1.0
HEALTH_EVERY_S = 1.0


class NotesWatcher:
    """A watchdog observer over `root` that calls `on_batch(paths)` after a quiet period.

    `on_batch` runs on the watcher's own thread, one batch at a time; a path that changes
    again while its batch runs stays pending for the next batch. A batch that raises
    `IndexBusyError` (another process holds the writer lock) keeps its paths pending and
    is tried again `retry_s` later. Every failure, of a batch or of the watching itself,
    goes to `on_error`, and the watcher carries on.
    """

    def __init__(
        self,
        root: Path,
        on_batch: OnBatch,
        *,
        debounce_s: float = 0.3,
        retry_s: float = RETRY_BUSY_S,
        on_error: Callable[[Exception], object] | None = None,
    ) -> None:
        self.root = Path(os.path.realpath(root))
        self._root_text = str(self.root)
        self.on_batch = on_batch
        self.on_error = on_error
        self.debounce_s = debounce_s
        self.retry_s = retry_s
        self._pending: dict[str, int] = {}  # path -> sequence number of its latest event
        self._sequence = 0
        self._last_event = 0.0
        self._retry_at = 0.0
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._observer: Any = None
        self._watched_inode: tuple[int, int] | None = None
        self._root_missing = False
        self._thread: threading.Thread | None = None
        self.batches = 0
        self.restarts = 0

    def pending(self) -> frozenset[str]:
        """Paths changed on disk and not yet indexed: answers built now may be stale."""
        with self._lock:
            return frozenset(p for p in self._pending if p != SWEEP)

    def _relative(self, path: str | bytes) -> str | None:
        """`path` relative to the root, without touching the disk (a symlink loop must not
        be followed, and a deleted path cannot be)."""
        text = os.fsdecode(path) if isinstance(path, bytes) else path
        absolute = os.path.normpath(os.path.join(self._root_text, text))
        rel = os.path.relpath(absolute, self._root_text)
        if rel == os.curdir or rel == os.pardir or rel.startswith(os.pardir + os.sep):
            return None
        return display_name(Path(rel).as_posix())

    def notice(self, *paths: str | bytes) -> None:
        """Mark paths as changed (what the filesystem handler calls for each event)."""
        with self._lock:
            for path in paths:
                rel = self._relative(path)
                if rel is not None:
                    self._sequence += 1
                    self._pending[rel] = self._sequence
            self._last_event = time.monotonic()
        self._wake.set()

    def request_sweep(self) -> None:
        """Queue a whole-folder pass (after the watching itself was interrupted)."""
        with self._lock:
            self._sequence += 1
            self._pending[SWEEP] = self._sequence
            self._last_event = time.monotonic()
        self._wake.set()

    def _report(self, exc: Exception) -> None:
        if self.on_error is not None:
            try:
                self.on_error(exc)
            except Exception:  # noqa: BLE001 - a failing reporter must not stop the watcher
                pass

    def start(self) -> None:
        self._start_observer()
        self._thread = threading.Thread(target=self._run, name="notes-watcher", daemon=True)
        self._thread.start()

    def _start_observer(self) -> None:
        from watchdog.events import FileSystemEvent, FileSystemEventHandler
        from watchdog.observers import Observer

        watcher = self

        class Handler(FileSystemEventHandler):
            def on_any_event(self, event: FileSystemEvent) -> None:
                try:
                    if event.event_type in ("opened", "closed_no_write"):
                        return  # reads change nothing
                    paths = [event.src_path]
                    if getattr(event, "dest_path", ""):
                        paths.append(event.dest_path)
                    watcher.notice(*paths)
                except Exception as exc:  # noqa: BLE001 - an exception here kills watchdog
                    watcher.request_sweep()
                    watcher._report(exc)

        info = os.stat(self.root)
        observer = Observer()
        observer.schedule(Handler(), self._root_text, recursive=True)
        observer.start()
        self._observer = observer
        self._watched_inode = (info.st_dev, info.st_ino)

    def _stop_observer(self) -> None:
        observer, self._observer = self._observer, None
        if observer is not None:
            try:
                observer.stop()
                observer.join(timeout=5)
            except Exception:  # noqa: BLE001 - a dead observer may fail to stop; it is gone
                pass

    def _observer_healthy(self) -> bool:
        observer = self._observer
        if observer is None or not observer.is_alive():
            return False
        return all(emitter.is_alive() for emitter in observer.emitters)

    def check_health(self) -> None:
        """Restart the observer when it died or the folder was replaced; report a folder
        that is gone (nothing is removed from the index meanwhile)."""
        try:
            info = os.stat(self.root)
        except OSError as exc:
            if not self._root_missing:
                self._root_missing = True
                self._report(
                    NotesFolderError(
                        f"notes folder {self.root} is gone ({exc.strerror}); the index keeps "
                        "every note, and watching resumes when the folder is back"
                    )
                )
            return
        replaced = (info.st_dev, info.st_ino) != self._watched_inode
        if self._root_missing or replaced or not self._observer_healthy():
            self._root_missing = False
            self._stop_observer()
            try:
                self._start_observer()
            except OSError as exc:
                self._report(exc)
                return
            self.restarts += 1
            self.request_sweep()

    def _quiet_batch(self) -> dict[str, int] | None:
        """Wait until events stop for `debounce_s` (and any busy retry is due), then
        return the pending snapshot."""
        while not self._stop.is_set():
            with self._lock:
                if not self._pending:
                    return None
                now = time.monotonic()
                due = max(self._last_event + self.debounce_s, self._retry_at)
                if now >= due:
                    return dict(self._pending)
            time.sleep(min(max(0.01, due - now), HEALTH_EVERY_S))
            self.check_health()
        return None

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(timeout=HEALTH_EVERY_S)
            self._wake.clear()
            if self._stop.is_set():
                return
            self.check_health()
            batch = self._quiet_batch()
            if batch is None:
                continue
            done = True
            try:
                self.on_batch(frozenset(batch))
            except IndexBusyError as exc:
                done = False  # another process is writing: keep the paths, try again later
                self._retry_at = time.monotonic() + self.retry_s
                self._report(exc)
            except Exception as exc:  # noqa: BLE001 - the watcher must outlive a bad batch
                self._report(exc)
            finally:
                with self._lock:
                    if done:
                        for path, sequence in batch.items():
                            if self._pending.get(path) == sequence:
                                del self._pending[path]
                    if self._pending:
                        self._wake.set()
                self.batches += 1

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        self._stop_observer()
        if self._thread is not None:
            self._thread.join(timeout=5)
