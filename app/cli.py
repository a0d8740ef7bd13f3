"""The command line: a thin click layer over the core. Results on stdout, the rest on stderr."""

from __future__ import annotations

import json
import shutil
import sys
import threading
from pathlib import Path
from typing import Any

import click

from app import paths
from app.config import Settings, describe_settings, load_settings
from app.errors import AsknotesError, Cancelled


class Context:
    def __init__(self, overrides: dict[str, Any]) -> None:
        self.overrides = overrides
        self._settings: Settings | None = None

    @property
    def settings(self) -> Settings:
        if self._settings is None:
            self._settings = load_settings(self.overrides)
        return self._settings


pass_ctx = click.make_pass_decorator(Context)


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--notes-dir", type=click.Path(path_type=Path), help="Notes folder.")
@click.option("--data-dir", type=click.Path(path_type=Path), help="Where indexes live.")
@click.pass_context
def cli(ctx: click.Context, notes_dir: Path | None, data_dir: Path | None) -> None:
    """Answer questions from a folder of markdown notes, offline."""
    ctx.obj = Context({"notes_dir": notes_dir, "data_dir": data_dir})
    if ctx.invoked_subcommand is None:
        ctx.invoke(tui)


@cli.command()
@click.argument("notes_dir", required=False, type=click.Path(path_type=Path))
@pass_ctx
def tui(ctx: Context, notes_dir: Path | None) -> None:
    """Open the terminal UI on NOTES_DIR (what a bare `asknotes NOTES_DIR` does)."""
    from app.ui.app import make_app
    from app.ui.backend import Backend
    from app.wiring import remember_notes_dir, resolve_notes_dir

    settings = ctx.settings
    notes = resolve_notes_dir(settings, notes_dir)
    remember_notes_dir(settings, notes)
    make_app(Backend(settings, notes)).run()


@cli.command()
@click.argument("notes_dir", required=False, type=click.Path(path_type=Path))
@click.option("--rebuild", is_flag=True, help="Delete the index and embed everything again.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@pass_ctx
def index(ctx: Context, notes_dir: Path | None, rebuild: bool, as_json: bool) -> None:
    """Index NOTES_DIR, embedding only notes that changed since the last run."""
    from app.cli_progress import StderrProgress
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
    from app.cli_render import render_report

    click.echo(render_report(report, notes))


@cli.command()
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

    from app.cli_progress import StderrProgress
    from app.cli_render import render_report
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


@cli.command()
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
    from app.cli_render import render_search

    click.echo(render_search(result))


@cli.command()
@click.argument("question")
@click.option("--k", type=click.IntRange(1, 100), default=None, help="Passages to retrieve.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object, no streaming.")
@click.option("--show-prompt", is_flag=True, help="Print the exact prompt; do not generate.")
@pass_ctx
def ask(ctx: Context, question: str, k: int | None, as_json: bool, show_prompt: bool) -> None:
    """Answer QUESTION from the notes with the local model, citing passages."""
    from app.cli_progress import StderrProgress
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
    from app.cli_render import render_answer_footer

    shown = "".join(streamed).rstrip()
    if answer.kind is AnswerKind.GENERATED and answer.text.startswith(shown):
        click.echo(answer.text[len(shown) :])
    else:
        click.echo(("\n\n" if shown else "") + answer.text)
    click.echo("\n" + render_answer_footer(answer))


@cli.command()
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
    from app.cli_render import render_why

    click.echo(render_why(explanation))


@cli.command()
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
        from app.cli_render import render_calibration

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


@cli.command("eval")
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
    from app.cli_progress import StderrProgress
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
        from app.cli_render import render_eval

        click.echo(render_eval(outcomes, summary, changed))
    if any(f.regressed for f in changed):
        sys.exit(1)


@cli.group(invoke_without_command=True)
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


@cli.command("paths")
@pass_ctx
def show_paths(ctx: Context) -> None:
    """Print where the config, data, models and indexes live, and every setting."""
    settings = ctx.settings
    click.echo(f"config file : {paths.config_file()}")
    click.echo(f"data dir    : {settings.data_dir}")
    click.echo(f"models dir  : {settings.models_dir}")
    try:
        from app.wiring import resolve_notes_dir

        notes = resolve_notes_dir(settings)
        click.echo(f"notes dir   : {notes}")
        click.echo(f"index dir   : {paths.index_dir(settings.data_dir, notes)}")
    except AsknotesError as exc:
        click.echo(f"notes dir   : (none: {exc})")
    click.echo("\nsettings (TOML key, environment variable, current value):")
    for name, env, doc in describe_settings():
        click.echo(f"  {name} = {getattr(settings, name)!r}    [{env}]\n      {doc}")


def _route_folder(argv: list[str]) -> list[str]:
    """`asknotes NOTES_DIR` opens the TUI on that folder."""
    options = {"--notes-dir", "--data-dir"}
    i = 0
    while i < len(argv) and argv[i].startswith("-"):
        i += 2 if argv[i] in options else 1
    if i < len(argv) and argv[i] not in cli.commands and Path(argv[i]).is_dir():
        return [*argv[:i], "tui", *argv[i:]]
    return argv


def main(argv: list[str] | None = None) -> None:
    argv = _route_folder(list(sys.argv[1:] if argv is None else argv))
    try:
        cli.main(args=argv, prog_name="asknotes", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("asknotes: aborted", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except Cancelled:
        click.echo("asknotes: cancelled; the index keeps every batch that finished", err=True)
        sys.exit(130)
    except KeyboardInterrupt:
        click.echo("\nasknotes: interrupted; the index keeps every batch that finished", err=True)
        sys.exit(130)
    except AsknotesError as exc:
        click.echo(f"asknotes: error: {exc}", err=True)
        sys.exit(1)
