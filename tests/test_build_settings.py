"""The install builds the llama.cpp the project pins, for any AVX2 CPU rather than its own."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def make_variable(name: str) -> str:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    match = re.search(rf"^{name} := (.+)$", text, re.MULTILINE)
    assert match, f"Makefile sets no {name}"
    return match.group(1).strip()


def test_the_makefile_builds_the_pinned_llama_cpp_python() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pins = [d for d in project["project"]["dependencies"] if d.startswith("llama-cpp-python")]
    assert pins == [f"llama-cpp-python=={make_variable('LLAMA_VERSION')}"]


def test_llama_cpp_is_built_without_native_cpu_tuning() -> None:
    # A native build on a CPU with AMX segfaults in decode where the kernel withholds AMX.
    assert "-DGGML_NATIVE=OFF" in make_variable("LLAMA_CMAKE").split()
    assert "asknotes-portable" in make_variable("LLAMA_CACHE")
