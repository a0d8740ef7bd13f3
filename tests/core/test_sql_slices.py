import sqlite3

from app.core.index.sql_slices import SLICE, in_slices, pairs_where


def test_slices_are_distinct_in_order_and_small_enough() -> None:
    values = [f"h{i}" for i in range(2 * SLICE + 7)] + ["h0", "h3"]
    slices = list(in_slices(values))
    assert [len(batch) for _, batch in slices] == [SLICE, SLICE, 7]
    assert [v for _, batch in slices for v in batch] == [f"h{i}" for i in range(2 * SLICE + 7)]
    assert all(marks == ",".join("?" * len(batch)) for marks, batch in slices)
    assert list(in_slices([])) == []


def test_a_read_of_more_values_than_sqlite_binds_at_once() -> None:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE t (k TEXT PRIMARY KEY, v TEXT)")
    db.executemany("INSERT INTO t VALUES (?, ?)", [(f"k{i}", f"v{i}") for i in range(40_000)])
    wanted = [f"k{i}" for i in range(0, 40_000, 2)]  # 20,000 values, past any variable cap
    found = pairs_where(db, "SELECT k, v FROM t WHERE k IN ({})", wanted)
    assert len(found) == 20_000 and found["k39998"] == "v39998"
