"""The refused-question set: every refusal, kept beside the index to be replayed later."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from app.core.verdict import Verdict

REFUSED_FILE = "refused.jsonl"


def refused_path(index_dir: Path) -> Path:
    return index_dir / REFUSED_FILE


def verdict_dict(verdict: Verdict) -> dict[str, Any]:
    fired = verdict.fired
    return {
        "answerable": verdict.answerable,
        "fired": fired.name if fired else None,
        "gates": [
            {
                "name": g.name,
                "enabled": g.enabled,
                "fired": g.fired,
                "value": None if g.value is None else round(g.value, 6),
                "threshold": None if g.threshold is None else round(g.threshold, 6),
                "detail": g.detail,
            }
            for g in verdict.gates
        ],
    }


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
        "gate_values": verdict_dict(verdict)["gates"],
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
