"""In-process CLI runs: the real command code over fake models, output captured by pytest."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from app.cli import run
from app.cli.context import Context
from app.core.answer.phrases import REFUSAL_SENTENCE
from app.core.session.wiring import Factories
from tests.conftest import write
from tests.fakes import FakeEmbedder, ScriptedGenerator, scripted_reply

PORT_QUOTE = "The server listens on port 8443 behind the proxy, reachable from the whole LAN."
NOTES = {
    "server.md": f"# Server\n\n## Ports\n\n{PORT_QUOTE}\n",
    "garden.md": "# Garden\n\n## Garlic\n\nGarlic goes in the north bed in October, ten "
    "centimetres apart, with compost.\n",
    "bike.md": "# Bike\n\n## Tyres\n\nThe tyres take 4 bar before a long ride, checked every "
    "Sunday for cuts and wear.\n",
}
REPLIES = {"port": scripted_reply(True, PORT_QUOTE, 1, "Port 8443 [1].")}
DECLINE = scripted_reply(False, "", 0, REFUSAL_SENTENCE)


@dataclass
class Result:
    code: int
    stdout: str
    stderr: str

    def json(self) -> Any:
        return json.loads(self.stdout)


class Cli:
    """Runs `asknotes ARGS` in this process with a fake embedder and a scripted model."""

    def __init__(self, capsys: pytest.CaptureFixture[str], data_dir: Path) -> None:
        self.capsys = capsys
        self.data_dir = data_dir
        self.generator = ScriptedGenerator(REPLIES, default=DECLINE)
        self.factories = Factories(
            embedder=lambda settings: FakeEmbedder(),
            generator=lambda settings, progress: self.generator,
        )

    def __call__(self, *args: str) -> Result:
        self.capsys.readouterr()
        context = Context({"data_dir": self.data_dir}, self.factories)
        code = run(list(args), context)
        out, err = self.capsys.readouterr()
        return Result(code, out, err)


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Cli:
    return Cli(capsys, tmp_path / "data")


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    root = tmp_path / "notes"
    for rel, text in NOTES.items():
        write(root, rel, text)
    return root


@pytest.fixture
def indexed(cli: Cli, notes: Path) -> Cli:
    result = cli("index", str(notes))
    assert result.code == 0, result.stderr
    return cli
