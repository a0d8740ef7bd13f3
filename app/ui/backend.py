"""What the TUI needs from the core, behind one object that the tests can build with fakes.

Every method here blocks (model loading, embedding, generation) and is called only from
thread workers; none of them touches a widget.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.config import Settings
from app.core.answer import Answer, answer_question, note_staleness
from app.core.embedder import Embedder
from app.core.eval_run import Flip, QuestionOutcome, flips, last_run, run_questions
from app.core.eval_run import summarize as summarize_run
from app.core.generator import Generator
from app.core.indexer import IndexReport, pending_changes, update_index
from app.core.progress import Progress, no_progress
from app.core.refusals import (
    mark_refusal,
    record_refusal,
    refusals_as_questions,
    unique_refusals,
)
from app.core.retrieve import SearchResult
from app.core.store import IndexStatus, NoteIndex
from app.core.verdict import Verdict
from app.core.why import Explanation, explain

REPLAY_SET = "refused-set-tui"


@dataclass(frozen=True)
class ReplayResult:
    outcomes: list[QuestionOutcome]
    summary: dict[str, Any]
    flipped: list[Flip]


class Backend:
    """The notes index and the answer model of one notes folder, loaded on demand."""

    def __init__(
        self,
        settings: Settings,
        notes: Path,
        *,
        embedder_factory: Callable[[], Embedder] | None = None,
        generator_factory: Callable[[Progress], Generator] | None = None,
    ) -> None:
        self.settings = settings
        self.notes = notes
        self._embedder_factory = embedder_factory
        self._generator_factory = generator_factory
        self.index: NoteIndex | None = None
        self.generator: Generator | None = None
        self._lock = threading.Lock()
        self._index_lock = threading.Lock()  # the startup sweep and watch batches take turns

    def load_index(self) -> IndexStatus:
        from app.wiring import make_embedder, open_index

        embedder = (self._embedder_factory or (lambda: make_embedder(self.settings)))()
        self.index = open_index(self.settings, self.notes, create=True, embedder=embedder)
        embedder.embed_batch(["warm up"])  # load the weights now, not on the first question
        return self.index.status()

    def sweep(
        self, progress: Progress, cancel: threading.Event, *, reconcile: bool = True
    ) -> IndexReport:
        """Bring the index up to date with the folder; queries keep working meanwhile."""
        index, _ = self._ready()
        with self._index_lock:
            return update_index(
                index,
                self.notes,
                walk=self.settings.walk(),
                chunking=self.settings.chunking(),
                progress=progress,
                cancel=cancel,
                reconcile=reconcile,
            )

    def load_model(self, progress: Progress = no_progress) -> str:
        if self._generator_factory is not None:
            self.generator = self._generator_factory(progress)
        else:
            from app.wiring import make_generator

            self.generator = make_generator(self.settings, progress)
        load = getattr(self.generator, "load", None)
        if callable(load):
            load()
        return self.generator.name

    def _ready(self) -> tuple[NoteIndex, dict[str, float]]:
        if self.index is None:
            raise RuntimeError("the index is still loading")
        return self.index, self.index.calibrated_thresholds()

    def ask(
        self,
        question: str,
        on_text: Callable[[str], None],
        cancel: threading.Event,
        on_retrieved: Callable[[SearchResult, Verdict], None] | None = None,
    ) -> Answer:
        index, calibrated = self._ready()
        if self.generator is None:
            raise RuntimeError("the model is still loading")
        with self._lock:
            answer = answer_question(
                index,
                self.generator,
                question,
                retrieval=self.settings.retrieval(None, calibrated),
                settings=self.settings.answering(calibrated),
                on_text=on_text,
                on_retrieved=on_retrieved,
                cancel=cancel,
            )
        behind = pending_changes(index, self.notes, self.settings.walk())
        answer = note_staleness(answer, behind)
        if answer.refused:
            record_refusal(
                index.directory,
                question,
                answer.verdict,
                settings=self.settings.snapshot(calibrated),
                index_version=index.manifest.index_version,
            )
        return answer

    def explain(self, question: str) -> Explanation:
        index, calibrated = self._ready()
        return explain(
            index,
            question,
            self.settings.retrieval(None, calibrated),
            self.settings.gates(calibrated),
        )

    def refusals(self) -> list[dict[str, Any]]:
        index, _ = self._ready()
        return unique_refusals(index.directory)

    def mark(self, number: int, mark: str) -> dict[str, Any]:
        index, _ = self._ready()
        return mark_refusal(index.directory, number, mark)

    def replay(
        self, progress: Progress, cancel: threading.Event, only: int | None = None
    ) -> ReplayResult:
        """Re-run the refused set (or entry `only`) with the model, and compare runs."""
        from app.core.eval_run import store_run

        index, calibrated = self._ready()
        questions = refusals_as_questions(index.directory)
        if only is not None:
            questions = questions[only - 1 : only]
        retrieval = self.settings.retrieval(None, calibrated)
        with self._lock:
            outcomes = run_questions(
                index,
                questions,
                retrieval=retrieval,
                answering=self.settings.answering(calibrated),
                generator=self.generator,
                progress=progress,
                cancel=cancel,
            )
        summary = summarize_run(outcomes, retrieval.k, with_model=self.generator is not None)
        identity = REPLAY_SET if only is None else f"{REPLAY_SET}-one"
        flipped = flips(last_run(index.directory, identity), outcomes)
        store_run(
            index.directory,
            identity,
            outcomes,
            summary,
            settings=self.settings.snapshot(calibrated),
            index_version=index.manifest.index_version,
        )
        return ReplayResult(outcomes, summary, flipped)

    def status(self) -> IndexStatus | None:
        return None if self.index is None else self.index.status()

    def close(self) -> None:
        if self.index is not None:
            self.index.close()
