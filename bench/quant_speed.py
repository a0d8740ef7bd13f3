"""Prompt reading speed of the answer model in other quantisations, on this CPU.

Prompt reading is what the first token waits for. llama.cpp repacks some quantisations
for the CPU's wide vector instructions at load time, so a model requantised from the
bundled Q4_K_M (Q4_0, Q8_0) could read faster even at the same size. This bench writes
those copies once into a temporary folder (llama.cpp's own quantiser, from the bundled
file), loads each, and reads the same prompt (the first `--tokens` tokens of README.md)
`--repeats` times per model, models taking turns so a busy moment hits each alike; it
prints the median tokens per second and the ratio to the bundled model. One run, one
process. The copies are requantised from 4-bit weights, so they could only lose
quality; they are measured for speed, not shipped.

    python bench/quant_speed.py [--tokens 700] [--repeats 3]
"""

from __future__ import annotations

import argparse
import ctypes
import statistics
import tempfile
import time
from pathlib import Path

from _common import ROOT

from app.config import load_settings
from app.core.models.resolve import resolve_model_path

KINDS = {"Q4_0": 2, "Q8_0": 7}  # llama.cpp's LLAMA_FTYPE_MOSTLY_* numbers


def requantise(source: Path, target: Path, ftype: int) -> None:
    import llama_cpp

    params = llama_cpp.llama_model_quantize_default_params()
    params.ftype = ftype
    params.allow_requantize = True
    params.nthread = 0  # all cores
    code = llama_cpp.llama_model_quantize(
        str(source).encode(), str(target).encode(), ctypes.byref(params)
    )
    if code != 0:
        raise SystemExit(f"llama.cpp could not quantise {source} to {target.name} ({code})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tokens", type=int, default=700)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    from llama_cpp import Llama

    settings = load_settings({"data_dir": Path(tempfile.gettempdir()) / "asknotes-bench"})
    bundled = resolve_model_path(settings.model_path, settings.models_dir, settings.data_dir)
    with tempfile.TemporaryDirectory() as folder:
        models = {"bundled " + bundled.stem: bundled}
        for kind, ftype in KINDS.items():
            target = Path(folder) / f"{bundled.stem}-{kind}.gguf"
            started = time.perf_counter()
            requantise(bundled, target, ftype)
            size = target.stat().st_size / 2**20
            print(f"{kind}: written in {time.perf_counter() - started:.0f} s, {size:,.0f} MiB")
            models[kind] = target
        print(f"bundled: {bundled.stat().st_size / 2**20:,.0f} MiB")
        loaded = {
            name: Llama(model_path=str(path), n_ctx=2048, verbose=False)
            for name, path in models.items()
        }
        text = (ROOT / "README.md").read_text(encoding="utf-8")
        first = next(iter(loaded.values()))
        tokens = first.tokenize(text.encode("utf-8"))[: args.tokens]
        times: dict[str, list[float]] = {name: [] for name in loaded}
        for _ in range(args.repeats):
            for name, llm in loaded.items():
                llm.reset()
                llm._ctx.kv_cache_clear()  # nothing of the last read is reused
                started = time.perf_counter()
                llm.eval(tokens)
                times[name].append(time.perf_counter() - started)
    base = len(tokens) / statistics.median(next(iter(times.values())))
    print(f"\nprompt of {len(tokens)} tokens, median of {args.repeats} reads per model:")
    for name, seconds in times.items():
        speed = len(tokens) / statistics.median(seconds)
        reads = ", ".join(f"{s:.2f}" for s in seconds)
        print(f"  {name:<48} {speed:6.1f} tokens/s  ×{speed / base:.2f}  ({reads} s)")


if __name__ == "__main__":
    main()
