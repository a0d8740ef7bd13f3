"""One writer at a time per index: an advisory `flock` that every writer holds.

Any number of processes may read an index (the TUI, `ask`, `search`, `eval`); only the one
holding this lock may change it (`index`, `watch`, the TUI's own watcher and sweep). A
reader never takes it, so it never waits. The kernel releases an `flock` when its holder
exits however it exits, so a killed writer never leaves the folder locked.

The lock file also says who holds it (pid and command), so a second writer can tell the
user what it is waiting for.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from app.core.basics.progress import check_cancelled
from app.errors import IndexBusyError

POLL_S = 0.2


@dataclass(frozen=True)
class LockHolder:
    pid: int | None
    command: str

    def describe(self) -> str:
        pid = "pid ?" if self.pid is None else f"pid {self.pid}"
        return f"{pid}, `{self.command}`" if self.command else pid


def this_command() -> str:
    """How this process was started, as a user would recognise it."""
    argv = [os.path.basename(sys.argv[0]) if sys.argv else "python", *sys.argv[1:]]
    if argv[0] in ("__main__.py", "-m", "-c"):
        argv[0] = "asknotes"
    return " ".join(argv)[:200]


def read_holder(path: Path) -> LockHolder:
    """Who wrote the lock file last (the holder, while the lock is held)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        pid = data.get("pid")
        return LockHolder(pid if isinstance(pid, int) else None, str(data.get("command", "")))
    except (OSError, ValueError, AttributeError):
        return LockHolder(None, "")


def busy_message(holder: LockHolder) -> str:
    return f"another asknotes process is indexing this folder ({holder.describe()})"


class WriterLock:
    """The writer lock of one index directory; reentrant within a thread.

    Get it with `for_path`: two `flock`s on one file from one process would wait for each
    other, so every object of this process that writes one index shares one lock.
    """

    _registry: dict[str, WriterLock] = {}
    _registry_lock = threading.Lock()

    @classmethod
    def for_path(cls, path: Path) -> WriterLock:
        key = os.path.abspath(path)
        with cls._registry_lock:
            if key not in cls._registry:
                cls._registry[key] = cls(path)
            return cls._registry[key]

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None
        self._depth = 0
        self._mutex = threading.RLock()

    @property
    def held(self) -> bool:
        return self._fd is not None

    def _try(self) -> bool:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        except BaseException:
            os.close(fd)
            raise
        stamp = json.dumps({"pid": os.getpid(), "command": this_command()}).encode()
        os.ftruncate(fd, 0)
        os.pwrite(fd, stamp, 0)
        self._fd = fd
        return True

    @contextlib.contextmanager
    def hold(
        self,
        *,
        wait: bool,
        on_wait: Callable[[str], object] | None = None,
        cancel: threading.Event | None = None,
    ) -> Iterator[None]:
        """Hold the lock for the block.

        With `wait`, a busy lock is polled (so `cancel` can stop the wait) and `on_wait`
        is told once who holds it; without, a busy lock raises at once.

        Raises:
            IndexBusyError: the lock is busy and `wait` is false.
            Cancelled: `cancel` was set while waiting.
        """
        with self._mutex:
            if self._fd is not None:  # this process holds it already (a nested writer)
                self._depth += 1
                try:
                    yield
                finally:
                    self._depth -= 1
                return
            told = False
            while not self._try():
                holder = read_holder(self.path)
                if not wait:
                    raise IndexBusyError(busy_message(holder), holder.describe())
                if not told and on_wait is not None:
                    on_wait(f"{busy_message(holder)}; waiting…")
                    told = True
                check_cancelled(cancel)
                time.sleep(POLL_S)
            try:
                yield
            finally:
                fd, self._fd = self._fd, None
                if fd is not None:
                    fcntl.flock(fd, fcntl.LOCK_UN)
                    os.close(fd)
