"""One end-to-end Pilot run with the real embedder, the real model and sample_notes/."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Markdown

from app.config import load_settings
from app.core.session.session import NotesSession
from app.ui.app import make_app
from app.ui.widgets.passages import PassageItem, PassagePane
from app.ui.widgets.verdict import VerdictPanel
from tests.conftest import SAMPLE_NOTES

pytestmark = pytest.mark.real_model


async def test_real_models_answer_in_the_tui(tmp_path, shared_model_path) -> None:
    settings = load_settings({"data_dir": tmp_path / "data", "model_path": shared_model_path})
    app = make_app(NotesSession(settings, SAMPLE_NOTES))
    async with app.run_test(size=(140, 45)) as pilot:
        while not (app.index_ready and app.model_ready):
            await app.workers.wait_for_complete()
            await pilot.pause()
        await app.workers.wait_for_complete()
        app.query_one("#question", Input).value = "How many monthly snapshots do I keep?"
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "12" in app.query_one("#answer", Markdown).source
        cited = app.query_one("#cited", PassagePane).query(PassageItem)
        assert [item.passage.primary.file for item in cited] == ["homelab/backups.md"]
        assert app.query_one(VerdictPanel).headline == "answerable"
