"""Commands over question sets: eval and the refused-question set."""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

import click

from app.cli.context import Context, pass_ctx


@click.command("eval")
@click.argument(
    "questions_file", required=False, type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
@click.option("--k", type=click.IntRange(1, 100), default=None, help="Passages per question.")
@click.option("--retrieval-only", is_flag=True, help="Skip the model: ranks and gates only.")
@click.option("--json", "as_json", is_flag=True, help="Print {summary, questions} as JSON.")
@pass_ctx
def eval_command(
    ctx: Context, questions_file: Path | None, k: int | None, retrieval_only: bool, as_json: bool
) -> None:
    """Run QUESTIONS_FILE (default: the refused-question set) and report what flipped.

    Exits 1 when a question that passed in the previous run of the same set now fails.
    """
    from app.cli.progress import StderrProgress
    from app.core.eval_run import flips, last_run, run_questions, set_identity, store_run
    from app.core.eval_run import summarize as summarize_run
    from app.core.questions import load_questions
    from app.core.refusals import refusals_as_questions
    from app.wiring import make_generator, open_index, resolve_notes_dir

    settings = ctx.settings
    notes = resolve_notes_dir(settings)
    note_index = open_index(settings, notes, create=False)
    try:
        if questions_file is None:
            questions = refusals_as_questions(note_index.directory)
            if not questions:
                click.echo("the refused-question set is empty: nothing to replay", err=True)
                return
        else:
            questions = load_questions(questions_file)
        calibrated = note_index.calibrated_thresholds()
        retrieval = settings.retrieval(k, calibrated)
        generator = None if retrieval_only else make_generator(settings)
        progress = StderrProgress(unit="questions")
        outcomes = run_questions(
            note_index,
            questions,
            retrieval=retrieval,
            answering=settings.answering(calibrated),
            generator=generator,
            progress=progress,
            cancel=threading.Event(),
        )
        progress.finish()
        summary = summarize_run(outcomes, retrieval.k, with_model=generator is not None)
        identity = set_identity(questions_file) + ("-retrieval" if retrieval_only else "")
        changed = flips(last_run(note_index.directory, identity), outcomes)
        store_run(
            note_index.directory,
            identity,
            outcomes,
            summary,
            settings=settings.snapshot(calibrated),
            index_version=note_index.manifest.index_version,
        )
    finally:
        note_index.close()
    if as_json:
        from dataclasses import asdict

        payload = {
            "summary": summary,
            "questions": [asdict(o) for o in outcomes],
            "flipped": [asdict(f) for f in changed],
        }
        click.echo(json.dumps(payload, indent=2, ensure_ascii=False))
    else:
        from app.cli.render import render_eval

        click.echo(render_eval(outcomes, summary, changed))
    if any(f.regressed for f in changed):
        sys.exit(1)


@click.group(invoke_without_command=True)
@click.pass_context
def refused(click_ctx: click.Context) -> None:
    """List the refused-question set; `refused mark N ...` labels an entry."""
    if click_ctx.invoked_subcommand is not None:
        return
    from app.core.refusals import unique_refusals
    from app.wiring import open_index, resolve_notes_dir

    settings = click_ctx.find_object(Context).settings
    note_index = open_index(settings, resolve_notes_dir(settings), create=False)
    entries = unique_refusals(note_index.directory)
    note_index.close()
    if not entries:
        click.echo("no refused questions yet")
    for n, e in enumerate(entries, start=1):
        mark = e.get("mark") or "unmarked"
        click.echo(f"{n:>3}. [{mark}] {e['question']}  ({e.get('verdict')}, {e.get('time')})")


@refused.command("mark")
@click.argument("number", type=int)
@click.argument("mark", type=click.Choice(["should-answer", "correct-refusal"]))
@click.option("--anchor", help="A regular expression the answering passage contains.")
@pass_ctx
def refused_mark(ctx: Context, number: int, mark: str, anchor: str | None) -> None:
    """Mark refused question NUMBER as should-answer or correct-refusal."""
    from app.core.refusals import mark_refusal
    from app.errors import ConfigError
    from app.wiring import open_index, resolve_notes_dir

    note_index = open_index(ctx.settings, resolve_notes_dir(ctx.settings), create=False)
    try:
        entry = mark_refusal(note_index.directory, number, mark, anchor)
    except ValueError as exc:
        raise ConfigError(str(exc)) from exc
    finally:
        note_index.close()
    click.echo(f"marked #{number} {mark}: {entry['question']}")
