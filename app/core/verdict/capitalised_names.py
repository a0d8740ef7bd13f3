"""Whether a capitalised word in a text names someone or somewhere, and whether a note is
about a person: the name readers the person and place answer types share.
"""

from __future__ import annotations

import re

from app.core.basics.dates import MONTHS
from app.core.basics.generic_words import GENERIC_WORDS
from app.core.basics.text import fold
from app.core.basics.weekdays import WEEKDAYS

FULL_WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
FULL_MONTHS = frozenset(
    "january february march april june july august september october november december".split()
)
_CAPITAL = re.compile(r"\b[A-ZÀ-Ý][\w'’-]+")
# a heading's first word too, where the text is a heading ("## Start (kl. 10.15–13.30)")
_SENTENCE_START = re.compile(
    r"(^\s*(?:#+\s+)?|[.!?:]\s+|\n\s*(?:[-*+>]\s+|\d+[.)]\s+|#+\s+)?)[¿¡]?$"
)

# A model or version number after a capitalised word: "Debian 12", "Optiplex 7050",
# "Greenstar 30i". Not a phone number (0 or + first) nor a time or date ("Patel 14:30").
_MODEL_NUMBER = re.compile(r"\s+(?![0+])\d[\w.]{0,5}(?![\w:/.-])")


def _not_a_person(text: str, start: int, end: int) -> bool:
    """A capitalised word that names no one: a code ("room B-204"), a product with its
    model number ("Optiplex 7050"), a weekday, or a month written as part of a date
    ("12 June", "Fri 12 Jun"; June and Marco may be people)."""
    word = fold(text[start:end])
    if any(c.isdigit() for c in word) or word in FULL_WEEKDAYS:
        return True
    if _MODEL_NUMBER.match(text, end):
        return True
    return _in_a_date(text, start, end)


def _in_a_date(text: str, start: int, end: int) -> bool:
    """A weekday or month written as part of a date ("Thu 23 Jan 2025"): no one, nowhere."""
    word = fold(text[start:end])
    dated = bool(re.search(r"\d", text[max(0, start - 6) : end + 6]))
    return dated and (word in MONTHS or word in WEEKDAYS)


def has_name(
    text: str,
    person: bool = False,
    asked: frozenset[str] = frozenset(),
    place: bool = False,
    title: bool = False,
    known: frozenset[str] | None = None,
) -> bool:
    """A capitalised word that is not only there because a sentence starts with it, or an
    acronym; for a person, one that can be a name (see `_not_a_person`); for a place, one
    that is not a weekday or month of a date ("Thu 23 Jan", as "Thursday" and "January"
    never are). Words of the
    question (`asked`, folded) name what is asked about, not the answer: "- The Overstory"
    names no one who recommended The Overstory. With `known` (German, where every noun
    is capitalised) only those folded words are names."""
    for match in _CAPITAL.finditer(text):
        word = match.group(0)
        if fold(word) in asked:
            continue
        if person and _not_a_person(text, match.start(), match.end()):
            continue
        if place and _in_a_date(text, match.start(), match.end()):
            continue
        if known is not None:
            if fold(word) in known:
                return True
            continue
        if len(word) >= 2 and word.isupper():
            return True
        if title or not _SENTENCE_START.search(text[: match.start()]):
            return True
        # "Spare key: Doreen has one", "Landlord: Gareth": a label's value is capitalised
        # for being a name, not for starting a sentence, unless it is a common word.
        if (
            person
            and _AFTER_LABEL.search(text[: match.start()])
            and fold(word) not in GENERIC_WORDS
        ):
            return True
    return False


_AFTER_LABEL = re.compile(r"\w\*{0,2}:\*{0,2}\s+$")


# Folders of notes about people, folded: "personas/Amparo.md" is about Amparo.
_PEOPLE_FOLDERS = frozenset(
    "people persons person contacts contact family friends team personas persona pessoas "
    "contactos contatos familia amigos personnes famille amis leute personen kontakte "
    "familie persone contatti famiglia amici mensen vrijwilligers contacten vrienden "
    "personer kontakter familj vanner medlemmar".split()
)


def note_names_person(path: str, question: str, heading: str = "") -> bool:
    """Whether a note is about someone the question does not name, by its path or its
    title heading: a note in a folder of people ("personas/Amparo.md", "people/Dana
    Kim.md"), or titled with a role beside a name ("Amparo (vecina).md", "# Doña Carmen
    (vecina del 214)"). The title's words must all be capitalised, one to three of them
    ("Reading list", "Car Insurance" in a notes folder name no one)."""
    parts = path.replace("\\", "/").split("/")
    stem = re.sub(r"\.(md|markdown|txt)$", "", parts[-1], flags=re.IGNORECASE)
    in_people = any(fold(folder) in _PEOPLE_FOLDERS for folder in parts[:-1])
    return any(
        _title_names_person(title, question, in_people) for title in (stem, heading) if title
    )


def _title_names_person(title: str, question: str, in_people: bool) -> bool:
    if not in_people and not re.search(r"\(\s*[^\W\d_][^)]*\)\s*$", title):
        return False
    name = re.sub(r"\([^)]*\)", " ", title).split()
    if not 1 <= len(name) <= 3 or not all(_CAPITAL.fullmatch(w) for w in name):
        return False
    return has_name(" ".join(name), person=True, asked=question_words(question), title=True)


def question_words(question: str) -> frozenset[str]:
    return frozenset(re.findall(r"[\w'’-]+", fold(question)))
