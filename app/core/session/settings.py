"""Every setting asknotes reads, each default written once: in the core dataclass it feeds.

`Settings` is the one object a user configures (TOML, environment, flags; see
`app.config`). Its defaults are read from the core's own settings dataclasses, and it
builds those dataclasses for each layer, so a default changed in the core changes here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from app import paths
from app.core.answer.result import AnswerSettings
from app.core.index.fusion import RetrievalSettings
from app.core.index.server_address import ServerAddress, check_collection_name
from app.core.ingest.chunk import ChunkingSettings
from app.core.ingest.walk import WalkSettings
from app.core.models.generator import GenerationSettings
from app.core.verdict.gates import GateSettings
from app.core.verdict.scorecard import UNCALIBRATED, FolderCalibration

_CHUNK = ChunkingSettings()
_RETRIEVAL = RetrievalSettings()
_GATES = GateSettings()
_ANSWER = AnswerSettings()
_WALK = WalkSettings()
_GENERATION = GenerationSettings()


def _doc(text: str, **checks: Any) -> dict[str, Any]:
    return {"doc": text, **checks}


@dataclass(frozen=True)
class Settings:
    """Every setting asknotes reads; each field's metadata documents it.

    A field's `min` metadata is the least value it accepts; cross-field rules live in the
    core dataclasses that `chunking()`, `retrieval()` and the rest build.
    """

    notes_dir: Path | None = field(
        default=None, metadata=_doc("Notes folder; defaults to the last one indexed.")
    )
    data_dir: Path = field(
        default_factory=paths.default_data_dir,
        metadata=_doc("Where indexes live (one subfolder per notes folder)."),
    )
    models_dir: Path = field(
        default_factory=paths.default_models_dir,
        metadata=_doc("Drop a sentence-transformers folder or a GGUF file here to override."),
    )
    embedder: str = field(
        default="auto",
        metadata=_doc(
            "The embedding model: auto (all-MiniLM-L6-v2 for a folder mostly in English, "
            "multilingual-e5-small for one mostly in another language, chosen when the "
            "index is built), minilm, or multilingual.",
            choices=("auto", "minilm", "multilingual"),
        ),
    )
    embedder_backend: str = field(
        default="auto",
        metadata=_doc(
            "How all-MiniLM-L6-v2 runs: auto (ONNX Runtime, without torch; the model is "
            "exported once, before an index run embeds its first text) or torch.",
            choices=("auto", "torch"),
        ),
    )
    embedder_path: Path | None = field(
        default=None,
        metadata=_doc(
            "A sentence-transformers folder; default: one in models_dir, "
            "else the bundled all-MiniLM-L6-v2."
        ),
    )
    model_path: Path | None = field(
        default=None,
        metadata=_doc(
            "A GGUF chat model; default: the first *.gguf in models_dir, "
            "else the bundled Qwen2.5-Coder-1.5B-Instruct Q4_K_M."
        ),
    )
    context_tokens: int = field(
        default=_GENERATION.context_tokens,
        metadata=_doc("The model's context size (prompt plus answer).", min=512),
    )
    threads: int = field(
        default=_GENERATION.threads, metadata=_doc("CPU threads for the model; 0 = all.", min=0)
    )
    seed: int = field(
        default=_GENERATION.seed, metadata=_doc("Sampling seed (answers use temperature 0).")
    )
    max_answer_tokens: int = field(
        default=_ANSWER.max_answer_tokens,
        metadata=_doc("The longest answer the model may generate.", min=16),
    )
    prompt_window_chars: int = field(
        default=_ANSWER.window_chars,
        metadata=_doc(
            "Show the model each passage cut to about this many characters around the "
            "sentence that best matches the question (0: whole passages).",
            min=0,
        ),
    )
    prompt_passages: int = field(
        default=_ANSWER.prompt_passages,
        metadata=_doc(
            "How many of the best-ranked passages the model reads (all k are shown).", min=1
        ),
    )
    second_reading: bool = field(
        default=_ANSWER.second_reading,
        metadata=_doc(
            "When the checks refuse the model's quote as the wrong passage or sentence, ask "
            "once more without it (the second reply is checked as strictly)."
        ),
    )
    min_quote_similarity: float | None = field(
        default=None,
        metadata=_doc(
            "A quote sharing no word with the question needs this cosine; default: the "
            "folder's answerable band (its calibrated median top cosine), 0.45 uncalibrated.",
            min=-1.0,
        ),
    )
    verdict_threshold: float | None = field(
        default=None,
        metadata=_doc(
            "The scorecard total a question needs to be judged answerable; default: the "
            "folder's own (`asknotes calibrate QUESTIONS --write`), else the fitted one."
        ),
    )
    min_top_gap: float | None = field(
        default=None,
        metadata=_doc(
            "A hard score_shape gate: least gap between the top cosine and the median of "
            "the top 10; off by default (the scorecard weighs the gap per folder)."
        ),
    )
    min_lexical_overlap: float | None = field(
        default=None,
        metadata=_doc(
            "A hard lexical_support gate: least share of the question's words found in "
            "the passages; off by default.",
            min=0.0,
        ),
    )
    min_cosine: float | None = field(
        default=None,
        metadata=_doc(
            "A hard distance_floor gate: least top cosine similarity; off by default "
            "(the scorecard weighs the cosine against the folder's own bands).",
            min=-1.0,
        ),
    )
    min_passages: int = field(
        default=_GATES.min_passages,
        metadata=_doc("thin_context gate: fewest passages above the floor.", min=0),
    )
    max_file_bytes: int = field(
        default=_WALK.max_file_bytes,
        metadata=_doc("Notes larger than this are skipped.", min=1),
    )
    exclude: tuple[str, ...] = field(
        default=_WALK.exclude,
        metadata=_doc("Glob patterns (relative paths) that are not notes."),
    )
    chunk_max_chars: int = field(
        default=_CHUNK.max_chars, metadata=_doc("Largest chunk, in characters.", min=100)
    )
    chunk_overlap_chars: int = field(
        default=_CHUNK.overlap_chars,
        metadata=_doc("Overlap between pieces of a split section.", min=0),
    )
    chunk_min_chars: int = field(
        default=_CHUNK.min_chars,
        metadata=_doc("Sections with less body text merge with a neighbour.", min=0),
    )
    k: int = field(default=_RETRIEVAL.k, metadata=_doc("Passages returned per question.", min=1))
    candidates: int = field(
        default=_RETRIEVAL.candidates,
        metadata=_doc("Hits each retrieval leg fetches before fusion.", min=1),
    )
    rrf_k: int = field(
        default=_RETRIEVAL.rrf_k, metadata=_doc("Reciprocal rank fusion constant.", min=1)
    )
    vector_weight: float = field(
        default=_RETRIEVAL.vector_weight, metadata=_doc("Weight of the vector leg.", min=0.0)
    )
    lexical_weight: float = field(
        default=_RETRIEVAL.lexical_weight, metadata=_doc("Weight of the BM25 leg.", min=0.0)
    )
    language_shift: float | None = field(
        default=_RETRIEVAL.language_shift,
        metadata=_doc(
            "In a folder of two or more languages, what a passage of another language "
            "gives up (a cosine above its list's median) when found by the question moved "
            "to its language and ranked among the question's own hits (`off` searches "
            "as asked only).",
            min=-1.0,
        ),
    )
    chroma_url: str | None = field(
        default=None,
        metadata=_doc(
            "A Chroma server (http://HOST:PORT) holding a shared index instead of the "
            "embedded store; a machine without the notes folder can then answer from it."
        ),
    )
    chroma_collection: str = field(
        default="asknotes",
        metadata=_doc("The collection on the Chroma server that holds the shared index."),
    )

    def __post_init__(self) -> None:
        for f in fields(self):
            least = f.metadata.get("min")
            value = getattr(self, f.name)
            choices = f.metadata.get("choices")
            if choices is not None and value not in choices:
                raise ValueError(f"setting {f.name}={value!r} must be one of {', '.join(choices)}")
            if least is not None and value is not None and value < least:
                raise ValueError(f"setting {f.name}={value!r} must be at least {least}")
        if self.chroma_url is not None:
            ServerAddress.parse(self.chroma_url)
        check_collection_name(self.chroma_collection)
        # Cross-field rules live in the core dataclasses; building them checks them.
        self.chunking()
        self.retrieval()
        self.walk()

    def chunking(self) -> ChunkingSettings:
        return ChunkingSettings(
            max_chars=self.chunk_max_chars,
            overlap_chars=self.chunk_overlap_chars,
            min_chars=self.chunk_min_chars,
        )

    def retrieval(self, k: int | None = None) -> RetrievalSettings:
        k = k or self.k
        return RetrievalSettings(
            min_cosine=self.min_cosine,
            k=k,
            candidates=max(self.candidates, k),
            rrf_k=self.rrf_k,
            vector_weight=self.vector_weight,
            lexical_weight=self.lexical_weight,
            language_shift=self.language_shift,
        )

    def gates(self, calibration: FolderCalibration | None = None) -> GateSettings:
        """The verdict's settings: the folder's calibration, and any threshold a user set
        (a setting beats the folder's calibration, which beats the fitted default)."""
        return GateSettings(
            min_top_gap=self.min_top_gap,
            min_lexical_overlap=self.min_lexical_overlap,
            min_cosine=self.min_cosine,
            min_passages=self.min_passages,
            threshold=self.verdict_threshold,
            calibration=calibration or UNCALIBRATED,
        )

    def answering(self, calibration: FolderCalibration | None = None) -> AnswerSettings:
        return AnswerSettings(
            max_answer_tokens=self.max_answer_tokens,
            min_quote_similarity=self.min_quote_similarity,
            gates=self.gates(calibration),
            window_chars=self.prompt_window_chars,
            prompt_passages=self.prompt_passages,
            second_reading=self.second_reading,
        )

    def generation(self) -> GenerationSettings:
        return GenerationSettings(
            context_tokens=self.context_tokens, threads=self.threads, seed=self.seed
        )

    def walk(self) -> WalkSettings:
        return WalkSettings(max_file_bytes=self.max_file_bytes, exclude=self.exclude)

    def snapshot(self, calibration: FolderCalibration | None = None) -> dict[str, Any]:
        """The settings that shape a verdict, as stored with a refusal or an eval run."""
        gates = self.gates(calibration)
        card = gates.calibration
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
            "verdict_threshold": gates.threshold if gates.threshold is not None else card.threshold,
            "bands": {k: [b.miss, b.hit] for k, b in card.bands.items()},
            "model_path": str(self.model_path) if self.model_path else None,
        }
