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

# llama.cpp is built for the instruction sets this CPU reports (AVX2, and AVX-512 with its
# VNNI, VBMI and BF16 parts where present), never with -march=native: on a recent Xeon that
# also turns on AMX tile instructions, which crash (SIGSEGV in decode) under kernels that do
# not grant them. pip's wheel cache is keyed on the sdist alone and would hand a wheel built
# for one CPU to another, so each set of build flags gets a cache directory of its own.
LLAMA_VERSION := 0.3.36
CPU_FLAGS := $(shell grep -m1 '^flags' /proc/cpuinfo 2>/dev/null)
has_cpu = $(filter $(1),$(CPU_FLAGS))
LLAMA_AVX512 := $(if $(and $(call has_cpu,avx512f),$(call has_cpu,avx512bw),$(call has_cpu,avx512vl),$(call has_cpu,avx512dq)),-DGGML_AVX512=ON \
	$(if $(call has_cpu,avx512_vnni),-DGGML_AVX512_VNNI=ON) \
	$(if $(call has_cpu,avx512vbmi),-DGGML_AVX512_VBMI=ON) \
	$(if $(call has_cpu,avx512_bf16),-DGGML_AVX512_BF16=ON)) \
	$(if $(call has_cpu,avx_vnni),-DGGML_AVX_VNNI=ON)
LLAMA_CMAKE := -DLLAVA_BUILD=OFF -DGGML_NATIVE=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF $(strip $(LLAMA_AVX512))
LLAMA_CACHE := $(HOME)/.cache/asknotes-wheels/$(shell echo '$(LLAMA_VERSION) $(LLAMA_CMAKE)' | md5sum | cut -c1-12)

# torch goes first, pinned to the CPU build; an unpinned torch pulls a multi-GB CUDA build.
# llama-cpp-python builds from source (about 8 minutes on 2 cores; the wheel is cached).
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
