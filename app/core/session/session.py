"""One notes folder's index and answer model, and every flow the two front ends offer.

The CLI and the TUI both call these methods, so a question is retrieved, judged, answered,
flagged as stale and recorded as a refusal the same way whichever screen asked it. Every
method may block (embedding, generation); the TUI calls them from thread workers.

Layers: `base` (where things live, loading, catching up with other processes), `writer`
(the flows that hold the writer lock), and here the question flows, which only read the
index and write the user's own data.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from app.core.answer.answering import OnReread, answer_question, note_staleness
from app.core.answer.generation import OnText
from app.core.answer.lists import ListAnswer, ListAsk, answer_list, list_request
from app.core.answer.prompt import Prompt, build_prompt
from app.core.answer.result import Answer
from app.core.basics.progress import Progress, no_progress
from app.core.evals.calibrate import Calibration, calibrate
from app.core.evals.history import (
    Cited,
    HistoryEntry,
    read_history,
    record_history,
    search_history,
)
from app.core.evals.questions import Question
from app.core.evals.refusals import (
    mark_refusal,
    marked_refusals,
    record_refusal,
    refusals_as_questions,
    unique_refusals,
)
from app.core.evals.runs import EvalReport, run_eval, set_identity
from app.core.evals.userdata import UserCalibration, save_user_calibration
from app.core.index.indexer import pending_changes
from app.core.index.retrieve import SearchResult, search
from app.core.session.followup import Resolution, resolve_followup
from app.core.session.writer import WriterFlows
from app.core.verdict.gates import Verdict
from app.core.verdict.why import Explanation, explain

REFUSED_SET = set_identity(None)
OnRetrieved = Callable[[SearchResult, Verdict], object]


class NotesSession(WriterFlows):
    """One notes folder: its index (loading, writing) and every question flow."""

    # --- asking --------------------------------------------------------------------------

    def behind(self) -> list[str]:
        """Notes changed since they were indexed, so an answer built now may be stale."""
        if self.pending is not None:
            return sorted(self.pending())
        if self.shared_reader:
            return []  # no notes here: the writer's machine keeps the shared index current
        return pending_changes(self.index, self.notes, self.settings.walk())

    def resolve(self, question: str, previous: str | None) -> Resolution:
        """The question to search and answer when `question` follows `previous`: a
        follow-up gets the previous subject, a new topic is kept as typed."""
        return resolve_followup(question, previous)

    def list_request(self, question: str) -> ListAsk | None:
        """The list or count `question` asks for; None for a plain question (k stays)."""
        return list_request(question)

    def answer_list(
        self, ask: ListAsk, k: int | None = None, *, asked: str | None = None
    ) -> ListAnswer:
        """Every note that states the subject, one cited sentence each, no model call."""
        index = self.open()
        listed = answer_list(index, ask, self.settings.retrieval(k))
        cited = tuple(
            Cited(i.file, src.start_line, src.end_line, src.heading)
            for i in listed.items
            for src in [next(s for s in i.passage.sources if s.file == i.file)]
        )
        self._remember(asked or ask.question, ask.question, listed.text, "list", cited)
        return listed

    def _remember(
        self, asked: str, question: str, answer: str, outcome: str, cited: tuple[Cited, ...]
    ) -> None:
        entry = HistoryEntry(time.time(), asked, question, answer, outcome, cited)
        try:
            record_history(self.user_dir, entry)
        except OSError as exc:  # the answer stands; only its record is lost
            self.warn(f"cannot write the history in {self.user_dir} ({exc.strerror or exc})")

    def history(self, query: str = "") -> list[HistoryEntry]:
        """The questions asked of this folder (oldest first) that hold every word of
        `query` in the question or the answer."""
        return search_history(read_history(self.user_dir, self.warn), query)

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
            passages[: self.settings.prompt_passages],
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
        on_reread: OnReread | None = None,
        cancel: threading.Event | None = None,
        record: bool = True,
        asked: str | None = None,
    ) -> Answer:
        """Retrieve, judge, answer and check; flag staleness; record a refusal and the
        history (`asked` is the question as typed, when a follow-up was resolved).

        Staleness is read as the question is asked: an answer is flagged when the index was
        behind the folder when its passages were chosen. The walk of the folder runs beside
        retrieval and generation instead of adding to them.
        """
        index = self.open()
        with ThreadPoolExecutor(1, thread_name_prefix="asknotes-staleness") as pool:
            walking = pool.submit(self.behind)
            generator = self.load_model()
            calibration = self.calibration()
            with self._answer_lock:
                answer = answer_question(
                    index,
                    generator,
                    question,
                    retrieval=self.settings.retrieval(k),
                    settings=self.settings.answering(calibration),
                    on_text=on_text,
                    on_retrieved=on_retrieved,
                    on_reread=on_reread,
                    cancel=cancel,
                )
            behind = walking.result()
        answer = note_staleness(answer, behind)
        if record:
            cited = tuple(
                Cited(p.primary.file, p.primary.start_line, p.primary.end_line, p.heading)
                for p in answer.cited
            )
            self._remember(asked or question, question, answer.text, answer.kind.value, cited)
        if answer.refused and record:
            record_refusal(
                self.user_dir,
                question,
                answer.verdict,
                settings=self.settings.snapshot(calibration),
                index_version=index.manifest.index_version,
            )
        return answer

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
            runs_dir=self.user_dir,
            baseline=baseline,
            retrieval=self.settings.retrieval(k),
            answering=self.settings.answering(calibration),
            generator=generator,
            settings_snapshot=self.settings.snapshot(calibration),
            progress=progress,
            cancel=cancel,
            lock=self._answer_lock,
            warn=self.warn,
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
        self.open()
        questions = refusals_as_questions(self.user_dir, self.warn)
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
        """The refused set, one entry per question; unreadable lines are warned about."""
        self.open()
        return unique_refusals(self.user_dir, self.warn)

    def mark(self, number: int, mark: str, anchor: str | None = None) -> dict[str, Any]:
        """Raises ValueError for a bad number, mark or anchor."""
        self.open()
        return mark_refusal(self.user_dir, number, mark, anchor)

    def calibrate(self, questions: Sequence[Question]) -> Calibration:
        """Score labelled questions (and the marked refusals) against the folder's bands."""
        index = self.open()
        labelled = [*questions, *marked_refusals(self.user_dir, self.warn)]
        return calibrate(
            index, labelled, self.settings.retrieval(), self.settings.gates(self.calibration())
        )

    def write_calibration(self, calibration: Calibration, source: Path) -> float | None:
        """Store the threshold the labels suggest, with their provenance; None if none."""
        threshold = calibration.suggested_threshold()
        if threshold is None:
            return None
        answerable = sum(r.answerable for r in calibration.rows)
        labels = {
            "written_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "questions_file": str(source.resolve()),
            "answerable": answerable,
            "unanswerable": len(calibration.rows) - answerable,
            "margin": calibration.margin(),
            "threshold": threshold,
        }
        save_user_calibration(self.user_dir, UserCalibration(threshold, labels))
        return threshold
