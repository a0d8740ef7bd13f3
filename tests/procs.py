"""Real asknotes processes with the fake embedder and the scripted model, for tests of
what several processes do to one data directory (the claims are about locking and files,
not about the model, so a process starts in a second instead of loading torch).

    python -m tests.procs cli ARGS...          the asknotes CLI
    python -m tests.procs reader DATA NOTES    answers `search` lines from stdin as JSON

Environment knobs for the fake embedder, read in the child:
    FAKE_EMBED_DELAY   seconds to sleep in every embed_batch call
    FAKE_EMBED_GATE    a path: the second embed_batch call waits until it exists (and
                       PATH.waiting is created when it starts waiting)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tests.fakes import FakeEmbedder, ScriptedGenerator

REPO = Path(__file__).resolve().parent.parent


class KnobbedEmbedder(FakeEmbedder):
    """The fake embedder, slowed and gated by environment variables."""

    def embed_batch(self, texts: Sequence[str]) -> Any:
        calls = len(self.calls)
        delay = float(os.environ.get("FAKE_EMBED_DELAY", "0") or 0)
        gate = os.environ.get("FAKE_EMBED_GATE")
        if gate and calls == 1:
            Path(gate + ".waiting").touch()  # tells the test this process is held here
            while not Path(gate).exists():
                time.sleep(0.02)
        if delay:
            time.sleep(delay)
        return super().embed_batch(texts)


def factories() -> Any:
    from app.core.session.wiring import Factories

    return Factories(
        embedder=lambda settings: KnobbedEmbedder(),
        generator=lambda settings, progress: ScriptedGenerator({}, default=_decline()),
    )


def _decline() -> str:
    from app.core.answer.phrases import REFUSAL_SENTENCE
    from tests.fakes import scripted_reply

    return scripted_reply(False, "", 0, REFUSAL_SENTENCE)


def run_cli(argv: list[str]) -> int:
    from app.cli import run
    from app.cli.context import Context

    return run(argv, Context({}, factories()))


def run_reader(data: Path, notes: Path) -> int:
    """A long-lived reader (what the TUI is): one session, a question per stdin line,
    the files of the passages found as one JSON line each."""
    from app.config import load_settings
    from app.core.session.session import NotesSession

    session = NotesSession(load_settings({"data_dir": data}), notes, factories())
    session.open()
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        question = line.strip()
        if not question:
            continue
        try:
            result = session.search(question, k=5)
            files = [s.file for p in result.passages for s in p.sources]
            vector_files = [
                s.file for p in result.passages if p.vector_rank is not None for s in p.sources
            ]
            print(json.dumps({"files": files, "vector_files": vector_files}))
        except Exception as exc:  # noqa: BLE001 - the test reads the failure
            print(json.dumps({"error": f"{type(exc).__name__}: {exc}"}))
        sys.stdout.flush()
    session.close()
    return 0


def env(**knobs: str) -> dict[str, str]:
    """The environment for a child: offline, no user config, the repo importable."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("ASKNOTES_", "FAKE_"))}
    base.update(
        HF_HUB_OFFLINE="1",
        ANONYMIZED_TELEMETRY="False",
        PYTHONPATH=str(REPO),
        ASKNOTES_CONFIG=str(Path(os.devnull)),
    )
    base.update(knobs)
    return base


def cli_command(data: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "tests.procs", "cli", "--data-dir", str(data), *args]


def run(
    data: Path, *args: str, timeout: float = 120, **knobs: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        cli_command(data, *args),
        env=env(**knobs),
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def start(data: Path, *args: str, **knobs: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        cli_command(data, *args),
        env=env(**knobs),
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


if __name__ == "__main__":
    mode, *rest = sys.argv[1:]
    if mode == "cli":
        sys.exit(run_cli(rest))
    sys.exit(run_reader(Path(rest[0]), Path(rest[1])))
