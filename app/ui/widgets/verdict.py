"""The verdict panel and the score-shape sparkline."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label, Sparkline, Static

from app.core.verdict.gates import Verdict
from app.core.verdict.signals import ScoreShape


def verdict_renderable(verdict: Verdict, next_steps: tuple[str, ...] = ()) -> Table | Text:
    fired = verdict.fired
    table = Table(box=None, expand=True, show_header=True, header_style="bold")
    title = (
        Text("✓ answerable: every gate passed", style="green")
        if fired is None
        else Text(f"✗ refused by {fired.name}", style="bold red")
    )
    table.title = title
    table.add_column("gate")
    table.add_column("value", justify="right")
    table.add_column("threshold", justify="right")
    table.add_column("detail", ratio=1)
    for g in verdict.gates:
        style = "dim" if not g.enabled else ("bold red" if g.fired else "")
        table.add_row(
            Text(("✗ " if g.fired else "· ") + g.name, style=style),
            "" if g.value is None else f"{g.value:.3f}",
            "off" if not g.enabled else ("" if g.threshold is None else f"{g.threshold:.3f}"),
            Text(g.detail, style=style),
        )
    for step in next_steps:
        table.add_row("", "", "", Text(f"→ {step}", style="yellow"))
    return table


class VerdictPanel(Static):
    headline = ""  # the verdict in words, e.g. "refused by lexical_support"

    def show(self, verdict: Verdict, next_steps: tuple[str, ...] = ()) -> None:
        fired = verdict.fired
        self.headline = "answerable" if fired is None else f"refused by {fired.name}"
        self.update(verdict_renderable(verdict, next_steps))


class ScoreShapeView(Vertical):
    """The question's top-k cosine similarities, with top, median and gap in numbers."""

    def compose(self) -> ComposeResult:
        yield Label("score shape", id="shape-label")
        yield Sparkline([], id="shape-spark")

    def show(self, shape: ScoreShape, min_gap: float | None) -> None:
        self.query_one(Sparkline).data = list(shape.similarities)
        is_flat = min_gap is not None and shape.gap < min_gap
        flat = "  flat: the best match barely beats the rest" if is_flat else ""
        self.query_one(Label).update(
            f"score shape (top {shape.k}): top {shape.top:.3f} · median {shape.median:.3f} · "
            f"gap {shape.gap:.3f} · ratio {shape.ratio:.2f}{flat}"
        )
