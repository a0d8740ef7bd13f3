"""Self-calibration: probe a folder with questions whose answer is known, and with
questions it cannot answer, to learn what a hit and a miss score here.

Answerable probes are made from the folder's own passages (a few naming words of one of
its sentences); off-topic probes come from a bundled multilingual bank, keeping only those
whose naming words no note contains. Probes made from the notes are easier than real
questions; the verdict's weights were fitted on real questions normalised by these same
bands, so that offset is part of the fit, and bench/verdict_signals.py reports it.
"""

from __future__ import annotations

import random
import statistics
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass

from app.core.basics.language import detect_language
from app.core.basics.progress import Progress, check_cancelled, no_progress
from app.core.basics.sentences import sentences
from app.core.basics.text import content_word_spans
from app.core.index.fusion import RetrievalSettings
from app.core.index.retrieve import search
from app.core.index.store import NoteIndex
from app.core.verdict.probe_bank import OFF_TOPIC_PROBES
from app.core.verdict.scorecard import (
    BANDED,
    DEFAULT_BANDS,
    UNCALIBRATED,
    Band,
    FolderCalibration,
)
from app.core.verdict.signals import Signals, compute_signals

PROBE_VERSION = 2
PROBE_SEED = 1  # the same folder gets the same probes however often it is indexed
ANSWERABLE_PROBES = 60
MIN_OFF_TOPIC = 8
REFIT_CHANGE = 0.15  # refit once the unique texts grew or shrank by this share


@dataclass(frozen=True)
class Probe:
    question: str
    answerable: bool
    text_hash: str | None  # the passage an answerable probe was made from


def raw_signal(signals: Signals, name: str) -> float:
    if name == "top_cosine":
        return signals.shape.top
    if name == "gap":
        return signals.shape.gap
    return signals.bm25_norm


def answerable_probes(index: NoteIndex, n: int, seed: int) -> list[Probe]:
    """Questions made of a few naming words of one sentence of a sampled passage."""
    probes: list[Probe] = []
    for text_hash, text in index.manifest.sample_texts(n * 3, seed):
        rng = random.Random(f"{seed}:{text_hash}")  # each probe depends on its text alone
        candidates = [
            s for s in sentences(text) if len(s.split()) >= 8 and not s.startswith(("#", "`", "|"))
        ]
        if not candidates:
            continue
        words = content_word_spans(rng.choice(candidates))
        if len(words) < 4:
            continue
        start = rng.randrange(0, len(words) - 3)
        chosen = words[start : start + rng.randint(4, 6)]
        probes.append(Probe(" ".join(chosen) + "?", True, text_hash))
        if len(probes) == n:
            break
    return probes


def off_topic_probes(index: NoteIndex) -> list[Probe]:
    """Bank questions whose naming words the folder mostly does not contain."""
    from app.core.verdict.question_words import question_terms

    vocabulary = index.vocabulary()
    kept = []
    for question in OFF_TOPIC_PROBES:
        language = detect_language(question, index.main_language())
        terms = [t for t in question_terms(question, vocabulary, "", language) if t.salience >= 0.6]
        if terms and sum(t.known for t in terms) / len(terms) <= 0.5:
            kept.append(Probe(question, False, None))
    return kept


def fit_folder_calibration(
    index: NoteIndex,
    retrieval: RetrievalSettings,
    shape_k: int = 10,
    *,
    progress: Progress = no_progress,
    cancel: threading.Event | None = None,
    threshold: float | None = None,
) -> FolderCalibration:
    """Probe the index and return its bands (defaults where too few probes survive)."""
    started = time.perf_counter()
    probes = answerable_probes(index, ANSWERABLE_PROBES, PROBE_SEED) + off_topic_probes(index)
    vectors = index.embedder.embed_queries([p.question for p in probes]) if probes else None
    vocabulary = index.vocabulary()
    measured: dict[bool, list[Signals]] = {True: [], False: []}
    found = 0
    for i, probe in enumerate(probes):
        check_cancelled(cancel)
        assert vectors is not None
        result = search(index, probe.question, retrieval, query_vector=vectors[i])
        measured[probe.answerable].append(compute_signals(result, vocabulary, shape_k))
        if probe.answerable and any(p.text_hash == probe.text_hash for p in result.passages):
            found += 1
        progress(i + 1, len(probes), "calibrating")
    bands: dict[str, Band] = {}
    summary: dict[str, dict[str, float]] = {}
    for name in BANDED:
        hits = [raw_signal(s, name) for s in measured[True]]
        misses = [raw_signal(s, name) for s in measured[False]]
        default = DEFAULT_BANDS[name]
        hit = statistics.median(hits) if len(hits) >= MIN_OFF_TOPIC else default.hit
        miss = statistics.median(misses) if len(misses) >= MIN_OFF_TOPIC else default.miss
        if hit <= miss:  # probes that do not separate teach nothing; keep the defaults
            hit, miss = default.hit, default.miss
        bands[name] = Band(round(miss, 4), round(hit, 4))
        summary[name] = {"miss": round(miss, 4), "hit": round(hit, 4)}
    identity = index.embedder.identity
    status = index.status()
    return FolderCalibration(
        bands,
        threshold,
        {
            "source": "probes",
            "probe_version": PROBE_VERSION,
            "fitted_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "seconds": round(time.perf_counter() - started, 2),
            "answerable_probes": len(measured[True]),
            "off_topic_probes": len(measured[False]),
            "answerable_probes_found": found,
            "unique_texts": status.unique_texts,
            "index_version": status.index_version,
            "embedder": f"{identity.name} ({identity.fingerprint})",
            "bands": summary,
        },
    )


def needs_refit(index: NoteIndex, calibration: FolderCalibration) -> bool:
    """Whether the folder changed enough since its bands were measured to measure again."""
    if not calibration.probed:
        return not index.manifest.is_empty()
    provenance = calibration.provenance
    if provenance.get("probe_version") != PROBE_VERSION:
        return True
    identity = index.embedder.identity
    if provenance.get("embedder") != f"{identity.name} ({identity.fingerprint})":
        return True
    then = int(provenance.get("unique_texts") or 0)
    now = index.status().unique_texts
    return abs(now - then) > max(20, REFIT_CHANGE * then)


def probe_summary(calibration: FolderCalibration) -> Sequence[str]:
    """One line per band, for `asknotes paths` and `calibrate`."""
    lines = []
    for name, band in calibration.bands.items():
        lines.append(f"{name}: off-topic ≈ {band.miss:.3f}, answerable ≈ {band.hit:.3f}")
    return lines


CALIBRATION_KEY = "folder_calibration"


def load_calibration(index: NoteIndex) -> FolderCalibration:
    """The folder's stored calibration, or the default bands when it has none (yet)."""
    raw = index.manifest.get_meta(CALIBRATION_KEY)
    if not raw:
        return UNCALIBRATED
    try:
        return FolderCalibration.from_json(raw)
    except (ValueError, KeyError, TypeError):
        return UNCALIBRATED  # unreadable: the next update measures it again


def save_calibration(index: NoteIndex, calibration: FolderCalibration) -> None:
    index.manifest.set_meta(CALIBRATION_KEY, calibration.to_json())


def refresh_calibration(
    index: NoteIndex,
    retrieval: RetrievalSettings,
    shape_k: int = 10,
    *,
    progress: Progress = no_progress,
    cancel: threading.Event | None = None,
    force: bool = False,
) -> FolderCalibration | None:
    """Probe the folder again when it changed materially (or `force`); None when not needed.

    A threshold the user calibrated from labelled questions is kept across refits.
    """
    current = load_calibration(index)
    if not force and not needs_refit(index, current):
        return None
    if index.manifest.is_empty():
        return None
    fitted = fit_folder_calibration(
        index, retrieval, shape_k, progress=progress, cancel=cancel, threshold=current.threshold
    )
    labels = current.provenance.get("labels")
    if labels:
        fitted = FolderCalibration(
            fitted.bands, fitted.threshold, {**fitted.provenance, "labels": labels}
        )
    save_calibration(index, fitted)
    return fitted
