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

from app.core.answer.generation import Generation, OnText
from app.core.answer.grounding import (
    Check,
    Similarity,
)
from app.core.answer.phrases import refusal_sentence
from app.core.answer.prompt import ANSWER_SCHEMA, Prompt, build_prompt
from app.core.answer.result import Answer, AnswerKind, AnswerSettings, Timings
from app.core.answer.second_reading import QuoteCheck, covers_the_question, plan_second_reading
from app.core.basics.progress import check_cancelled
from app.core.index.fusion import RetrievalSettings
from app.core.index.retrieve import SearchResult, search
from app.core.index.store import NoteIndex
from app.core.models.generator import Generator
from app.core.verdict.gates import GateSettings, Verdict, judge_retrieval
from app.core.verdict.signals import compute_signals

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
    verdict = judge_retrieval(
        result, compute_signals(result, index.vocabulary(), gates.shape_k), gates
    )
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

    def generate(prompt: Prompt, extra: QuoteCheck | None = None) -> tuple[Generation, Answer]:
        check_cancelled(cancel)
        run = Generation(
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
