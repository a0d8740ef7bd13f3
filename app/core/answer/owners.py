"""Whose value the question asks for, and whether the quote stands where that owner is
named: "the window cleaner's phone number" is not answered by a friend's note, nor "the
statistics professor" by the physics one's row. Part of the neighbour checks
(`app.core.answer.neighbours`); each returns why the quote is a neighbour's, or None.
"""

from __future__ import annotations

import re

from app.core.answer.grounding import identifiers_missing
from app.core.answer.written_forms import is_lettered_code
from app.core.basics.dates import MONTHS
from app.core.basics.language import detect_language
from app.core.basics.text import content_words, fold, opens_question
from app.core.basics.weekdays import day_numbers
from app.core.verdict.answer_kind import AnswerType
from app.core.verdict.answer_type import asked_type

# "the window cleaner's phone": the owner's head noun. Not "time's the ferry" (is).
_POSSESSIVE = re.compile(
    r"(?:\b([^\W\d_][\w-]*)\s+)?\b([^\W\d_][\w-]*)['’]s\b"
    r"(?!\s+(?:the|a|an|it|this|that|there|up|on|in|at|not)\b)"
)
_DETERMINERS = frozenset("the a an my our your his her their its this that what".split())
# "today's menu", "this year's budget": times, not owners of the asked thing.
_NOT_OWNERS = frozenset(
    "today tonight tomorrow yesterday year week month day night weekend morning evening "
    "everyone everybody one".split()
)

# "Quem é o professor de estatística?": the subject a person's role is of. Only questions
# for a person read it: "de" joins too much else ("comprimento de onda") to be an owner.
_ROLE_OF = re.compile(
    r"\b([^\W\d_]{3,})\s+(?:de|do|da|dos|das|del|of|van)\s+"
    r"(?:the\s+|a\s+|o\s+|os\s+|as\s+|el\s+|la\s+|los\s+|las\s+|het\s+|de\s+)?"
    r"([^\W\d_][\w-]*)",
    re.IGNORECASE,
)
# "at the end of March", "the first day of the trip": a time, not a role.
_NOT_ROLES = frozenset(
    "end start beginning middle rest part half day days week weeks month months year years "
    "time night morning evening afternoon weekend fim inicio meio metade dia dias semana "
    "semanas mes meses ano anos vez hora horas noite manha tarde final principio mitad "
    "resto noche manana mese mesi anno anni giorno giorni settimana settimane ora ore "
    "volta sera mattina notte mois an annee jour jours semaine heure fois soir matin nuit "
    "monat jahr tag woche stunde maand jaar dag week uur begin eind helft".split()
)


# "affitto per il negozio", "the rent for the flat", "le code de l'alarme": a definite
# owner of the asked value, introduced by "for/of the" or its kin. A bare "de" / "di" is
# left out (it joins too much: "tempo di cottura", "comprimento de onda"); German "der"
# is as often the subject's article, so German is read with "für" only.
_OWNER_PREFIX = {
    "en": r"(?:for|of)\s+(?:the|my|our)",
    "it": r"per\s+(?:il|la|lo|i|le|gli|l['’])|del|della|dello|dei|delle|degli|dell['’]",
    "pt": r"para\s+(?:o|a|os|as)|pro|pra|do|da|dos|das",
    "es": r"para\s+(?:el|la|los|las)|del",
    "fr": r"pour\s+(?:le|la|les|l['’])|du|de\s+la|de\s+l['’]",
    "de": r"für\s+(?:den|die|das|unsere|unser|meine|mein)",
    "nl": r"(?:voor|van)\s+(?:de|het|onze|ons|mijn)",
    "sv": r"för\s+(?:vår|vårt|våra|min|mitt|mina|den|det)",
}
# "the boiler in the flat", "la caldaia nella casa al mare": where the asked thing stands
# names whose it is, unless the question asks where something is ("where's the rack in
# the house?"): then it only narrows the place asked for.
_WHERE_PREFIX = {
    "en": r"(?:in|at)\s+(?:the|my|our)",
    "it": r"nel|nella|nello|nell['’]",
    "pt": r"no|na",
    "es": r"en\s+(?:el|la)",
    "fr": r"dans\s+(?:le|la|l['’])",
    "de": r"im|in\s+(?:der|unserer|meiner)",
    "nl": r"in\s+(?:de|het|onze|ons|mijn)",
    "sv": r"(?:i|på)\s+(?:vår|vårt|våra|min|mitt|den|det)",
}


def _phrase(prefix: str) -> re.Pattern[str]:
    return re.compile(
        rf"\b(?:{prefix})(?:\s+|(?<=['’]))([^\W\d_][\w-]*)(?:\s+([^\W\d_][\w-]*))?",
        re.IGNORECASE,
    )


_OWNER_PHRASE = {language: _phrase(prefix) for language, prefix in _OWNER_PREFIX.items()}
_WHERE_PHRASE = {language: _phrase(prefix) for language, prefix in _WHERE_PREFIX.items()}
# "the next meeting", "l'ultimo listino": the owner is the word after these.
_BEFORE_OWNER = frozenset(
    "next last first new old current other same previous upcoming whole "
    "prossimo prossima ultimo ultima nuovo nuova vecchio vecchia attuale "
    "proximo proxima ultimo ultima novo nova velho velha atual nuevo nueva viejo vieja "
    "actual prochain prochaine dernier derniere nouveau nouvelle ancien ancienne "
    "nachste letzte neue alte volgende vorige laatste nieuwe oude huidige nasta senaste "
    "forra nya gamla nuvarande".split()
)


# "l'impianto d'allarme", "la caixa de correio": the owner's head and what it is of.
_OF_WHAT = re.compile(r"\s+(?:di|de|d['’]|do|da)\s*([^\W\d_][\w-]*)", re.IGNORECASE)


def phrase_owners(question: str, language: str) -> list[str]:
    """The things a question in `language` names as the owner of what it asks after "for
    the", "per il", "para o", "pour le" and their kin ("negozio" in "Quanto pago di
    affitto per il negozio?"), or after "in the", "nella" and their kin when the question
    does not ask for a place ("the boiler in the flat"); times left out ("del mese")."""
    owners = []
    matches = list(_OWNER_PHRASE[language].finditer(question))
    if asked_type(question) is not AnswerType.PLACE:
        matches += _WHERE_PHRASE[language].finditer(question)
    for match in matches:
        owner = match.group(1)
        end = match.end(1)
        # an English word joined by hyphens before another is its modifier: "the in-game
        # calendar" is a calendar
        modifier = language == "en" and "-" in owner
        if (fold(owner) in _BEFORE_OWNER or modifier) and match.group(2):
            owner, end = match.group(2), match.end(2)
        of_what = _OF_WHAT.match(question, end) if language != "en" else None
        if of_what is not None and not _not_an_owner(of_what.group(1)):
            owner = f"{owner} {of_what.group(1)}"
        if not (_not_an_owner(owner) or fold(owner) in _NOT_ROLES):
            owners.append(owner)
    return owners


def _not_an_owner(word: str) -> bool:
    """A time ("today", "March", "Monday"), not somebody or something owning the asked."""
    return fold(word) in _NOT_OWNERS or fold(word) in MONTHS or bool(day_numbers(word))


def owner_missing(question: str, passage: str, where_quoted: str) -> str | None:
    """ "The window cleaner's phone number" is not answered by a passage about someone
    whose note never mentions a window cleaner, nor "the statistics professor" by one
    about the physics professor. A person named with a possessive ("Dilys's phone") must
    be named where the quote stands (its paragraph or list, heading path, note lead or
    path): a bakery's phone number on a page that mentions Dilys further down is not hers.
    A thing ("the cat's booster") may be the topic of the whole note, named once."""
    present = content_words(passage, "en")
    if asked_type(question) is AnswerType.PERSON:
        language = detect_language(question)
        in_passage = content_words(passage, language)
        for match in _ROLE_OF.finditer(question):
            role, owner = match.group(1), match.group(2)
            if fold(role) in _NOT_ROLES or _not_an_owner(owner):
                continue
            wanted = content_words(owner, language)
            if content_words(role, language) and wanted and not wanted <= in_passage:
                return (
                    f"the question asks about the {role} of {owner}; the quoted passage "
                    f"never names {owner}"
                )
    for match in _POSSESSIVE.finditer(question):
        before, owner = match.group(1), match.group(2)
        if _not_an_owner(owner):
            continue
        wanted = content_words(owner, "en")  # the head noun: a "new" landlord is a landlord
        named = owner if not before or fold(before) in _DETERMINERS else f"{before} {owner}"
        if wanted and not wanted <= present:
            return f"the question asks about the {named}; the quoted passage never names one"
        if (
            wanted
            and _a_name(question, match.start(2))
            and not wanted <= content_words(where_quoted, "en")
        ):
            return (
                f"the question asks about {owner}'s; the quote's paragraph or list never "
                f"names {owner}"
            )
    return None


def named_elsewhere(question: str, where_quoted: str, passage: str) -> str | None:
    """In a question for a value, a name or code of the question that the passage states
    elsewhere but not where the quote stands (its paragraph or list, heading path, note lead
    or path): "bought:: 2026-01-24" on the Peugeot's page is the bike's date, not the
    Simplex rear mech's, listed further down among parts to find. In a question for no
    value, only an error code or the like counts: "wat betekent e21?" is about the line
    that names E21, not the advice that opens the note's list of error codes, while the
    fix for an error naming "4.3.stable" may well be a script that writes it otherwise."""
    for_value = asked_type(question) is not None
    absent = set(identifiers_missing(question, passage))  # question_terms_present's to tell
    missing = [n for n in identifiers_missing(question, where_quoted) if n not in absent]
    if not for_value:  # "how do I fit the Simplex?" reads around the name
        missing = [n for n in missing if is_lettered_code(n)]
    if detect_language(question) == "de":
        # German capitalises every noun: "Ferienwohnung" names no one thing the way a
        # code ("KP-40") or an acronym ("SOP") does
        missing = [n for n in missing if any(c.isdigit() or c.isupper() for c in n[1:])]
    if not missing:
        return None
    return (
        f"the question names {', '.join(missing)}, which the passage names elsewhere but not "
        "where the quote stands"
    )


def _a_name(question: str, start: int) -> bool:
    """Whether the word at `start` is written as a name: capitalised, not the first word."""
    return question[start : start + 1].isupper() and not opens_question(question, start)
