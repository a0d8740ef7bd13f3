# Two entry points from a clean clone: `make run` and `make test`. Both are idempotent.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

# Models come from installed packages only; nothing may reach a model hub or send telemetry.
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export ANONYMIZED_TELEMETRY := False

.PHONY: install run test test-fast lint bench clean

install: $(STAMP)

# llama.cpp is built for any x86-64 with AVX2, never for the building CPU: a native build
# on a recent Xeon uses AMX tile instructions, which crash (SIGSEGV in decode) under kernels
# that do not grant them, and pip's wheel cache, keyed on the sdist alone, would hand a
# wheel built on one CPU to another. Its own cache directory holds only portable builds.
LLAMA_VERSION := 0.3.36
LLAMA_CMAKE := -DLLAVA_BUILD=OFF -DGGML_NATIVE=OFF
LLAMA_CACHE := $(HOME)/.cache/asknotes-portable-wheels

# torch goes first, pinned to the CPU build; an unpinned torch pulls a multi-GB CUDA build.
# llama-cpp-python builds from source (about 7 minutes on 2 cores; the wheel is cached).
$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet torch==2.13.0
	CMAKE_ARGS="$(LLAMA_CMAKE)" $(PY) -m pip install --quiet --cache-dir $(LLAMA_CACHE) \
		llama-cpp-python==$(LLAMA_VERSION)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: install
	$(VENV)/bin/asknotes sample_notes

# pytest exits 5 when it collects nothing; say so instead of failing without a reason.
test: install
	$(PY) -m pytest -q; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest collected no tests"; exit 0; fi; exit $$rc

# Unit, CLI and Pilot tests with the fake embedder and the scripted model: under 2 minutes.
# The multi-process and server tests of tests/integration/ run in `make test`.
test-fast: install
	$(PY) -m pytest -q -m "not real_model" --ignore=tests/integration; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest collected no tests"; exit 0; fi; exit $$rc

lint: install
	$(VENV)/bin/ruff check app tests bench
	$(VENV)/bin/ruff format --check app tests bench
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

bench: install
	$(PY) bench/index_speed.py
	$(PY) bench/retrieval.py
	$(PY) bench/chunking.py --index

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache
