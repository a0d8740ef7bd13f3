"""`asknotes eval`: run a question set, score it, store the run, and report what flipped.

A question passes when every expectation it states holds: its anchor (or source) is in
the top k, and it is answered or refused as `expect` says. A run is stored in the folder's
user data (it survives a rebuild) with the index version and settings, so the next run of
the same set can name the questions whose outcome changed. Each run is its own file,
written durably under a name no other process uses; a stored run that cannot be read is
skipped with a warning and the one before it is the baseline.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from app.core.answer.answering import answer_question
from app.core.answer.result import AnswerSettings
from app.core.basics.files import atomic_write
from app.core.basics.progress import Progress, check_cancelled, no_progress
from app.core.evals.metrics import anchor_rank, source_rank
from app.core.evals.questions import Question
from app.core.index.fusion import RetrievalSettings
from app.core.index.store import NoteIndex
from app.core.models.generator import Generator
from app.core.verdict.why import explain

RUNS_DIR = "eval_runs"
KEEP_RUNS = 20  # stored runs kept per question set


@dataclass
class QuestionOutcome:
    question: str
    expect: str | None
    has_anchor: bool
    anchor_rank: int | None
    source_rank: int | None
    verdict: str  # "answerable" or the name of the gate that refused
    gate_values: list[dict[str, Any]]
    refused: bool
    answered: bool | None  # None in a retrieval-only run
    cited_anchor: bool | None
    unsupported: list[str]
    refusal_state: str | None  # for expect=refuse: refused / answered / trap not reached
    passed: bool
    failures: list[str]
    retrieved: list[dict[str, Any]] = field(default_factory=list)

    def summary_key(self) -> str:
        """A short outcome label used to detect flips between runs."""
        found = "missing" if self.anchor_rank is None else f"rank {self.anchor_rank}"
        state = (
            "refused" if self.refused else ("not refused" if self.answered is None else "answered")
        )
        return f"{state}, anchor {found}" if self.has_anchor else state


def _rate(numerator: int, denominator: int) -> float | None:
    return round(numerator / denominator, 4) if denominator else None


def run_questions(
    index: NoteIndex,
    questions: Sequence[Question],
    *,
    retrieval: RetrievalSettings,
    answering: AnswerSettings,
    generator: Generator | None,
    progress: Progress = no_progress,
    cancel: threading.Event | None = None,
    lock: threading.Lock | None = None,
) -> list[QuestionOutcome]:
    """Evaluate every question; with no generator, only retrieval and the gates run."""
    outcomes = []
    for done, q in enumerate(questions):
        check_cancelled(cancel)
        progress(done, len(questions), "evaluating")
        with lock or contextlib.nullcontext():
            outcomes.append(_one(index, q, retrieval, answering, generator, cancel))
    progress(len(questions), len(questions), "evaluating")
    return outcomes


def _one(
    index: NoteIndex,
    q: Question,
    retrieval: RetrievalSettings,
    answering: AnswerSettings,
    generator: Generator | None,
    cancel: threading.Event | None,
) -> QuestionOutcome:
    explanation = explain(index, q.asked, retrieval, answering.gates)
    passages = explanation.result.passages
    verdict = explanation.verdict
    a_rank = anchor_rank(passages, q)
    s_rank = source_rank(passages, q)
    refused = not verdict.answerable
    answered: bool | None = None
    cited_anchor: bool | None = None
    unsupported: list[str] = []
    if generator is not None:
        answer = answer_question(
            index, generator, q.asked, retrieval=retrieval, settings=answering, cancel=cancel
        )
        verdict = answer.verdict
        refused = answer.refused
        answered = answer.answered
        pattern = q.anchor_pattern()
        if pattern is not None and answered:
            cited_anchor = any(pattern.search(p.text) for p in answer.cited)
        if answer.citations is not None:
            unsupported = list(answer.citations.unsupported)
    failures: list[str] = []
    if q.anchor is not None and a_rank is None:
        failures.append("anchor not retrieved")
    elif q.anchor is None and q.sources and s_rank is None:
        failures.append("source not retrieved")
    if q.expect == "answer" and refused:
        failures.append(f"refused by {verdict.fired.name if verdict.fired else '?'}")
    if q.expect == "answer" and cited_anchor is False:
        failures.append("answer does not cite the anchored passage")
    refusal_state = None
    if q.expect == "refuse":
        trap = q.extra.get("trap")
        trap_reached = trap is None or any(
            re.search(str(trap), p.text, re.IGNORECASE) for p in passages
        )
        if not refused:
            refusal_state = "answered" if generator is not None else "not refused"
            failures.append(
                "answered a question that should be refused"
                if generator is not None
                else "passed every retrieval gate although it should be refused"
            )
        elif not trap_reached:
            refusal_state = "trap not reached"
        else:
            refusal_state = "refused"
    gates = verdict.as_dict()
    return QuestionOutcome(
        question=q.asked,
        expect=q.expect,
        has_anchor=q.anchor is not None,
        anchor_rank=a_rank,
        source_rank=s_rank,
        verdict=gates["fired"] or "answerable",
        gate_values=gates["gates"],
        refused=refused,
        answered=answered,
        cited_anchor=cited_anchor,
        unsupported=unsupported,
        refusal_state=refusal_state,
        passed=not failures,
        failures=failures,
        retrieved=[p.as_dict() for p in passages],
    )


def summarize(outcomes: Sequence[QuestionOutcome], k: int, with_model: bool) -> dict[str, Any]:
    anchored = [o for o in outcomes if o.has_anchor]
    ranks = [o.anchor_rank for o in anchored]
    expect_refuse = [o for o in outcomes if o.expect == "refuse"]
    labelled = [o for o in outcomes if o.expect is not None]
    refused_labelled = [o for o in labelled if o.refused]
    correct_refusals = [o for o in refused_labelled if o.expect == "refuse"]
    summary: dict[str, Any] = {
        "questions": len(outcomes),
        "passed": sum(o.passed for o in outcomes),
        "k": k,
        "anchored": len(anchored),
        "recall_at_k": _rate(sum(r is not None for r in ranks), len(ranks)),
        "mrr": round(sum(1 / r for r in ranks if r) / len(ranks), 4) if ranks else None,
        "refusal_precision": _rate(len(correct_refusals), len(refused_labelled)),
        "refusal_recall": _rate(len(correct_refusals), len(expect_refuse)),
        "traps_not_reached": sum(o.refusal_state == "trap not reached" for o in outcomes),
    }
    if with_model:
        should_answer = [o for o in outcomes if o.expect == "answer"]
        grounded = [o for o in should_answer if o.answered and o.cited_anchor is not False]
        summary["grounded_answer_rate"] = _rate(len(grounded), len(should_answer))
        summary["unsupported_citations"] = sum(len(o.unsupported) for o in outcomes)
    return summary


@dataclass(frozen=True)
class Flip:
    question: str
    before: str
    after: str
    regressed: bool  # passed before, fails now


def set_identity(path: Path | None) -> str:
    if path is None:
        return "refused-set"
    digest = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:10]
    return f"{path.stem}-{digest}"


Warn = Callable[[str], object]


def _readable_run(path: Path) -> dict[str, Any] | None:
    try:
        loaded: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    if not isinstance(loaded, dict):
        return None
    record: dict[str, Any] = loaded
    questions = record.get("questions")
    if not isinstance(questions, list):
        return None
    record["questions"] = [
        q
        for q in questions
        if isinstance(q, dict) and isinstance(q.get("question"), str) and "summary_key" in q
    ]
    return record


def last_run(runs_dir: Path, identity: str, warn: Warn | None = None) -> dict[str, Any] | None:
    """The newest readable stored run of a set; unreadable ones are skipped with a warning."""
    for path in sorted((runs_dir / RUNS_DIR).glob(f"{identity}--*.json"), reverse=True):
        record = _readable_run(path)
        if record is not None:
            return record
        if warn is not None:
            warn(f"{path}: not a readable eval run; compared with the run before it")
    return None


def flips(previous: dict[str, Any] | None, outcomes: Sequence[QuestionOutcome]) -> list[Flip]:
    if previous is None:
        return []
    before = {q["question"]: q for q in previous["questions"]}
    changed = []
    for o in outcomes:
        old = before.get(o.question)
        if old is None:
            continue
        now = o.summary_key()
        was_passed = bool(old.get("passed"))
        if old["summary_key"] != now or was_passed != o.passed:
            regressed = was_passed and not o.passed
            changed.append(Flip(o.question, str(old["summary_key"]), now, regressed))
    return changed


def store_run(
    runs_dir: Path,
    identity: str,
    outcomes: Sequence[QuestionOutcome],
    summary: dict[str, Any],
    *,
    settings: dict[str, Any],
    index_version: int,
) -> Path:
    """Write the run durably (a private temp file, fsync, rename) and return its path."""
    folder = runs_dir / RUNS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    # One clock reading for the whole name: two readings straddling a second made a newer
    # run sort before an older one ("…T120000.0001" < "…T120000.9990").
    now = time.time()
    local = time.localtime(now)
    # Microseconds are truncated: rounding 0.9999997 gave ".000000", a second too early.
    stamp = time.strftime("%Y%m%dT%H%M%S", local) + f".{int(now % 1 * 1_000_000):06d}"
    record = {
        "time": time.strftime("%Y-%m-%dT%H:%M:%S%z", local),
        "index_version": index_version,
        "settings": settings,
        "summary": summary,
        "questions": [
            {**asdict(o), "summary_key": o.summary_key(), "retrieved": []} for o in outcomes
        ],
    }
    target = folder / f"{identity}--{stamp}.json"
    atomic_write(target, json.dumps(record, ensure_ascii=False, indent=1))
    # Only the newest run is ever compared with; a few more are kept to look back on.
    for old in sorted(folder.glob(f"{identity}--*.json"), reverse=True)[KEEP_RUNS:]:
        with contextlib.suppress(OSError):
            old.unlink()
    return target


@dataclass(frozen=True)
class EvalReport:
    """One stored run of a question set: every outcome, the summary, what flipped."""

    outcomes: list[QuestionOutcome]
    summary: dict[str, Any]
    flipped: list[Flip]
    stored: Path

    @property
    def regressed(self) -> bool:
        return any(f.regressed for f in self.flipped)


def run_eval(
    index: NoteIndex,
    questions: Sequence[Question],
    *,
    identity: str,
    runs_dir: Path,
    baseline: str | None = None,
    retrieval: RetrievalSettings,
    answering: AnswerSettings,
    generator: Generator | None,
    settings_snapshot: dict[str, Any],
    progress: Progress = no_progress,
    cancel: threading.Event | None = None,
    lock: threading.Lock | None = None,
    warn: Warn | None = None,
) -> EvalReport:
    """Run, score and store a question set in `runs_dir`, and compare it with the last
    run of the set (or of the set named `baseline`).

    `lock`, when given, is held around each question only, so a front end can ask its own
    questions between them instead of waiting for the whole run.
    """
    outcomes = run_questions(
        index,
        questions,
        retrieval=retrieval,
        answering=answering,
        generator=generator,
        progress=progress,
        cancel=cancel,
        lock=lock,
    )
    summary = summarize(outcomes, retrieval.k, with_model=generator is not None)
    flipped = flips(last_run(runs_dir, baseline or identity, warn), outcomes)
    stored = store_run(
        runs_dir,
        identity,
        outcomes,
        summary,
        settings=settings_snapshot,
        index_version=index.manifest.index_version,
    )
    return EvalReport(outcomes, summary, flipped, stored)
