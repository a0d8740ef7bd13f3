"""Commands that build and query the index: index, watch, search."""

from __future__ import annotations

import json
import shutil
import threading
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
    from app.core.indexer import update_index
    from app.wiring import open_index, remember_notes_dir, resolve_notes_dir

    settings = ctx.settings
    notes = resolve_notes_dir(settings, notes_dir)
    target = paths.index_dir(settings.data_dir, notes)
    if rebuild and target.exists():
        shutil.rmtree(target)
    note_index = open_index(settings, notes, create=True)
    remember_notes_dir(settings, notes)
    progress = StderrProgress()
    try:
        report = update_index(
            note_index,
            notes,
            walk=settings.walk(),
            chunking=settings.chunking(),
            progress=progress,
            cancel=threading.Event(),
        )
    finally:
        progress.finish()
        note_index.close()
    if as_json:
        from app.core.serialize import report_dict

        click.echo(json.dumps(report_dict(report), indent=2, ensure_ascii=False))
        return
    from app.cli.render import render_report

    click.echo(render_report(report, notes))


@click.command()
@click.argument("notes_dir", required=False, type=click.Path(path_type=Path))
@click.option(
    "--debounce",
    type=float,
    default=0.3,
    show_default=True,
    help="Seconds of quiet before a batch of changes is indexed.",
)
@pass_ctx
def watch(ctx: Context, notes_dir: Path | None, debounce: float) -> None:
    """Index NOTES_DIR, then keep the index in step with it until Ctrl-C."""
    import time

    from app.cli.progress import StderrProgress
    from app.cli.render import render_report
    from app.core.indexer import update_index
    from app.core.watcher import NotesWatcher
    from app.wiring import open_index, remember_notes_dir, resolve_notes_dir

    settings = ctx.settings
    notes = resolve_notes_dir(settings, notes_dir)
    note_index = open_index(settings, notes, create=True)
    remember_notes_dir(settings, notes)
    progress = StderrProgress()
    report = update_index(
        note_index, notes, walk=settings.walk(), chunking=settings.chunking(), progress=progress
    )
    progress.finish()
    click.echo(render_report(report, notes))

    def on_batch(paths: frozenset[str]) -> None:
        started = time.perf_counter()
        batch = update_index(
            note_index,
            notes,
            walk=settings.walk(),
            chunking=settings.chunking(),
            reconcile=False,
        )
        took = time.perf_counter() - started
        changes = batch.added + batch.changed + batch.removed
        click.echo(
            f"[{time.strftime('%H:%M:%S')}] {len(paths)} paths touched: "
            f"{len(batch.added)} added, {len(batch.changed)} changed, "
            f"{len(batch.removed)} removed, {batch.texts_embedded} chunks embedded "
            f"in {took:.2f} s {' '.join(changes[:5])}"
        )

    def on_error(exc: Exception) -> None:
        click.echo(f"asknotes: error: {exc}; the index keeps its last good state", err=True)

    watcher = NotesWatcher(notes, on_batch, debounce_s=debounce, on_error=on_error)
    watcher.start()
    click.echo(f"watching {notes} (Ctrl-C to stop)", err=True)
    try:
        while True:
            time.sleep(3600)
    finally:
        watcher.stop()
        note_index.close()


@click.command()
@click.argument("question")
@click.option("--k", type=click.IntRange(1, 100), default=None, help="Passages to return.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@pass_ctx
def search(ctx: Context, question: str, k: int | None, as_json: bool) -> None:
    """Retrieve the passages that best match QUESTION (no model answer)."""
    from app.core.retrieve import search as run_search
    from app.wiring import open_index, resolve_notes_dir

    settings = ctx.settings
    notes = resolve_notes_dir(settings)
    note_index = open_index(settings, notes, create=False)
    try:
        result = run_search(note_index, question, settings.retrieval(k))
    finally:
        note_index.close()
    if as_json:
        from app.core.serialize import search_dict

        click.echo(json.dumps(search_dict(result), indent=2, ensure_ascii=False))
        return
    from app.cli.render import render_search

    click.echo(render_search(result))
