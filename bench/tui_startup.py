"""Time from process start to a focused, usable question box in the TUI (real backend).

Run it as a fresh process: `python bench/tui_startup.py`. The index, embedder and model
load in workers afterwards; this measures only what a person waits for before typing.
"""

from __future__ import annotations

import time

STARTED = time.perf_counter()

import asyncio  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

from _common import ROOT  # noqa: E402


async def measure() -> float:
    from textual.widgets import Input

    from app.config import load_settings
    from app.core.session.session import NotesSession
    from app.ui.app import make_app

    data = Path(tempfile.gettempdir()) / "asknotes-bench"
    app = make_app(NotesSession(load_settings({"data_dir": data}), ROOT / "sample_notes"))
    async with app.run_test(size=(140, 45)) as pilot:
        while not app.query_one("#question", Input).has_focus:
            await pilot.pause()
        usable = time.perf_counter() - STARTED
        app.exit()
    return usable


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--once":
        print(f"{asyncio.run(measure()):.3f}")
        return
    runs = []
    for _ in range(5):
        out = subprocess.run(
            [sys.executable, __file__, "--once"], capture_output=True, text=True, check=True
        )
        runs.append(float(out.stdout.strip().splitlines()[-1]))
    print(
        f"process start -> usable question box: median {statistics.median(runs):.2f} s, "
        f"max {max(runs):.2f} s over {len(runs)} launches ({', '.join(f'{r:.2f}' for r in runs)})"
    )


if __name__ == "__main__":
    main()
