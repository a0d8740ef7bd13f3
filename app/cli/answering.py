"""Commands that answer and explain: ask, why, calibrate."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import click

from app.cli.context import Context, pass_ctx


@click.command()
@click.argument("question")
@click.option("--k", type=click.IntRange(1, 100), default=None, help="Passages to retrieve.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object, no streaming.")
@click.option("--show-prompt", is_flag=True, help="Print the exact prompt; do not generate.")
@pass_ctx
def ask(ctx: Context, question: str, k: int | None, as_json: bool, show_prompt: bool) -> None:
    """Answer QUESTION from the notes with the local model, citing passages."""
    from app.cli.progress import StderrProgress
    from app.core.answer import AnswerKind, answer_question, note_staleness
    from app.core.indexer import pending_changes
    from app.core.prompt import build_prompt
    from app.core.retrieve import search as run_search
    from app.wiring import make_generator, open_index, resolve_notes_dir

    settings = ctx.settings
    notes = resolve_notes_dir(settings)
    note_index = open_index(settings, notes, create=False)
    progress = StderrProgress(unit="MB", scale=1e6)
    generator = make_generator(settings, progress)
    progress.finish()
    try:
        if show_prompt:
            calibrated = note_index.calibrated_thresholds()
            passages = run_search(note_index, question, settings.retrieval(k, calibrated)).passages
            prompt = build_prompt(
                question, passages, generator, max_answer_tokens=settings.max_answer_tokens
            )
            click.echo(prompt.render())
            click.echo(
                f"\n({prompt.prompt_tokens} prompt tokens; {len(prompt.passages)} passages, "
                f"{len(prompt.dropped)} dropped to fit {generator.context_tokens} tokens)",
                err=True,
            )
            return
        streamed: list[str] = []

        def on_text(delta: str) -> None:
            if not as_json:
                streamed.append(delta)
                click.echo(delta, nl=False)

        calibrated = note_index.calibrated_thresholds()
        behind = pending_changes(note_index, notes, settings.walk())
        answer = answer_question(
            note_index,
            generator,
            question,
            retrieval=settings.retrieval(k, calibrated),
            settings=settings.answering(calibrated),
            on_text=on_text,
            cancel=threading.Event(),
        )
        if answer.refused:
            from app.core.refusals import record_refusal

            record_refusal(
                note_index.directory,
                question,
                answer.verdict,
                settings=settings.snapshot(calibrated),
                index_version=note_index.manifest.index_version,
            )
    finally:
        note_index.close()
    answer = note_staleness(answer, behind)
    if as_json:
        from app.core.serialize import answer_dict

        click.echo(json.dumps(answer_dict(answer), indent=2, ensure_ascii=False))
        return
    from app.cli.render import render_answer_footer

    shown = "".join(streamed).rstrip()
    if answer.kind is AnswerKind.GENERATED and answer.text.startswith(shown):
        click.echo(answer.text[len(shown) :])
    else:
        click.echo(("\n\n" if shown else "") + answer.text)
    click.echo("\n" + render_answer_footer(answer))


@click.command()
@click.argument("question")
@click.option("--k", type=click.IntRange(1, 100), default=None, help="Passages to retrieve.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@pass_ctx
def why(ctx: Context, question: str, k: int | None, as_json: bool) -> None:
    """Show the verdict for QUESTION: every gate with its numbers, and what to try next."""
    from app.core.why import explain
    from app.wiring import open_index, resolve_notes_dir

    settings = ctx.settings
    notes = resolve_notes_dir(settings)
    note_index = open_index(settings, notes, create=False)
    try:
        calibrated = note_index.calibrated_thresholds()
        explanation = explain(
            note_index, question, settings.retrieval(k, calibrated), settings.gates(calibrated)
        )
    finally:
        note_index.close()
    if as_json:
        from app.core.refusals import verdict_dict
        from app.core.serialize import passage_dict

        s = explanation.signals
        data = {
            "question": question,
            "verdict": "answerable" if explanation.verdict.answerable else "refused",
            **verdict_dict(explanation.verdict),
            "signals": {
                "top_cosine": s.shape.top,
                "median_cosine": s.shape.median,
                "gap": s.shape.gap,
                "ratio": s.shape.ratio,
                "shape_k": s.shape.k,
                "lexical_overlap": s.lexical.fraction,
                "missing_words": list(s.lexical.missing),
                "unknown_words": list(s.unknown_words),
                "best_bm25": s.best_bm25,
            },
            "passages": [passage_dict(p) for p in explanation.result.passages],
            "next_steps": list(explanation.next_steps),
        }
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    from app.cli.render import render_why

    click.echo(render_why(explanation))


@click.command()
@click.argument("questions_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--write", is_flag=True, help="Store the suggested thresholds in the index.")
@click.option(
    "--plot",
    "plot_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also draw the bands as a PNG strip plot.",
)
@pass_ctx
def calibrate(ctx: Context, questions_file: Path, write: bool, plot_file: Path | None) -> None:
    """Measure the gate signals on labelled QUESTIONS_FILE and suggest thresholds."""
    import time

    from app.core.calibrate import calibrate as run_calibration
    from app.core.questions import load_questions
    from app.wiring import open_index, resolve_notes_dir

    settings = ctx.settings
    questions = load_questions(questions_file)
    notes = resolve_notes_dir(settings)
    note_index = open_index(settings, notes, create=False)
    try:
        calibration = run_calibration(
            note_index, questions, settings.retrieval(), settings.gates().shape_k
        )
        from app.cli.render import render_calibration

        click.echo(render_calibration(calibration))
        if plot_file is not None:
            from app.core.strip_plot import plot_bands

            plot_bands(calibration.bands, plot_file)
            click.echo(
                f"\nplot: {plot_file} (one strip per signal, top to bottom: "
                + ", ".join(b.spec.label for b in calibration.bands)
                + "; green above the axis answerable, red below unanswerable, blue the "
                "suggested threshold)"
            )
        suggestions = calibration.suggestions()
        if write and suggestions:
            answerable = sum(r.answerable for r in calibration.rows)
            note_index.write_calibration(
                suggestions,
                {
                    "written_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                    "questions_file": str(questions_file.resolve()),
                    "answerable": answerable,
                    "unanswerable": len(calibration.rows) - answerable,
                    "margins": {
                        b.spec.setting: round(b.margin, 4) for b in calibration.bands if b.complete
                    },
                },
            )
            click.echo(f"\nwrote {suggestions} to the index at {note_index.directory}")
        elif write:
            click.echo("\nnothing written: no signal separates the two bands", err=True)
    finally:
        note_index.close()
