"""Whether a quote says the asked value is not known yet.

"Priya: offer accepted 18 Oct. Start date TBC" states a date, but not the asked one: the
clause that names what the question asks about ("start", "date") is the one that says it
is not settled. The quote is read clause by clause; the clause closest to the question
decides. A clause that states the value wins a tie, so "Rent £680 from Oct; rent after
the review to be agreed" still answers "what's the rent?".
"""

from __future__ import annotations

import re

from app.core.answer.quoted_items import row_cells
from app.core.basics.generic_words import generic_stems
from app.core.basics.language import detect_language
from app.core.basics.pending import opens_pending, says_pending
from app.core.basics.text import content_words, fold
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.kind_nouns import KIND_NOUNS
from app.core.verdict.stated_values import states

# Where one statement of a line ends and the next begins. Not ":", which joins a label to
# its value ("Bake temp/time: TBC").
_CLAUSE_END = re.compile(r"(?<=[.!?])\s+|[;,|()\[\]\n]|\s[—–-]\s")


def pending_for_question(text: str, asked: AnswerType, question: str) -> bool:
    """Whether `text` says the value `question` asks for is not known yet: it says
    something is pending and, read clause by clause, the clause nearest the question is a
    pending one that states no value of the asked kind."""
    # "Kasia will send the invoice" names who sends it, and says nothing is pending.
    promised = asked is not AnswerType.PERSON
    if not says_pending(text, promised=promised, asked=question):
        return False
    # A short question is read in its quote's language ("quando inizia Sara?").
    language = detect_language(f"{question}\n{text}")
    if asked in (AnswerType.PLACE, AnswerType.PERSON) and pending_for_unknown_kind(
        text, question, language
    ):
        # a place or a person is a name: "in una chiesa del 7° distretto (nome ancora da
        # confermare)" names a district, and says the church's name is still to come
        return True
    if not stated_in(text, asked, question):
        return True
    asked_words = content_words(question, language)
    nearest_pending = nearest_stated = (-1, False)
    subject, clauses = _clauses(text, asked, question, promised)
    for clause, pending in clauses:
        closeness = _closeness(subject, clause, asked, asked_words, language)
        if pending:
            nearest_pending = max(nearest_pending, closeness)
        else:
            nearest_stated = max(nearest_stated, closeness)
    # As close, the clause naming the asked kind decides ("Spring 2025 show — opening date
    # TBC": the year names the show; the date is the one still to come); else the stated.
    return nearest_pending[0] > 0 and nearest_pending > nearest_stated


def stated_in(text: str, asked: AnswerType, question: str) -> bool:
    """Whether `text` states a value of the asked kind; a "when" needs a date or a time
    ("next visit: TBC, they ring the week before" has none)."""
    if asked is AnswerType.WHEN:
        return states(text, AnswerType.DATE) or states(text, AnswerType.TIME)
    return states(text, asked, question)


def _clauses(
    text: str, asked: AnswerType, question: str, promised: bool
) -> tuple[str, list[tuple[str, bool]]]:
    """The clauses of `text` that state a value of the asked kind or say one is pending
    (True), each with the pieces before it that do neither: "2 h written exam, 21 May" is
    one statement of the exam's date, "Exam: TBC" one pending one.

    A table row's first cells name what every later cell is about ("| example.org |
    registrar | first yr £3.49; renewal price TBC |"): they are returned apart, as the
    subject shared by all the row's clauses, not given to the first clause alone."""
    clauses: list[tuple[str, bool]] = []
    subject = ""
    context = ""
    table_row = text.lstrip().startswith("|")
    for piece in _CLAUSE_END.split(text):
        if not piece or not piece.strip():
            continue
        context = f"{context} {piece}"
        if _kind_left_open(piece, asked):
            pending = True  # "date to be set at the September 2025 committee meeting"
        elif stated_in(piece, asked, question):
            pending = False
        elif says_pending(piece, promised=promised, asked=question):
            pending = True
        else:
            continue
        if table_row and not clauses:
            subject, context = context[: -len(piece) - 1], piece
        clauses.append((context, pending))
        context = ""
    if context and clauses:
        last, pending = clauses[-1]
        clauses[-1] = (f"{last} {context}", pending)
    return subject, clauses


def _folded_words(text: str) -> set[str]:
    return set(re.findall(r"\w+", fold(text)))


def _kind_left_open(piece: str, asked: AnswerType) -> bool:
    """Whether the clause names the asked kind and, right after it, says it is not known
    yet: "Next AGM: date to be set at the September 2025 committee meeting" states the
    meeting's month, not the AGM's date."""
    folded = fold(piece)
    for noun in KIND_NOUNS.get(asked, frozenset()):
        for m in re.finditer(rf"\b{re.escape(noun)}\b[\s:=-]*(?:(?:is|are|still)\s+)?", folded):
            if opens_pending(folded[m.end() :]):
                return True
    return False


def _closeness(
    subject: str, clause: str, asked: AnswerType, asked_words: set[str], language: str
) -> tuple[int, bool]:
    """The question's content words in the clause with its subject, plus one when the
    clause names the asked kind; and whether the clause itself names the kind beside a
    word of the question."""
    own = asked_words & content_words(clause, language)
    shared = len(own | (asked_words & content_words(subject, language)))
    names_kind = bool(_folded_words(clause) & KIND_NOUNS.get(asked, frozenset()))
    # The kind breaks a tie only beside a word of the question: "renewal price TBC" is
    # not nearer "what did the first year cost" than "first yr £3.49".
    return shared + names_kind, names_kind and bool(own)


# "What's the status of the write-up?" is answered by "still not done".
_STATUS_WORDS = frozenset(
    "status progress state stand stato estado situacao situacion avancement".split()
)
# "How did it go?", "why was it late?": a manner or a reason, not a value left open.
_MANNER = re.compile(r"^\W*(how|why|como|por ?que|comment|pourquoi|wie|warum|come|perche)\b")
# Nouns that name a kind of value; not the question words and "no" the kinds also list.
_ANY_KIND = frozenset().union(*KIND_NOUNS.values()) - frozenset(
    "no who where wo wer qui chi quien quem donde onde dove local tag data day time".split()
)


def pending_for_unknown_kind(text: str, question: str, language: str) -> bool:
    """For a question whose kind of value is not known ("in quale chiesa cantiamo a
    Vienna?", "root cause of the indexing lag"): whether a clause of `text` says something
    is not known yet and names either what the question names or a kind of value ("nome
    ancora da confermare", "the write-up on the indexing lag is still not done"). A clause
    about something else ("firmware update to follow") says nothing of the asked value; a
    question for a status is answered by "not done yet" (the caller leaves out yes/no
    questions, which it answers too)."""
    if _folded_words(question) & _STATUS_WORDS or not says_pending(text, asked=question):
        return False
    if _MANNER.match(fold(question)):
        return False  # "how did the dentist go?" is not answered by the next date's TBC
    asked_words = content_words(question, language) - generic_stems(language)
    for piece in _CLAUSE_END.split(text):
        if not piece or not says_pending(piece, asked=question):
            continue
        if asked_words & content_words(piece, language):
            return True
        if _folded_words(piece) & _ANY_KIND:
            return True
    return False


# A cell that leaves its value open: a question mark, alone or before a remark ("? (weiß
# ich nicht, Günter fragen)").
_OPEN_CELL = re.compile(r"^\s*\?+(\s|\(|$)")


def open_asked_cell(row: str, header: list[str], question: str, language: str) -> str | None:
    """The header of the row's column the question asks about when its cell leaves the
    value open ("| Möwe | Renneiner | ? (weiß ich nicht) |" under "| Name | Typ | Baujahr
    |" for "baujahr ruderboot möwe"); None when the question names no column, or a named
    column's cell states something. A column is named by sharing a content word with
    the question (the first column, the row's key, is what the row is about)."""
    cells = row_cells(row)
    asked_words = content_words(question, language) - generic_stems(language)
    named = [
        (head, cells[i])
        for i, head in enumerate(header[1:], start=1)
        if i < len(cells) and content_words(head, language) & asked_words
    ]
    if not named:
        return None
    if all(_OPEN_CELL.match(cell) or says_pending(cell, promised=False) for _, cell in named):
        return named[0][0]
    return None
