"""One writer per shared collection: a lease record with an expiry that every writer
holds, kept where every machine can see it (the collection's metadata on the server).

A lease is renewed by its holder while it writes; a holder that died stops renewing and
its lease lapses after `LEASE_SECONDS` (at once when it ran on this host and its process
is gone). The server offers no compare-and-set, so a claim is read back after a short
settle: of two writers claiming at the same moment, both read the later claim, and the
other backs off.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from typing import Protocol

from app.core.basics.progress import check_cancelled
from app.errors import IndexBusyError, IndexError_

LEASE_SECONDS = 60.0
LEASE_POLL_S = 1.0
LEASE_SETTLE_S = 0.3


@dataclass(frozen=True)
class Lease:
    """Who may write a shared collection, and until when (seconds since the epoch)."""

    token: str
    host: str
    pid: int
    command: str
    until: float

    def describe(self) -> str:
        return f"{self.host} pid {self.pid}, `{self.command}`"

    def holder_is_gone(self) -> bool:
        """On this host, a holder whose process has ended: its lease is void at once."""
        if self.host != socket.gethostname():
            return False
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return True
        except OSError:
            return False
        return False

    def to_record(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def parse(cls, record: str) -> Lease | None:
        """None for no lease, or for a record nobody could have written."""
        if not record:
            return None
        try:
            return cls(**json.loads(record))
        except (ValueError, TypeError):
            return None


class LeaseHome(Protocol):
    """Where a lease record is kept."""

    def lease_record(self) -> str: ...

    def set_lease_record(self, value: str) -> None: ...


@contextlib.contextmanager
def hold_lease(
    home: LeaseHome,
    what: str,
    command: str,
    wait: bool,
    on_wait: Callable[[str], object] | None = None,
    cancel: threading.Event | None = None,
) -> Iterator[Lease]:
    """Hold the writer lease kept in `home` for the block, renewed on a thread.

    Raises:
        IndexBusyError: another writer holds an unexpired lease and `wait` is false.
    """
    told = False
    while True:
        check_cancelled(cancel)
        held = Lease.parse(home.lease_record())
        if held is None or held.until < time.time() or held.holder_is_gone():
            mine = Lease(
                os.urandom(8).hex(),
                socket.gethostname(),
                os.getpid(),
                command,
                time.time() + LEASE_SECONDS,
            )
            home.set_lease_record(mine.to_record())
            time.sleep(LEASE_SETTLE_S)  # a rival's claim in flight lands before the check
            held = Lease.parse(home.lease_record())
            if held is not None and held.token == mine.token:
                break
        holder = held.describe() if held else "unknown"
        message = f"another asknotes process is writing the {what} ({holder})"
        if not wait:
            raise IndexBusyError(message, holder)
        if not told and on_wait is not None:
            on_wait(message + "; waiting…")
            told = True
        time.sleep(LEASE_POLL_S)
    stop = threading.Event()
    keeper = threading.Thread(
        target=_keep, args=(home, mine, stop), name="asknotes-lease", daemon=True
    )
    keeper.start()
    try:
        yield mine
    finally:
        stop.set()
        keeper.join()
        with contextlib.suppress(IndexError_):  # a server that went away: the lease lapses
            held = Lease.parse(home.lease_record())
            if held is not None and held.token == mine.token:
                home.set_lease_record("")


def _keep(home: LeaseHome, lease: Lease, stop: threading.Event) -> None:
    """Push the lease's expiry on until `stop`. A server that cannot be reached is for
    the writes to report; a lease another writer took after it lapsed is never taken back."""
    while not stop.wait(LEASE_SECONDS / 3):
        with contextlib.suppress(IndexError_):
            held = Lease.parse(home.lease_record())
            if held is not None and held.token != lease.token:
                return
            lease = Lease(
                lease.token, lease.host, lease.pid, lease.command, time.time() + LEASE_SECONDS
            )
            home.set_lease_record(lease.to_record())
