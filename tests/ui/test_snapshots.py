"""Snapshot tests at a fixed terminal size, with the fake embedder and scripted model."""

from __future__ import annotations

import pytest
from textual.widgets import Input

SIZE = (130, 40)


@pytest.fixture(autouse=True)
def _fixed_clock(monkeypatch) -> None:
    """Timestamps (index updated, refused at) would change every run; pin them."""
    import time

    monkeypatch.setattr(time, "strftime", lambda fmt, *args: "2026-11-30 09:00")


async def settle(pilot) -> None:
    """Wait until loading is done and no answer is in flight (the input is back).

    The input's cursor is made steady: a blinking one is drawn or not depending on when
    the screenshot lands, which on a loaded machine is any time.
    """
    app = pilot.app
    app.query_one("#question", Input).cursor_blink = False
    while not (app.index_ready and app.model_ready):
        await app.workers.wait_for_complete()
        await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()
    while app.query_one("#question", Input).disabled:
        await app.workers.wait_for_complete()
        await pilot.pause()
    await pilot.pause()


def asking(question: str):
    async def run_before(pilot) -> None:
        await settle(pilot)
        pilot.app.query_one("#question", Input).value = question
        await pilot.press("enter")
        await settle(pilot)

    return run_before


def test_snapshot_answer(snap_compare, app_factory) -> None:
    assert snap_compare(
        app_factory(), terminal_size=SIZE, run_before=asking("Which port does the server use?")
    )


def test_snapshot_refusal(snap_compare, app_factory) -> None:
    assert snap_compare(
        app_factory(refuse=True),
        terminal_size=SIZE,
        run_before=asking("What colour is the shed?"),
    )


def test_snapshot_refused_screen(snap_compare, app_factory) -> None:
    async def run_before(pilot) -> None:
        await asking("When do I plant garlic?")(pilot)
        await pilot.press("f3")
        await pilot.pause()

    assert snap_compare(app_factory(), terminal_size=SIZE, run_before=run_before)
