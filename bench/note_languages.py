"""The language detected for every note and question of the labelled folders, one per line.

Two runs at two commits, compared with `diff`, show which notes and questions a change to
the language tables moved (a share right says how many, not which):

    python bench/note_languages.py > after.txt

Each line: folder, "note" or "question", the note's path or the question, the language
("?" when the text is too short to tell).
"""

from __future__ import annotations

from _common import ALL_SETS, labelled_notes

from app.core.basics.language import detect_language
from app.core.evals.questions import load_questions


def main() -> None:
    for name, (_notes, questions) in sorted(ALL_SETS.items()):
        for path, text in labelled_notes(name):
            print(f"{name}\tnote\t{path}\t{detect_language(text, '?')}")
        for q in load_questions(questions):
            print(f"{name}\tquestion\t{q.question}\t{detect_language(q.question, '?')}")


if __name__ == "__main__":
    main()
