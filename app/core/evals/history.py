"""The questions asked of a folder and what came back, kept with the user's own data.

One JSON line per answer, appended with one write and an fsync, so two front ends asking
at once never interleave a line; a line that cannot be read is skipped with a warning.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.core.basics.files import append_line

HISTORY_FILE = "history.jsonl"
Warn = Callable[[str], None]


@dataclass(frozen=True)
class Cited:
    """Where an answer's cited passage is: enough to find it again."""

    file: str
    start_line: int
    end_line: int
    heading: str


@dataclass(frozen=True)
class HistoryEntry:
    asked_at: float  # seconds since the epoch
    asked: str  # as typed
    question: str  # as searched: a follow-up resolved, a scope kept
    answer: str
    outcome: str  # the answer's kind ("generated", "refused", "list", ...)
    cited: tuple[Cited, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "asked_at": time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(self.asked_at)),
            "asked": self.asked,
            "question": self.question,
            "answer": self.answer,
            "outcome": self.outcome,
            "cited": [
                {
                    "file": c.file,
                    "start_line": c.start_line,
                    "end_line": c.end_line,
                    "heading_path": c.heading,
                }
                for c in self.cited
            ],
        }


def history_path(user_dir: Path) -> Path:
    return user_dir / HISTORY_FILE


def record_history(user_dir: Path, entry: HistoryEntry) -> None:
    """Append one answered question."""
    line = {
        "asked_at": entry.asked_at,
        "asked": entry.asked,
        "question": entry.question,
        "answer": entry.answer,
        "outcome": entry.outcome,
        "cited": [[c.file, c.start_line, c.end_line, c.heading] for c in entry.cited],
    }
    append_line(history_path(user_dir), json.dumps(line, ensure_ascii=False) + "\n")


def read_history(user_dir: Path, warn: Warn | None = None) -> list[HistoryEntry]:
    """Every recorded answer, oldest first; unreadable lines are skipped and warned about."""
    path = history_path(user_dir)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as exc:
        if warn is not None:
            warn(f"{path}: cannot read the history ({exc.strerror})")
        return []
    entries: list[HistoryEntry] = []
    bad: list[int] = []
    for number, line in enumerate(raw.split(b"\n"), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line.decode("utf-8"))
            entries.append(
                HistoryEntry(
                    float(data["asked_at"]),
                    str(data["asked"]),
                    str(data["question"]),
                    str(data["answer"]),
                    str(data["outcome"]),
                    tuple(Cited(str(f), int(a), int(b), str(h)) for f, a, b, h in data["cited"]),
                )
            )
        except (ValueError, KeyError, TypeError, UnicodeDecodeError):
            bad.append(number)
    if bad and warn is not None:
        warn(f"{path}: skipped {len(bad)} unreadable lines (first: line {bad[0]})")
    return entries


def search_history(entries: Sequence[HistoryEntry], query: str) -> list[HistoryEntry]:
    """The entries whose question (as typed or resolved) or answer holds every word of
    `query`, case-insensitively; every entry for an empty query."""
    words = query.casefold().split()
    found = []
    for entry in entries:
        text = f"{entry.asked}\n{entry.question}\n{entry.answer}".casefold()
        if all(word in text for word in words):
            found.append(entry)
    return found
