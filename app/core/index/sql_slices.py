"""Many values in an SQL `IN (...)`, read in slices: SQLite caps the variables one
statement may bind (999 in older builds), and a folder can ask about 50,000 texts."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator

SLICE = 500


def in_slices(values: Iterable[str]) -> Iterator[tuple[str, list[str]]]:
    """Each slice of the distinct `values` (first-seen order) with its placeholders,
    `"?,?,?"`, to format into the statement's `IN ({})`."""
    wanted = list(dict.fromkeys(values))
    for i in range(0, len(wanted), SLICE):
        batch = wanted[i : i + SLICE]
        yield ",".join("?" * len(batch)), batch


def hashes_where(db: sqlite3.Connection, query: str, values: Iterable[str]) -> set[str]:
    """The first column of `query` for every value, in slices (`in_slices`); `query`
    holds one `{}` for the placeholders."""
    found: set[str] = set()
    for marks, batch in in_slices(values):
        found.update(r[0] for r in db.execute(query.format(marks), batch))
    return found


def pairs_where(db: sqlite3.Connection, query: str, values: Iterable[str]) -> dict[str, str]:
    """The first two columns of `query`, key to value, for every value, in slices as
    `hashes_where` reads them."""
    found: dict[str, str] = {}
    for marks, batch in in_slices(values):
        found.update((str(k), str(v)) for k, v, *_ in db.execute(query.format(marks), batch))
    return found
