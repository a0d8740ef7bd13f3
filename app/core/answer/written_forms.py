"""Other ways a passage writes a code or a place the question names: "E-21" or "E 21"
for "e21", "Canadian" or "canadien" for "Canada" (read by `grounding.identifiers_missing`)."""

from __future__ import annotations

import re

from app.core.basics.text import fold, unaccented

# A code of a letter or two and a number, written without punctuation ("e21", "M303",
# "GB031"): an error code, a command, an inventory number. A passage about E23 does not say
# what E21 means. One digit is left out ("3D", "A4", "mk4" are as often words as codes),
# and three letters ("Win10" is "Windows 10" in a note).
_LETTERED_CODE = re.compile(r"[a-z]{1,2}\d{2,}")
# A class, set or room code framed by numbers ("11C3", "10c2", "3B2"): a passage about 9X4
# says nothing of 11C3. Letters that join two numbers as a product, a unit or an exponent
# ("2x4", "1h45", "10h30", "1m80", "5ft10", "1e5") make no code.
_FRAMED_CODE = re.compile(r"\d{1,3}([a-z]{1,2})\d{1,3}")
_JOINING_LETTERS = frozenset({"x", "h", "m", "e", "s", "hr", "ft", "mn", "km", "cm", "mm"})

# What a country or region's adjective adds to its name less its last letter: "Canad-ian",
# "canad-ienne", "Itali-ano", "Brasil-eiro", "Portugu-ese" is not reached; a name ending
# in "y" may drop it whole ("German" of "Germany").
# English writes its adjectives with a capital ("Canadian", not "librarian" of "Library");
# French, Italian, Spanish, Portuguese and German endings stand lower case too.
_DEMONYM_ENDINGS = "ien|iens|ienne|iennes|ano|anos|ana|anas|ani|ane|esi|esa|eiro|eira|eiros|eiras"
_DEMONYM_ENDINGS_CAPITALISED = "ian|ians|an|ans|ese|eses|ish|isch|ische|ischen|ischer"


def is_lettered_code(term: str) -> bool:
    """Whether `term` is a code of a letter or two and a number ("e21", "M303")."""
    return _LETTERED_CODE.fullmatch(fold(term)) is not None


def is_framed_code(term: str) -> bool:
    """Whether `term` is a code of letters between two numbers ("11c3", "10y29")."""
    found = _FRAMED_CODE.fullmatch(fold(term))
    return found is not None and found.group(1) not in _JOINING_LETTERS


def code_written_apart(code: str, passage: str, folded_passage: str) -> bool:
    """Whether the passage writes a lettered code with a hyphen ("E-21", "e-21") or, in
    capitals, a space ("E 21", not the "h 20" of "18 h 20"). `folded_passage` is
    `fold(passage)`, which the caller has."""
    if not is_lettered_code(code):
        return False
    letters = code.rstrip("0123456789")
    digits = code[len(letters) :]
    hyphened = rf"(?<![^\W_]){re.escape(letters)}-{digits}(?!\d)"
    spaced = rf"(?<![^\W_])(?<!\d )(?<!\d){re.escape(letters.upper())} {digits}(?!\d)"
    return bool(re.search(hyphened, folded_passage) or re.search(spaced, passage))


def demonym_of(name: str, text: str, folded_text: str) -> bool:
    """Whether the text names the place `name` by its adjective ("Canadian" or "canadien"
    for "Canada"); names of six letters or more that end in a vowel or "y". `folded_text`
    is `fold(text)`, which the caller has."""
    folded_name = fold(name)
    if len(folded_name) < 6 or folded_name[-1] not in "aeiouy" or not folded_name.isalpha():
        return False
    stem = re.escape(folded_name[:-1])
    either = f"{_DEMONYM_ENDINGS}|" if folded_name.endswith("y") else _DEMONYM_ENDINGS
    if re.search(rf"(?<!\w){stem}(?:{either})(?!\w)", folded_text):
        return True
    capital = re.escape(unaccented(name[:1].upper() + name[1:-1]))
    pattern = rf"(?<!\w){capital}(?:{_DEMONYM_ENDINGS_CAPITALISED})(?!\w)"
    return re.search(pattern, unaccented(text)) is not None
