from __future__ import annotations

import threading
from pathlib import Path

import pytest

from app.config import load_settings
from app.core.answer.phrases import REFUSAL_SENTENCE
from app.core.session.session import NotesSession
from app.core.session.wiring import Factories
from app.ui.app import make_app
from tests.conftest import write
from tests.fakes import FakeEmbedder, ScriptedGenerator, scripted_reply

QUOTE = "The server listens on port 8443 behind the proxy, reachable from the whole LAN."


reply = scripted_reply


REPLIES = {
    "port": reply(True, QUOTE, 1, "Port 8443 [1]."),
    "garlic": reply(False, "", 0, REFUSAL_SENTENCE),
}


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    root = tmp_path / "notes"
    write(root, "server.md", f"# Server\n\n## Ports\n\n{QUOTE}\n")
    write(
        root,
        "garden.md",
        "# Garden\n\n## Garlic\n\nGarlic goes in the north bed in "
        "October, ten centimetres apart, with compost.\n",
    )
    write(
        root,
        "bike.md",
        "# Bike\n\n## Tyres\n\nThe tyres take 4 bar before a long ride, "
        "checked every Sunday for cuts and wear.\n",
    )
    return root


@pytest.fixture
def make_session(notes: Path, tmp_path: Path):
    def build(
        generator_gate: threading.Event | None = None,
        replies: dict[str, str] | None = None,
        refuse: bool = False,
    ) -> NotesSession:
        """The UI is under test, not the verdict: its threshold is pinned so that every
        question reaches the model, or (`refuse`) none does."""
        threshold = 100.0 if refuse else -100.0
        settings = load_settings({"data_dir": tmp_path / "data", "verdict_threshold": threshold})

        def generator(settings, progress):
            if generator_gate is not None:
                generator_gate.wait(10)
            return ScriptedGenerator(REPLIES if replies is None else replies)

        factories = Factories(embedder=lambda settings: FakeEmbedder(), generator=generator)
        return NotesSession(settings, notes, factories)

    return build


@pytest.fixture
def app_factory(make_session):
    def build(**kw):
        app = make_app(make_session(**kw))
        app.sub_title = "notes"  # a stable title for snapshots
        return app

    return build
