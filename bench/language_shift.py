"""The vector leg across languages: the question's vector moved between languages' means.

A multilingual embedder still puts a question nearer the notes of its own language: in a
folder of Spanish and English notes, an English question's answer in a Spanish note sits
below English passages that only share its topic. Each language's notes have a mean
vector; the question's vector minus its language's mean plus another language's is the
same question as that language's notes sit. This bench measures, with no model and on the
vector leg alone (no BM25, no verdict), where each answerable question's answer passage
ranks three ways:

- `as asked`: the question's own vector over every text (the vector leg as shipped);
- `moved`: the moved vector, over the texts of the other languages only;
- `merged`: the two lists merged, each text at the better of its two places, a place in
  the moved list counting `--after` places lower (0.5: a text first in either list is
  among the first two), so a question's own-language passages keep their places and the
  other language's best ones join them.

Questions are split by whether the answer passage is written in the question's language
(`same`) or in another (`across`). Only languages with 20 texts or more get a mean.

The vector leg as shipped (`app/core/index/language_space.py`, `cross_language.py`) moves
the question half of the way and joins a moved hit by how far it stands above its list's
median; `fit_verdict.py` measures it with the keyword leg and the verdict
(`ASKNOTES_LANGUAGE_SHIFT=off` for the vector leg as asked).

    python bench/language_shift.py [--folders a,b] [--data-dir DIR]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from _common import indexed_set, labelled_set_parser, labelled_sets

from app.core.basics.language import detect_language, main_language
from app.core.evals.questions import load_questions
from app.core.index.snapshot import load_snapshot

MIN_TEXTS = 20
DEPTH = 100  # how far down each list the merge looks
SHOWN = 50  # ranks past this count as not found


def _rank(order: Sequence[int], good: set[int]) -> int | None:
    return next((i for i, row in enumerate(order[:SHOWN], 1) if row in good), None)


def _merged(first: Sequence[int], second: Sequence[int], after: float = 0.5) -> list[int]:
    """Each row at the better of its places in the two lists, the second list's places
    moved down by `after`."""
    place: dict[int, float] = {}
    for order, offset in ((first, 0.0), (second, after)):
        for i, row in enumerate(order[:DEPTH], 1):
            place[row] = min(place.get(row, float("inf")), i + offset)
    return sorted(place, key=place.__getitem__)


def measure(settings, name: str, after: float) -> dict[str, dict[str, list[int | None]]]:  # type: ignore[no-untyped-def]
    index, questions_file = indexed_set(settings, name)
    try:
        snapshot = load_snapshot(index.directory)
        if snapshot is None:
            raise SystemExit(f"{name}: no vector snapshot; index it again")
        matrix: npt.NDArray[np.float32] = np.asarray(snapshot.matrix)
        row_of = snapshot.row_of()
        note_language = index.manifest.path_languages()
        language_of: dict[int, str] = {}
        for path, hashes in index.manifest.chunk_hashes().items():
            for text_hash in hashes:
                if text_hash in row_of and note_language.get(path):
                    language_of.setdefault(row_of[text_hash], note_language[path])
        rows: dict[str, list[int]] = {}
        for row, language in language_of.items():
            rows.setdefault(language, []).append(row)
        means = {lang: matrix[r].mean(axis=0) for lang, r in rows.items() if len(r) >= MIN_TEXTS}
        folder_language = main_language(index.languages())
        texts = index.manifest.embed_texts(list(row_of))
        found: dict[str, dict[str, list[int | None]]] = {
            "same": {"as asked": [], "moved": [], "merged": []},
            "across": {"as asked": [], "moved": [], "merged": []},
        }
        for q in load_questions(questions_file):
            pattern = q.anchor_pattern()
            if q.expect == "refuse" or pattern is None:
                continue
            good = {row_of[h] for h, text in texts.items() if pattern.search(text)}
            if not good:
                continue
            vector = np.asarray(index.embedder.embed_queries([q.asked])[0], dtype=np.float32)
            asked_in = detect_language(q.asked, folder_language)
            side = "same" if any(language_of.get(r) == asked_in for r in good) else "across"
            as_asked = [int(r) for r in np.argsort(-(matrix @ vector))]
            moved: list[int] = []
            if asked_in in means:
                for language, mean in means.items():
                    if language == asked_in:
                        continue
                    shifted = vector - means[asked_in] + mean
                    shifted /= np.linalg.norm(shifted)
                    theirs = np.asarray(rows[language])
                    order = theirs[np.argsort(-(matrix[theirs] @ shifted))]
                    moved = _merged(moved, [int(r) for r in order]) if moved else list(order)
            found[side]["as asked"].append(_rank(as_asked, good))
            found[side]["moved"].append(_rank(moved, good) if moved else None)
            found[side]["merged"].append(_rank(_merged(as_asked, moved, after), good))
        return found
    finally:
        index.close()


def main() -> None:
    parser = labelled_set_parser(__doc__)
    parser.add_argument(
        "--after", type=float, default=0.5, help="places the moved list's texts join below"
    )
    args = parser.parse_args()
    settings, folders = labelled_sets(args)
    print(f"{'folder':<16}{'answers':<9}{'n':>4}  R@5 as asked / moved / merged  R@20 merged")
    totals: dict[str, dict[str, list[int | None]]] = {}
    for name in folders:
        for side, ways in measure(settings, name, args.after).items():
            if not ways["as asked"]:
                continue
            n = len(ways["as asked"])
            at5 = [sum(r is not None and r <= 5 for r in ways[w]) / n for w in ways]
            at20 = sum(r is not None and r <= 20 for r in ways["merged"]) / n
            print(
                f"{name:<16}{side:<9}{n:>4}  {at5[0]:.2f} / {at5[1]:.2f} / {at5[2]:.2f}"
                f"{'':>17}{at20:.2f}"
            )
            for way, ranks in ways.items():
                totals.setdefault(side, {}).setdefault(way, []).extend(ranks)
    for side, ways in totals.items():
        n = len(ways["as asked"])
        hits = {w: sum(r is not None and r <= 5 for r in ranks) for w, ranks in ways.items()}
        print(
            f"all folders, answer written {side}: {n} questions, answer passage in the top 5 "
            f"{hits['as asked']} as asked, {hits['moved']} moved, {hits['merged']} merged"
        )


if __name__ == "__main__":
    main()
