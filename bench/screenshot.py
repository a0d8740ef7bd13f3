"""Save SVG screenshots of the TUI with the real models on sample_notes/ (for the README)."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from _common import ROOT
from textual.widgets import Input

from app.config import load_settings
from app.core.session.session import NotesSession
from app.ui.app import make_app

SHOTS = {
    "tui-answer.svg": "What port does Home Assistant use?",
    "tui-refusal.svg": "What did the dentist say about my wisdom teeth?",
}


async def shoot(name: str, question: str, data: Path) -> None:
    settings = load_settings({"data_dir": data})
    app = make_app(NotesSession(settings, ROOT / "sample_notes"))
    async with app.run_test(size=(150, 46)) as pilot:
        while not (app.index_ready and app.model_ready):
            await app.workers.wait_for_complete()
            await pilot.pause()
        await app.workers.wait_for_complete()
        app.sub_title = "sample_notes"
        app.query_one("#question", Input).value = question
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        app.save_screenshot(filename=name, path=str(ROOT / "docs"))
        print(f"saved docs/{name}")


def main() -> None:
    data = Path(tempfile.gettempdir()) / "asknotes-bench"
    for name, question in SHOTS.items():
        asyncio.run(shoot(name, question, data))


if __name__ == "__main__":
    main()
