"""Human-readable text for CLI results."""

from __future__ import annotations

import textwrap
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from app.cli.context import printable
from app.core.answer.lists import ListAnswer
from app.core.answer.result import Answer, AnswerKind
from app.core.evals.calibrate import Calibration, axis
from app.core.evals.history import HistoryEntry
from app.core.evals.runs import Flip, QuestionOutcome
from app.core.index.indexer import IndexReport
from app.core.index.retrieve import Passage, SearchResult
from app.core.verdict.scorecard import FolderCalibration, Scorecard
from app.core.verdict.why import Explanation


def render_report(report: IndexReport, notes: Path) -> str:
    verb = "rebuilt the index of" if report.rebuilt else "indexed"
    where = printable(str(notes))
    lines = [f"{verb} {where}: {report.files_seen} notes in {report.seconds:.1f} s"]
    if report.store_repaired:
        lines.append(
            f"  rebuilt the vector store from the manifest ({report.store_repaired}): "
            f"{report.repaired_vectors} texts re-embedded"
        )
    if report.nothing_to_do:
        lines.append("nothing changed: 0 chunks embedded")
    else:
        lines.append(
            f"  {len(report.added)} added, {len(report.changed)} changed, "
            f"{len(report.removed)} removed, {report.unchanged} unchanged"
        )
        lines.append(
            f"  {report.chunks} chunks: {report.texts_embedded} embedded, "
            f"{report.texts_reused} already stored, {report.duplicate_chunks} exact duplicates"
        )
    if (report.repaired_vectors or report.swept_vectors) and not report.store_repaired:
        lines.append(
            f"  repaired: {report.repaired_vectors} missing vectors re-embedded, "
            f"{report.swept_vectors} stray vectors removed"
        )
    if report.skipped:
        counts = Counter(s.reason for s in report.skipped)
        lines.append(f"  skipped {len(report.skipped)} paths:")
        for reason, count in counts.most_common():
            examples = [s for s in report.skipped if s.reason is reason][:3]
            shown = ", ".join(s.rel_path + (f" ({s.detail})" if s.detail else "") for s in examples)
            more = f", +{count - len(examples)} more" if count > len(examples) else ""
            lines.append(f"    {count} {reason.value}: {shown}{more}")
    if report.kept:
        shown = ", ".join(report.kept[:3]) + (", …" if len(report.kept) > 3 else "")
        lines.append(f"  kept {len(report.kept)} indexed notes that cannot be read now: {shown}")
    if report.held_removals:
        lines.append(f"  held back {len(report.held_removals)} removals (see the warning)")
    return "\n".join(lines)


def render_batch(changed: frozenset[str], batch: IndexReport, seconds: float) -> str:
    """One line per watch batch: what moved and how long it took."""
    names = batch.added + batch.changed + batch.removed
    skipped = f", {len(batch.skipped)} skipped" if batch.skipped else ""
    return (
        f"[{time.strftime('%H:%M:%S')}] {len(changed)} paths touched: "
        f"{len(batch.added)} added, {len(batch.changed)} changed, "
        f"{len(batch.removed)} removed{skipped}, {batch.texts_embedded} chunks embedded "
        f"in {seconds:.2f} s {' '.join(names[:5])}"
    ).rstrip()


def passage_header(p: Passage) -> str:
    first = p.primary
    return f"{first.file}:{first.start_line}-{first.end_line}  {first.heading}"


def passage_scores(p: Passage) -> str:
    vector = "vector -" if p.cosine is None else f"vector #{p.vector_rank} cos {p.cosine.value:.3f}"
    lexical = "bm25 -" if p.bm25 is None else f"bm25 #{p.bm25_rank} ({p.bm25.value:.2f})"
    # found by the question moved to its language (a folder in two languages)
    moved = "" if p.moved_rank is None else f" · moved #{p.moved_rank}"
    return f"fused #{p.fused_rank} · {vector} · {lexical}{moved}"


def render_search(result: SearchResult) -> str:
    scope_line = result.scope_line()
    if not result.passages:
        if scope_line is not None:
            return f"no passages found: {scope_line}"
        return "no passages found (is the index empty? run `asknotes index NOTES_DIR`)"
    out = [] if scope_line is None else [scope_line, ""]
    for p in result.passages:
        out.append(f"[{p.fused_rank}] {passage_header(p)}")
        out.append(f"    {passage_scores(p)}")
        out.extend(f"    {line}" for line in _other_places(p))
        if p.primary.links:
            out.append(f"    links to {', '.join(p.primary.links)}")
        snippet = " ".join(p.text.split())[:300]
        out.extend(textwrap.wrap(snippet, 96, initial_indent="    ", subsequent_indent="    "))
        out.append("")
    out.append(f"({result.seconds * 1000:.0f} ms)")
    return "\n".join(out)


def render_list(answer: ListAnswer) -> str:
    """A list answer: one line per note, then each item's passage."""
    out = [answer.text]
    if answer.items:
        out.append("\ncited:")
        for item in answer.items:
            out.append(f"  [{item.number}] {passage_header(item.passage)}")
    if answer.unsupported:
        shown = ", ".join(answer.unsupported[:5]) + (", …" if len(answer.unsupported) > 5 else "")
        out.append(f"\nretrieved, not stating {answer.ask.subject}: {shown}")
    out.append(f"\n({answer.seconds * 1000:.0f} ms, {len(answer.result.passages)} passages)")
    return "\n".join(out)


def render_history(entries: Sequence[HistoryEntry]) -> str:
    """One block per question: when, as typed (and as resolved), the answer's first line
    and where it was found."""
    out: list[str] = []
    for e in entries:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(e.asked_at))
        out.append(f"{when}  [{e.outcome}] {e.asked}")
        if e.question != e.asked:
            out.append(f"    asked as: {e.question}")
        first = e.answer.strip().splitlines()[0] if e.answer.strip() else ""
        out.append(f"    {textwrap.shorten(first, 110)}")
        for c in e.cited[:3]:
            out.append(f"    [{c.file}:{c.start_line}-{c.end_line}]")
    return "\n".join(out)


def render_answer_footer(
    answer: Answer,
    load_s: float | None = None,
    total_s: float | None = None,
    prompt_state: str | None = None,
) -> str:
    """Everything after the streamed text: verdict, checks, passages, timings (with the
    model's load time when the caller loaded it)."""
    out: list[str] = []
    mark = {True: "✓", False: "✗"}
    checks = " ".join(f"{c.name} {mark[c.passed]}" for c in answer.checks)
    if answer.kind is AnswerKind.GENERATED:
        out.append(f"✓ answered by {answer.model} · {checks}")
        if answer.quote is not None:
            out.append(f'  quote [{answer.quote.passage}]: "{answer.quote.text}"')
    elif answer.kind is AnswerKind.QUOTED:
        failed = next((c for c in answer.checks if not c.passed), None)
        why = f"; the model's sentence failed {failed.name}: {failed.detail}" if failed else ""
        out.append(f"✓ the notes' own words, checked{why} · {checks}")
    else:
        failed = next((c for c in answer.checks if not c.passed), None)
        reason = f"{failed.name}: {failed.detail}" if failed else answer.refusal_check
        out.append(f"✗ refused ({reason}) · {checks}")
    for flag in answer.flags:
        out.append(f"  ! {flag}")
    if answer.citations is not None and answer.citations.uncited:
        out.append("  ! the answer cites no passage")
    numbered = list(answer.prompt.passages) if answer.prompt else []
    number_of = {p.text_hash: i for i, p in enumerate(numbered, start=1)}
    if answer.cited:
        out.append("\ncited:")
        out.extend(_passage_line(number_of, p) for p in answer.cited)
    if answer.unused:
        out.append("\nretrieved, not used:")
        out.extend(_passage_line(number_of, p) for p in answer.unused)
    t = answer.timings
    first = "-" if t.first_token_s is None else f"{t.first_token_s:.1f} s"
    load = "" if load_s is None else f"model load {load_s:.1f} s · "
    if prompt_state == "restored":
        load += "system prompt restored from disk · "
    out.append(
        f"\n{load}retrieval {t.retrieval_s * 1000:.0f} ms · prompt {t.prompt_tokens} tokens · "
        f"first token {first} · answer {t.total_s:.1f} s"
        + ("" if total_s is None else f" · total {total_s:.1f} s")
    )
    return "\n".join(out)


def _passage_line(number_of: dict[str, int], p: Passage) -> str:
    n = number_of.get(p.text_hash)
    label = f"[{n}]" if n else "[-]"
    line = f"  {label} {passage_header(p)}\n      {passage_scores(p)}"
    return line + "".join(f"\n      {place}" for place in _other_places(p))


def _other_places(p: Passage) -> list[str]:
    """Where else the passage's text is, and the older copies it stands in for."""
    also = [("also in", s) for s in p.sources[1:]]
    older = [("in place of its older copy", s) for s in p.older_copies]
    return [f"{how} {s.file}:{s.start_line}-{s.end_line}" for how, s in also + older]


def render_scorecard(card: Scorecard) -> list[str]:
    """The scorecard as aligned lines: each signal, its value, its points, then the total."""
    out = [f"  {'signal':<13} {'value':>14} {'points':>7}  what it measures"]
    for f in card.features:
        out.append(f"  {f.name:<13} {f.shown[:14]:>14} {f.points:+7.2f}  {f.label}")
    out.append(f"  {'(base)':<13} {'':>14} {card.intercept:+7.2f}")
    verdict = "answerable" if card.answerable else "refused"
    out.append(
        f"  {'total':<13} {'':>14} {card.total:+7.2f}  against the threshold "
        f"{card.threshold:+.2f}: {verdict}"
    )
    return out


def render_why(explanation: Explanation) -> str:
    verdict = explanation.verdict
    fired = verdict.fired
    out = [
        "verdict: the notes look able to answer"
        if fired is None
        else f"verdict: refused ({fired.name}): {fired.detail}"
    ]
    scope_line = explanation.result.scope_line()
    if scope_line is not None:
        out.append(f"scope: {scope_line}")
    if verdict.scorecard is not None:
        out.append("\nscorecard:")
        out.extend(render_scorecard(verdict.scorecard))
    out.append("\ngates:")
    for g in verdict.gates:
        state = "off  " if not g.enabled else ("FIRED" if g.fired else "pass ")
        value = "" if g.value is None else f"{g.value:.3f}"
        threshold = "" if g.threshold is None else f"{g.threshold:.3f}"
        out.append(f"  {state} {g.name:<16} value {value:>7}  threshold {threshold:>7}  {g.detail}")
    s = explanation.signals
    words = ", ".join(
        f"{t.word} ({t.kind}{'' if t.known else ', in no note'}"
        f"{', in the passages' if t.in_passages else ''})"
        for t in s.terms
    )
    out.append(f"\nquestion words: {words or 'none'}")
    out.append(
        f"score shape: top {s.shape.top:.3f}, median {s.shape.median:.3f} of top "
        f"{s.shape.k}, gap {s.shape.gap:.3f}; best BM25 {s.best_bm25:.2f} "
        f"({s.bm25_norm:.0%} of the most these words could score)"
    )
    if s.asked is not None:
        stated = "stated by a passage" if s.type_stated else "stated by no passage"
        out.append(f"asks for: {s.asked.described} ({stated})")
    out.append("\npassages:")
    for p in explanation.result.passages:
        pinned = f"  [exact term {p.pinned_by}]" if p.pinned_by else ""
        out.append(f"  [{p.fused_rank}] {passage_header(p)}{pinned}\n      {passage_scores(p)}")
    out.append("\nnext steps:")
    out.extend(f"  - {step}" for step in explanation.next_steps)
    return "\n".join(out)


def render_folder_calibration(folder: FolderCalibration) -> str:
    """The folder's own bands, measured by probes, and where they came from."""
    p = folder.provenance
    out = [
        f"bands measured {p.get('fitted_at', '?')} from {p.get('answerable_probes', 0)} "
        f"questions made from the notes ({p.get('answerable_probes_found', 0)} found their "
        f"passage) and {p.get('off_topic_probes', 0)} off-topic questions, in "
        f"{p.get('seconds', 0)} s:"
    ]
    for name, band in folder.bands.items():
        out.append(f"  {name:<11} off-topic ≈ {band.miss:.3f}   answerable ≈ {band.hit:.3f}")
    if folder.threshold is not None:
        out.append(f"threshold {folder.threshold:+.3f}, from labelled questions (kept)")
    return "\n".join(out)


def render_calibration(calibration: Calibration) -> str:
    out = [f"{'label':<7} {'top':>6} {'gap':>6} {'words':>6} {'total':>7}  question"]
    for r in calibration.rows:
        s = r.signals
        label = "answer" if r.answerable else "refuse"
        out.append(
            f"{label:<7} {s.shape.top:6.3f} {s.shape.gap:6.3f} {s.coverage:6.2f} "
            f"{r.scorecard.total:+7.2f}  {r.question}"
        )
    out.append("")
    for b in calibration.bands:
        name = b.spec.label
        if not b.complete:
            out.append(f"{name}: needs both answerable and unanswerable questions")
            continue
        bands = (
            f"answerable {min(b.answerable):.3f}..{max(b.answerable):.3f}, "
            f"unanswerable {min(b.unanswerable):.3f}..{max(b.unanswerable):.3f}"
        )
        if b.suggested is None:
            out.append(f"{name}: {bands}; the bands overlap by {-b.margin:.3f}")
        else:
            out.append(f"{name}: {bands}; margin {b.margin:.3f}; midpoint {b.suggested:.3f}")
        out.append(f"  {axis(b)}")
    out.append("  (a = answerable, u = unanswerable, * = both, | = midpoint)")
    threshold = calibration.suggested_threshold()
    if threshold is None:
        out.append("\nno threshold suggested: label both answerable and unanswerable questions")
    elif calibration.totals.suggested is not None:
        out.append(f"\nsuggested threshold {threshold:+.3f}: the totals separate")
    else:
        out.append(
            f"\nsuggested threshold {threshold:+.3f}: the totals overlap, so this refuses at "
            "most one answerable question in twenty and lets some unanswerable ones through"
        )
    return "\n".join(out)


def render_eval(
    outcomes: list[QuestionOutcome], summary: dict[str, Any], changed: list[Flip]
) -> str:
    out = []
    for o in outcomes:
        mark = "✓" if o.passed else "✗"
        rank = "-" if o.anchor_rank is None else str(o.anchor_rank)
        passed_gates = "answered" if o.answered else "not refused"
        state = o.refusal_state or ("refused" if o.refused else passed_gates)
        why = f"  ({'; '.join(o.failures)})" if o.failures else ""
        out.append(f"{mark} anchor@{rank:<2} {state:<16} {o.verdict:<17} {o.question}{why}")
    out.append("")
    for key, value in summary.items():
        out.append(f"{key:<22} {value}")
    if changed:
        out.append("\nflipped since the last run:")
        for f in changed:
            tag = "REGRESSED" if f.regressed else "changed"
            out.append(f"  {tag}: {f.question}: was {f.before}, now {f.after}")
    return "\n".join(out)
