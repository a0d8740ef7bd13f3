"""Answer a question from the notes: retrieve, prompt, generate, then check.

The model proposes {found, quote, passage, answer}; the code decides. An answer is shown
as generated only when its quote is found in a passage, is about the question, and holds
every number and name the answer states. Otherwise the result is a refusal that names
the failed check, with the note's own sentences as evidence when retrieval found some.
"""

from __future__ import annotations

import dataclasses
import enum
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from app.core.answer.extractive import QuotedSentence, best_sentences
from app.core.answer.grounding import (
    CITATION,
    Check,
    CitationReport,
    LocatedQuote,
    Proposal,
    Similarity,
    check_citations,
    identifiers_missing,
    locate_quote,
    parse_proposal,
    topic_check,
    unsupported_terms,
)
from app.core.answer.json_stream import CitationStripper, FieldStreamer, strip_citations
from app.core.answer.prompt import ANSWER_SCHEMA, REFUSAL_SENTENCE, Prompt, build_prompt
from app.core.basics.progress import check_cancelled
from app.core.index.retrieve import (
    Passage,
    RetrievalSettings,
    SearchResult,
    passage_numbers,
    search,
)
from app.core.index.store import NoteIndex
from app.core.models.generator import Generator
from app.core.verdict.gates import GateSettings, Verdict, generator_gate, judge_retrieval
from app.core.verdict.signals import compute_signals

OnText = Callable[[str], object]


class AnswerKind(enum.Enum):
    GENERATED = "generated"  # the model's answer, every check passed
    QUOTES = "quotes"  # no grounded answer; the notes' best-matching sentences instead
    REFUSED = "refused"  # no grounded answer and no evidence to quote


@dataclass(frozen=True)
class AnswerSettings:
    max_answer_tokens: int = 256
    min_quote_similarity: float = 0.45
    gates: GateSettings = field(default_factory=GateSettings)


@dataclass(frozen=True)
class Timings:
    retrieval_s: float
    prompt_tokens: int
    first_token_s: float | None  # dominated by reading the prompt (prompt processing)
    generation_s: float
    total_s: float


@dataclass(frozen=True)
class Answer:
    question: str
    kind: AnswerKind
    text: str
    refusal_check: str | None  # the check that failed, or None for a generated answer
    checks: tuple[Check, ...]
    proposal: Proposal | None
    quote: LocatedQuote | None
    retrieved: tuple[Passage, ...]
    prompt: Prompt | None
    citations: CitationReport | None
    quotes: tuple[QuotedSentence, ...]
    model: str
    timings: Timings
    verdict: Verdict
    flags: tuple[str, ...] = field(default=())

    @property
    def refused(self) -> bool:
        return self.kind is not AnswerKind.GENERATED

    @property
    def cited(self) -> tuple[Passage, ...]:
        """Passages the answer (or the quotes shown instead) cite."""
        if self.prompt is None:
            return ()
        numbers = self.citations.cited if self.citations else ()
        if self.kind is AnswerKind.QUOTES:
            numbers = tuple(dict.fromkeys(q.passage for q in self.quotes))
        return tuple(self.prompt.passages[n - 1] for n in numbers)

    @property
    def numbers(self) -> dict[str, int]:
        """Each passage's number as the model saw it (retrieval order when none was)."""
        return passage_numbers(self.prompt.passages if self.prompt else self.retrieved)

    @property
    def unused(self) -> tuple[Passage, ...]:
        cited = {p.text_hash for p in self.cited}
        return tuple(p for p in self.retrieved if p.text_hash not in cited)


def embedder_similarity(index: NoteIndex) -> Similarity:
    def similarity(a: str, b: str) -> float:
        vectors = index.embedder.embed_batch([a, b])
        return float(np.dot(vectors[0], vectors[1]))

    return similarity


def answer_question(
    index: NoteIndex,
    generator: Generator,
    question: str,
    *,
    retrieval: RetrievalSettings,
    settings: AnswerSettings | None = None,
    on_text: OnText | None = None,
    on_retrieved: Callable[[SearchResult, Verdict], object] | None = None,
    cancel: threading.Event | None = None,
) -> Answer:
    """Retrieve, prompt, generate and check; stream the answer field through `on_text`.

    `on_retrieved` hears the passages and the retrieval verdict before the model runs, so a
    front end can show the evidence while the answer is still being written.
    """
    settings = settings or AnswerSettings()
    started = time.perf_counter()
    result = search(index, question, retrieval)
    retrieval_s = time.perf_counter() - started
    verdict = judge_retrieval(
        result, compute_signals(result, index.bm25(), settings.gates.shape_k), settings.gates
    )
    if on_retrieved is not None:
        on_retrieved(result, verdict)
    fired = verdict.fired
    if fired is not None:  # the notes cannot answer: the model is not called at all
        timings = Timings(retrieval_s, 0, None, 0.0, time.perf_counter() - started)
        text = f"{REFUSAL_SENTENCE} (gate {fired.name}: {fired.detail})"
        check = Check(fired.name, False, fired.detail)
        return Answer(
            question,
            AnswerKind.REFUSED,
            text,
            fired.name,
            (check,),
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
        question, result.passages, generator, max_answer_tokens=settings.max_answer_tokens
    )
    check_cancelled(cancel)
    similarity = embedder_similarity(index)
    quote_field, answer_field = FieldStreamer("quote"), FieldStreamer("answer")
    stripper = CitationStripper()  # the code, not the model, decides what is cited
    gate: bool | None = None  # open once the finished quote is found and on topic
    held: list[str] = []
    raw: list[str] = []
    first_token: float | None = None
    gen_start = time.perf_counter()
    for piece in generator.stream(
        prompt.messages,
        schema=ANSWER_SCHEMA,
        max_tokens=settings.max_answer_tokens,
        cancel=cancel,
    ):
        if first_token is None:
            first_token = time.perf_counter() - gen_start
        raw.append(piece)
        quote_field.feed(piece)
        if gate is None and quote_field.done:
            gate = _quote_gate(question, quote_field.value, prompt, similarity, settings)
        delta = stripper.feed(answer_field.feed(piece))
        if delta:
            held.append(delta)
        if gate and on_text is not None and held:
            on_text("".join(held))
            held.clear()
    check_cancelled(cancel)
    generation_s = time.perf_counter() - gen_start
    proposal = parse_proposal("".join(raw))
    checks, quote = _decide(question, proposal, prompt, similarity, settings)
    failed = next((c for c in checks if not c.passed), None)
    timings = Timings(
        retrieval_s,
        prompt.prompt_tokens,
        first_token,
        generation_s,
        time.perf_counter() - started,
    )
    flags = tuple(f"passage dropped to fit the context: {p.primary.file}" for p in prompt.dropped)
    passage_texts = [p.text for p in prompt.passages]

    if failed is None and quote is not None:
        # The code cites the passage the quote was found in; a small model's own [n] is
        # the classic citation of a passage that does not hold the claim.
        model_cited = sorted({int(n) for n in CITATION.findall(proposal.answer)})
        if model_cited and model_cited != [quote.passage]:
            flags += (f"the model cited {model_cited}; the quote is in [{quote.passage}]",)
        text = cite(strip_citations(proposal.answer), quote.passage)
        citations = check_citations(text, passage_texts, question)
        flags += tuple(f"unsupported by the cited passage: {t}" for t in citations.unsupported)
        return Answer(
            question,
            AnswerKind.GENERATED,
            text,
            None,
            checks,
            proposal,
            quote,
            tuple(result.passages),
            prompt,
            citations,
            (),
            generator.name,
            timings,
            verdict.with_gate(generator_gate(False, None, "")),
            flags,
        )

    assert failed is not None
    shown_quote = quote if quote is not None and quote.exact else None
    quotes: tuple[QuotedSentence, ...] = ()
    if verdict.answerable:  # retrieval says the notes can answer: show their evidence
        quotes = tuple(best_sentences(question, prompt.passages, similarity=similarity))
    kind = AnswerKind.QUOTES if quotes else AnswerKind.REFUSED
    text = _refusal_text(failed, shown_quote, quotes)
    # Only the quoted sentences cite anything; the refusal's explanation states no claims.
    quoted_text = " ".join(f"{q.text} [{q.passage}]" for q in quotes)
    quoted = check_citations(quoted_text, passage_texts, question) if quotes else None
    return Answer(
        question,
        kind,
        text,
        failed.name,
        checks,
        proposal,
        shown_quote,
        tuple(result.passages),
        prompt,
        quoted,
        quotes,
        generator.name,
        timings,
        verdict.with_gate(generator_gate(True, failed.name, failed.detail)),
        flags,
    )


def _decide(
    question: str,
    proposal: Proposal,
    prompt: Prompt,
    similarity: Similarity,
    settings: AnswerSettings,
) -> tuple[tuple[Check, ...], LocatedQuote | None]:
    checks: list[Check] = []
    if not proposal.valid:
        checks.append(Check("valid_reply", False, f"not the expected JSON: {proposal.raw[:120]!r}"))
        return tuple(checks), None
    declined = not proposal.found or proposal.answer.strip() == REFUSAL_SENTENCE
    checks.append(
        Check(
            "model_answered",
            not declined,
            "the model said the passages do not answer the question"
            if declined
            else f"the model answered from passage [{proposal.passage}]",
        )
    )
    texts = [p.text for p in prompt.passages]
    quote = locate_quote(proposal.quote, texts, proposal.passage) if proposal.quote else None
    if declined:
        return tuple(checks), quote
    if quote is None:
        checks.append(
            Check("quote_located", False, f"the quote {proposal.quote[:80]!r} is in no passage")
        )
        return tuple(checks), None
    how = "verbatim" if quote.exact else "by shared words"
    moved = f" (the model said [{proposal.passage}])" if quote.passage != proposal.passage else ""
    checks.append(Check("quote_located", True, f"found {how} in passage [{quote.passage}]{moved}"))
    passage = prompt.passages[quote.passage - 1]
    heading = passage.heading
    topic = topic_check(question, quote.text, heading, similarity, settings.min_quote_similarity)
    checks.append(topic)
    if not topic.passed:
        return tuple(checks), quote
    absent = identifiers_missing(question, f"{heading}\n{passage.text}")
    checks.append(
        Check(
            "question_terms_present",
            not absent,
            f"the question names {', '.join(absent)}, which the quoted passage never mentions"
            if absent
            else "every code or identifier the question names is in the quoted passage",
        )
    )
    if absent:
        return tuple(checks), quote
    # The quote, not the whole passage: a passage listing two books must not let the
    # answer name the one the quote is not about.
    missing = unsupported_terms(proposal.answer, [quote.text], question)
    checks.append(
        Check(
            "answer_supported",
            not missing,
            f"not in the quote: {', '.join(missing)}"
            if missing
            else "every number and name in the answer is in the quote",
        )
    )
    return tuple(checks), quote


def cite(text: str, number: int) -> str:
    """Put `[number]` at the end of `text`, before its final punctuation."""
    body = text.rstrip()
    end = body[-1] if body and body[-1] in ".!?" else ""
    return f"{body[: len(body) - len(end)].rstrip()} [{number}]{end or '.'}"


def _quote_gate(
    question: str, quote: str, prompt: Prompt, similarity: Similarity, settings: AnswerSettings
) -> bool:
    """Whether to stream the answer: only once its quote is real and about the question.

    A user should never watch an invented sentence appear and then be told to ignore it.
    """
    located = locate_quote(quote, [p.text for p in prompt.passages], 0) if quote else None
    if located is None:
        return False
    passage = prompt.passages[located.passage - 1]
    heading = passage.heading
    return topic_check(
        question, located.text, heading, similarity, settings.min_quote_similarity
    ).passed


def _refusal_text(
    failed: Check, quote: LocatedQuote | None, quotes: tuple[QuotedSentence, ...]
) -> str:
    reasons = {
        "model_answered": "the model found no answer in the passages",
        "quote_located": "the model's quote is not in any passage",
        "quote_on_topic": "the model's quote is not about the question",
        "answer_supported": "the model's answer states something its quote does not",
        "question_terms_present": "the passage the model quoted never names what was asked",
        "valid_reply": "the model's reply could not be read",
    }
    lines = [f"{REFUSAL_SENTENCE} ({reasons.get(failed.name, failed.name)}: {failed.detail})"]
    if quote is not None:
        lines.append(f'The model quoted [{quote.passage}]: "{quote.text}"')
    if quotes:
        lines.append("Closest sentences in your notes (quoted, not an answer):")
        lines.extend(f'> "{q.text}" [{q.passage}]' for q in quotes)
    return "\n".join(lines)


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
