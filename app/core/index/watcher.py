"""Watch a notes folder and hand over debounced, coalesced batches of changed paths.

Editors save by writing a temporary file and renaming it over the note; `git pull` and
sync tools touch hundreds of files at once. Every event only marks a path as pending;
once the folder has been quiet for `debounce_s`, the whole pending set goes out as one
batch, so each file is re-indexed once however many events it caused.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

OnBatch = Callable[[frozenset[str]], None]


class NotesWatcher:
    """A watchdog observer over `root` that calls `on_batch(paths)` after a quiet period.

    `on_batch` runs on the watcher's own thread, one batch at a time; a path that changes
    again while its batch runs stays pending for the next batch.
    """

    def __init__(
        self,
        root: Path,
        on_batch: OnBatch,
        *,
        debounce_s: float = 0.3,
        on_error: Callable[[Exception], object] | None = None,
    ) -> None:
        self.root = root.resolve()
        self.on_batch = on_batch
        self.on_error = on_error
        self.debounce_s = debounce_s
        self._pending: dict[str, int] = {}  # path -> sequence number of its latest event
        self._sequence = 0
        self._last_event = 0.0
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._observer: Any = None
        self._thread: threading.Thread | None = None
        self.batches = 0

    def pending(self) -> frozenset[str]:
        """Paths changed on disk and not yet indexed: answers built now may be stale."""
        with self._lock:
            return frozenset(self._pending)

    def _relative(self, path: str | bytes) -> str | None:
        text = path.decode() if isinstance(path, bytes) else path
        try:
            rel = Path(text).resolve().relative_to(self.root)
        except ValueError:
            return None
        posix = rel.as_posix()
        return None if posix == "." else posix

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

    def start(self) -> None:
        from watchdog.events import FileSystemEvent, FileSystemEventHandler
        from watchdog.observers import Observer

        watcher = self

        class Handler(FileSystemEventHandler):
            def on_any_event(self, event: FileSystemEvent) -> None:
                if event.event_type in ("opened", "closed_no_write"):
                    return  # reads change nothing
                paths = [event.src_path]
                if getattr(event, "dest_path", ""):
                    paths.append(event.dest_path)
                watcher.notice(*paths)

        self._observer = Observer()
        self._observer.schedule(Handler(), str(self.root), recursive=True)
        self._observer.start()
        self._thread = threading.Thread(target=self._run, name="notes-watcher", daemon=True)
        self._thread.start()

    def _quiet_batch(self) -> dict[str, int] | None:
        """Wait until events stop for `debounce_s`, then return the pending snapshot."""
        while not self._stop.is_set():
            with self._lock:
                if not self._pending:
                    return None
                quiet = time.monotonic() - self._last_event
                if quiet >= self.debounce_s:
                    return dict(self._pending)
            time.sleep(max(0.01, self.debounce_s - quiet))
        return None

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(timeout=1.0)
            self._wake.clear()
            batch = self._quiet_batch()
            if batch is None:
                continue
            try:
                self.on_batch(frozenset(batch))
            except Exception as exc:  # noqa: BLE001 - the watcher must outlive a bad batch
                if self.on_error is not None:
                    self.on_error(exc)
            finally:
                with self._lock:
                    for path, sequence in batch.items():
                        if self._pending.get(path) == sequence:
                            del self._pending[path]
                    if self._pending:
                        self._wake.set()
                self.batches += 1

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._observer is not None:
            self._observer.stop()
            self._observer.join(timeout=5)
        if self._thread is not None:
            self._thread.join(timeout=5)
