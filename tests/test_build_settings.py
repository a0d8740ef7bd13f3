"""The install builds the llama.cpp the project pins for the instruction sets the CPU reports,
never natively (AMX), and caches each build by its flags."""

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
    flags = make_variable("LLAMA_CMAKE").split()
    assert "-DGGML_NATIVE=OFF" in flags
    assert {"-DGGML_AMX_TILE=OFF", "-DGGML_AMX_INT8=OFF", "-DGGML_AMX_BF16=OFF"} <= set(flags)


def test_each_set_of_build_flags_has_its_own_wheel_cache() -> None:
    # pip keys a built wheel on the sdist alone: one cache for all flags would hand an
    # AVX-512 wheel to a CPU without it.
    cache = make_variable("LLAMA_CACHE")
    assert "asknotes-wheels" in cache
    assert "$(LLAMA_CMAKE)" in cache and "md5sum" in cache
