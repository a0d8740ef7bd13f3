"""Answer a question from the notes: retrieve, judge, prompt, generate, then check.

The model proposes {found, quote, passage, answer}; the code decides (see `checks`). The
quote appears on screen only once its checks pass, the answer sentence only once every
check passes; nothing the code has not verified is ever shown first and withdrawn after.
A verified quote with an unverifiable sentence is shown as "Your notes say: ..."; a quote
that fails is a refusal naming the check, with the notes' closest sentences as evidence.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable, Sequence

import numpy as np

from app.core.answer.checks import QuoteDecision, check_quote, check_sentence
from app.core.answer.claims import CITATION
from app.core.answer.extractive import QuotedSentence, best_sentences
from app.core.answer.grounding import (
    Check,
    CitationReport,
    Proposal,
    Similarity,
    check_citations,
    parse_proposal,
)
from app.core.answer.json_stream import FieldStreamer, strip_citations
from app.core.answer.phrases import refusal_sentence
from app.core.answer.prompt import ANSWER_SCHEMA, Prompt, build_prompt
from app.core.answer.quote_location import LocatedQuote
from app.core.answer.refusal_text import refusal_text
from app.core.answer.result import Answer, AnswerKind, AnswerSettings, Timings, quote_line
from app.core.answer.second_reading import QuoteCheck, covers_the_question, plan_second_reading
from app.core.basics.progress import check_cancelled
from app.core.index.retrieve import (
    RetrievalSettings,
    SearchResult,
    search,
)
from app.core.index.store import NoteIndex
from app.core.models.generator import Generator
from app.core.verdict.gates import GateSettings, Verdict, generator_gate, judge_retrieval
from app.core.verdict.signals import compute_signals

OnText = Callable[[str], object]
OnReread = Callable[[str], object]  # hears why the model reads the passages again


def embedder_similarity(index: NoteIndex) -> Similarity:
    def similarity(a: str, b: str) -> float:
        question = index.embedder.embed_queries([a])[0]
        passage = index.embedder.embed_batch([b])[0]
        return float(np.dot(question, passage))

    return similarity


def retrieve_and_judge(
    index: NoteIndex, question: str, retrieval: RetrievalSettings, gates: GateSettings
) -> tuple[SearchResult, Verdict]:
    result = search(index, question, retrieval)
    verdict = judge_retrieval(result, compute_signals(result, index.bm25(), gates.shape_k), gates)
    return result, verdict


def answer_question(
    index: NoteIndex,
    generator: Generator,
    question: str,
    *,
    retrieval: RetrievalSettings,
    settings: AnswerSettings | None = None,
    on_text: OnText | None = None,
    on_retrieved: Callable[[SearchResult, Verdict], object] | None = None,
    on_reread: OnReread | None = None,
    cancel: threading.Event | None = None,
) -> Answer:
    """Retrieve, judge, prompt, generate and check; stream verified text through `on_text`.

    `on_retrieved` hears the passages and the retrieval verdict before the model runs, so a
    front end can show the evidence while the answer is still being written; `on_reread`
    hears why the model reads the passages a second time, before it does.
    """
    settings = settings or AnswerSettings()
    started = time.perf_counter()
    result, verdict = retrieve_and_judge(index, question, retrieval, settings.gates)
    retrieval_s = time.perf_counter() - started
    if on_retrieved is not None:
        on_retrieved(result, verdict)
    fired = verdict.fired
    if fired is not None:  # the notes cannot answer: the model is not called at all
        timings = Timings(retrieval_s, 0, None, None, 0.0, time.perf_counter() - started)
        text = f"{refusal_sentence(result.language)} ({fired.name}: {fired.detail})"
        scope_line = result.scope_line()
        if scope_line is not None:
            text += f"; {scope_line}"
        return Answer(
            question,
            AnswerKind.REFUSED,
            text,
            fired.name,
            (Check(fired.name, False, fired.detail),),
            None,
            None,
            tuple(result.passages),
            None,
            None,
            (),
            generator.name,
            timings,
            verdict,
        )

    prompt = build_prompt(
        result.question,  # without its scope: the model answers what was asked
        result.passages[: settings.prompt_passages],
        generator,
        max_answer_tokens=settings.max_answer_tokens,
        example=settings.prompt_example,
        window_chars=settings.window_chars,
    )
    similarity = embedder_similarity(index)

    def generate(prompt: Prompt, extra: QuoteCheck | None = None) -> tuple[_Generation, Answer]:
        check_cancelled(cancel)
        run = _Generation(
            result.question, prompt, similarity, settings, on_text, started, extra, result.language
        )
        for piece in generator.stream(
            prompt.messages,
            schema=ANSWER_SCHEMA,
            max_tokens=settings.max_answer_tokens,
            cancel=cancel,
        ):
            run.feed(piece)
        check_cancelled(cancel)
        answer = run.finish(result, verdict, generator.name, retrieval_s)
        return run, dataclasses.replace(answer, language=result.language)

    run, answer = generate(prompt)
    again = None
    if settings.second_reading and run.decision is not None and not run.showed_a_quote:
        again = plan_second_reading(run.decision, run.prompt, settings.prompt_example)
    if again is not None:
        first_failed = f"the first reply failed {answer.refusal_check}"
        if on_reread is not None:
            on_reread(f"{first_failed}; reading again {again.how}")
        second_prompt = build_prompt(
            result.question,
            prompt.passages,  # the same passages, so each keeps its number
            generator,
            max_answer_tokens=settings.max_answer_tokens,
            example=settings.prompt_example and not again.without_example,
            window_chars=settings.window_chars,
            left_out=again.left_out,
        )
        covers = covers_the_question(index, result, again.whole, again.at_least_as)
        second_run, second = generate(second_prompt, covers)
        if second.kind in (AnswerKind.GENERATED, AnswerKind.QUOTED):
            run, answer = second_run, second
            flag = f"{first_failed}; read again {again.how}, the model answered"
        else:
            failed = next((c for c in second.checks if not c.passed), None)
            why = f" ({failed.detail})" if failed is not None else ""
            flag = f"{first_failed}; read again {again.how}, it failed {second.refusal_check}{why}"
            if second_run.showed_a_quote:  # its quote is on screen: its refusal explains it
                run, answer = second_run, second
        answer = dataclasses.replace(answer, flags=answer.flags + (flag,))
    if answer.kind is AnswerKind.QUOTES:  # a refusal's evidence is shown once it is final
        run.emit(answer.text)
    # The total covers every reading; the rest describes the reading whose reply is kept.
    return dataclasses.replace(answer, timings=run.timings())


class _Generation:
    """One streamed proposal: checks its quote as soon as it is complete, and holds every
    word back until the checks that cover it have passed."""

    def __init__(
        self,
        question: str,
        prompt: Prompt,
        similarity: Similarity,
        settings: AnswerSettings,
        on_text: OnText | None,
        started: float,
        extra: QuoteCheck | None = None,
        language: str = "en",
    ) -> None:
        self.question = question
        self.language = language
        self.extra = extra  # one more quote check (a second reading's)
        self.prompt = prompt
        self.similarity = similarity
        self.settings = settings
        self.on_text = on_text
        self.started = started
        self.quote_field = FieldStreamer("quote")
        self.raw: list[str] = []
        self.early: QuoteDecision | None = None
        self.first_token: float | None = None
        self.first_visible: float | None = None
        self.gen_start = time.perf_counter()
        self.retrieval_s = 0.0
        self.generation_s = 0.0
        self.decision: QuoteDecision | None = None  # the finished reply's quote checks

    @property
    def showed_a_quote(self) -> bool:
        """Whether the reply's quote passed its early checks, and so was (or, with a front
        end listening, would have been) shown before the reply was finished. A quote
        stitched from pieces waits for the answer, which tells which piece it meant."""
        early = self.early
        return (
            early is not None
            and early.passed
            and early.quote is not None
            and not early.quote.stitched
        )

    def emit(self, text: str) -> None:
        if self.on_text is None:
            return
        if self.first_visible is None:
            self.first_visible = time.perf_counter() - self.started
        self.on_text(text)

    def feed(self, piece: str) -> None:
        if self.first_token is None:
            self.first_token = time.perf_counter() - self.gen_start
        self.raw.append(piece)
        self.quote_field.feed(piece)
        if self.early is None and self.quote_field.done:
            self.early = self._check_quote_so_far(parse_proposal("".join(self.raw), partial=True))
            if self.showed_a_quote and self.early.quote is not None:
                self.emit(quote_line(self.early.quote, self.language))

    def finish(
        self, result: SearchResult, verdict: Verdict, model: str, retrieval_s: float
    ) -> Answer:
        self.generation_s = time.perf_counter() - self.gen_start
        self.retrieval_s = retrieval_s
        proposal = parse_proposal("".join(self.raw))
        flags = tuple(
            f"passage dropped to fit the context: {p.primary.file}" for p in self.prompt.dropped
        )
        if not proposal.valid:
            check = Check("valid_reply", False, f"not the expected JSON: {proposal.raw[:120]!r}")
            cut_off = self._quote_before_the_cut(result, verdict, model, flags, check)
            if cut_off is not None:
                return cut_off
            return self._refusal(result, verdict, model, flags, (check,), proposal, None)
        decision = check_quote(
            self.question,
            proposal.found,
            proposal.quote,
            proposal.passage,
            self.prompt,
            self.similarity,
            self.settings.quote_similarity_floor,
            proposal.answer,
        )
        decision = self._with_extra(decision)
        self.decision = decision
        quote = decision.quote
        if not decision.passed or quote is None:
            shown = quote if quote is not None and quote.exact else None
            return self._refusal(result, verdict, model, flags, decision.checks, proposal, shown)
        passage = self.prompt.passages[quote.passage - 1]
        sentence = check_sentence(self.question, proposal.answer, decision, passage.text)
        checks = decision.checks + sentence
        model_cited = sorted({int(n) for n in CITATION.findall(proposal.answer)})
        if model_cited and model_cited != [quote.passage]:
            flags += (f"the model cited {model_cited}; the quote is in [{quote.passage}]",)
        if not self.showed_a_quote:
            # the quote closed with the reply, or was stitched: checked, and shown now
            self.emit(quote_line(quote, self.language))
        passed = verdict.with_gate(generator_gate(False, None, ""))
        failed = next((c for c in sentence if not c.passed), None)
        if failed is not None:
            flags += (f"the model's sentence was not shown ({failed.name}: {failed.detail})",)
            text = quote_line(quote, self.language)
            citations = CitationReport((quote.passage,), (), ())
            return Answer(
                self.question, AnswerKind.QUOTED, text, None, checks, proposal, quote,
                tuple(result.passages), self.prompt, citations, (), model, self.timings(),
                passed, flags,
            )  # fmt: skip
        text = cite(strip_citations(proposal.answer), quote.passage)
        self.emit("\n\n" + text)
        citations = check_citations(text, [p.text for p in self.prompt.passages], self.question)
        return Answer(
            self.question, AnswerKind.GENERATED, text, None, checks, proposal, quote,
            tuple(result.passages), self.prompt, citations, (), model, self.timings(),
            passed, flags,
        )  # fmt: skip

    def _check_quote_so_far(self, partial: Proposal) -> QuoteDecision:
        """The quote checks on the quote the reply holds so far, before its answer."""
        decision = check_quote(
            self.question,
            partial.found,
            self.quote_field.value,
            partial.passage,
            self.prompt,
            self.similarity,
            self.settings.quote_similarity_floor,
        )
        return self._with_extra(decision)

    def _with_extra(self, decision: QuoteDecision) -> QuoteDecision:
        """`decision` with the extra quote check, when every other one passed."""
        if self.extra is None or not decision.passed or decision.quote is None:
            return decision
        extra = self.extra(self.prompt, decision.quote)
        return QuoteDecision(decision.checks + (extra,), decision.quote, decision.evidence)

    def _quote_before_the_cut(
        self,
        result: SearchResult,
        verdict: Verdict,
        model: str,
        flags: tuple[str, ...],
        invalid: Check,
    ) -> Answer | None:
        """A reply cut off after its quote (a long quote of code can use up the answer's
        token budget) still holds a whole quote: when every quote check passes on it, the
        quote is shown alone, as when the model's sentence fails a check; else None."""
        if not self.showed_a_quote:
            return None
        partial = parse_proposal("".join(self.raw), partial=True)
        decision = self._check_quote_so_far(partial)
        quote = decision.quote
        if not decision.passed or quote is None:
            return None
        flags += ("the model's reply was cut off after its quote; no sentence was shown",)
        shown = quote_line(quote, self.language)
        return Answer(
            self.question, AnswerKind.QUOTED, shown, None, decision.checks + (invalid,),
            partial, quote, tuple(result.passages), self.prompt,
            CitationReport((quote.passage,), (), ()), (), model, self.timings(),
            verdict.with_gate(generator_gate(False, None, "")), flags,
        )  # fmt: skip

    def timings(self) -> Timings:
        return Timings(
            self.retrieval_s,
            self.prompt.prompt_tokens,
            self.first_token,
            self.first_visible,
            self.generation_s,
            time.perf_counter() - self.started,
        )

    def _refusal(
        self,
        result: SearchResult,
        verdict: Verdict,
        model: str,
        flags: tuple[str, ...],
        checks: tuple[Check, ...],
        proposal: Proposal,
        shown_quote: LocatedQuote | None,
    ) -> Answer:
        failed = next(c for c in checks if not c.passed)
        quotes: tuple[QuotedSentence, ...] = ()
        if verdict.answerable:  # retrieval says the notes can answer: show their evidence
            quotes = tuple(
                best_sentences(self.question, self.prompt.passages, similarity=self.similarity)
            )
        kind = AnswerKind.QUOTES if quotes else AnswerKind.REFUSED
        text = refusal_text(failed, quotes, result.language)
        # Only the quoted sentences cite anything; the refusal's explanation states no claims.
        quoted_text = " ".join(f"{q.text} [{q.passage}]" for q in quotes)
        passage_texts = [p.text for p in self.prompt.passages]
        quoted = check_citations(quoted_text, passage_texts, self.question) if quotes else None
        return Answer(
            self.question, kind, text, failed.name, checks, proposal, shown_quote,
            tuple(result.passages), self.prompt, quoted, quotes, model, self.timings(),
            verdict.with_gate(generator_gate(True, failed.name, failed.detail)), flags,
        )  # fmt: skip


def cite(text: str, number: int) -> str:
    """Put `[number]` at the end of `text`, before its final punctuation."""
    body = text.rstrip()
    end = body[-1] if body and body[-1] in ".!?" else ""
    return f"{body[: len(body) - len(end)].rstrip()} [{number}]{end or '.'}"


def note_staleness(answer: Answer, behind: Sequence[str]) -> Answer:
    """Flag an answer built while notes had changed since they were last indexed."""
    if not behind:
        return answer
    more = f" and {len(behind) - 3} more" if len(behind) > 3 else ""
    flag = (
        f"notes changed since they were indexed: {', '.join(behind[:3])}{more}; "
        "this answer may be stale"
    )
    return dataclasses.replace(answer, flags=(*answer.flags, flag))
