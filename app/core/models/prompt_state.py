"""The model's state after reading the fixed system prompt, kept on disk.

Every `asknotes ask` is a new process, and the system prompt is a third of what the model
reads before its first word. A process that reads it writes llama.cpp's state (the
KV cache of those tokens) to a file named by the model file, the context size and the
tokens themselves; the next process loads that file instead of reading the prompt again.
Within one process llama.cpp already reuses the prefix it has in memory.

A file that does not load (damaged, written by another build of llama.cpp) only costs the
read it was meant to save: the state is reset and the prompt is read as usual.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

MIN_PREFIX_TOKENS = 32  # shorter prefixes are not worth a file
KEEP_FILES = 4  # newest state files kept (one per system prompt and model in use)


def state_file(
    directory: Path, model_path: Path, context_tokens: int, prefix: Sequence[int]
) -> Path:
    """Where the state after `prefix` is kept for this model file and context size."""
    info = model_path.stat()
    key = hashlib.sha256(
        f"{model_path.resolve()}\n{info.st_size}\n{info.st_mtime_ns}\n{context_tokens}\n".encode()
        + b",".join(str(t).encode() for t in prefix)
    ).hexdigest()[:20]
    return directory / f"{model_path.stem}-{key}.state"


def shared_prefix(a: Sequence[int], b: Sequence[int]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def restore(llm: Any, path: Path, prefix: Sequence[int]) -> bool:
    """Load the state after `prefix` into a model with nothing read yet; True when loaded."""
    import llama_cpp

    if llm.n_tokens != 0 or not path.is_file():
        return False
    capacity = llm.n_ctx()
    tokens = (llama_cpp.llama_token * capacity)()
    count = ctypes.c_size_t(0)
    loaded = llama_cpp.llama_state_load_file(
        llm._ctx.ctx, os.fsencode(path), tokens, capacity, ctypes.byref(count)
    )
    n = int(count.value)
    if not loaded or n != len(prefix) or list(tokens[:n]) != list(prefix):
        llm.reset()  # what a failed load left in the KV cache is dropped at the next eval
        llm._ctx.kv_cache_clear()
        return False
    llm.input_ids[:n] = prefix
    llm.n_tokens = n
    return True


def store(llm: Any, path: Path, prefix: Sequence[int]) -> bool:
    """Read `prefix` into a model with nothing read yet and keep the state; True when
    written (a full disk or a read-only folder only costs the next process the read)."""
    import llama_cpp

    if llm.n_tokens != 0:
        return False
    llm.eval(list(prefix))
    path.parent.mkdir(parents=True, exist_ok=True)
    staged = path.with_name(f".{path.name}.{os.getpid()}.{uuid.uuid4().hex[:8]}.partial")
    tokens = (llama_cpp.llama_token * len(prefix))(*prefix)
    try:
        if not llama_cpp.llama_state_save_file(
            llm._ctx.ctx, os.fsencode(staged), tokens, len(prefix)
        ):
            return False
        os.replace(staged, path)
    except OSError:
        return False
    finally:
        staged.unlink(missing_ok=True)
    _prune(path.parent)
    return True


def _prune(directory: Path) -> None:
    """Keep the newest few state files: a changed prompt or model leaves its old one."""
    try:
        files = sorted(directory.glob("*.state"), key=lambda p: p.stat().st_mtime_ns)
        for old in files[:-KEEP_FILES]:
            old.unlink(missing_ok=True)
    except OSError:
        pass
