"""The refused-question set: every refusal, kept in the folder's user data to be replayed.

It is the user's data (their marks and anchors), so it lives apart from the index and
survives a rebuild. Several processes use it at once (the TUI records a refusal while
`refused mark` rewrites the file): appends and rewrites take a file lock, and a rewrite
is fsynced before it replaces the file. A line that cannot be read (torn by a crash,
edited by hand) is skipped with a warning that names it, and on the next rewrite it is
moved to `refused.jsonl.bad` rather than dropped.

The set stays bounded: each time appends grow the file by another `COMPACT_BYTES`, it is
rewritten with one line per question (its latest, marks and anchors kept), and past
`MAX_REFUSED` questions the oldest unmarked ones go (a marked question is a label the
user gave, and is never dropped).
"""

from __future__ import annotations

import enum
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.core.basics.files import append_line, atomic_write, file_lock
from app.core.evals.questions import Question
from app.core.verdict.gates import Verdict

REFUSED_FILE = "refused.jsonl"
COMPACT_BYTES = 256 * 1024
MAX_REFUSED = 1000
Warn = Callable[[str], object]


def refused_path(user_dir: Path) -> Path:
    return user_dir / REFUSED_FILE


def _lock_path(user_dir: Path) -> Path:
    return user_dir / (REFUSED_FILE + ".lock")


@dataclass
class RefusedSet:
    """The readable entries of the refused set, and a line for each one that is not."""

    entries: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    bad_lines: list[bytes] = field(default_factory=list)


def record_refusal(
    user_dir: Path,
    question: str,
    verdict: Verdict,
    *,
    settings: dict[str, Any],
    index_version: int,
) -> dict[str, Any]:
    """Append one refusal as a JSON line; one `write` of one line, then fsync."""
    entry = {
        "question": question,
        "verdict": verdict.fired.name if verdict.fired else None,
        "gate_values": verdict.as_dict()["gates"],
        "settings": settings,
        "index_version": index_version,
        "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "mark": None,
    }
    line = json.dumps(entry, ensure_ascii=False) + "\n"
    path = refused_path(user_dir)
    with file_lock(_lock_path(user_dir)):
        before = path.stat().st_size if path.exists() else 0
        append_line(path, line)
        if before // COMPACT_BYTES != (before + len(line.encode())) // COMPACT_BYTES:
            _compact(user_dir)
    return entry


def _compact(user_dir: Path) -> None:
    """One line per question, and at most `MAX_REFUSED` questions (the caller holds the
    set's lock)."""
    current = unique_refused_set(user_dir)
    excess = len(current.entries) - MAX_REFUSED
    if excess > 0:
        kept: list[dict[str, Any]] = []
        for entry in current.entries:  # oldest first
            if excess > 0 and Mark.parse(entry.get("mark")) is None:
                excess -= 1
                continue
            kept.append(entry)
        current.entries = kept
    _rewrite(user_dir, current)


def _parse_line(raw: bytes, where: str) -> tuple[dict[str, Any] | None, str | None]:
    """An entry, or why the line is not one."""
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, f"{where}: not UTF-8 text (byte {exc.start + 1}); line skipped"
    try:
        data = json.loads(line)
    except json.JSONDecodeError:
        return None, f"{where}: not valid JSON (cut short by a crash?); line skipped"
    if not isinstance(data, dict):
        return None, f"{where}: not a JSON object; line skipped"
    if not isinstance(data.get("question"), str) or not data["question"].strip():
        return None, f'{where}: no "question" string; line skipped'
    return data, None


def load_refusals(user_dir: Path) -> list[dict[str, Any]]:
    """Every readable entry, in file order."""
    return read_refusals(user_dir).entries


def read_refusals(user_dir: Path) -> RefusedSet:
    """Every readable entry in file order; unreadable lines become problems."""
    path = refused_path(user_dir)
    found = RefusedSet()
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return found
    except OSError as exc:
        found.problems.append(f"{path}: cannot be read ({exc.strerror}); no refusals loaded")
        return found
    for number, raw in enumerate(data.split(b"\n"), start=1):
        if not raw.strip():
            continue
        entry, problem = _parse_line(raw, f"{path}:{number}")
        if entry is not None:
            found.entries.append(entry)
        else:
            found.problems.append(str(problem))
            found.bad_lines.append(raw)
    return found


class Mark(enum.Enum):
    """A person's judgement of a refusal; each becomes an expectation when replayed."""

    SHOULD_ANSWER = "should-answer"
    CORRECT_REFUSAL = "correct-refusal"

    @property
    def expect(self) -> str:
        return "answer" if self is Mark.SHOULD_ANSWER else "refuse"

    @property
    def label(self) -> str:
        return self.value.replace("-", " ")

    @classmethod
    def parse(cls, value: object) -> Mark | None:
        try:
            return cls(value) if isinstance(value, str) and value else None
        except ValueError:
            return None


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def unique_refusals(user_dir: Path, warn: Warn | None = None) -> list[dict[str, Any]]:
    """One entry per question (its latest), numbered from 1 in first-refused order."""
    found = unique_refused_set(user_dir)
    _tell(warn, found.problems)
    return found.entries


def _tell(warn: Warn | None, problems: list[str]) -> None:
    if warn is not None:
        for problem in problems:
            warn(problem)


def unique_refused_set(user_dir: Path) -> RefusedSet:
    """`unique_refusals`, with the problems and the unreadable lines."""
    loaded = read_refusals(user_dir)
    latest: dict[str, dict[str, Any]] = {}
    for entry in loaded.entries:
        previous = latest.get(entry["question"])
        if previous is not None:
            entry = {
                **entry,
                "mark": _text(entry.get("mark")) or _text(previous.get("mark")),
                "anchor": _text(entry.get("anchor")) or _text(previous.get("anchor")),
            }
        latest[entry["question"]] = entry
    return RefusedSet(list(latest.values()), loaded.problems, loaded.bad_lines)


def check_anchor(anchor: str) -> None:
    """Raises ValueError, naming the anchor, when it is not a regular expression."""
    try:
        re.compile(anchor, re.IGNORECASE)
    except re.error as exc:
        raise ValueError(
            f"--anchor {anchor!r} is not a valid regular expression ({exc}); "
            "escape special characters such as ( [ * with a backslash"
        ) from exc


def mark_refusal(
    user_dir: Path, number: int, mark: str, anchor: str | None = None
) -> dict[str, Any]:
    """Mark entry `number` (from `unique_refusals`) and rewrite the set atomically.

    The read and the rewrite happen under the set's lock, so a refusal appended by another
    process meanwhile is kept. Lines that cannot be read move to `refused.jsonl.bad`.

    Raises:
        ValueError: no such entry, an unknown mark or an anchor that is not a regex.
    """
    if Mark.parse(mark) is None:
        choices = ", ".join(m.value for m in Mark)
        raise ValueError(f"mark must be one of {choices}, got {mark!r}")
    if anchor is not None:
        check_anchor(anchor)
    with file_lock(_lock_path(user_dir)):
        current = unique_refused_set(user_dir)
        entries = current.entries
        if not 1 <= number <= len(entries):
            raise ValueError(f"no refused question #{number}; there are {len(entries)}")
        target = entries[number - 1]
        target["mark"] = mark
        if anchor is not None:
            target["anchor"] = anchor
        _rewrite(user_dir, current)
    return target


def _rewrite(user_dir: Path, current: RefusedSet) -> None:
    """Replace the set with `current`'s entries, atomically; its unreadable lines move to
    `refused.jsonl.bad` (the caller holds the set's lock)."""
    if current.bad_lines:
        bad = refused_path(user_dir).with_name(REFUSED_FILE + ".bad")
        with bad.open("ab") as f:
            f.write(b"".join(line + b"\n" for line in current.bad_lines))
    atomic_write(
        refused_path(user_dir),
        "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in current.entries),
    )


def refusals_as_questions(user_dir: Path, warn: Warn | None = None) -> list[Question]:
    """The refused set as a question set: a mark becomes `expect`, an anchor is kept.

    An anchor that is not a regular expression (written by hand or by an older asknotes)
    is dropped with a problem line rather than failing every replay.
    """
    loaded = unique_refused_set(user_dir)
    problems = list(loaded.problems)
    questions = []
    for entry in loaded.entries:
        anchor = _text(entry.get("anchor"))
        if anchor is not None:
            try:
                check_anchor(anchor)
            except ValueError as exc:
                problems.append(f"refused question {entry['question']!r}: {exc}; anchor ignored")
                anchor = None
        mark = Mark.parse(entry.get("mark"))
        questions.append(
            Question(
                entry["question"],
                expect=mark.expect if mark else None,
                anchor=anchor,
                extra={"refused_at": entry.get("time"), "refused_by": entry.get("verdict")},
            )
        )
    _tell(warn, problems)
    return questions


def marked_refusals(user_dir: Path, warn: Warn | None = None) -> list[Question]:
    """The refusals a person has marked, as labelled questions for calibration."""
    return [q for q in refusals_as_questions(user_dir, warn) if q.expect is not None]
