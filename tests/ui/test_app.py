"""Pilot tests of the TUI with a fake embedder and a scripted model: wait on workers."""

from __future__ import annotations

import threading

from textual.widgets import DataTable, Input, Markdown, Static

from app.config import load_settings
from app.core.session.session import NotesSession
from app.core.session.wiring import Factories
from app.ui.app import make_app
from app.ui.screens.refused import RefusedScreen
from app.ui.widgets.passages import PassageItem, PassagePane
from app.ui.widgets.verdict import VerdictPanel
from tests.fakes import FakeEmbedder, ScriptedGenerator, scripted_reply
from tests.ui.conftest import QUOTE


async def ready(pilot) -> None:
    """Wait until the index and the model have loaded."""
    app = pilot.app
    while not (app.index_ready and app.model_ready):
        await app.workers.wait_for_complete()
        await pilot.pause()
    # The startup sweep (the first index of the folder) runs in a worker of its own, and
    # the fake model can be ready before it ends: a question asked then finds no passage.
    await app.workers.wait_for_complete()
    await pilot.pause()


async def ask(pilot, question: str) -> None:
    """Ask and wait until the answer is shown and the input is back (no sleeps)."""
    box = pilot.app.query_one("#question", Input)
    box.value = question
    await pilot.press("enter")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    while box.disabled:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


def markdown_text(app) -> str:
    return app.query_one("#answer", Markdown).source


async def test_ask_shows_answer_retrieved_and_cited(app_factory) -> None:
    app = app_factory()
    async with app.run_test(size=(140, 45)) as pilot:
        await ready(pilot)
        await ask(pilot, "Which port does the server use?")
        assert "Port 8443 [1]." in markdown_text(app)
        retrieved = app.query_one("#retrieved", PassagePane).query(PassageItem)
        cited = app.query_one("#cited", PassagePane).query(PassageItem)
        assert len(retrieved) >= 2 and len(cited) == 1
        assert cited.first().passage.primary.file == "server.md"
        assert any(item.has_class("unused") for item in retrieved)
        assert app.query_one(VerdictPanel).headline == "answerable"
        assert not app.query_one("#question", Input).disabled


async def test_refusal_shows_the_gate_in_the_verdict_panel(app_factory) -> None:
    app = app_factory(refuse=True)
    async with app.run_test(size=(140, 45)) as pilot:
        await ready(pilot)
        await ask(pilot, "What colour is the shed?")
        assert "The notes do not contain the answer." in markdown_text(app)
        assert app.query_one(VerdictPanel).headline.startswith("refused by ")


async def test_question_asked_before_the_model_is_ready_is_queued(app_factory) -> None:
    gate = threading.Event()
    app = app_factory(generator_gate=gate)
    async with app.run_test(size=(140, 45)) as pilot:
        while not app.index_ready:
            await pilot.pause()
        app.query_one("#question", Input).value = "Which port does the server use?"
        await pilot.press("enter")
        assert app.queued == "Which port does the server use?"
        gate.set()
        await ready(pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Port 8443" in markdown_text(app)
        assert app.queued is None


async def test_mark_and_replay_refused_questions(app_factory) -> None:
    app = app_factory()
    async with app.run_test(size=(140, 45)) as pilot:
        await ready(pilot)
        await ask(pilot, "When do I plant garlic?")  # the model declines: a refusal
        await pilot.press("f3")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RefusedScreen)
        table = screen.query_one(DataTable)
        assert table.row_count == 1
        await pilot.press("s")
        await pilot.pause()
        assert app.session.refusals()[0]["mark"] == "should-answer"
        assert "should answer" in str(table.get_row_at(0))
        await pilot.press("a")
        await screen.workers.wait_for_complete()
        await pilot.pause()
        report = str(screen.query_one("#replay-report", Static).render())
        assert "replayed 1" in report and "When do I plant garlic?" in report
        await pilot.press("escape")
        assert not isinstance(app.screen, RefusedScreen)


async def test_why_shows_gates_without_the_model(app_factory) -> None:
    app = app_factory(refuse=True)
    async with app.run_test(size=(140, 45)) as pilot:
        await ready(pilot)
        app.query_one("#question", Input).value = "What colour is the shed?"
        await pilot.press("f4")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.query_one(VerdictPanel).headline.startswith("refused by ")


async def test_help_lists_every_binding_with_its_tooltip(app_factory) -> None:
    app = app_factory()
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.row_count == len(app.BINDINGS)
        for binding in app.BINDINGS:
            assert binding.id and binding.tooltip
        await pilot.press("escape")


async def test_a_failing_worker_notifies_instead_of_crashing(app_factory) -> None:
    app = app_factory(replies={})  # no scripted reply: the model raises inside the worker
    async with app.run_test(size=(140, 45), notifications=True) as pilot:
        await ready(pilot)
        await ask(pilot, "Which port does the server use?")
        await pilot.pause()
        assert app.is_running
        assert "The answer failed" in markdown_text(app)
        toasts = [str(toast.render()) for toast in app.screen.query("Toast")]
        assert any("no scripted reply" in text for text in toasts), toasts
        assert not app.query_one("#question", Input).disabled


async def test_open_passage_without_editor_shows_the_note(app_factory, monkeypatch) -> None:
    from textual.widgets import TextArea

    from app.ui.screens.viewer import NoteViewer

    monkeypatch.delenv("EDITOR", raising=False)
    app = app_factory()
    async with app.run_test(size=(140, 45)) as pilot:
        await ready(pilot)
        await ask(pilot, "Which port does the server use?")
        app.query_one("#cited", PassagePane).query_one("ListView").focus()
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, NoteViewer)
        area = app.screen.query_one(TextArea)
        assert area.read_only and "8443" in area.text
        assert area.cursor_location[0] == app.screen.line - 1


async def test_every_binding_is_also_a_palette_command(app_factory) -> None:
    app = app_factory()
    async with app.run_test(size=(140, 45)):
        callbacks = {command.callback for command in app.get_system_commands(app.screen)}
        for binding in app.BINDINGS:
            assert getattr(app, f"action_{binding.action}") in callbacks, binding.action


async def test_a_follow_up_is_shown_resolved_and_can_be_edited(app_factory) -> None:
    app = app_factory()
    async with app.run_test(size=(140, 45)) as pilot:
        await ready(pilot)
        await ask(pilot, "Which port does the bike use?")
        resolved = app.query_one("#resolved", Static)
        assert not resolved.display
        await ask(pilot, "and the server?")
        assert resolved.display
        assert "asked as: Which port does the server use?" in str(resolved.render())
        assert "Port 8443 [1]." in markdown_text(app)
        await pilot.press("f5")
        assert app.query_one("#question", Input).value == "Which port does the server use?"
        await ask(pilot, "When does garlic go in?")  # a new topic: asked as typed
        assert not resolved.display


async def test_a_scoped_question_says_what_it_searched(app_factory) -> None:
    app = app_factory()
    async with app.run_test(size=(140, 45)) as pilot:
        await ready(pilot)
        await ask(pilot, "file:server Which port does the server use?")
        resolved = app.query_one("#resolved", Static)
        assert resolved.display
        assert "searched only file:server: 1 note" in str(resolved.render())
        files = {i.passage.primary.file for i in app.query_one("#retrieved").query(PassageItem)}
        assert files == {"server.md"}


async def test_a_list_question_lists_each_note_once_with_its_citation(app_factory) -> None:
    app = app_factory()
    async with app.run_test(size=(140, 45)) as pilot:
        await ready(pilot)
        await ask(pilot, "Which notes mention garlic?")
        assert markdown_text(app).startswith("1 note mentions garlic:")
        cited = app.query_one("#cited", PassagePane).query(PassageItem)
        assert [item.passage.primary.file for item in cited] == ["garden.md"]
        assert not app.query_one("#question", Input).disabled


async def test_history_reopens_an_earlier_answer_with_its_passages(app_factory) -> None:
    from textual.widgets import DataTable

    from app.ui.screens.history import HistoryScreen

    app = app_factory()
    async with app.run_test(size=(140, 45)) as pilot:
        await ready(pilot)
        await ask(pilot, "Which port does the server use?")
        await ask(pilot, "Which notes mention garlic?")
        assert markdown_text(app).startswith("1 note mentions garlic:")
        await pilot.press("f6")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        table = screen.query_one(DataTable)
        assert table.row_count == 2
        screen.query_one("#history-filter", Input).value = "8443"  # a word of the answer
        await pilot.pause()
        assert table.row_count == 1
        table.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, HistoryScreen)
        assert "Port 8443 [1]." in markdown_text(app)
        cited = app.query_one("#cited", PassagePane).query(PassageItem)
        assert [item.passage.primary.file for item in cited] == ["server.md"]


async def test_the_screen_says_why_the_model_reads_the_passages_again(notes, tmp_path) -> None:
    tyres = "The tyres take 4 bar before a long ride, checked every Sunday for cuts and wear."
    second_read = threading.Event()

    class SlowSecondReading(ScriptedGenerator):
        def stream(self, messages, **kw):
            if self.prompts:  # the second reading waits until the screen has been read
                second_read.wait(10)
                self.replies = {"port": scripted_reply(True, QUOTE, 1, "Port 8443 [1].")}
            yield from super().stream(messages, **kw)

    wrong = {"port": scripted_reply(True, tyres, 1, "4 bar [1].")}
    settings = load_settings({"data_dir": tmp_path / "data", "verdict_threshold": -100.0})
    factories = Factories(
        embedder=lambda settings: FakeEmbedder(),
        generator=lambda settings, progress: SlowSecondReading(dict(wrong)),
    )
    app = make_app(NotesSession(settings, notes, factories))
    async with app.run_test(size=(140, 45)) as pilot:
        await ready(pilot)
        app.query_one("#question", Input).value = "Which port does the server use?"
        await pilot.press("enter")
        for _ in range(200):
            await pilot.pause(0.02)
            if "Reading again" in markdown_text(app):
                break
        shown = markdown_text(app)
        assert "Reading again" in shown and "the first reply failed quote_on_topic" in shown
        assert "4 bar" not in shown, "nothing of the refused reply is on screen"
        second_read.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Port 8443" in markdown_text(app)
