"""The core never imports a front end, and the CLI builds nothing heavy at import."""

from __future__ import annotations

import subprocess
import sys

import pytest

CORE_MODULES = [
    "app.core.chunk",
    "app.core.indexer",
    "app.core.retrieve",
    "app.core.store",
    "app.core.evaluate",
    "app.core.serialize",
    "app.core.answer",
    "app.core.verdict",
    "app.core.why",
    "app.core.eval_run",
    "app.core.watcher",
    "app.core.strip_plot",
]


def loaded_after(import_line: str) -> set[str]:
    code = f"import sys; {import_line}; print('\\n'.join(sys.modules))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    return {name.split(".")[0] for name in out.split()}


@pytest.mark.parametrize("module", CORE_MODULES)
def test_core_does_not_import_front_ends(module: str) -> None:
    loaded = loaded_after(f"import {module}")
    assert not loaded & {"textual", "click"}


def test_cli_import_is_light() -> None:
    loaded = loaded_after("import app.cli")
    assert not loaded & {"torch", "sentence_transformers", "chromadb", "textual", "llama_cpp"}
