"""The status row: the index (files, chunks, last update, what is being indexed) and the
model, with one progress bar for whichever long job is running."""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import ProgressBar, Static

from app.core.index.indexer import IndexReport
from app.core.index.store import IndexStatus

_UNITS = {"indexing": "notes", "calibrating": "probes"}  # what each job counts


class StatusBar(Horizontal):
    def compose(self) -> ComposeResult:
        yield Static("index: loading…", id="index-status")
        yield Static("model: loading…", id="model-status")
        yield ProgressBar(id="load-progress", show_eta=True)

    def on_mount(self) -> None:
        self.query_one(ProgressBar).display = False

    def _progress(self, done: int, total: int) -> None:
        bar = self.query_one(ProgressBar)
        bar.display = done < total
        bar.update(total=total, progress=done)

    def show_index(self, s: IndexStatus, report: IndexReport | None = None) -> None:
        self.query_one(ProgressBar).display = False
        updated = (
            time.strftime("%Y-%m-%d %H:%M", time.localtime(s.updated_at))
            if s.updated_at
            else "never"
        )
        note = ""
        if report is not None:
            note = (
                " · up to date"
                if report.nothing_to_do
                else f" · {len(report.added)} added, {len(report.changed)} changed, "
                f"{len(report.removed)} removed"
            )
            if report.skipped:
                note += f", {len(report.skipped)} skipped"
            if report.held_removals:
                note += f", {len(report.held_removals)} removals held back"
        self.query_one("#index-status", Static).update(
            f"index: {s.files} notes · {s.chunks} chunks ({s.unique_texts} unique) · "
            f"updated {updated}{note}"
        )

    def show_indexing(self, label: str, done: int, total: int) -> None:
        self._progress(done, total)
        self.query_one("#index-status", Static).update(
            f"indexing: {label} {done}/{total} {_UNITS.get(label, 'chunks')} "
            "(answers use the index as it was)"
        )

    def show_changes(self, paths: frozenset[str]) -> None:
        shown = ", ".join(sorted(paths)[:3])
        self.query_one("#index-status", Static).update(f"indexing changes: {shown}")

    def show_model_progress(self, label: str, done: int, total: int) -> None:
        self._progress(done, total)
        self.query_one("#model-status", Static).update(f"model: {label}…")

    def show_model(self, name: str) -> None:
        self.query_one(ProgressBar).display = False
        self.query_one("#model-status", Static).update(f"model: {name}")

    def show_waiting(self, text: str) -> None:
        """Indexing waits for another process; answers use the index as it is."""
        self.query_one(ProgressBar).display = False
        self.query_one("#index-status", Static).update(f"index: {text}")

    def show_failure(self, job: str, error: str) -> None:
        target = "#model-status" if job == "load-model" else "#index-status"
        self.query_one(target, Static).update(f"{job} failed: {error}")
