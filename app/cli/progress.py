"""A progress line on stderr for long CLI jobs: counts, rate and ETA."""

from __future__ import annotations

import sys
import time
from typing import TextIO

# Jobs that report in their own unit whatever the command's main one is.
LABEL_UNITS = {"calibrating": "probes", "indexing": "notes"}


class StderrProgress:
    """A `progress(done, total, label)` callback that draws on stderr.

    On a terminal it redraws one line; in a log it prints a line every tenth of the job.
    """

    def __init__(
        self, stream: TextIO | None = None, *, unit: str = "chunks", scale: float = 1.0
    ) -> None:
        self.stream = stream or sys.stderr
        self.unit = unit
        self.scale = scale
        self.tty = self.stream.isatty()
        self.started: float | None = None
        self.last_decile = -1
        self.drawn = False

    def __call__(self, done: int, total: int, label: str) -> None:
        if total <= 0:
            return
        now = time.perf_counter()
        if self.started is None or done == 0:
            self.started = now
        elapsed = now - self.started
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (total - done) / rate if rate > 0 else None
        pct = 100 * done // total
        unit = LABEL_UNITS.get(label, self.unit)
        line = f"{label} {done / self.scale:.0f}/{total / self.scale:.0f} {unit} ({pct}%)"
        if rate:
            line += f" · {rate / self.scale:.0f} {unit}/s"
        if eta is not None and done < total:
            line += f" · ETA {int(eta) // 60}:{int(eta) % 60:02d}"
        if self.tty:
            self.stream.write("\r\x1b[2K" + line)
            self.drawn = True
            if done >= total:
                self.stream.write("\n")
                self.drawn = False
        elif pct // 10 != self.last_decile or done >= total:
            self.last_decile = pct // 10
            self.stream.write(line + "\n")
        self.stream.flush()

    def finish(self) -> None:
        if self.drawn:
            self.stream.write("\n")
            self.drawn = False
