"""A pane of passages: file:line, heading path, every rank and score, every source."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label, ListItem, ListView, Static

from app.core.index.retrieve import Passage


def passage_text(p: Passage, number: int | None, *, used: bool | None) -> Text:
    first = p.primary
    text = Text()
    label = f"[{number}] " if number else "[-] "
    text.append(label, style="bold")
    text.append(f"{first.file}:{first.start_line}", style="bold cyan")
    if used is False:
        text.append("  unused", style="dim italic")
    text.append(f"\n{first.heading}\n", style="italic")
    vector = "-" if p.cosine is None else f"#{p.vector_rank} cos {p.cosine.value:.3f}"
    lexical = "-" if p.bm25 is None else f"#{p.bm25_rank} {p.bm25.value:.2f}"
    moved = "" if p.moved_rank is None else f" · moved #{p.moved_rank}"
    text.append(f"fused #{p.fused_rank} · vector {vector} · bm25 {lexical}{moved}", style="dim")
    for extra in p.sources[1:]:
        text.append(f"\nalso in {extra.file}:{extra.start_line}", style="yellow")
    for old in p.older_copies:
        text.append(f"\nin place of its older copy {old.file}:{old.start_line}", style="yellow")
    if first.links:
        text.append(f"\nlinks to {', '.join(first.links)}", style="dim")
    return text


class PassageItem(ListItem):
    def __init__(self, passage: Passage, number: int | None, used: bool | None) -> None:
        super().__init__(Static(passage_text(passage, number, used=used)))
        self.passage = passage
        if used is False:
            self.add_class("unused")


class PassagePane(Vertical):
    """A titled list of passages; the selected one can be opened at its line."""

    def __init__(self, title: str, *, id: str) -> None:
        super().__init__(id=id)
        self.title_text = title

    def compose(self) -> ComposeResult:
        yield Label(self.title_text, classes="pane-title")
        yield ListView()

    def show(
        self,
        passages: Sequence[Passage],
        numbers: dict[str, int],
        used: set[str] | None = None,
    ) -> None:
        view = self.query_one(ListView)
        view.clear()
        for p in passages:
            flag = None if used is None else p.text_hash in used
            view.append(PassageItem(p, numbers.get(p.text_hash), flag))
        if passages:
            view.index = 0  # F2 always has a passage to open
        label = self.query_one(Label)
        label.update(f"{self.title_text} ({len(passages)})")

    @property
    def selected(self) -> Passage | None:
        item = self.query_one(ListView).highlighted_child
        return item.passage if isinstance(item, PassageItem) else None
