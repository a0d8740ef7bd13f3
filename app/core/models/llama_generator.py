"""The llama.cpp adapter of the generator port (llama-cpp-python, CPU)."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from app.core.models.generator import ChatMessage, GenerationSettings
from app.errors import ModelNotFoundError


class LlamaCppGenerator:
    """A GGUF model run by llama.cpp, loaded on first use, deterministic by default.

    One model instance keeps its KV cache between calls, so prompts that share a prefix
    (the fixed system prompt) skip re-reading it; with `state_dir`, a new process starts
    from the state a previous one kept after the system prompt (see `prompt_state`).
    """

    def __init__(
        self,
        model_path: Path,
        settings: GenerationSettings | None = None,
        *,
        temperature: float = 0.0,
        state_dir: Path | None = None,
    ) -> None:
        if not model_path.is_file():
            raise ModelNotFoundError(f"model file {model_path} does not exist")
        settings = settings or GenerationSettings()
        self.model_path = model_path
        self._context = settings.context_tokens
        self._threads = settings.threads or max(1, os.cpu_count() or 1)
        self._seed = settings.seed
        self._temperature = temperature
        self._llm: Any = None
        self._formatter: Any = None
        self._lock = threading.Lock()
        self.state_dir = state_dir
        self.system_prompt_state = "not used"  # "restored", "kept", or why neither

    @property
    def name(self) -> str:
        return self.model_path.stem

    @property
    def context_tokens(self) -> int:
        return self._context

    def load(self) -> Any:
        if self._llm is None:
            from llama_cpp import Llama

            try:
                self._llm = Llama(
                    model_path=str(self.model_path),
                    n_ctx=self._context,
                    n_threads=self._threads,
                    seed=self._seed,
                    verbose=False,
                )
            except (ValueError, RuntimeError) as exc:
                raise ModelNotFoundError(
                    f"llama.cpp cannot load {self.model_path}: {exc}; is it a GGUF file?"
                ) from exc
            self._use_embedded_template()
        return self._llm

    def _use_embedded_template(self) -> None:
        """Answer with the chat template stored in the GGUF, not a guessed built-in one."""
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        llm = self._llm
        template = llm.metadata.get("tokenizer.chat_template")
        if not template:
            return
        llm.chat_format = "chat_template.default"
        model = llm._model
        self._formatter = Jinja2ChatFormatter(
            template=template,
            eos_token=model.token_get_text(llm.token_eos()) if llm.token_eos() != -1 else "",
            bos_token=model.token_get_text(llm.token_bos()) if llm.token_bos() != -1 else "",
        )

    def count_tokens(self, text: str) -> int:
        return len(self.load().tokenize(text.encode("utf-8"), add_bos=False, special=False))

    def prompt_tokens(self, messages: Sequence[ChatMessage]) -> int:
        llm = self.load()
        if self._formatter is None:
            return sum(self.count_tokens(m.content) + 8 for m in messages)
        prompt = self._formatter(
            messages=[{"role": m.role, "content": m.content} for m in messages]
        )
        return len(llm.tokenize(prompt.prompt.encode("utf-8"), add_bos=False, special=True))

    def _chat_tokens(self, llm: Any, messages: Sequence[ChatMessage]) -> list[int]:
        """The tokens llama.cpp's chat completion reads for these messages."""
        result = self._formatter(
            messages=[{"role": m.role, "content": m.content} for m in messages]
        )
        tokens: list[int] = llm.tokenize(
            result.prompt.encode("utf-8"), add_bos=not result.added_special, special=True
        )
        return tokens

    def _resume_system_prompt(self, llm: Any, messages: Sequence[ChatMessage]) -> None:
        """Start a fresh model from the kept state after the system prompt, or read the
        system prompt and keep the state for the next process."""
        from app.core.models import prompt_state

        if self.state_dir is None or self._formatter is None or llm.n_tokens != 0:
            return
        if not messages or messages[0].role != "system":
            return
        full = self._chat_tokens(llm, messages)
        bare = self._chat_tokens(llm, [messages[0], ChatMessage("user", "")])
        prefix = full[: prompt_state.shared_prefix(full, bare)]
        if len(prefix) < prompt_state.MIN_PREFIX_TOKENS or len(prefix) >= len(full):
            self.system_prompt_state = "too short to keep"
            return
        try:
            path = prompt_state.state_file(self.state_dir, self.model_path, self._context, prefix)
            if prompt_state.restore(llm, path, prefix):
                self.system_prompt_state = "restored"
            elif prompt_state.store(llm, path, prefix):
                self.system_prompt_state = "kept"
            else:
                self.system_prompt_state = "could not be kept"
        except (OSError, RuntimeError) as exc:  # only the saving is lost, never the answer
            llm.reset()
            self.system_prompt_state = f"could not be kept ({exc})"

    def stream(
        self,
        messages: Sequence[ChatMessage],
        *,
        schema: dict[str, Any],
        max_tokens: int,
        cancel: threading.Event | None = None,
    ) -> Iterator[str]:
        yield from self._stream(messages, schema, max_tokens, cancel, own_decoder=True)

    def stream_with_library(
        self,
        messages: Sequence[ChatMessage],
        *,
        schema: dict[str, Any],
        max_tokens: int,
        cancel: threading.Event | None = None,
    ) -> Iterator[str]:
        """The reply as llama-cpp-python's own chat completion writes it: what `stream`
        falls back to (no chat template in the GGUF, a temperature above 0), and what its
        own decoder's replies are compared with (tests, bench/answer_speed.py)."""
        yield from self._stream(messages, schema, max_tokens, cancel, own_decoder=False)

    def _stream(
        self,
        messages: Sequence[ChatMessage],
        schema: dict[str, Any],
        max_tokens: int,
        cancel: threading.Event | None,
        *,
        own_decoder: bool,
    ) -> Iterator[str]:
        with self._lock:  # one llama.cpp context serves one request at a time
            llm = self.load()
            self._resume_system_prompt(llm, messages)
            if own_decoder and self._formatter is not None and self._temperature == 0.0:
                yield from self._greedy(llm, messages, schema, max_tokens, cancel)
                return
            chunks = llm.create_chat_completion(
                messages=[{"role": m.role, "content": m.content} for m in messages],
                response_format={"type": "json_object", "schema": schema},
                temperature=self._temperature,
                seed=self._seed,
                max_tokens=max_tokens,
                stream=True,
            )
            for chunk in chunks:
                if cancel is not None and cancel.is_set():
                    return
                piece = chunk["choices"][0]["delta"].get("content")
                if piece:
                    yield piece

    def _greedy(
        self,
        llm: Any,
        messages: Sequence[ChatMessage],
        schema: dict[str, Any],
        max_tokens: int,
        cancel: threading.Event | None,
    ) -> Iterator[str]:
        """The reply `create_chat_completion` would give, written faster (`greedy_decode`)."""
        from llama_cpp.llama_grammar import json_schema_to_gbnf

        from app.core.models.greedy_decode import greedy_stream

        yield from greedy_stream(
            llm,
            self._chat_tokens(llm, messages),
            gbnf=json_schema_to_gbnf(json.dumps(schema)),
            max_tokens=max_tokens,
            cancel=cancel,
        )
