"""Commands over question sets: eval and the refused-question set."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import click

from app.cli.context import Context, pass_ctx
from app.core.evals.refusals import Mark


@click.command("eval")
@click.argument(
    "questions_file", required=False, type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
@click.option("--k", type=click.IntRange(1, 100), default=None, help="Passages per question.")
@click.option("--retrieval-only", is_flag=True, help="Skip the model: ranks and gates only.")
@click.option("--json", "as_json", is_flag=True, help="Print {summary, questions} as JSON.")
@click.pass_context
def eval_command(
    click_ctx: click.Context,
    questions_file: Path | None,
    k: int | None,
    retrieval_only: bool,
    as_json: bool,
) -> None:
    """Run QUESTIONS_FILE (default: the refused-question set) and report what flipped.

    Exits 1 when a question that passed in the previous run of the same set now fails.
    """
    from app.cli.progress import StderrProgress
    from app.core.evals.questions import load_questions

    ctx = click_ctx.find_object(Context)
    assert ctx is not None
    questions = load_questions(questions_file) if questions_file is not None else None
    session = ctx.session()
    progress = StderrProgress(unit="questions")
    try:
        if questions is None:
            report = session.replay(
                with_model=not retrieval_only, k=k, progress=progress, cancel=threading.Event()
            )
            if report is None:
                click.echo("the refused-question set is empty: nothing to replay", err=True)
                return
        else:
            report = session.evaluate(
                questions,
                questions_file=questions_file,
                with_model=not retrieval_only,
                k=k,
                progress=progress,
                cancel=threading.Event(),
            )
    finally:
        progress.finish()
        session.close()
    if as_json:
        from app.core.session.serialize import eval_dict

        click.echo(json.dumps(eval_dict(report), indent=2, ensure_ascii=False))
    else:
        from app.cli.render import render_eval

        click.echo(render_eval(report.outcomes, report.summary, report.flipped))
    if report.regressed:
        click_ctx.exit(1)


@click.group(invoke_without_command=True)
@click.pass_context
def refused(click_ctx: click.Context) -> None:
    """List the refused-question set; `refused mark N ...` labels an entry."""
    if click_ctx.invoked_subcommand is not None:
        return
    ctx = click_ctx.find_object(Context)
    assert ctx is not None
    session = ctx.session()
    try:
        entries = session.refusals()
    finally:
        session.close()
    if not entries:
        click.echo("no refused questions yet")
    for n, e in enumerate(entries, start=1):
        mark = e.get("mark") or "unmarked"
        click.echo(f"{n:>3}. [{mark}] {e['question']}  ({e.get('verdict')}, {e.get('time')})")


@refused.command("mark")
@click.argument("number", type=int)
@click.argument("mark", type=click.Choice([m.value for m in Mark]))
@click.option("--anchor", help="A regular expression the answering passage contains.")
@pass_ctx
def refused_mark(ctx: Context, number: int, mark: str, anchor: str | None) -> None:
    """Mark refused question NUMBER as should-answer or correct-refusal."""
    from app.errors import ConfigError

    session = ctx.session()
    try:
        entry = session.mark(number, mark, anchor)
    except ValueError as exc:
        raise ConfigError(str(exc)) from exc
    finally:
        session.close()
    click.echo(f"marked #{number} {mark}: {entry['question']}")


@click.command()
@click.argument("query", required=False, default="")
@click.option("--limit", type=click.IntRange(1), default=20, help="Show the newest N (20).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list.")
@pass_ctx
def history(ctx: Context, query: str, limit: int, as_json: bool) -> None:
    """List the questions asked of the notes, newest first; QUERY keeps those whose
    question or answer holds every one of its words."""
    session = ctx.session()
    try:
        entries = session.history(query)[::-1][:limit]
    finally:
        session.close()
    if as_json:
        click.echo(json.dumps([e.as_dict() for e in entries], indent=2, ensure_ascii=False))
        return
    if not entries:
        click.echo("no questions asked yet" if not query else f"nothing asked matches {query!r}")
        return
    from app.cli.render import render_history

    click.echo(render_history(entries))
