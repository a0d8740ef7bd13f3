"""How the questions of the labelled folders are read: the kind of value each asks for,
against the type its question file gives it, without an index or a model.

    python bench/asked_types.py [--folders a,b] [--show LABEL]

For each labelled type (quantity, price, time, date, duration, person, place) prints how
many questions read as that kind ("when" counts for a time or a date; a race's result
read as a length of time counts for a time), as another kind, or as none; and, of the
answerable questions read as some kind, how many have an answer line (the line of their
source note that their anchor matches) that does not state that kind, each a refusal
waiting to happen, listed by name (the note around the line counts as the quote check's
context: a table's header, the note's opening). `--show LABEL` lists the questions of
that label read as none. Two runs at two commits, compared, show what a change to the
question patterns moved.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

from _common import ALL_SETS, corpus

from app.core.basics.text import normalize_text
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_type import asked_type
from app.core.verdict.stated_values import states

# The kinds a label is read as when the reading is right.
_RIGHT = {
    "quantity": {AnswerType.QUANTITY},
    "price": {AnswerType.PRICE},
    "time": {AnswerType.TIME, AnswerType.WHEN, AnswerType.DURATION},
    "date": {AnswerType.DATE, AnswerType.WHEN},
    "duration": {AnswerType.DURATION},
    "person": {AnswerType.PERSON},
    "place": {AnswerType.PLACE},
}


def answer_line(root: Path, sources: list[str], anchor: str) -> tuple[str, str] | None:
    """The line of a source note that the anchor matches, as the app matches anchors, and
    the note's text (which the quote check reads around a quote, as a table's header)."""
    for source in sources:
        try:
            text = normalize_text((root / source).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            continue
        found = re.search(anchor, text, re.IGNORECASE)
        if found:
            start = text.rfind("\n", 0, found.start()) + 1
            end = text.find("\n", found.end())
            return text[start : end if end >= 0 else len(text)], text
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--folders", default=",".join(ALL_SETS))
    parser.add_argument("--show", default=None, help="list this label's questions read as none")
    args = parser.parse_args()
    counts: dict[str, Counter[str]] = {label: Counter() for label in _RIGHT}
    unstated: list[str] = []
    shown: list[str] = []
    for name in [n for n in args.folders.split(",") if n]:
        notes, questions_file = ALL_SETS[name]
        root = notes or corpus(name)
        for line in questions_file.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            q = json.loads(line)
            label, kind = q.get("type"), asked_type(q["question"])
            if label in counts:
                read = "none" if kind is None else "right" if kind in _RIGHT[label] else "other"
                counts[label][read] += 1
                if read == "none" and label == args.show:
                    shown.append(f"  {name}: {q['question']}")
            if kind is None or q.get("expect", "answer") != "answer" or not q.get("anchor"):
                continue
            sources = q["source"] if isinstance(q.get("source"), list) else [q.get("source")]
            found = answer_line(root, [s for s in sources if s], q["anchor"])
            if found is not None and not states(found[0], kind, q["question"], found[1]):
                said = found[0].strip()
                unstated.append(f"  {name}: {q['question']} ({kind.value}) -> {said}")
    print(f"{'label':<10}{'questions':>10}{'right':>8}{'other':>8}{'none':>8}")
    for label, c in counts.items():
        total = sum(c.values())
        print(f"{label:<10}{total:>10}{c['right']:>8}{c['other']:>8}{c['none']:>8}")
    print(f"\nanswerable, read as a kind their answer line does not state: {len(unstated)}")
    print("\n".join(unstated))
    if args.show:
        print(f"\n{args.show} questions read as none: {len(shown)}")
        print("\n".join(shown))


if __name__ == "__main__":
    main()
