"""The verdict panel (the scorecard's points, every gate) and the score-shape sparkline."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label, Sparkline, Static

from app.core.verdict.gates import Verdict
from app.core.verdict.signals import ScoreShape


def verdict_renderable(verdict: Verdict, next_steps: tuple[str, ...] = ()) -> Group:
    fired = verdict.fired
    parts: list[Table | Text] = []
    if fired is None:
        parts.append(Text("✓ answerable: the notes look able to answer", style="green"))
    else:
        parts.append(Text(f"✗ refused by {fired.name}", style="bold red"))
        parts.append(Text(fired.detail, style="red"))
    card = verdict.scorecard
    if card is not None:
        table = Table(box=None, expand=True, show_header=True, header_style="bold", pad_edge=False)
        table.add_column("signal")
        table.add_column("value", justify="right", ratio=1, overflow="ellipsis", no_wrap=True)
        table.add_column("points", justify="right")
        for f in card.features:
            style = "red" if f.points < -0.25 else ("green" if f.points > 0.25 else "dim")
            table.add_row(f.short, f.shown, Text(f"{f.points:+.2f}", style=style))
        total_style = "green" if card.answerable else "bold red"
        table.add_row(
            Text(f"total (needs {card.threshold:+.2f})", style="bold"),
            "",
            Text(f"{card.total:+.2f}", style=total_style),
        )
        parts.append(table)
    hard = [g for g in verdict.gates if g.enabled and g.fired and g is not fired]
    for gate in hard:
        parts.append(Text(f"✗ {gate.name}: {gate.detail}", style="red"))
    for step in next_steps:
        parts.append(Text(f"→ {step}", style="yellow"))
    return Group(*parts)


class VerdictPanel(Static):
    headline = ""  # the verdict in words, e.g. "refused by unknown_term"

    def show(self, verdict: Verdict, next_steps: tuple[str, ...] = ()) -> None:
        fired = verdict.fired
        self.headline = "answerable" if fired is None else f"refused by {fired.name}"
        self.update(verdict_renderable(verdict, next_steps))


class ScoreShapeView(Vertical):
    """The question's top-k cosine similarities, with top, median and gap in numbers."""

    def compose(self) -> ComposeResult:
        yield Label("score shape", id="shape-label")
        yield Sparkline([], id="shape-spark")

    def show(self, shape: ScoreShape, band: tuple[float, float] | None = None) -> None:
        self.query_one(Sparkline).data = list(shape.similarities)
        where = (
            f" (this folder: off-topic ≈ {band[0]:.3f}, answerable ≈ {band[1]:.3f})"
            if band is not None
            else ""
        )
        self.query_one(Label).update(
            f"score shape (top {shape.k}): top {shape.top:.3f} · median {shape.median:.3f} · "
            f"gap {shape.gap:.3f}{where}"
        )
