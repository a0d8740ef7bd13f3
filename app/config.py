"""One settings object: defaults, then the TOML file, then ASKNOTES_* variables, then flags."""

from __future__ import annotations

import dataclasses
import os
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from app import paths
from app.core.answer import AnswerSettings
from app.core.chunk import ChunkingSettings
from app.core.indexer import WalkSettings
from app.core.retrieve import RetrievalSettings
from app.core.verdict import GateSettings
from app.errors import ConfigError


@dataclass(frozen=True)
class Settings:
    """Every setting asknotes reads; each field's metadata documents it."""

    notes_dir: Path | None = field(
        default=None, metadata={"doc": "Notes folder; defaults to the last one indexed."}
    )
    data_dir: Path = field(
        default_factory=paths.default_data_dir,
        metadata={"doc": "Where indexes live (one subfolder per notes folder)."},
    )
    models_dir: Path = field(
        default_factory=paths.default_models_dir,
        metadata={"doc": "Drop a sentence-transformers folder or a GGUF file here to override."},
    )
    embedder_path: Path | None = field(
        default=None,
        metadata={
            "doc": "A sentence-transformers folder; default: one in models_dir, "
            "else the bundled all-MiniLM-L6-v2."
        },
    )
    model_path: Path | None = field(
        default=None,
        metadata={
            "doc": "A GGUF chat model; default: the first *.gguf in models_dir, "
            "else the bundled Qwen2.5-Coder-1.5B-Instruct Q4_K_M."
        },
    )
    context_tokens: int = field(
        default=4096, metadata={"doc": "The model's context size (prompt plus answer)."}
    )
    threads: int = field(default=0, metadata={"doc": "CPU threads for the model; 0 = all."})
    seed: int = field(default=0, metadata={"doc": "Sampling seed (answers use temperature 0)."})
    max_answer_tokens: int = field(
        default=256, metadata={"doc": "The longest answer the model may generate."}
    )
    min_quote_similarity: float = field(
        default=0.45,
        metadata={"doc": "A quote sharing no word with the question needs this cosine."},
    )
    min_top_gap: float | None = field(
        default=None,
        metadata={
            "doc": "score_shape gate: least gap between the top cosine and the median "
            "of the top-k; default: calibrated for the index, else 0.06."
        },
    )
    min_lexical_overlap: float | None = field(
        default=None,
        metadata={
            "doc": "lexical_support gate: least share of question words found in the "
            "passages; default: calibrated for the index, else 0.5."
        },
    )
    min_cosine: float | None = field(
        default=None,
        metadata={
            "doc": "distance_floor gate: least top cosine similarity; default: "
            "calibrated for the index, else off."
        },
    )
    min_passages: int = field(
        default=1, metadata={"doc": "thin_context gate: fewest passages above the floor."}
    )
    max_file_bytes: int = field(
        default=2 * 1024 * 1024, metadata={"doc": "Notes larger than this are skipped."}
    )
    exclude: tuple[str, ...] = field(
        default=(), metadata={"doc": "Glob patterns (relative paths) that are not notes."}
    )
    chunk_max_chars: int = field(default=1000, metadata={"doc": "Largest chunk, in characters."})
    chunk_overlap_chars: int = field(
        default=150, metadata={"doc": "Overlap between pieces of a split section."}
    )
    chunk_min_chars: int = field(
        default=80, metadata={"doc": "Sections with less body text merge with a neighbour."}
    )
    k: int = field(default=5, metadata={"doc": "Passages returned per question."})
    candidates: int = field(
        default=30, metadata={"doc": "Hits each retrieval leg fetches before fusion."}
    )
    rrf_k: int = field(default=60, metadata={"doc": "Reciprocal rank fusion constant."})
    vector_weight: float = field(default=1.0, metadata={"doc": "Weight of the vector leg."})
    lexical_weight: float = field(default=1.0, metadata={"doc": "Weight of the BM25 leg."})

    def chunking(self) -> ChunkingSettings:
        return _build(
            ChunkingSettings,
            max_chars=self.chunk_max_chars,
            overlap_chars=self.chunk_overlap_chars,
            min_chars=self.chunk_min_chars,
        )

    def retrieval(
        self, k: int | None = None, calibrated: dict[str, float] | None = None
    ) -> RetrievalSettings:
        return _build(
            RetrievalSettings,
            min_cosine=self.gates(calibrated).min_cosine,
            k=k or self.k,
            candidates=max(self.candidates, k or self.k),
            rrf_k=self.rrf_k,
            vector_weight=self.vector_weight,
            lexical_weight=self.lexical_weight,
        )

    def gates(self, calibrated: dict[str, float] | None = None) -> GateSettings:
        """Gate thresholds: a setting wins, then the index's calibration, then the default."""
        calibrated = calibrated or {}
        defaults = GateSettings()

        def pick(name: str) -> Any:
            own = getattr(self, name)
            return own if own is not None else calibrated.get(name, getattr(defaults, name))

        return GateSettings(
            min_top_gap=pick("min_top_gap"),
            min_lexical_overlap=pick("min_lexical_overlap"),
            min_cosine=pick("min_cosine"),
            min_passages=self.min_passages,
        )

    def answering(self, calibrated: dict[str, float] | None = None) -> AnswerSettings:
        return AnswerSettings(
            max_answer_tokens=self.max_answer_tokens,
            min_quote_similarity=self.min_quote_similarity,
            gates=self.gates(calibrated),
        )

    def snapshot(self, calibrated: dict[str, float] | None = None) -> dict[str, Any]:
        """The settings that shape a verdict, as stored with a refusal or an eval run."""
        gates = self.gates(calibrated)
        return {
            "k": self.k,
            "candidates": self.candidates,
            "vector_weight": self.vector_weight,
            "lexical_weight": self.lexical_weight,
            "chunk_max_chars": self.chunk_max_chars,
            "chunk_overlap_chars": self.chunk_overlap_chars,
            "chunk_min_chars": self.chunk_min_chars,
            "min_top_gap": gates.min_top_gap,
            "min_lexical_overlap": gates.min_lexical_overlap,
            "min_cosine": gates.min_cosine,
            "min_passages": gates.min_passages,
            "model_path": str(self.model_path) if self.model_path else None,
        }

    def walk(self) -> WalkSettings:
        return WalkSettings(max_file_bytes=self.max_file_bytes, exclude=self.exclude)


def _build(cls: Any, **kwargs: Any) -> Any:
    try:
        return cls(**kwargs)
    except ValueError as exc:
        raise ConfigError(f"bad setting: {exc}") from exc


def _coerce(name: str, raw: Any, annotation: str) -> Any:
    annotation = annotation.replace(" | None", "")
    try:
        if "Path" in annotation:
            return Path(str(raw)).expanduser()
        if "tuple" in annotation:
            if isinstance(raw, str):
                return tuple(p.strip() for p in raw.split(",") if p.strip())
            return tuple(str(p) for p in raw)
        if annotation == "int":
            return int(raw)
        if annotation == "float":
            return float(raw)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"setting {name}={raw!r} is not a valid {annotation}") from exc
    return raw


def load_settings(
    overrides: dict[str, Any] | None = None, *, config: Path | None = None
) -> Settings:
    """Build the settings from the TOML file, the environment and `overrides` (flags)."""
    known = {f.name: str(f.type) for f in fields(Settings)}
    values: dict[str, Any] = {}
    config = config or paths.config_file()
    if config.is_file():
        try:
            data = tomllib.loads(config.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{config}: not valid TOML ({exc}); fix or delete it") from exc
        for key, raw in data.items():
            if key not in known:
                raise ConfigError(f"{config}: unknown setting '{key}'; see `asknotes paths`")
            values[key] = _coerce(key, raw, known[key])
    for name, annotation in known.items():
        env = os.environ.get(f"ASKNOTES_{name.upper()}")
        if env is not None and env != "":
            values[name] = _coerce(name, env, annotation)
    for name, raw in (overrides or {}).items():
        if raw is not None:
            values[name] = _coerce(name, raw, known[name])
    return dataclasses.replace(Settings(), **values)


def describe_settings() -> list[tuple[str, str, str]]:
    """(name, environment variable, documentation) for every setting."""
    return [
        (f.name, f"ASKNOTES_{f.name.upper()}", str(f.metadata.get("doc", "")))
        for f in fields(Settings)
    ]
