"""The refused-question set: every refusal, kept beside the index to be replayed later."""

from __future__ import annotations

import enum
import json
import os
import time
from pathlib import Path
from typing import Any

from app.core.verdict.gates import Verdict

REFUSED_FILE = "refused.jsonl"


def refused_path(index_dir: Path) -> Path:
    return index_dir / REFUSED_FILE


def record_refusal(
    index_dir: Path,
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
    path = refused_path(index_dir)
    line = json.dumps(entry, ensure_ascii=False) + "\n"
    if path.is_file() and path.stat().st_size:
        with path.open("rb") as f:
            f.seek(-1, os.SEEK_END)
            if f.read(1) != b"\n":  # a line torn by a crash: start a fresh one
                line = "\n" + line
    with path.open("a", encoding="utf-8") as f:
        f.write(line)
        f.flush()
        os.fsync(f.fileno())
    return entry


def load_refusals(index_dir: Path) -> list[dict[str, Any]]:
    path = refused_path(index_dir)
    if not path.is_file():
        return []
    entries = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            entries.append(json.loads(line))
        except json.JSONDecodeError:
            continue  # a line cut short by a crash is skipped, the rest stays usable
    return entries


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
    def parse(cls, value: str | None) -> Mark | None:
        try:
            return cls(value) if value else None
        except ValueError:
            return None


def unique_refusals(index_dir: Path) -> list[dict[str, Any]]:
    """One entry per question (its latest), numbered from 1 in first-refused order."""
    latest: dict[str, dict[str, Any]] = {}
    for entry in load_refusals(index_dir):
        previous = latest.get(entry["question"])
        if previous is not None:
            entry = {
                **entry,
                "mark": entry.get("mark") or previous.get("mark"),
                "anchor": entry.get("anchor") or previous.get("anchor"),
            }
        latest[entry["question"]] = entry
    return list(latest.values())


def mark_refusal(
    index_dir: Path, number: int, mark: str, anchor: str | None = None
) -> dict[str, Any]:
    """Mark entry `number` (from `unique_refusals`) and rewrite the set atomically.

    Raises:
        ValueError: no such entry, or an unknown mark.
    """
    if Mark.parse(mark) is None:
        choices = ", ".join(m.value for m in Mark)
        raise ValueError(f"mark must be one of {choices}, got {mark!r}")
    entries = unique_refusals(index_dir)
    if not 1 <= number <= len(entries):
        raise ValueError(f"no refused question #{number}; there are {len(entries)}")
    target = entries[number - 1]
    target["mark"] = mark
    if anchor is not None:
        target["anchor"] = anchor
    path = refused_path(index_dir)
    partial = path.with_suffix(".partial")
    partial.write_text(
        "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in entries), encoding="utf-8"
    )
    os.replace(partial, path)
    return target


def refusals_as_questions(index_dir: Path) -> list[Any]:
    """The refused set as a question set: a mark becomes `expect`, an anchor is kept."""
    from app.core.evals.questions import Question

    return [
        Question(
            e["question"],
            expect=m.expect if (m := Mark.parse(e.get("mark"))) else None,
            anchor=e.get("anchor"),
            extra={"refused_at": e.get("time"), "refused_by": e.get("verdict")},
        )
        for e in unique_refusals(index_dir)
    ]


def marked_refusals(index_dir: Path) -> list[Any]:
    """The refusals a person has marked, as labelled questions for calibration."""
    return [q for q in refusals_as_questions(index_dir) if q.expect is not None]
