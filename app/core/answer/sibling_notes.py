"""A quote from the note of a sibling of the asked thing.

Two notes of one kind ("Ultrassom Ultramed UT3 - manutenção", "Eletroestimulador Neurostim
4C — manutenção") hold the same kinds of value. Asked "Quanto custou a última calibração
do ultrassom?", the electrostimulator's "Custo da última revisão: R$ 280,00" is its own
cost, though its note mentions the ultrasound in passing ("fica na sala 1 junto com o
ultrassom"). Part of the neighbour checks (`app.core.answer.neighbours`).
"""

from __future__ import annotations

from collections.abc import Sequence

from app.core.answer.grounding import topic_words
from app.core.answer.owners import phrase_owners
from app.core.basics.generic_words import generic_stems
from app.core.basics.language import detect_language, written_in_another
from app.core.basics.text import content_words
from app.core.index.retrieve import Passage
from app.core.index.vocabulary import path_words


def _title_words(passage: Passage, language: str) -> set[str]:
    """The words of the passage's note title and file name."""
    source = passage.primary
    title = source.heading_path[0] if source.heading_path else ""
    return content_words(f"{title} {path_words(source.file).split(' ')[-1]}", language)


def sibling_note(
    question: str, quote: str, passage: Passage, passages: Sequence[Passage]
) -> str | None:
    """Why the quote is about a sibling's note: nothing the question asks about is in the
    quote, its heading path or its note's path, and another retrieved note of the same
    kind (their titles share a word) is titled with a word of the question. None otherwise."""
    language = detect_language(f"{question}\n{quote}")
    if written_in_another(question, f"{passage.text}\n{passage.surroundings}"):
        return None
    wanted = topic_words(question, language)
    own = content_words(f"{quote} {passage.heading} {passage.paths_in_words}", language)
    if not wanted or wanted & own:
        return None
    own_title = _title_words(passage, language)
    for other in passages:
        if other.primary.file == passage.primary.file:
            continue
        title = _title_words(other, language)
        if wanted & title and own_title & title:
            return f"the question is about {_title(other)}; the quote is from {_title(passage)}"
    return None


def owner_elsewhere(question: str, passage: Passage, passages: Sequence[Passage]) -> str | None:
    """Why the quote is another owner's: the question asks for the value of a thing it
    names after "for the", "per il", "para o" ("affitto per il negozio"), the quoted
    passage never names that thing (not in its text, headings, lead or path, nor in its
    note's other retrieved sections), and another retrieved note is filed or titled under
    it ("Negozio/Contratto affitto locale.md" beside the flat's "Affitto: € 720,00 al
    mese"). People name a thing in their own words ("a renda do apartamento" over a note
    about the house), so an owner missing from the passage alone is not enough."""
    language = detect_language(question)
    if written_in_another(question, f"{passage.text}\n{passage.surroundings}"):
        return None
    own_files = {source.file for source in passage.sources}
    # the note's other retrieved sections count: "Matriz simétrica" names the matrix
    # whose worked example sits under "Exemplo da aula"
    same_note = [
        passage,
        *(p for p in passages if p is not passage and p.primary.file in own_files),
    ]
    own = content_words("\n".join(f"{p.text}\n{p.surroundings}" for p in same_note), language)
    for owner in phrase_owners(question, language):
        # "impianto d'allarme": the note naming either word names the owner
        wanted = content_words(owner, language) - generic_stems(language)
        if not wanted or wanted & own:
            continue
        for other in passages:
            if other.primary.file in own_files:
                continue
            if wanted & content_words(f"{other.heading} {other.paths_in_words}", language):
                return (
                    f"the question asks about the {owner}; the quote is from "
                    f"{_title(passage)}, which never names it, and {_title(other)} does"
                )
    return None


def _title(passage: Passage) -> str:
    source = passage.primary
    return f'"{source.heading_path[0]}"' if source.heading_path else source.file
