"""Which capitalised words of a German text name a person.

German capitalises every noun, so "Eigenanteil Verein: 5.460 € aus Rücklage" holds four
capitalised words and no one; a capital says a word is a noun or a name, not which. A
word is known to name someone when the text around it says so: a title before it ("Frau
Hentschel", "Herr Dirk Pohl", "Dr. Albrecht"), an initial ("M. Weidlich"), a common given
name ("Mareike", "Dennis"), or a given name before it ("Günter Hähnel"). Names learnt
anywhere in the passage count where the quote uses them alone ("Vertretung macht
Weidlich" below "Teilnehmer: S. Rieger, M. Weidlich").
"""

from __future__ import annotations

import re
from functools import lru_cache

from app.core.basics.given_names import GIVEN_NAMES
from app.core.basics.text import fold

_CAPITALISED = r"[A-ZÄÖÜ][\w'’-]+"
_TITLE = r"(?:Herrn?|Frau|Hr\.|Fr\.|Dr\.|Prof\.|Familie|Fam\.|Onkel|Tante|Oma|Opa)"
_AFTER_TITLE = re.compile(rf"\b{_TITLE}\s+(?:(?:Dr\.|Prof\.)\s+)*({_CAPITALISED})")
_AFTER_INITIAL = re.compile(rf"(?<![\w.])[A-ZÄÖÜ]\.\s?({_CAPITALISED})")
_PAIR = re.compile(rf"\b({_CAPITALISED})\s+(?=({_CAPITALISED}))")  # overlapping pairs


@lru_cache(maxsize=64)  # a passage is read once per sentence the verdict weighs
def german_names(text: str) -> frozenset[str]:
    """The folded words of `text` that name a person by what stands around them."""
    found = {fold(m.group(1)) for m in _AFTER_TITLE.finditer(text)}
    found |= {fold(m.group(1)) for m in _AFTER_INITIAL.finditer(text)}
    for word in re.findall(_CAPITALISED, text):
        if fold(word) in GIVEN_NAMES:
            found.add(fold(word))
    # a surname after a given name: "Günter Hähnel", "Dennis Wolf"
    for m in _PAIR.finditer(text):
        if fold(m.group(1)) in GIVEN_NAMES:
            found.add(fold(m.group(2)))
    return frozenset(found)


# Titles and family words that a person's name follows, as a question types them in any
# of the supported languages, capitalised or not ("onkel dieter", "dr. hoffmann").
_TITLE_WORDS = frozenset(
    """dr dr. dra dra. prof prof. herr herrn frau hr. fr. onkel tante oma opa mr mr. mrs
    mrs. ms ms. miss aunt uncle mme mme. mlle m. oncle tata tonton sr sr. sra sra. tio tia
    tío tía dott dott. dott.ssa sig. sig.ra zio zia nonno nonna avó avô vovó
    meneer mevrouw dhr dhr. mevr mevr. fru""".split()
)
_QUESTION_WORD = re.compile(r"[\w.'’-]+")
MIN_LOWER_CASE_NAME = 5  # "till", "tina": shorter given names are everyday words too


def names_a_person(word: str, question: str, language: str) -> bool:
    """Whether `word` of `question` names a person where its capital cannot say so: after
    a title or family word ("onkel dieter", "Herr Baumgartner"), a German given name
    ("Wann hat Paula Geburtstag?"), or a given name typed in lower case."""
    words = [w.strip("'’") for w in _QUESTION_WORD.findall(question)]
    folded = fold(word)
    for before, this in zip(["", *words], words, strict=False):
        if fold(this).rstrip(".") != folded:  # "... dr. hoffmann." ends a sentence
            continue
        if before.lower() in _TITLE_WORDS:
            return True
    if word[:1].isupper():
        # A capitalised word after a given name is no surname in a question: "Wann hat
        # Paula Geburtstag?"
        return language == "de" and folded in GIVEN_NAMES
    return len(folded) >= MIN_LOWER_CASE_NAME and folded in GIVEN_NAMES
