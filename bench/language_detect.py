"""How often the stop-word language detector names a note's or a question's language.

Every folder here is written in one known language, so each note (of at least 20 words,
the ones the embedder choice counts) and each question of its set is labelled by its
folder. Prints the share detected correctly, what the misses were detected as, and the
time per note.

    python bench/language_detect.py
"""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

from _common import ALL_SETS, CORPUS_EXCLUDE, ROOT, corpus

from app.core.basics.language import detect_language
from app.core.evals.questions import load_questions
from app.core.ingest.walk import NotTextError, read_note, walk_notes


def _labelled(name: str, language: str) -> tuple[Path | None, str, Path]:
    """A labelled folder of the benches (notes None: a shared corpus) with its language."""
    notes, questions = ALL_SETS[name]
    return notes, language, questions


FOLDERS: dict[str, tuple[Path | None, str, Path | None]] = {
    "simonw-til": _labelled("simonw-til", "en"),
    "ask-my-docs-notes": _labelled("ask-my-docs-notes", "en"),
    "vault": _labelled("vault", "en"),
    "cursos-pt": _labelled("cursos-pt", "pt"),
    "sample_notes/estudos": (ROOT / "sample_notes" / "estudos", "pt", None),
    # written after the detector was last changed, never tuned on
    "notas-es": _labelled("notas-es", "es"),
    "outline": _labelled("outline", "en"),
    "notes-fr": _labelled("notes-fr", "fr"),
    "runbooks": _labelled("runbooks", "en"),
    "notizen-de": _labelled("notizen-de", "de"),
    "fieldlab": _labelled("fieldlab", "en"),
}


def main() -> None:
    print(
        f"{'folder':<22} {'lang':>4} {'notes':>6} {'right':>6} {'questions':>10} "
        f"{'right':>6}  misses"
    )
    for name, (folder, language, questions_file) in FOLDERS.items():
        folder = folder or corpus(name)
        notes = walk_notes(folder, max_file_bytes=2 << 20, exclude=CORPUS_EXCLUDE).notes
        guesses: Counter[str] = Counter()
        started = time.perf_counter()
        for note in notes:
            try:
                text, _ = read_note(note.path)
            except (OSError, NotTextError):
                continue
            if len(text.split()) >= 20:
                guesses[detect_language(text)] += 1
        per_note = (time.perf_counter() - started) / max(len(notes), 1)
        asked: Counter[str] = Counter()
        if questions_file is not None:
            for q in load_questions(questions_file):
                asked[detect_language(q.question, default=language)] += 1
        n, nq = sum(guesses.values()), sum(asked.values())
        misses = {k: v for k, v in (guesses + asked).items() if k != language}
        questions = f"{asked[language] / nq:.3f}" if nq else "-"
        print(
            f"{name:<22} {language:>4} {n:>6} {guesses[language] / max(n, 1):>6.3f} "
            f"{nq:>10} {questions:>6}  {misses or 'none'} ({per_note * 1000:.1f} ms/note)"
        )
    print("questions too short to tell take the folder's main language, as asknotes does")


if __name__ == "__main__":
    main()
