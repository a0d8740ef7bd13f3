"""The generator port: a local chat model that decodes against a JSON schema."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class GenerationSettings:
    """How a local model runs: its context size, CPU threads (0 = all) and sampling seed."""

    context_tokens: int = 4096
    threads: int = 0
    seed: int = 0


@dataclass(frozen=True)
class ChatMessage:
    role: str  # "system" or "user"
    content: str


class Generator(Protocol):
    """A chat model that streams text constrained by a JSON schema."""

    @property
    def name(self) -> str:
        """A short name for the model, shown with every answer."""
        ...

    @property
    def context_tokens(self) -> int:
        """How many tokens the model's context holds, prompt and answer together."""
        ...

    def count_tokens(self, text: str) -> int:
        """Tokens `text` takes in this model's vocabulary."""
        ...

    def prompt_tokens(self, messages: Sequence[ChatMessage]) -> int:
        """Tokens the whole chat prompt takes once the chat template is applied."""
        ...

    def stream(
        self,
        messages: Sequence[ChatMessage],
        *,
        schema: dict[str, Any],
        max_tokens: int,
        cancel: threading.Event | None = None,
    ) -> Iterator[str]:
        """Stream the reply, a JSON document valid under `schema`, piece by piece.

        Args:
            messages: the chat, system message first.
            schema: JSON schema the decoder is constrained to.
            max_tokens: the most tokens to generate.
            cancel: set to stop generation early; the iterator then ends.
        Returns:
            An iterator of text pieces whose concatenation is the reply.
        Raises:
            ModelNotFoundError: the model cannot be loaded.
        """
        ...
