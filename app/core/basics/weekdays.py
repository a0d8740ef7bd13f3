"""Days of the week as notes and questions write them: English, Portuguese, Spanish,
French, German, Italian, Dutch and Swedish.

"Wed", "Wednesdays" and "quarta" are one day; an ordinal that is not a day ("segunda
prova") and a word that is not one ("the sun") are not read as days.
"""

from __future__ import annotations

import re
import unicodedata

from app.core.basics.text import fold

_DAY_NUMBER = {
    name: number
    for number, names in enumerate(
        (
            "monday mon segunda lunes lun lundi montag lunedi maandag mandag",
            "tuesday tue tues terca martes mardi dienstag martedi dinsdag tisdag",
            "wednesday wed quarta miercoles mie mercredi mittwoch mercoledi woensdag onsdag",
            "thursday thu thur thurs quinta jueves jue jeudi donnerstag giovedi donderdag torsdag "
            "tors",
            "friday fri sexta viernes vie vendredi freitag venerdi vrijdag fredag fre",
            "saturday sat sabado sab samedi samstag sonnabend zaterdag lordag",
            "sunday sun domingo dimanche sonntag domenica zondag sondag",
        )
    )
    for name in names.split()
}
WEEKDAYS = frozenset(_DAY_NUMBER) | {"weekday", "weekdays", "weekend", "weekends"}


def weekdays(text: str) -> set[str]:
    """Day names, singular: "Fridays" and "sexta" are read as days; "the second exam"
    ("segunda prova") and "the sun" are not."""
    text = unicodedata.normalize("NFC", text)  # "terça" typed with a combining cedilla
    found = set()
    words = list(re.finditer(r"[^\W\d_]+", text))
    for i, match in enumerate(words):
        word = fold(match.group())
        day = word if word in WEEKDAYS else word[:-1] if word.endswith("s") else ""
        if day not in WEEKDAYS and word.endswith(("dagar", "dagarna", "dagen", "dagens")):
            day = word[: word.rindex("dag") + 3]  # Swedish "tisdagar", "söndagen"
        if day not in WEEKDAYS:
            continue
        if day in _WORD_DAYS and not match.group()[0].isupper() and not _among_days(text, words, i):
            continue
        if day in _ORDINAL_DAYS and not _named_as_day(text, words, i):
            continue
        found.add(day)
    return found


# Portuguese names Monday to Friday by ordinals, and "segunda" is as often "second": an
# ordinal stands before its noun ("segunda prova", "quinta questão", "na segunda vez",
# "Segunda Guerra"), a day stands alone ("Plantão: sexta.", "| segunda | 8h |", "quinta
# 14h"), before "-feira" or before a word that goes on about the day ("às 10h", "a sexta",
# "e quarta", "de manhã").
_ORDINAL_DAYS = frozenset({"segunda", "terca", "quarta", "quinta", "sexta"})
_DAY_FOLLOWERS = frozenset({"as", "a", "e", "ou", "ate", "pela", "pelo", "cedo"})
_DAY_PARTS = frozenset({"manha", "tarde", "noite"})
# Day abbreviations that are also words ("the sun", "we sat", Spanish "vie" of "ver"):
# days when capitalised, beside another day ("mon/wed/fri") or before a time ("wed 3pm").
# Swedish "tors" and "fre" likewise; "mån", "ons", "sön", "tis" and "lör" are "man", Dutch
# "our", "son", "'Tis" and French "lors" once folded, so they are not read at all.
_WORD_DAYS = frozenset({"sat", "sun", "wed", "lun", "mie", "jue", "vie", "sab", "tors", "fre"})


def _named_as_day(text: str, words: list[re.Match[str]], i: int) -> bool:
    following = words[i + 1] if i + 1 < len(words) else None
    gap = text[words[i].end() : following.start() if following else len(text)].strip(" ")
    if following is None or gap not in ("", "-"):
        return True  # alone: before punctuation, a number, a table bar or the end
    after = fold(following.group())
    if gap == "-":
        return after.startswith("feira")
    if after == "de":
        then = fold(words[i + 2].group()) if i + 2 < len(words) else ""
        return then in _DAY_PARTS
    return after in _DAY_FOLLOWERS or after.startswith("feira")


def _among_days(text: str, words: list[re.Match[str]], i: int) -> bool:
    after = text[words[i].end() :].lstrip(" ")
    if after[:1].isdigit() or re.match(r"(?i)kl\.?\s?\d", after):  # "wed 3pm", "fre kl 18"
        return True
    for j in (i - 1, i + 1):
        if 0 <= j < len(words):
            word = fold(words[j].group())
            near = word in _DAY_NUMBER and word not in _WORD_DAYS
            gap = text[
                min(words[i].end(), words[j].end()) : max(words[i].start(), words[j].start())
            ]
            if near and gap.strip() in ("/", ",", "-", "&"):
                return True
    return False


def is_day_word(word: str) -> bool:
    """Whether one word can name a day ("Wed", "Fridays", "Segunda"), whatever its context."""
    folded = fold(word)
    return folded in WEEKDAYS or folded.removesuffix("s") in WEEKDAYS


def day_of(day: str) -> int | None:
    """The day of the week a day name read by `weekdays` stands for, 0 for Monday."""
    return _DAY_NUMBER.get(fold(day))


def day_numbers(text: str) -> set[int]:
    """The days of the week `text` names, 0 for Monday: "Wed", "Wednesdays" and "quarta"
    are one day."""
    return {_DAY_NUMBER[d] for d in weekdays(text) if d in _DAY_NUMBER}
