"""One streamed reply of the model: its quote checked as soon as it is complete, every
word held back until the checks that cover it have passed, and the result it comes to
(an answer, the quote alone, or a refusal with the notes' closest sentences)."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable

from app.core.answer.checks import QuoteDecision, check_quote
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
from app.core.answer.prompt import Prompt
from app.core.answer.quote_location import LocatedQuote
from app.core.answer.refusal_text import refusal_text
from app.core.answer.result import Answer, AnswerKind, AnswerSettings, Timings, quote_line
from app.core.answer.second_reading import QuoteCheck
from app.core.answer.sentence_checks import check_sentence
from app.core.index.retrieve import SearchResult
from app.core.verdict.gates import Verdict, generator_gate

OnText = Callable[[str], object]


class Generation:
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
            and early.states_alone
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
            self.settings.quote_similarity_floor_across,
        )
        decision = self._with_extra(decision)
        self.decision = decision
        quote = decision.quote
        if not decision.passed or quote is None:
            shown = quote if quote is not None and quote.exact else None
            return self._refusal(result, verdict, model, flags, decision.checks, proposal, shown)
        passage = self.prompt.passages[quote.passage - 1]
        sentence = check_sentence(
            self.question,
            proposal.answer,
            decision,
            passage.text,
            passage.surroundings,
            passage.titles,
        )
        checks = decision.checks + sentence
        model_cited = sorted({int(n) for n in CITATION.findall(proposal.answer)})
        if model_cited and model_cited != [quote.passage]:
            flags += (f"the model cited {model_cited}; the quote is in [{quote.passage}]",)
        failed = next((c for c in sentence if not c.passed), None)
        if failed is not None and failed.name == "answer_in_passage":
            # the quote is from a passage about something else: shown, it would mislead
            return self._refusal(result, verdict, model, flags, checks, proposal, None)
        if failed is not None and not decision.states_alone:
            # the asked value stands only beside the quote: shown alone, it answers nothing
            alone = Check(
                "quote_answers_alone",
                False,
                f"the sentence failed {failed.name} ({failed.detail}); the asked value stands "
                "only in the lines around the quote",
            )
            checks = decision.checks + (alone,) + sentence  # the refusal names `alone`
            return self._refusal(result, verdict, model, flags, checks, proposal, None)
        if not self.showed_a_quote:
            # the quote closed with the reply, was stitched, or needed its sentence: shown now
            self.emit(quote_line(quote, self.language))
        passed = verdict.with_gate(generator_gate(False, None, ""))
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
            across_languages=self.settings.quote_similarity_floor_across,
        )
        return self._with_extra(decision)

    def _with_extra(self, decision: QuoteDecision) -> QuoteDecision:
        """`decision` with the extra quote check, when every other one passed."""
        if self.extra is None or not decision.passed or decision.quote is None:
            return decision
        extra = self.extra(self.prompt, decision.quote)
        return dataclasses.replace(decision, checks=decision.checks + (extra,))

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
