"""Commands that build and query the index: index, watch, search."""

from __future__ import annotations

import json
import shutil
import threading
import time
from pathlib import Path

import click

from app import paths
from app.cli.context import Context, pass_ctx


@click.command()
@click.argument("notes_dir", required=False, type=click.Path(path_type=Path))
@click.option("--rebuild", is_flag=True, help="Delete the index and embed everything again.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@pass_ctx
def index(ctx: Context, notes_dir: Path | None, rebuild: bool, as_json: bool) -> None:
    """Index NOTES_DIR, embedding only notes that changed since the last run."""
    from app.cli.progress import StderrProgress
    from app.core.session.wiring import resolve_notes_dir

    if rebuild:
        target = paths.index_dir(ctx.settings.data_dir, resolve_notes_dir(ctx.settings, notes_dir))
        if target.exists():
            shutil.rmtree(target)
    session = ctx.session(notes_dir, create=True)
    progress = StderrProgress()
    try:
        report = session.update(progress, threading.Event())
    finally:
        progress.finish()
        session.close()
    if as_json:
        from app.core.session.serialize import report_dict

        click.echo(json.dumps(report_dict(report), indent=2, ensure_ascii=False))
        return
    from app.cli.render import render_report

    click.echo(render_report(report, session.notes))


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
    """Index NOTES_DIR, then keep the index in step with it until Ctrl-C."""
    from app.cli.progress import StderrProgress
    from app.cli.render import render_batch, render_report
    from app.core.index.watcher import NotesWatcher

    session = ctx.session(notes_dir, create=True)
    progress = StderrProgress()
    report = session.update(progress)
    progress.finish()
    click.echo(render_report(report, session.notes))

    def on_batch(changed: frozenset[str]) -> None:
        started = time.perf_counter()
        batch = session.update(reconcile=False)
        click.echo(render_batch(changed, batch, time.perf_counter() - started))

    def on_error(exc: Exception) -> None:
        click.echo(f"asknotes: error: {exc}; the index keeps its last good state", err=True)

    watcher = NotesWatcher(session.notes, on_batch, debounce_s=debounce, on_error=on_error)
    watcher.start()
    click.echo(f"watching {session.notes} (Ctrl-C to stop)", err=True)
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
