"""The layers hold, the core never imports a front end, and nothing heavy loads at import."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import app.core

HEAVY = {"torch", "sentence_transformers", "transformers", "chromadb", "llama_cpp", "onnxruntime"}
FRONT_ENDS = {"textual", "click", "rich"}


def core_modules() -> list[str]:
    return sorted(m.name for m in pkgutil.walk_packages(app.core.__path__, prefix="app.core."))


def loaded_after(imports: list[str]) -> set[str]:
    lines = "; ".join(f"import {name}" for name in imports)
    code = f"import sys; {lines}; print('\\n'.join(sys.modules))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    return {name.split(".")[0] for name in out.split()}


def test_every_core_module_is_found() -> None:
    modules = core_modules()
    assert "app.core.session.session" in modules and "app.core.ingest.chunk" in modules
    assert len(modules) > 40


def test_import_contracts_hold() -> None:
    """pyproject.toml's import-linter contracts: layers, and no front end in the core."""
    code = (
        "import sys; from importlinter.cli import lint_imports_command; "
        "sys.argv = ['lint-imports', '--no-cache']; sys.exit(lint_imports_command())"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 4 kept, 0 broken." in result.stdout


def test_core_loads_no_front_end_and_nothing_heavy() -> None:
    loaded = loaded_after(core_modules())
    assert not loaded & FRONT_ENDS
    assert not loaded & HEAVY


def test_cli_import_is_light() -> None:
    loaded = loaded_after(["app.cli"])
    assert not loaded & (HEAVY | {"textual"})
