"""How often the enumeration check fires on the lines that answer labelled questions, and
on the lines near-miss questions are drawn to, without an index or a model.

`value_of_sibling` refuses a value quoted from the element beside the asked thing in an
enumeration ("340 gp" over "[[Cloak of the Fen]]" in a list of loot). For every
answerable question of every labelled folder, the line of its source note that holds its
anchor is given to the check as the model's quote, under its whole note: each firing is a
false refusal waiting to happen. For every near-miss question, the line its trap matches
is: each firing is a near-miss refused. Prints the firings and one total line.

    python bench/sibling_values.py
"""

from __future__ import annotations

import re
import unicodedata

from _common import ALL_SETS, labelled_notes

from app.core.answer.sibling_values import value_of_sibling
from app.core.evals.questions import Question, load_questions

_ITEM_MARK = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")


def _line_of(pattern: str, text: str) -> str | None:
    """The line of `text` holding the first match of `pattern`, without its list mark."""
    found = re.search(pattern, text, re.IGNORECASE)
    if found is None:
        return None
    start = text.rfind("\n", 0, found.start()) + 1
    end = text.find("\n", found.end())
    return _ITEM_MARK.sub("", text[start : len(text) if end < 0 else end]).strip()


def _firing(question: Question, pattern: str, notes: dict[str, str]) -> tuple[str, str] | None:
    """(the quoted line, why the check fired) on the first note whose line matches."""
    for path in question.sources or tuple(notes):
        text = notes.get(path)
        line = None if text is None else _line_of(pattern, text)
        if text is None or line is None:
            continue
        why = value_of_sibling(question.question, line, text)
        return None if why is None else (line, why)
    return None


def main() -> None:
    anchors = traps = anchors_fired = traps_fired = 0
    for name in sorted(ALL_SETS):
        notes = {
            path.as_posix(): unicodedata.normalize("NFC", text.replace("\r\n", "\n"))
            for path, text in labelled_notes(name)
        }
        for question in load_questions(ALL_SETS[name][1]):
            trap = question.extra.get("trap")
            answerable = question.expect != "refuse" and question.anchor is not None
            pattern = question.anchor if answerable else trap
            if not pattern or not (answerable or question.extra.get("kind") == "near-miss"):
                continue
            fired = _firing(question, pattern, notes)
            if answerable:
                anchors += 1
                anchors_fired += fired is not None
            else:
                traps += 1
                traps_fired += fired is not None
            if fired is not None:
                kind = "answerable" if answerable else "near-miss"
                print(f"{name}\t{kind}\t{question.question}\t{fired[0][:80]}\t{fired[1]}")
    print(
        f"answer lines refused: {anchors_fired} of {anchors}; "
        f"near-miss lines refused: {traps_fired} of {traps}"
    )


if __name__ == "__main__":
    main()
