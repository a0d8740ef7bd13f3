"""The answer area and the passage panes: an answer, a list, an earlier answer reopened."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Input, Markdown, Static

from app.core.answer.lists import ListAnswer
from app.core.answer.result import Answer, AnswerKind
from app.core.index.retrieve import SearchResult
from app.core.session.followup import Resolution
from app.core.verdict.gates import Verdict
from app.ui.screens.history import Asked, HistoryScreen
from app.ui.widgets.passages import PassagePane
from app.ui.widgets.verdict import ScoreShapeView, VerdictPanel


class AnswerPanes(App[None]):
    """What the app shows for an answer; `AsknotesApp` asks, this part displays."""

    indexing: bool
    resolution: Resolution | None  # the last question asked, as resolved
    asked: list[Asked]  # every answer since the app opened, oldest first

    def action_edit_resolved(self) -> None:
        if self.resolution is None:
            self.notify("ask a question first")
            return
        field = self.query_one("#question", Input)
        if field.disabled:
            return
        field.value = self.resolution.resolved
        field.cursor_position = len(field.value)
        field.focus()

    def _show_scope(self, result: SearchResult) -> None:
        """Under the resolved question, which notes a scoped question searched."""
        scope_line = result.scope_line()
        if scope_line is not None:
            resolved = self.query_one("#resolved", Static)
            shown = str(resolved.render()) if resolved.display else ""
            resolved.update(f"{shown}\n{scope_line}".strip())
            resolved.display = True

    def _show_verdict(self, verdict: Verdict, next_steps: tuple[str, ...] = ()) -> None:
        self.query_one(VerdictPanel).show(verdict, next_steps)
        if verdict.signals is not None:
            card = verdict.scorecard
            band = card.bands.get("top_cosine") if card is not None else None
            self.query_one(ScoreShapeView).show(
                verdict.signals.shape, (band.miss, band.hit) if band else None
            )

    def show_list(self, listed: ListAnswer) -> None:
        self.query_one("#answer", Markdown).update(listed.text.replace("\n- ", "\n\n- ", 1))
        numbers = {item.passage.text_hash: item.number for item in listed.items}
        cited = [item.passage for item in listed.items]
        unique = list({p.text_hash: p for p in cited}.values())
        self.query_one("#retrieved", PassagePane).show(
            listed.result.passages, numbers, used=set(numbers)
        )
        self.query_one("#cited", PassagePane).show(unique, numbers)
        self._show_scope(listed.result)

    def action_history(self) -> None:
        if not self.asked:
            self.notify("nothing asked yet")
            return
        self.push_screen(HistoryScreen(self.asked), self.reopen)

    def reopen(self, chosen: int | None) -> None:
        """Show an earlier answer again, with its own Retrieved and Cited passages."""
        if chosen is None or self.query_one("#question", Input).disabled:
            return
        question, answer = self.asked[chosen]
        resolved = self.query_one("#resolved", Static)
        resolved.update(f"asked earlier: {question}")
        resolved.display = True
        if isinstance(answer, ListAnswer):
            self.show_list(answer)
        else:
            self.show_answer(answer)

    def show_answer(self, answer: Answer) -> None:
        body = answer.text
        if answer.kind is AnswerKind.GENERATED:
            quote = f'\n\n> "{answer.quote.text}" [{answer.quote.passage}]' if answer.quote else ""
            body = f"{answer.text}{quote}"
        flags = "".join(f"\n- ⚠ {flag}" for flag in answer.flags)
        if self.indexing:
            flags += "\n- ⚠ the index is being updated: this answer may be stale"
        if answer.citations is not None and answer.citations.unsupported:
            unsupported = ", ".join(f"`{t}`" for t in answer.citations.unsupported)
            flags += f"\n- ⚠ **unsupported by the cited passage:** {unsupported}"
        self.query_one("#answer", Markdown).update(body + flags)
        self._show_verdict(answer.verdict)
        numbers = answer.numbers
        cited = {p.text_hash for p in answer.cited}
        self.query_one("#retrieved", PassagePane).show(answer.retrieved, numbers, used=cited)
        self.query_one("#cited", PassagePane).show(answer.cited, numbers)
