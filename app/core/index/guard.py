"""The mass-removal guard: a walk that finds far fewer notes than the index holds is
more likely an unmounted disk, a moved folder or a too-broad setting than a user who
deleted most of their notes, and re-embedding them all afterwards costs hours.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from app.core.ingest.walk import SkippedFile, SkipReason

# Held back when the walk found under half as many notes as the index holds, and at least
# this many (or every indexed note) would go. Moving notes around is not a loss: a folder
# whose notes all moved into a subfolder still has as many notes.
MASS_REMOVAL_SHARE = 0.5
MASS_REMOVAL_MIN = 3
ALLOW_FLAG = "--allow-removals"


@dataclass(frozen=True)
class RemovalDecision:
    """Which missing notes leave the index now, and which are held back, and why."""

    removed: list[str] = field(default_factory=list)
    held: list[str] = field(default_factory=list)
    reason: str | None = None  # one line for the user when some are held


def judge_removals(
    missing: Sequence[str],
    indexed: int,
    found: int,
    skipped: Sequence[SkippedFile],
    *,
    allow: bool,
) -> RemovalDecision:
    """Remove the `missing` notes, unless the walk `found` far fewer notes than the
    `indexed` ones and the removal is not `allow`ed."""
    missing = sorted(missing)
    if not missing or allow:
        return RemovalDecision(removed=list(missing))
    mass = found < (1 - MASS_REMOVAL_SHARE) * indexed and (
        len(missing) >= MASS_REMOVAL_MIN or len(missing) == indexed
    )
    if not mass:
        return RemovalDecision(removed=list(missing))
    reason = (
        f"{len(missing)} of the {indexed} indexed notes were not found ({_why(missing, skipped)}); "
        f"nothing was removed from the index. If they were deleted on purpose, run "
        f"`asknotes index {ALLOW_FLAG}`"
    )
    return RemovalDecision(held=list(missing), reason=reason)


_SHORT = {
    SkipReason.EXCLUDED: "match an exclude pattern",
    SkipReason.TOO_LARGE: "are over max_file_bytes",
    SkipReason.NOT_TEXT: "are not UTF-8 text",
    SkipReason.HIDDEN: "are hidden",
    SkipReason.SYMLINK_OUTSIDE: "are symlinks out of the folder",
}


def _why(missing: Sequence[str], skipped: Sequence[SkippedFile]) -> str:
    """What the walk saw instead of the missing notes, counted by cause."""
    by_path = {s.rel_path: s.reason for s in skipped}
    dirs = [s.rel_path for s in skipped if s.rel_path.endswith("/")]
    causes: Counter[str] = Counter()
    for rel in missing:
        reason = by_path.get(rel)
        if reason is None:
            folder = next((d for d in dirs if rel.startswith(d)), None)
            if folder is not None:
                reason = next(s.reason for s in skipped if s.rel_path == folder)
        causes[_SHORT.get(reason, "are skipped: " + reason.value) if reason else "not on disk"] += 1
    parts = [f"{count} {cause}" for cause, count in causes.most_common()]
    if set(causes) == {"not on disk"}:
        parts.append("is the folder unmounted, moved or emptied?")
    return "; ".join(parts)
