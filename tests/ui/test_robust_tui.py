"""The TUI with a hostile folder, a bad refused set and another process writing its index:
notifications and status lines, never a crash."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import time
from pathlib import Path

from textual.widgets import DataTable, Static

from app.config import load_settings
from app.core.session.session import NotesSession
from app.core.session.wiring import Factories
from app.ui.app import make_app
from app.ui.screens.refused import RefusedScreen
from tests.conftest import write
from tests.fakes import FakeEmbedder, ScriptedGenerator
from tests.hostile import build_hostile_folder
from tests.procs import REPO, env
from tests.ui.test_app import ask, ready


def toasts(app) -> list[str]:
    return [str(toast.render()) for toast in app.screen.query("Toast")]


def index_status(app) -> str:
    return str(app.query_one("#index-status", Static).render())


async def wait_until(pilot, check, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        await pilot.pause(0.05)


def session_on(notes: Path, data: Path) -> NotesSession:
    factories = Factories(
        embedder=lambda settings: FakeEmbedder(),
        generator=lambda settings, progress: ScriptedGenerator({}, default=None),
    )
    return NotesSession(load_settings({"data_dir": data}), notes, factories)


async def test_f3_with_a_bad_refused_set_notifies_and_lists_the_rest(app_factory) -> None:
    app = app_factory()
    async with app.run_test(size=(140, 45), notifications=True) as pilot:
        await ready(pilot)
        await ask(pilot, "When do I plant garlic?")
        refused = app.session.user_dir / "refused.jsonl"
        with refused.open("ab") as f:
            f.write(b"[1]\n" + '{"question": "café"}\n'.encode("latin-1"))
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, RefusedScreen)
        assert app.screen.query_one(DataTable).row_count == 1
        await pilot.pause()
        shown = " ".join(toasts(app))
        assert "not a JSON object; line skipped" in shown
        assert "not UTF-8 text" in shown
        assert app.is_running


async def test_every_good_note_of_a_hostile_folder_is_searchable_in_the_tui(
    tmp_path: Path,
) -> None:
    hostile = build_hostile_folder(tmp_path / "notes")
    try:
        app = make_app(session_on(hostile.root, tmp_path / "data"))
        async with app.run_test(size=(140, 45)) as pilot:
            await wait_until(pilot, lambda: app.index_ready and "skipped" in index_status(app))
            for rel, word in hostile.good.items():
                files = [s.file for p in app.session.search(word).passages for s in p.sources]
                assert rel in files, f"{rel} is not searchable by {word!r}"
            write(hostile.root, "later.md", "# Later\n\n## Facts\n\nThe word is zizzlefrump.\n")
            await wait_until(
                pilot,
                lambda: any(
                    p.primary.file == "later.md" for p in app.session.search("zizzlefrump").passages
                ),
            )
            assert app.is_running
    finally:
        hostile.close()


HOLD_LOCK = """
import sys, time
from pathlib import Path
from app.core.index.lock import WriterLock
with WriterLock.for_path(Path(sys.argv[1])).hold(wait=False):
    Path(sys.argv[2]).touch()
    while not Path(sys.argv[3]).exists():
        time.sleep(0.02)
"""


async def test_the_watcher_waits_for_another_writer_in_the_status_line(
    app_factory, tmp_path: Path
) -> None:
    app = app_factory()
    async with app.run_test(size=(140, 45), notifications=True) as pilot:
        await ready(pilot)
        await wait_until(pilot, lambda: app.sync.watcher is not None and not app.indexing)
        lock = app.session.home.lock.path
        held, release = tmp_path / "held", tmp_path / "release"
        holder = subprocess.Popen(
            [sys.executable, "-c", HOLD_LOCK, str(lock), str(held), str(release)],
            env=env(),
            cwd=REPO,
        )
        try:
            await wait_until(pilot, held.exists)
            write(app.session.notes, "new.md", "# New\n\n## Facts\n\nThe word is flibbertine.\n")
            await wait_until(
                pilot, lambda: "another asknotes process is indexing" in index_status(app)
            )
            assert "will retry" in index_status(app)
            assert not any("failed" in t for t in toasts(app))
            release.touch()
            await wait_until(
                pilot,
                lambda: any(
                    p.primary.file == "new.md" for p in app.session.search("flibbertine").passages
                ),
            )
        finally:
            release.touch()
            holder.wait(timeout=30)


async def test_f2_failures_are_notifications(app_factory, monkeypatch) -> None:
    from app.ui.screens.viewer import NoteViewer
    from app.ui.widgets.passages import PassagePane
    from tests.ui.test_app import ask

    app = app_factory()
    async with app.run_test(size=(140, 45), notifications=True) as pilot:
        await ready(pilot)
        await ask(pilot, "Which port does the server use?")
        app.query_one("#cited", PassagePane).query_one("ListView").focus()
        await pilot.pause()

        monkeypatch.setenv("EDITOR", 'vim "unbalanced')
        await pilot.press("f2")
        await pilot.pause()
        assert any("cannot be read" in t for t in toasts(app))

        monkeypatch.setenv("EDITOR", "true")  # a headless terminal cannot be handed over
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, NoteViewer)  # the note is shown instead
        assert any("this terminal cannot run EDITOR" in t for t in toasts(app))
        await pilot.press("escape")
        await pilot.pause()

        monkeypatch.setattr(app, "suspend", contextlib.nullcontext)
        monkeypatch.setenv("EDITOR", "no-such-editor-program-xyz")
        app.query_one("#cited", PassagePane).query_one("ListView").focus()
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, NoteViewer)
        assert any("cannot run EDITOR='no-such-editor-program-xyz'" in t for t in toasts(app))
        await pilot.press("escape")
        await pilot.pause()

        (app.session.notes / "server.md").unlink()
        app.query_one("#cited", PassagePane).query_one("ListView").focus()
        await pilot.press("f2")
        await pilot.pause()
        assert any("no longer exists" in t for t in toasts(app))
        assert app.is_running
