"""What the value readers see in every line of every labelled note, one line each.

Two runs at two commits, compared with `diff`, show which lines of the notes a change to
the readers' word lists moved (a new language's negation words, number words, units,
months or "not known yet" phrases), without an index or a model:

    python bench/line_readings.py > after.txt

Each output line: folder, note path, line number, then what was read in that line, only
for lines where anything was: its quantities (value and unit), clock times, dates, days
of the week, whether it names money or a length of time, says a value is pending, or
holds a negation word; a line of the note read as nothing is not printed.
"""

from __future__ import annotations

from _common import ALL_SETS, labelled_notes

from app.core.answer.claims import negated
from app.core.basics.dates import dates
from app.core.basics.durations import has_duration
from app.core.basics.pending import says_pending
from app.core.basics.values import has_money, quantities, times
from app.core.basics.weekdays import day_numbers


def readings(line: str) -> str:
    parts = []
    if found := quantities(line):
        parts.append("q=" + ",".join(f"{sorted(q.values)}{q.unit or ''}" for q in found))
    if found_times := times(line):
        parts.append(f"t={sorted(found_times)}")
    if found_dates := dates(line):
        parts.append(f"d={sorted(found_dates, key=str)}")
    if days := day_numbers(line):
        parts.append(f"w={sorted(days)}")
    flags = [
        name
        for name, on in (
            ("money", has_money(line)),
            ("duration", has_duration(line)),
            ("pending", says_pending(line)),
            ("negation", negated(line)),
        )
        if on
    ]
    return " ".join(parts + flags)


def main() -> None:
    for name in sorted(ALL_SETS):
        for path, text in labelled_notes(name):
            for number, line in enumerate(text.splitlines(), start=1):
                if read := readings(line):
                    print(f"{name}\t{path}\t{number}\t{read}")


if __name__ == "__main__":
    main()
