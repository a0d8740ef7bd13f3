"""asknotes writes the reply itself, checking the grammar on the model's choice only; the
reply must be byte for byte the one llama-cpp-python's own chat completion writes."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from app.core.answer.prompt import ANSWER_SCHEMA, build_prompt
from app.core.index.fusion import RetrievalSettings
from app.core.index.retrieve import search
from app.core.models.generator import ChatMessage, GenerationSettings
from app.core.models.llama_generator import LlamaCppGenerator

QUESTIONS = [
    "How many monthly snapshots do I keep?",
    "What does ERR-4012 mean?",
    "What time does the corner shop close on Sundays?",
    "Que dias tem monitoria de calculo?",
    "What is the pizza dough proofing time?",  # a near-miss: the model may decline
]


@pytest.fixture(scope="module")
def generator(shared_model_path: Path) -> LlamaCppGenerator:
    return LlamaCppGenerator(shared_model_path, GenerationSettings(seed=0))


def library_reply(generator: LlamaCppGenerator, messages: list[ChatMessage], schema: Any) -> str:
    """The reply of llama-cpp-python's chat completion (grammar over the whole vocabulary),
    from an empty KV cache."""
    generator.load().reset()
    return "".join(generator.stream_with_library(messages, schema=schema, max_tokens=256))


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_reply_is_the_librarys(index, generator: LlamaCppGenerator, question: str) -> None:
    passages = search(index, question, RetrievalSettings()).passages[:5]
    prompt = build_prompt(question, passages, generator, max_answer_tokens=256)
    messages = list(prompt.messages)
    expected = library_reply(generator, messages, ANSWER_SCHEMA)
    generator.load().reset()
    fresh = "".join(generator.stream(messages, schema=ANSWER_SCHEMA, max_tokens=256))
    # The KV cache now holds this prompt and reply: the cached prefix is reused.
    again = "".join(generator.stream(messages, schema=ANSWER_SCHEMA, max_tokens=256))
    assert fresh == expected
    assert again == expected
    assert expected.startswith("{") and '"found"' in expected


def test_a_token_the_grammar_forbids_is_replaced_by_the_best_allowed_one(
    generator: LlamaCppGenerator,
) -> None:
    # The model would answer the capital of France; the schema allows only these two words.
    schema = {
        "type": "object",
        "properties": {"city": {"enum": ["Zanzibar", "Ulaanbaatar"]}},
        "required": ["city"],
    }
    messages = [
        ChatMessage("system", "Reply in JSON."),
        ChatMessage("user", "What is the capital of France?"),
    ]
    expected = library_reply(generator, messages, schema)
    reply = "".join(generator.stream(messages, schema=schema, max_tokens=64))
    assert reply == expected
    assert reply.replace(" ", "") in ('{"city":"Zanzibar"}', '{"city":"Ulaanbaatar"}')


def test_max_tokens_and_cancel_stop_the_reply(generator: LlamaCppGenerator) -> None:
    messages = [ChatMessage("system", "Reply in JSON."), ChatMessage("user", "Describe Paris.")]
    schema = {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}
    short = "".join(generator.stream(messages, schema=schema, max_tokens=5))
    assert short.startswith("{") and len(short) < 40
    cancel = threading.Event()
    pieces = []
    for piece in generator.stream(messages, schema=schema, max_tokens=200, cancel=cancel):
        pieces.append(piece)
        cancel.set()
    assert len(pieces) == 1
