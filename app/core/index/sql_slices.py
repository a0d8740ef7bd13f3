"""Many values in an SQL `IN (...)`, read in slices: SQLite caps the variables one
statement may bind (999 in older builds), and a folder can ask about 50,000 texts."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

SLICE = 500


def in_slices(values: Iterable[str]) -> Iterator[tuple[str, list[str]]]:
    """Each slice of the distinct `values` (first-seen order) with its placeholders,
    `"?,?,?"`, to format into the statement's `IN ({})`."""
    wanted = list(dict.fromkeys(values))
    for i in range(0, len(wanted), SLICE):
        batch = wanted[i : i + SLICE]
        yield ",".join("?" * len(batch)), batch
