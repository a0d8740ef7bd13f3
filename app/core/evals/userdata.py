"""The user's own data for one notes folder, kept apart from the index it is about.

    <data dir>/user/<folder>-<hash>/
        refused.jsonl     refused questions, with the marks and anchors a person gave them
        eval_runs/        every stored `asknotes eval` run
        calibration.json  the threshold `calibrate --write` set from labelled questions

None of it can be derived from the notes again, so none of it lives in the index folder,
which a rebuild replaces whole. An index written before this split kept these files in
its own folder: `migrate_user_data` moves them here once.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.core.basics.files import atomic_write, file_lock
from app.core.evals.refusals import REFUSED_FILE, refused_path
from app.core.evals.runs import RUNS_DIR

CALIBRATION_FILE = "calibration.json"
Warn = Callable[[str], object]


@dataclass(frozen=True)
class UserCalibration:
    """The verdict threshold a person set from labelled questions, and where it came from."""

    threshold: float
    labels: dict[str, Any] = field(default_factory=dict)


def load_user_calibration(user_dir: Path, warn: Warn | None = None) -> UserCalibration | None:
    """The stored threshold, or None; an unreadable file is reported and ignored."""
    path = user_dir / CALIBRATION_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return UserCalibration(float(data["threshold"]), dict(data.get("labels") or {}))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
        if warn is not None:
            warn(
                f"{path}: not a readable calibration ({type(exc).__name__}); the fitted "
                "threshold is used. Run `asknotes calibrate QUESTIONS --write` to set it again"
            )
        return None


def save_user_calibration(user_dir: Path, calibration: UserCalibration) -> Path:
    path = user_dir / CALIBRATION_FILE
    body = {"threshold": calibration.threshold, "labels": calibration.labels}
    atomic_write(path, json.dumps(body, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    return path


def migrate_user_data(
    index_root: Path, user_dir: Path, legacy_calibration: str | None = None
) -> list[str]:
    """Move user data an older asknotes kept in the index folder; one line per move.

    `legacy_calibration` is the folder calibration JSON an older index stored in its
    manifest: a threshold set from labels in it becomes `calibration.json`.
    """
    moved: list[str] = []
    old_refused = refused_path(index_root)
    old_runs = index_root / RUNS_DIR
    needs_calibration = legacy_calibration and not (user_dir / CALIBRATION_FILE).exists()
    if not (old_refused.exists() or old_runs.is_dir() or needs_calibration):
        return moved
    user_dir.mkdir(parents=True, exist_ok=True)
    with file_lock(user_dir / (REFUSED_FILE + ".lock")):
        if old_refused.exists():
            target = refused_path(user_dir)
            if target.exists():  # both exist: keep every line, the older ones first
                atomic_write(
                    target, old_refused.read_bytes().rstrip(b"\n") + b"\n" + target.read_bytes()
                )
                old_refused.unlink()
            else:
                _move(old_refused, target)
            moved.append(f"moved {old_refused} to {target}")
        if old_runs.is_dir():
            runs = user_dir / RUNS_DIR
            runs.mkdir(parents=True, exist_ok=True)
            for run in sorted(old_runs.iterdir()):
                if not (runs / run.name).exists():
                    _move(run, runs / run.name)
            shutil.rmtree(old_runs, ignore_errors=True)
            moved.append(f"moved the eval runs in {old_runs} to {runs}")
    if needs_calibration:
        kept = _legacy_threshold(str(legacy_calibration))
        if kept is not None:
            path = save_user_calibration(user_dir, kept)
            moved.append(f"kept the calibrated threshold {kept.threshold:+.3f} in {path}")
    return moved


def _legacy_threshold(raw: str) -> UserCalibration | None:
    try:
        data = json.loads(raw)
        threshold = data.get("threshold")
        if threshold is None:
            return None
        labels = (data.get("provenance") or {}).get("labels") or {}
        return UserCalibration(float(threshold), dict(labels))
    except (ValueError, TypeError, AttributeError):
        return None


def _move(source: Path, target: Path) -> None:
    """Rename when on one filesystem, else copy (durably) and delete."""
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.replace(source, target)
    except OSError:
        if source.is_dir():
            shutil.copytree(source, target)
            shutil.rmtree(source)
        else:
            shutil.copy2(source, target)
            source.unlink()
