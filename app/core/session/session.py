"""One notes folder's index and answer model, and every flow the two front ends offer.

The CLI and the TUI both call these methods, so a question is retrieved, judged, answered,
flagged as stale and recorded as a refusal the same way whichever screen asked it. Every
method may block (embedding, generation); the TUI calls them from thread workers.
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from app import paths
from app.core.answer.answering import Answer, OnText, answer_question, note_staleness
from app.core.answer.prompt import Prompt, build_prompt
from app.core.basics.progress import Progress, no_progress
from app.core.evals.calibrate import Calibration, calibrate
from app.core.evals.questions import Question
from app.core.evals.refusals import (
    mark_refusal,
    marked_refusals,
    record_refusal,
    refusals_as_questions,
)
from app.core.evals.refusals import unique_refusals as load_unique_refusals
from app.core.evals.runs import EvalReport, run_eval, set_identity
from app.core.index.indexer import IndexReport, pending_changes, update_index
from app.core.index.retrieve import SearchResult, search
from app.core.index.store import IndexStatus, NoteIndex
from app.core.models.embedder import Embedder
from app.core.models.generator import Generator
from app.core.session.embedder_choice import choose_embedder
from app.core.session.settings import Settings
from app.core.session.wiring import Factories
from app.core.verdict.gates import Verdict
from app.core.verdict.probes import load_calibration, refresh_calibration, save_calibration
from app.core.verdict.scorecard import FolderCalibration
from app.core.verdict.why import Explanation, explain
from app.errors import IndexMissingError

REFUSED_SET = set_identity(None)
OnRetrieved = Callable[[SearchResult, Verdict], object]
PendingPaths = Callable[[], Iterable[str]]


class NotesSession:
    """The index and the answer model of one notes folder, each loaded on first use.

    `pending` reports notes changed on disk but not yet indexed (a watcher's state); by
    default the folder is walked and stat'ed, which needs no watcher.
    """

    def __init__(
        self,
        settings: Settings,
        notes: Path,
        factories: Factories | None = None,
        *,
        pending: PendingPaths | None = None,
    ) -> None:
        self.settings = settings
        self.notes = notes
        self.factories = factories or Factories()
        self.pending = pending
        self._index: NoteIndex | None = None
        self._embedder: Embedder | None = None
        self._generator: Generator | None = None
        self._open_lock = threading.Lock()
        self._update_lock = threading.Lock()  # a startup sweep and watch batches take turns
        self._answer_lock = threading.Lock()  # one question at a time reaches the model

    # --- loading -------------------------------------------------------------------------

    @property
    def index_dir(self) -> Path:
        return paths.index_dir(self.settings.data_dir, self.notes)

    def embedder_choice(self) -> str:
        """auto resolved: the index's own model, else the one the folder's language needs."""
        if self.settings.embedder_path is not None:
            return "minilm"
        return choose_embedder(
            self.settings.embedder, self.notes, self.index_dir, self.settings.walk()
        )

    def embedder(self) -> Embedder:
        if self._embedder is None:
            chosen = dataclasses.replace(self.settings, embedder=self.embedder_choice())
            self._embedder = self.factories.embedder(chosen)
        return self._embedder

    def open(self, *, create: bool = False) -> NoteIndex:
        """Open the folder's index (create it when `create`), once per session.

        Raises:
            IndexMissingError: no index yet and `create` is false.
            EmbedderMismatchError: the index was built with another embedding model.
        """
        with self._open_lock:
            if self._index is None:
                self._index = NoteIndex.open(self.index_dir, self.embedder(), create=create)
            return self._index

    @property
    def index(self) -> NoteIndex:
        if self._index is None:
            raise IndexMissingError("the index is not open yet")
        return self._index

    @property
    def is_open(self) -> bool:
        return self._index is not None

    def warm_up(self) -> None:
        """Load the embedding weights now rather than on the first question."""
        self.embedder().embed_queries(["warm up"])

    @property
    def generator(self) -> Generator | None:
        return self._generator

    def load_model(self, progress: Progress = no_progress) -> Generator:
        """Load the answer model (assembling the bundled one on first use)."""
        if self._generator is None:
            generator = self.factories.generator(self.settings, progress)
            load = getattr(generator, "load", None)
            if callable(load):
                load()
            self._generator = generator
        return self._generator

    # --- indexing ------------------------------------------------------------------------

    def update(
        self,
        progress: Progress = no_progress,
        cancel: threading.Event | None = None,
        *,
        reconcile: bool = True,
    ) -> IndexReport:
        """Bring the index up to date with the folder; questions keep working meanwhile."""
        index = self.open(create=True)
        with self._update_lock:
            report = update_index(
                index,
                self.notes,
                walk=self.settings.walk(),
                chunking=self.settings.chunking(),
                progress=progress,
                cancel=cancel,
                reconcile=reconcile,
            )
            refresh_calibration(index, self.settings.retrieval(), progress=progress, cancel=cancel)
        # Torch is loaded now if it ever will be: export the model once, so that later
        # processes (a search from the shell) run without it.
        make_fast = getattr(index.embedder, "make_fast", None)
        if callable(make_fast) and report.texts_embedded:
            make_fast()
        return report

    def calibration(self) -> FolderCalibration:
        """The folder's own bands (and threshold, when the user calibrated one)."""
        return load_calibration(self.open())

    def behind(self) -> list[str]:
        """Notes changed since they were indexed, so an answer built now may be stale."""
        if self.pending is not None:
            return sorted(self.pending())
        return pending_changes(self.index, self.notes, self.settings.walk())

    # --- asking --------------------------------------------------------------------------

    def search(self, question: str, k: int | None = None) -> SearchResult:
        index = self.open()
        return search(index, question, self.settings.retrieval(k))

    def explain(self, question: str, k: int | None = None) -> Explanation:
        index = self.open()
        return explain(
            index, question, self.settings.retrieval(k), self.settings.gates(self.calibration())
        )

    def prompt(self, question: str, k: int | None = None) -> Prompt:
        """The exact prompt the model would get, without generating."""
        generator = self.load_model()
        passages = self.search(question, k).passages
        return build_prompt(
            question,
            passages,
            generator,
            max_answer_tokens=self.settings.max_answer_tokens,
            window_chars=self.settings.prompt_window_chars,
        )

    def ask(
        self,
        question: str,
        *,
        k: int | None = None,
        on_text: OnText | None = None,
        on_retrieved: OnRetrieved | None = None,
        cancel: threading.Event | None = None,
        record: bool = True,
    ) -> Answer:
        """Retrieve, judge, answer and check; flag staleness; record a refusal.

        Staleness is read before retrieval: an answer is flagged when the index was already
        behind the folder when its passages were chosen.
        """
        index = self.open()
        generator = self.load_model()
        calibration = self.calibration()
        behind = self.behind()
        with self._answer_lock:
            answer = answer_question(
                index,
                generator,
                question,
                retrieval=self.settings.retrieval(k),
                settings=self.settings.answering(calibration),
                on_text=on_text,
                on_retrieved=on_retrieved,
                cancel=cancel,
            )
        answer = note_staleness(answer, behind)
        if answer.refused and record:
            record_refusal(
                index.directory,
                question,
                answer.verdict,
                settings=self.settings.snapshot(calibration),
                index_version=index.manifest.index_version,
            )
        return answer

    # --- question sets -------------------------------------------------------------------

    def evaluate(
        self,
        questions: Sequence[Question],
        *,
        questions_file: Path | None = None,
        with_model: bool = True,
        k: int | None = None,
        progress: Progress = no_progress,
        cancel: threading.Event | None = None,
        identity: str | None = None,
        baseline: str | None = None,
    ) -> EvalReport:
        """Run a question set (with the model unless `with_model` is false) and store it."""
        index = self.open()
        calibration = self.calibration()
        generator = self.load_model() if with_model else None
        identity = identity or set_identity(questions_file) + ("" if with_model else "-retrieval")
        return run_eval(
            index,
            questions,
            identity=identity,
            baseline=baseline,
            retrieval=self.settings.retrieval(k),
            answering=self.settings.answering(calibration),
            generator=generator,
            settings_snapshot=self.settings.snapshot(calibration),
            progress=progress,
            cancel=cancel,
            lock=self._answer_lock,
        )

    def replay(
        self,
        only: int | None = None,
        *,
        with_model: bool = True,
        k: int | None = None,
        progress: Progress = no_progress,
        cancel: threading.Event | None = None,
    ) -> EvalReport | None:
        """Re-run the refused set (or its entry `only`); None when the set is empty.

        A single entry is compared with the last full replay, and stored apart from it.
        """
        questions = refusals_as_questions(self.open().directory)
        if only is not None:
            if not 1 <= only <= len(questions):
                raise ValueError(f"no refused question #{only}; there are {len(questions)}")
            questions = questions[only - 1 : only]
        if not questions:
            return None
        full = REFUSED_SET + ("" if with_model else "-retrieval")
        return self.evaluate(
            questions,
            with_model=with_model,
            k=k,
            progress=progress,
            cancel=cancel,
            identity=full if only is None else f"{full}-single",
            baseline=full,
        )

    def refusals(self) -> list[dict[str, Any]]:
        return load_unique_refusals(self.open().directory)

    def mark(self, number: int, mark: str, anchor: str | None = None) -> dict[str, Any]:
        return mark_refusal(self.open().directory, number, mark, anchor)

    def calibrate(self, questions: Sequence[Question]) -> Calibration:
        """Score labelled questions (and the marked refusals) against the folder's bands."""
        index = self.open()
        labelled = [*questions, *marked_refusals(index.directory)]
        return calibrate(
            index, labelled, self.settings.retrieval(), self.settings.gates(self.calibration())
        )

    def write_calibration(self, calibration: Calibration, source: Path) -> float | None:
        """Store the threshold the labels suggest, with their provenance; None if none."""
        threshold = calibration.suggested_threshold()
        if threshold is None:
            return None
        current = self.calibration()
        answerable = sum(r.answerable for r in calibration.rows)
        labels = {
            "written_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "questions_file": str(source.resolve()),
            "answerable": answerable,
            "unanswerable": len(calibration.rows) - answerable,
            "margin": calibration.margin(),
            "threshold": threshold,
        }
        save_calibration(
            self.index,
            FolderCalibration(current.bands, threshold, {**current.provenance, "labels": labels}),
        )
        return threshold

    def recalibrate(
        self, progress: Progress = no_progress, cancel: threading.Event | None = None
    ) -> FolderCalibration:
        """Probe the folder again now, whatever changed since the last time."""
        index = self.open()
        fitted = refresh_calibration(
            index, self.settings.retrieval(), progress=progress, cancel=cancel, force=True
        )
        return fitted if fitted is not None else self.calibration()

    # --- state ---------------------------------------------------------------------------

    def status(self) -> IndexStatus | None:
        return None if self._index is None else self._index.status()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            if self._index is not None:
                self._index.close()
        self._index = None
