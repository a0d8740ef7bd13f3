"""Commands that answer and explain: ask, why, calibrate."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import click

from app.cli.context import Context, pass_ctx


@click.command()
@click.argument("question")
@click.option("--k", type=click.IntRange(1, 100), default=None, help="Passages to retrieve.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object, no streaming.")
@click.option("--show-prompt", is_flag=True, help="Print the exact prompt; do not generate.")
@click.option(
    "--after",
    "previous",
    metavar="PREVIOUS",
    default=None,
    help="The question this one follows: a follow-up takes its subject and scope.",
)
@pass_ctx
def ask(
    ctx: Context,
    question: str,
    k: int | None,
    as_json: bool,
    show_prompt: bool,
    previous: str | None,
) -> None:
    """Answer QUESTION from the notes with the local model, citing passages.

    A scope in the question narrows the notes searched: in:FOLDER, #tag, file:NAME,
    since:YYYY-MM-DD, before:YYYY-MM-DD.
    """
    from app.cli.progress import StderrProgress

    started = time.perf_counter()
    session = ctx.session()
    resolution = session.resolve(question, previous)
    if resolution.merged:
        click.echo(f"asking: {resolution.resolved}  ({resolution.rule})", err=True)
    question = resolution.resolved
    listing = session.list_request(question)
    if listing is not None and not show_prompt:
        try:
            listed = session.answer_list(listing, k, asked=resolution.asked)
        finally:
            session.close()
        if as_json:
            from app.core.session.serialize import list_dict

            click.echo(json.dumps(list_dict(listed), indent=2, ensure_ascii=False))
        else:
            from app.cli.render import render_list

            click.echo(render_list(listed))
        return
    progress = StderrProgress(unit="MB", scale=1e6)
    try:
        loading = time.perf_counter()
        generator = session.load_model(progress)
        load_s = time.perf_counter() - loading
        progress.finish()
        if show_prompt:
            prompt = session.prompt(question, k)
            click.echo(prompt.render())
            click.echo(
                f"\n({prompt.prompt_tokens} prompt tokens; {len(prompt.passages)} passages, "
                f"{len(prompt.dropped)} dropped to fit the model's context)",
                err=True,
            )
            return
        streamed: list[str] = []

        def on_text(delta: str) -> None:
            if not as_json:
                streamed.append(delta)
                click.echo(delta, nl=False)

        def on_reread(why: str) -> None:
            if not as_json:
                click.echo(f"({why})", err=True)

        answer = session.ask(
            question,
            k=k,
            on_text=on_text,
            on_reread=on_reread,
            cancel=threading.Event(),
            asked=resolution.asked,
        )
    finally:
        session.close()
    # How the model started on the system prompt: read it, or restored a kept state.
    prompt_state = getattr(generator, "system_prompt_state", None)
    if as_json:
        from app.core.session.serialize import answer_dict

        data = {**answer_dict(answer), "model_load_s": round(load_s, 3)}
        if prompt_state is not None:
            data["system_prompt_state"] = prompt_state
        if previous is not None:
            data["followup"] = {
                "asked": resolution.asked,
                "after": previous,
                "resolved": resolution.resolved,
                "rule": resolution.rule,
            }
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    from app.cli.render import render_answer_footer

    shown = "".join(streamed).rstrip()
    if shown and shown.endswith(answer.text.rstrip()):
        click.echo()  # the quote and the answer were streamed as they passed their checks
    else:
        click.echo(("\n\n" if shown else "") + answer.text)
    footer = render_answer_footer(answer, load_s, time.perf_counter() - started, prompt_state)
    click.echo("\n" + footer)


@click.command()
@click.argument("question")
@click.option("--k", type=click.IntRange(1, 100), default=None, help="Passages to retrieve.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@pass_ctx
def why(ctx: Context, question: str, k: int | None, as_json: bool) -> None:
    """Show the verdict for QUESTION: every gate with its numbers, and what to try next."""
    session = ctx.session()
    try:
        explanation = session.explain(question, k)
    finally:
        session.close()
    if as_json:
        from app.core.session.serialize import explanation_dict

        click.echo(json.dumps(explanation_dict(explanation), indent=2, ensure_ascii=False))
        return
    from app.cli.render import render_why

    click.echo(render_why(explanation))


@click.command()
@click.argument(
    "questions_file", required=False, type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
@click.option(
    "--write", is_flag=True, help="Store the suggested threshold (user data, kept by rebuilds)."
)
@click.option(
    "--plot",
    "plot_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also draw the bands as a PNG strip plot.",
)
@pass_ctx
def calibrate(
    ctx: Context, questions_file: Path | None, write: bool, plot_file: Path | None
) -> None:
    """Probe the folder again, or score labelled QUESTIONS_FILE and suggest a threshold.

    Without QUESTIONS_FILE the folder measures its own bands again from probes. With it,
    every labelled question (and every marked refusal) is scored, and --write stores the
    threshold the labels suggest.
    """
    from app.cli.context import waiting
    from app.cli.progress import StderrProgress
    from app.cli.render import render_calibration, render_folder_calibration
    from app.core.evals.questions import load_questions
    from app.core.evals.userdata import CALIBRATION_FILE

    questions = load_questions(questions_file) if questions_file is not None else None
    session = ctx.session()
    try:
        if questions is None:
            progress = StderrProgress(unit="probes")
            folder = session.recalibrate(progress, on_wait=waiting)
            progress.finish()
            click.echo(render_folder_calibration(folder))
            return
        calibration = session.calibrate(questions)
        click.echo(render_calibration(calibration))
        if plot_file is not None:
            from app.core.evals.plot import plot_bands

            plot_bands(calibration.bands, plot_file)
            click.echo(
                f"\nplot: {plot_file} (one strip per signal, top to bottom: "
                + ", ".join(b.spec.label for b in calibration.bands)
                + "; green above the axis answerable, red below unanswerable, blue the "
                "midpoint where the bands separate)"
            )
        if write:
            assert questions_file is not None
            written = session.write_calibration(calibration, questions_file)
            if written is not None:
                where = session.user_dir / CALIBRATION_FILE
                click.echo(f"\nwrote threshold {written:+.3f} to {where} (kept by rebuilds)")
            else:
                click.echo(
                    "\nnothing written: label both answerable and unanswerable questions",
                    err=True,
                )
    finally:
        session.close()
