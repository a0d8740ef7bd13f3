"""A flat copy of an index's vectors beside its manifest, so that a question asked from
the shell is answered without starting Chroma.

Importing Chroma and opening its client costs a fresh process more than a second; the
question itself needs one matrix product. So a writer leaves, at the end of each run, one
file holding the vector of every text the manifest holds, stamped with the manifest
version it matches. A reader uses it only while the manifest is still at that version;
otherwise (a writer mid-batch, a crash before the file was written, a damaged or missing
file, a folder too large to copy) it asks Chroma, which stays the store of record.

The search over the file is exact, and its similarities are computed the way Chroma's
hits are (`CosineSimilarity.between` of the stored float32 vectors), so the two agree to
the last digit wherever Chroma's approximate graph finds the true nearest neighbours.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from collections.abc import Callable, Collection, Iterator, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from app.core.basics.files import atomic_write_parts
from app.core.basics.scores import CosineSimilarity
from app.core.index.vectors import MARGIN, VectorHit
from app.core.models.embedder import EmbedderIdentity, Vectors

SNAPSHOT_FILE = "vectors.snapshot"
MAGIC = b"ASKNOTES-VECTORS 1\n"
# Past this many texts (about 75 MB of 384-d vectors) rewriting the copy after every
# watch batch costs more than it saves; such folders are searched in Chroma.
MAX_TEXTS = 50_000
_ALIGN = 64  # the matrix starts on an aligned offset, so it is mapped, not read
_PAGE = 4096  # rows written per piece
_TIE = 1e-6

# The vectors of given text hashes, as the store of record holds them (a missing id is
# left out of the answer).
FetchVectors = Callable[[Sequence[str]], dict[str, npt.NDArray[np.float32]]]


class _Incomplete(Exception):
    """The store of record lacks a vector the manifest holds (a crash left it short)."""


class VectorSnapshot:
    """One snapshot file, mapped read-only: text hashes and their unit vectors."""

    def __init__(
        self, version: int, fingerprint: str, ids: list[str], matrix: npt.NDArray[np.float32]
    ) -> None:
        self.version = version
        self.fingerprint = fingerprint
        self.ids = ids
        self.matrix = matrix
        self._rows: dict[str, int] | None = None

    @property
    def dimension(self) -> int:
        return int(self.matrix.shape[1])

    def row_of(self) -> dict[str, int]:
        if self._rows is None:
            self._rows = {h: i for i, h in enumerate(self.ids)}
        return self._rows

    def vectors_of(self, ids: Sequence[str]) -> dict[str, npt.NDArray[np.float32]]:
        """The stored vectors of the given hashes (a hash it lacks is left out)."""
        rows = self.row_of()
        return {h: self.matrix[rows[h]] for h in ids if h in rows}

    def nearest(
        self, vector: Vectors, n: int, only: Collection[str] | None = None
    ) -> list[VectorHit]:
        """The `n` nearest texts (among `only` when given), most similar first, ties
        broken by hash as Chroma's hits are."""
        query = np.asarray(vector, dtype=np.float32).reshape(-1)
        if only is None:
            rows = np.arange(len(self.ids))
            sims = self.matrix @ query
        else:
            row_of = self.row_of()
            rows = np.fromiter(sorted(row_of[h] for h in only if h in row_of), dtype=np.int64)
            sims = self.matrix[rows] @ query if rows.size else np.empty(0, dtype=np.float32)
        n = min(n, int(sims.size))
        if n <= 0:
            return []
        take = min(int(sims.size), n + MARGIN)
        if take < sims.size:
            # Every row tied with the last candidate too, so ties break by hash overall.
            cut = np.partition(sims, sims.size - take)[sims.size - take]
            best = np.flatnonzero(sims >= cut - _TIE)
        else:
            best = np.arange(take)
        hits = [
            VectorHit(self.ids[int(r)], CosineSimilarity.between(query, self.matrix[int(r)]))
            for r in rows[best]
        ]
        hits.sort(key=lambda hit: (-hit.similarity.value, hit.text_hash))
        return hits[:n]


def load_snapshot(directory: Path, version: int | None = None) -> VectorSnapshot | None:
    """The snapshot in `directory` (only if written at `version`, when given), or None
    when there is none or it cannot be read whole (it is only a copy: the caller falls
    back to Chroma)."""
    try:
        with (directory / SNAPSHOT_FILE).open("rb") as f:
            if f.readline() != MAGIC:
                return None
            head = json.loads(f.readline())
            if version is not None and int(head["version"]) != version:
                return None  # before its ids are read: a stale copy costs one line
            count, dimension = int(head["count"]), int(head["dimension"])
            blob = f.read(int(head["ids_bytes"]))
            offset = _aligned(f.tell())
            if os.fstat(f.fileno()).st_size != offset + count * dimension * 4:
                return None
            ids = blob.decode("ascii").split("\n") if count else []
            if len(ids) != count or dimension <= 0:
                return None
            matrix: npt.NDArray[np.float32] = (
                np.memmap(f, dtype="<f4", mode="r", offset=offset, shape=(count, dimension))
                if count
                else np.zeros((0, dimension), dtype=np.float32)
            )
            return VectorSnapshot(int(head["version"]), str(head["fingerprint"]), ids, matrix)
    except (OSError, ValueError, KeyError, TypeError, UnicodeDecodeError):
        return None


class SnapshotReader:
    """The snapshot one index may use, loaded again when the file is replaced or the
    manifest moves to another version (the map of a replaced file stays valid)."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._found: VectorSnapshot | None = None
        self._lock = threading.Lock()

    def current(
        self, directory: Path, generation: str, version: int, identity: EmbedderIdentity
    ) -> VectorSnapshot | None:
        """The snapshot when it was written at `version` by the embedder `identity`."""
        key = (directory, generation, version, snapshot_signature(directory))
        with self._lock:
            if key != self._key:
                found = load_snapshot(directory, version) if key[-1] is not None else None
                if found is not None and (
                    found.fingerprint != identity.fingerprint
                    or found.dimension != identity.dimension
                ):
                    found = None
                self._key, self._found = key, found
            return self._found


def snapshot_signature(directory: Path) -> tuple[int, int, int] | None:
    """What changes when the file is replaced (inode, size, mtime), None without one."""
    try:
        st = (directory / SNAPSHOT_FILE).stat()
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def save_snapshot(
    directory: Path,
    hashes: Collection[str],
    *,
    version: int,
    fingerprint: str,
    dimension: int,
    fetch: FetchVectors,
) -> bool:
    """Write the snapshot of `hashes` at `version`, reusing the rows of the previous file
    and fetching only the others; True when written. Without every vector (a store a crash
    left short) or past `MAX_TEXTS`, the old file is removed instead, so no reader trusts
    a copy that does not match its manifest."""
    if not hashes or len(hashes) > MAX_TEXTS:
        discard_snapshot(directory)
        return False
    ids = sorted(hashes)
    old = load_snapshot(directory)
    if old is not None and (old.fingerprint != fingerprint or old.dimension != dimension):
        old = None
    kept = old.row_of() if old is not None else {}
    blob = "\n".join(ids).encode("ascii")
    head = {
        "version": version,
        "fingerprint": fingerprint,
        "count": len(ids),
        "dimension": dimension,
        "ids_bytes": len(blob),
    }
    start = MAGIC + json.dumps(head).encode("ascii") + b"\n" + blob

    def parts() -> Iterator[bytes]:
        yield start + b"\0" * (_aligned(len(start)) - len(start))
        for i in range(0, len(ids), _PAGE):
            part = ids[i : i + _PAGE]
            page = np.empty((len(part), dimension), dtype="<f4")
            rows = np.fromiter((kept.get(h, -1) for h in part), dtype=np.int64, count=len(part))
            reused = rows >= 0
            if old is not None and reused.any():
                page[reused] = old.matrix[rows[reused]]
            # Fetched a page at a time: a first index's whole store is never held twice.
            wanted = [part[j] for j in np.flatnonzero(~reused).tolist()]
            fetched = fetch(wanted) if wanted else {}
            if len(fetched) < len(wanted) or any(
                np.shape(v) != (dimension,) for v in fetched.values()
            ):
                raise _Incomplete
            for j in np.flatnonzero(~reused).tolist():
                page[j] = fetched[part[j]]
            yield page.tobytes()

    try:
        atomic_write_parts(directory / SNAPSHOT_FILE, parts())
    except _Incomplete:
        discard_snapshot(directory)
        return False
    except OSError:
        # A full disk or a read-only folder costs speed, never the run: questions go to
        # Chroma until a later run writes the copy.
        with contextlib.suppress(OSError):
            discard_snapshot(directory)
        return False
    return True


def describe_snapshot(directory: Path, manifest_version: int) -> str:
    """How questions reach the vectors of the generation in `directory` (for `paths`)."""
    found = load_snapshot(directory)
    if found is None:
        return "Chroma (no snapshot: the next `asknotes index` writes one)"
    if found.version != manifest_version:
        return (
            f"Chroma (the snapshot is of index version {found.version}, the index is at "
            f"{manifest_version}; the next `asknotes index` renews it)"
        )
    return f"snapshot of {len(found.ids):,} texts (questions skip Chroma)"


def discard_snapshot(directory: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        (directory / SNAPSHOT_FILE).unlink()


def _aligned(offset: int) -> int:
    return -(-offset // _ALIGN) * _ALIGN
