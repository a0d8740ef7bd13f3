"""Which language a question too terse to tell is read in, in folders of two languages.

A question with too few function words to tell its language ("workshop rent per month")
was read in the folder's main language; in a folder of two languages the multilingual
model places together it is now read in the language whose texts' mean vector its own is
nearest (`question_language`). The bilingual sets label each question's language
("lang"): this counts, per folder, the questions the function words decide (and how many
of them rightly), and for the others how many the main language and the nearest mean get
right.

    python bench/question_language.py --folders huerta-csa,kletterhalle,surf-notes,\
clinica-notes,enoteca-notes,radio-porto,velo-lyon
"""

from __future__ import annotations

from _common import indexed_set, labelled_set_parser, labelled_sets

from app.core.basics.language import detect_language
from app.core.evals.questions import load_questions
from app.core.index.cross_language import question_language

BILINGUAL = "huerta-csa,kletterhalle,surf-notes,clinica-notes,enoteca-notes,radio-porto,velo-lyon"


def main() -> None:
    parser = labelled_set_parser(__doc__)
    parser.set_defaults(folders=BILINGUAL)
    settings, names = labelled_sets(parser.parse_args())
    print(f"{'folder':<16} {'told':>5} {'right':>6} {'terse':>6} {'main':>5} {'nearest':>8}")
    totals = [0, 0, 0, 0, 0]
    for name in names:
        index, questions_file = indexed_set(settings, name)
        labelled = [q for q in load_questions(questions_file) if q.extra.get("lang")]
        main_lang = index.main_language()
        vectors = index.embedder.embed_queries([q.question for q in labelled])
        row = [0, 0, 0, 0, 0]
        for q, vector in zip(labelled, vectors, strict=True):
            lang = q.extra["lang"]
            told = detect_language(q.question, default="")
            if told:
                row[0] += 1
                row[1] += told == lang
                continue
            row[2] += 1
            row[3] += main_lang == lang
            chosen = question_language(index, q.question, vector)
            row[4] += chosen == lang
            if chosen != lang:
                print(f"    {lang} read as {chosen}: {q.question}")
        index.close()
        totals = [t + r for t, r in zip(totals, row, strict=True)]
        print(f"{name:<16} {row[0]:>5} {row[1]:>6} {row[2]:>6} {row[3]:>5} {row[4]:>8}")
    print(f"{'all':<16} {totals[0]:>5} {totals[1]:>6} {totals[2]:>6} {totals[3]:>5} {totals[4]:>8}")


if __name__ == "__main__":
    main()
