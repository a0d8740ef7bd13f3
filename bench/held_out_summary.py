"""End to end on every held-out folder, as first measured: the totals of the stored runs.

    python bench/held_out_summary.py [--from 10]

Reads `bench/results/answer_probe-held-out-NN-<folder>.txt` for NN from `--from` on (the
folders with 40 answerable and 20 unanswerable questions each), one run per folder with
the default prompt as first measured before its questions were read: a run with the lean
prompt (`-lean`), with a setting turned off (`-as-asked`) or after reading (`-after`) is
left out, and where a folder has a run of its own and one `-before`, its own is taken
(both were measured before reading; the other is the code before a language was read).
Prints each folder's counts and the totals; nothing is run again.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"
_FILE = re.compile(r"answer_probe-held-out-(\d+)-(.+)\.txt")
_LEFT_OUT = ("-lean", "-as-asked", "-after")
# "campaign-vault       40      0.57   0.10     0.33     20      0.25"
_ROW = re.compile(r"^(\S+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(\d+)\s+([\d.]+)\s*$")


def first_runs(start: int) -> dict[int, Path]:
    """The run each held-out folder numbered `start` or more was first reported by."""
    chosen: dict[int, Path] = {}
    for path in sorted(RESULTS.glob("answer_probe-held-out-*.txt")):
        match = _FILE.fullmatch(path.name)
        if match is None or int(match.group(1)) < start:
            continue
        if any(match.group(2).endswith(suffix) for suffix in _LEFT_OUT):
            continue
        number = int(match.group(1))
        if number not in chosen or chosen[number].stem.endswith("-before"):
            chosen[number] = path
    return dict(sorted(chosen.items()))


def counts(path: Path) -> tuple[str, int, int, int, int, int, int]:
    """folder, answerable, right, another, refused, unanswerable, answered: from its table."""
    for line in path.read_text(encoding="utf-8").splitlines():
        row = _ROW.match(line)
        if row is None:
            continue
        name, n_ans, right, other, refused, n_unans, answered = row.groups()
        ans, unans = int(n_ans), int(n_unans)
        return (
            name,
            ans,
            round(float(right) * ans),
            round(float(other) * ans),
            round(float(refused) * ans),
            unans,
            round(float(answered) * unans),
        )
    raise SystemExit(f"{path}: no summary row; is it an answer_probe output?")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--from", dest="start", type=int, default=10)
    args = parser.parse_args()
    totals = [0] * 6
    print(f"{'held out':<4} {'folder':<22} right another refused   unanswerable answered")
    for number, path in first_runs(args.start).items():
        name, *figures = counts(path)
        ans, right, other, refused, unans, answered = figures
        totals = [t + f for t, f in zip(totals, figures, strict=True)]
        print(
            f"{number:<8} {name:<22} {right:>2}/{ans:<3} {other:>5} {refused:>7}"
            f"   {answered:>5}/{unans}"
        )
    ans, right, other, refused, unans, answered = totals
    print(
        f"\nall {len(first_runs(args.start))} folders: {right}/{ans} ({right / ans:.2f}) answered "
        f"from the right passage, {other} from another, {refused} refused; "
        f"{answered}/{unans} ({answered / unans:.2f}) unanswerable answered"
    )


if __name__ == "__main__":
    main()
