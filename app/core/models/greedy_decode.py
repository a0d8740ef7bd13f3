"""Greedy decoding under a grammar that checks the model's choice, not the whole vocabulary.

llama-cpp-python's sampler chain runs the grammar over every token of the vocabulary
(151,936 for Qwen2.5) before the greedy pick, at each step: about a third of the time spent
writing a reply here. Greedy decoding only needs to know whether the token with the
highest logit is allowed, which it nearly always is in a JSON reply; only when it is not
is the grammar run over the whole vocabulary. The token chosen is the same either way
(the highest-logit token the grammar allows, ties to the lowest id, as llama.cpp's greedy
sampler breaks them), so the reply is byte-identical to the chain's
(`tests/integration/test_greedy_decode.py`) and written sooner (`bench/answer_speed.py`).
"""

from __future__ import annotations

import codecs
import ctypes
import threading
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from app.core.models.prompt_state import shared_prefix

# llama_token_data as numpy sees it: {int32 id; float logit; float p}.
_TOKEN_DATA = np.dtype([("id", np.intc), ("logit", np.single), ("p", np.single)], align=True)


class _Grammar:
    """One llama.cpp grammar sampler: is a token allowed, which allowed token is best."""

    def __init__(self, llm: Any, gbnf: str, root: str) -> None:
        import llama_cpp

        self._lib = llama_cpp
        self._sampler = llama_cpp.llama_sampler_init_grammar(
            llm._model.vocab, gbnf.encode("utf-8"), root.encode("utf-8")
        )
        if not self._sampler:
            raise ValueError("llama.cpp rejected the reply's grammar")
        if ctypes.sizeof(llama_cpp.llama_token_data) != _TOKEN_DATA.itemsize:
            raise RuntimeError("llama_token_data's layout is not the one this decoder reads")
        self._n_vocab = int(llm.n_vocab())
        self._one = (llama_cpp.llama_token_data * 1)()
        self._all: Any = None
        self._all_view: np.ndarray[Any, Any] | None = None

    def _apply(self, data: Any, size: int) -> None:
        array = self._lib.llama_token_data_array(data, size, -1, False)
        self._lib.llama_sampler_apply(self._sampler, ctypes.byref(array))

    def allows(self, token: int, logit: float) -> bool:
        self._one[0] = self._lib.llama_token_data(token, logit, 0.0)
        self._apply(self._one, 1)
        return bool(np.isfinite(self._one[0].logit))

    def best_allowed(self, logits: np.ndarray[Any, Any]) -> int:
        if self._all is None:
            self._all = (self._lib.llama_token_data * self._n_vocab)()
            self._all_view = np.frombuffer(self._all, dtype=_TOKEN_DATA)
        view = self._all_view
        assert view is not None
        view["id"] = np.arange(self._n_vocab, dtype=np.intc)
        view["logit"] = logits
        view["p"] = 0.0
        self._apply(self._all, self._n_vocab)
        return int(view["id"][int(np.argmax(view["logit"]))])

    def accept(self, token: int) -> None:
        self._lib.llama_sampler_accept(self._sampler, token)

    def close(self) -> None:
        if self._sampler:
            self._lib.llama_sampler_free(self._sampler)
            self._sampler = None


def _reuse_cached_prefix(llm: Any, tokens: Sequence[int]) -> int:
    """How many leading tokens the KV cache already holds (at most all but the last, whose
    logits the first pick needs); the model is rewound to that point."""
    kept = min(shared_prefix(llm._input_ids[: llm.n_tokens], tokens), len(tokens) - 1)
    llm.n_tokens = kept  # llm.eval drops the cache past n_tokens before reading
    return kept


def greedy_stream(
    llm: Any,
    tokens: Sequence[int],
    *,
    gbnf: str,
    root: str = "root",
    max_tokens: int,
    cancel: threading.Event | None = None,
) -> Iterator[str]:
    """Read `tokens` (reusing the cached prefix) and stream the greedy reply the grammar
    allows, as text, until an end-of-generation token, `max_tokens`, or `cancel`."""
    import llama_cpp

    if not tokens:
        raise ValueError("nothing to read: the prompt has no tokens")
    n_ctx = int(llm.n_ctx())
    if len(tokens) >= n_ctx:
        raise ValueError(f"Requested tokens ({len(tokens)}) exceed context window of {n_ctx}")
    budget = min(max_tokens, n_ctx - len(tokens))
    vocab = llm._model.vocab
    n_vocab = int(llm.n_vocab())
    grammar = _Grammar(llm, gbnf, root)
    text = codecs.getincrementaldecoder("utf-8")(errors="replace")
    try:
        llm.eval(list(tokens[_reuse_cached_prefix(llm, tokens) :]))
        for _ in range(budget):
            if cancel is not None and cancel.is_set():
                return
            logits = np.ctypeslib.as_array(
                llama_cpp.llama_get_logits_ith(llm._ctx.ctx, -1), shape=(n_vocab,)
            )
            token = int(np.argmax(logits))
            if not grammar.allows(token, float(logits[token])):
                token = grammar.best_allowed(logits)
            grammar.accept(token)
            if llama_cpp.llama_vocab_is_eog(vocab, token):
                break
            piece = text.decode(llm.detokenize([token]))
            if piece:
                yield piece
            llm.eval([token])
        tail = text.decode(b"", final=True)
        if tail:
            yield tail
    finally:
        grammar.close()
