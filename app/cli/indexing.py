"""Commands that build and query the index: index, watch, search."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import click

from app.cli.context import Context, pass_ctx, printable


@click.command()
@click.argument("notes_dir", required=False, type=click.Path(path_type=Path))
@click.option(
    "--rebuild",
    is_flag=True,
    help="Embed every note again into a new index; the old one is used until it is done.",
)
@click.option(
    "--repair",
    is_flag=True,
    help="Rebuild the vectors from the manifest (for a damaged vector store).",
)
@click.option(
    "--allow-removals",
    is_flag=True,
    help="Remove notes that are gone even when they are most of the index.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_context
def index(
    click_ctx: click.Context,
    notes_dir: Path | None,
    rebuild: bool,
    repair: bool,
    allow_removals: bool,
    as_json: bool,
) -> None:
    """Index NOTES_DIR, embedding only notes that changed since the last run.

    One process writes an index at a time: a second one waits, saying which process it
    waits for. Exits 1 when notes were held back by the mass-removal guard.
    """
    from app.cli.context import waiting
    from app.cli.progress import StderrProgress

    if rebuild and repair:
        raise click.UsageError("--rebuild and --repair do not go together; --rebuild does both")
    ctx = click_ctx.find_object(Context)
    assert ctx is not None
    session = ctx.session(notes_dir, create=True, open_index=False)
    progress = StderrProgress()
    cancel = threading.Event()
    try:
        if rebuild:
            report = session.rebuild(progress, cancel, on_wait=waiting)
        elif repair:
            report = session.repair(
                progress, cancel, on_wait=waiting, allow_removals=allow_removals
            )
        else:
            report = session.update(
                progress, cancel, on_wait=waiting, allow_removals=allow_removals
            )
    finally:
        progress.finish()
        session.close()
    if as_json:
        from app.core.session.serialize import report_dict

        click.echo(json.dumps(report_dict(report), indent=2, ensure_ascii=False))
    else:
        from app.cli.render import render_report

        click.echo(render_report(report, session.notes))
    if report.removal_guard:
        click.echo(f"asknotes: warning: {report.removal_guard}", err=True)
        click_ctx.exit(1)


@click.command()
@click.argument("notes_dir", required=False, type=click.Path(path_type=Path))
@click.option(
    "--debounce",
    type=click.FloatRange(0.0, 60.0),
    default=0.3,
    show_default=True,
    help="Seconds of quiet before a batch of changes is indexed.",
)
@pass_ctx
def watch(ctx: Context, notes_dir: Path | None, debounce: float) -> None:
    """Index NOTES_DIR, then keep the index in step with it until Ctrl-C.

    Every batch holds the folder's writer lock; while another process writes (an
    `index --rebuild`, say), batches wait for it and then go into its new index.
    """
    from app.cli.context import waiting
    from app.cli.progress import StderrProgress
    from app.cli.render import render_batch, render_report
    from app.core.index.watcher import NotesWatcher, batch_scope

    session = ctx.session(notes_dir, create=True, open_index=False)
    progress = StderrProgress()
    try:
        report = session.update(progress, on_wait=waiting)
    except BaseException:
        session.close()
        raise
    finally:
        progress.finish()
    click.echo(render_report(report, session.notes))
    if report.removal_guard:
        click.echo(f"asknotes: warning: {report.removal_guard}", err=True)

    def on_batch(changed: frozenset[str]) -> None:
        started = time.perf_counter()
        batch = session.update(reconcile=False, on_wait=waiting, only=batch_scope(changed))
        click.echo(render_batch(changed, batch, time.perf_counter() - started))
        if batch.removal_guard:
            click.echo(f"asknotes: warning: {batch.removal_guard}", err=True)

    def on_error(exc: Exception) -> None:
        click.echo(f"asknotes: error: {exc}; the index keeps its last good state", err=True)

    watcher = NotesWatcher(session.notes, on_batch, debounce_s=debounce, on_error=on_error)
    watcher.start()
    click.echo(f"watching {printable(str(session.notes))} (Ctrl-C to stop)", err=True)
    try:
        while True:
            time.sleep(3600)
    finally:
        watcher.stop()
        session.close()


@click.command()
@click.argument("question")
@click.option("--k", type=click.IntRange(1, 100), default=None, help="Passages to return.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@pass_ctx
def search(ctx: Context, question: str, k: int | None, as_json: bool) -> None:
    """Retrieve the passages that best match QUESTION (no model answer)."""
    session = ctx.session()
    try:
        result = session.search(question, k)
    finally:
        session.close()
    if as_json:
        from app.core.session.serialize import search_dict

        click.echo(json.dumps(search_dict(result), indent=2, ensure_ascii=False))
        return
    from app.cli.render import render_search

    click.echo(render_search(result))
