"""Asking: a question goes to a worker thread, and its messages stream the answer, its
evidence and its verdict into the panes."""

from __future__ import annotations

from textual import on, work
from textual.widgets import Input, Markdown, Static
from textual.widgets.markdown import MarkdownStream
from textual.worker import get_current_worker

from app.core.index.retrieve import passage_numbers
from app.core.session.session import NotesSession
from app.ui.answer_panes import AnswerPanes
from app.ui.messages import AnswerDelta, AnswerDone, ListAnswered, Rereading, Retrieved
from app.ui.widgets.passages import PassagePane


class Asking(AnswerPanes):
    """The question's way from the input to the panes; `AsknotesApp` sets the state."""

    session: NotesSession
    index_ready: bool
    model_ready: bool
    queued: str | None  # asked before the index and the model were ready
    answer_id: int  # the question being answered; older answers' messages are dropped
    _stream: MarkdownStream | None

    def _widgets_gone(self) -> bool:
        """True while the app closes: a worker's late message must not touch widgets."""
        return not (self.query("#model-status") and self.query("#answer"))

    @on(Input.Submitted, "#question")
    def submit(self, event: Input.Submitted) -> None:
        question = event.value.strip()
        if not question:
            return
        if not (self.index_ready and self.model_ready):
            self.queued = question
            self.notify("queued: it will be asked as soon as the model is ready")
            return
        self.start_answer(question)

    def _ask_queued(self) -> None:
        if self.queued and self.index_ready and self.model_ready:
            question, self.queued = self.queued, None
            self.start_answer(question)

    def start_answer(self, question: str) -> None:
        """Ask `question`, as a follow-up of the previous question when it reads as one."""
        previous = self.resolution.resolved if self.resolution is not None else None
        resolution = self.session.resolve(question, previous)
        self.resolution = resolution
        resolved = self.query_one("#resolved", Static)
        resolved.display = resolution.merged
        if resolution.merged:
            resolved.update(f"asked as: {resolution.resolved}  ({resolution.rule}; F5 to edit it)")
        self.answer_id += 1
        self._stream = None
        self.query_one("#answer", Markdown).update(f"*Answering:* {resolution.resolved}")
        self.query_one("#question", Input).disabled = True
        self.run_answer(resolution.resolved, self.answer_id, resolution.asked)

    @work(thread=True, exclusive=True, exit_on_error=False, group="answer")
    def run_answer(self, question: str, answer_id: int, asked: str | None = None) -> None:
        worker = get_current_worker()
        listing = self.session.list_request(question)
        if listing is not None:
            listed = self.session.answer_list(listing, asked=asked)
            if not worker.is_cancelled:
                self.post_message(ListAnswered(answer_id, listed))
            return
        answer = self.session.ask(
            question,
            on_text=lambda delta: self.post_message(AnswerDelta(answer_id, delta)),
            on_retrieved=lambda result, verdict: self.post_message(
                Retrieved(answer_id, result, verdict)
            ),
            on_reread=lambda why: self.post_message(Rereading(answer_id, question, why)),
            cancel=worker.cancelled_event,
            asked=asked,
        )
        if not worker.is_cancelled:
            self.post_message(AnswerDone(answer_id, answer))

    @on(Retrieved)
    def show_retrieved(self, message: Retrieved) -> None:
        """The evidence and the retrieval verdict, while the model is still writing."""
        if self._widgets_gone():
            return
        if message.answer_id != self.answer_id:
            return
        passages = message.result.passages
        self.query_one("#retrieved", PassagePane).show(passages, passage_numbers(passages))
        self._show_verdict(message.verdict)
        self._show_scope(message.result)

    @on(Rereading)
    def show_rereading(self, message: Rereading) -> None:
        """Why the wait goes on: the model reads the passages again (nothing shown yet)."""
        if self._widgets_gone() or message.answer_id != self.answer_id:
            return
        self.query_one("#answer", Markdown).update(
            f"*Answering:* {message.question}\n\n*Reading again:* {message.why}"
        )

    @on(AnswerDelta)
    async def stream_delta(self, message: AnswerDelta) -> None:
        if self._widgets_gone():
            return
        if message.answer_id != self.answer_id:
            return
        if self._stream is None:
            markdown = self.query_one("#answer", Markdown)
            await markdown.update("")
            self._stream = Markdown.get_stream(markdown)
        await self._stream.write(message.text)

    @on(AnswerDone)
    async def answer_done(self, message: AnswerDone) -> None:
        if self._widgets_gone():
            return
        if message.answer_id != self.answer_id:
            return
        await self._stop_stream()
        self.asked.append((message.answer.question, message.answer))
        self.show_answer(message.answer)
        self._restore_input()

    @on(ListAnswered)
    def list_done(self, message: ListAnswered) -> None:
        """A list answer: every item cited once, every retrieved passage beside it."""
        if self._widgets_gone() or message.answer_id != self.answer_id:
            return
        self.asked.append((message.answer.ask.question, message.answer))
        self.show_list(message.answer)
        self._restore_input()

    async def _stop_stream(self) -> None:
        if self._stream is not None:
            stream, self._stream = self._stream, None
            await stream.stop()

    def _restore_input(self) -> None:
        question = self.query_one("#question", Input)
        question.disabled = False
        question.focus()
