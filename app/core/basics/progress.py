"""How long jobs report progress and learn that they were cancelled."""

from __future__ import annotations

import threading
from collections.abc import Callable

from app.errors import Cancelled

Progress = Callable[[int, int, str], object]
"""Called as progress(done, total, label); front ends turn it into a bar."""


def no_progress(done: int, total: int, label: str) -> None:
    """A progress callback that ignores every report."""


def check_cancelled(cancel: threading.Event | None) -> None:
    if cancel is not None and cancel.is_set():
        raise Cancelled("cancelled")
