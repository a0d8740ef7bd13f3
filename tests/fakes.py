"""Deterministic fakes for fast unit tests (the claims in the README use real models)."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from app.core.basics.text import content_words
from app.core.index.store import NoteIndex
from app.core.models.embedder import Embedder, EmbedderIdentity, Vectors
from app.core.models.generator import ChatMessage, Generator


class FakeEmbedder:
    """Hashed bag of stemmed words: texts sharing words get similar unit vectors."""

    def __init__(self, dimension: int = 64, name: str = "fake-bow") -> None:
        self._identity = EmbedderIdentity(name, dimension, "fake")
        self.calls: list[int] = []  # batch sizes, to count what was embedded

    @property
    def identity(self) -> EmbedderIdentity:
        return self._identity

    @property
    def embedded(self) -> int:
        return sum(self.calls)

    def embed_queries(self, texts: Sequence[str]) -> Vectors:
        return self.embed_batch(texts)

    def embed_batch(self, texts: Sequence[str]) -> Vectors:
        self.calls.append(len(texts))
        dim = self._identity.dimension
        out = np.zeros((len(texts), dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in content_words(text) or {"<empty>"}:
                bucket = int(hashlib.md5(word.encode()).hexdigest(), 16) % dim
                out[row, bucket] += 1.0
            out[row] /= np.linalg.norm(out[row])
        return out


class ScriptedGenerator:
    """Replies with scripted JSON chosen by a substring of the question, in small pieces."""

    def __init__(
        self, replies: dict[str, str], *, context_tokens: int = 4096, default: str | None = None
    ) -> None:
        self.replies = replies
        self.default = default  # the reply to an unscripted question; None raises
        self.context = context_tokens
        self.prompts: list[list[str]] = []

    @property
    def name(self) -> str:
        return "scripted"

    @property
    def context_tokens(self) -> int:
        return self.context

    def count_tokens(self, text: str) -> int:
        return max(1, len(text) // 4)

    def prompt_tokens(self, messages: Sequence[ChatMessage]) -> int:
        return sum(self.count_tokens(m.content) + 4 for m in messages)

    def stream(
        self,
        messages: Sequence[ChatMessage],
        *,
        schema: dict[str, Any],
        max_tokens: int,
        cancel: threading.Event | None = None,
    ) -> Iterator[str]:
        self.prompts.append([m.content for m in messages])
        question = messages[-1].content.rsplit("Question:", 1)[-1]
        reply = next((r for key, r in self.replies.items() if key in question), self.default)
        if reply is None:
            raise AssertionError(f"no scripted reply for {question!r}")
        for i in range(0, len(reply), 3):
            if cancel is not None and cancel.is_set():
                return
            yield reply[i : i + 3]


class ReadingGenerator(ScriptedGenerator):
    """Replies `first` to a prompt and `second` once the prompt leaves something out; a
    reply given as a function is written from the prompt's user message."""

    def __init__(self, first: str | Callable[[str], str], second: Callable[[str], str]) -> None:
        super().__init__({})
        self.first = first
        self.second = second

    def stream(
        self, messages: Sequence[ChatMessage], *, schema: dict[str, Any], max_tokens: int,
        cancel: Any = None,
    ) -> Iterator[str]:  # fmt: skip
        self.prompts.append([m.content for m in messages])
        user = messages[-1].content
        if len(self.prompts) > 1:
            reply = self.second(user)
        else:
            reply = self.first if isinstance(self.first, str) else self.first(user)
        for i in range(0, len(reply), 3):
            yield reply[i : i + 3]


def scripted_reply(found: bool, quote: str, passage: int, answer: str) -> str:
    """The JSON a schema-constrained model returns."""
    import json

    return json.dumps({"found": found, "quote": quote, "passage": passage, "answer": answer})


def index_notes(
    folder: Path, index_dir: Path, embedder: Embedder, notes: dict[str, str]
) -> NoteIndex:
    """Write `notes` (path -> text) into `folder` and index them into `index_dir`."""
    from app.core.index.indexer import update_index

    for rel, text in notes.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    index = NoteIndex.open(index_dir, embedder, create=True)
    update_index(index, folder)
    return index


if TYPE_CHECKING:  # mypy holds each fake to the port it stands in for
    _embedder: Embedder = FakeEmbedder()
    _generator: Generator = ScriptedGenerator({})
